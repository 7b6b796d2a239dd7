// docs/architecture.md ends with its claims, each naming the test that keeps it true (file, then test
// names in double quotes). A renamed or removed test must not leave a claim pointing at nothing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const base = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(`${base}docs/architecture.md`, 'utf8');
const section = /## Claims and the tests that keep them true\n([\s\S]*?)(?=\n## |$)/.exec(doc)?.[1] ?? '';
const tested = section.split('\nNot tested:')[0]!;
// One claim per numbered item, its lines joined (a test name may be wrapped).
const claims = tested
  .split(/\n(?=\d+\. )/)
  .filter((item) => /^\d+\. /.test(item))
  .map((item) => item.replace(/\s+/g, ' '));

/** The (file, test name) pairs of a claim: each name belongs to the file named last before it. */
function namedTests(claim: string): Array<{ file: string; name: string }> {
  const pairs: Array<{ file: string; name: string }> = [];
  let file = '';
  for (const m of claim.matchAll(/`(test\/[^`]+\.test\.ts)`|"([^"]+)"/g)) {
    if (m[1]) file = m[1];
    else pairs.push({ file, name: m[2]! });
  }
  return pairs;
}

describe('the claims of docs/architecture.md', () => {
  test('are listed, each with at least one named test', () => {
    assert.ok(claims.length >= 10, `only ${claims.length} claims found`);
    const without = claims.filter((claim) => namedTests(claim).length === 0 || namedTests(claim)[0]!.file === '');
    assert.deepEqual(without, []);
  });

  test('name test files that exist and tests those files declare', () => {
    const missing = claims.flatMap(namedTests).filter(({ file, name }) => {
      if (!existsSync(`${base}${file}`)) return true;
      const text = readFileSync(`${base}${file}`, 'utf8');
      return ![`'${name}'`, `"${name}"`, `\`${name}\``].some((quoted) => text.includes(quoted));
    });
    assert.deepEqual(missing, [], 'rename the test in docs/architecture.md, or the claim has lost its test');
  });
});
