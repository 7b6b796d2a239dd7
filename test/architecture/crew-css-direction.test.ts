// The crew view is also laid out right to left (Arabic): its stylesheets say start and end (logical properties:
// padding-inline-start, inset-inline-end, text-align: start), never left or right, which would stay on the
// physical side when dir="rtl" turns the page around.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../console/src/crew/', import.meta.url));
const sheets = readdirSync(dir).filter((name) => name.endsWith('.css'));

/** A declaration fixed to a physical side: `padding-left`, `left:`, `float: right`, `text-align: left`… */
const PHYSICAL = /(^|[\s;{])((margin|padding|border)-(left|right)[\w-]*|left|right)\s*:|:\s*(left|right)\b/;

function physicalSides(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return withoutComments
    .split('\n')
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter(({ line }) => PHYSICAL.test(line))
    .map(({ line, number }) => `${number}: ${line}`);
}

describe('crew stylesheets for right-to-left', () => {
  test('the rule finds physical sides and lets logical ones pass', () => {
    assert.deepEqual(physicalSides('.a {\n  padding-left: 1rem;\n  text-align: right;\n  left: 0;\n}'), [
      '2: padding-left: 1rem;',
      '3: text-align: right;',
      '4: left: 0;',
    ]);
    assert.deepEqual(
      physicalSides('.a {\n  padding-inline-start: 1rem;\n  text-align: start;\n  inset-inline-end: 0;\n}'),
      [],
    );
  });

  test('no crew stylesheet says left or right', () => {
    assert.ok(sheets.length >= 2, `crew stylesheets found: ${sheets}`);
    const found = sheets.flatMap((name) =>
      physicalSides(readFileSync(dir + name, 'utf8')).map((hit) => `${name} ${hit}`),
    );
    assert.deepEqual(found, []);
  });
});
