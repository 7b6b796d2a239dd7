// The test command's own reporter (scripts/test-file-times.mjs) records each failed test with the start of its
// error, the project's frames only, so the run can name them again at its end; a suite's failure is not
// recorded beside its failing test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { default: fileTimes } = (await import(pathToFileURL(join(ROOT, 'scripts/test-file-times.mjs')).href)) as {
  default(source: AsyncIterable<unknown>): AsyncIterable<string>;
};

async function* events() {
  const file = '/build/test/a.test.js';
  yield { type: 'test:dequeue', data: { file, name: file } };
  const error = new Error('one is not two');
  error.stack = [
    'AssertionError: one is not two',
    '    at TestContext.<anonymous> (/checkout/test/a.test.ts:3:41)',
    '    at Test.run (node:internal/test_runner/test:796:25)',
    '    at new Promise (<anonymous>)',
    '    at check (/checkout/src/rules.ts:9:3)',
  ].join('\n');
  yield { type: 'test:fail', data: { file, name: 'fails on purpose', details: { error } } };
  yield { type: 'test:fail', data: { file, name: 'its suite', details: { type: 'suite', error } } };
  yield { type: 'test:pass', data: { file, name: 'passes', details: {} } };
  yield { type: 'test:complete', data: { file, name: file } };
}

test('a failed test is recorded with its own frames of the stack; its suite is not', async () => {
  const lines: string[] = [];
  for await (const line of fileTimes(events())) lines.push(line);
  const records = lines.map((line) => JSON.parse(line));
  assert.equal(records.length, 2);
  assert.equal(records[0].file, '/build/test/a.test.js');
  assert.ok(Number.isInteger(records[0].ms));
  assert.deepEqual(records[1], {
    kind: 'fail',
    file: '/build/test/a.test.js',
    name: 'fails on purpose',
    error: [
      'AssertionError: one is not two',
      '    at TestContext.<anonymous> (/checkout/test/a.test.ts:3:41)',
      '    at check (/checkout/src/rules.ts:9:3)',
    ].join('\n'),
  });
});
