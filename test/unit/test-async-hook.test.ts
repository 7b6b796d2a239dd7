// node:test's async hook narrowed to building the test tree (scripts/test-async-hook.mjs): a suite built after an
// await still holds its tests, and once every suite is built the hook is switched off.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

const hookState = () =>
  (globalThis as { [key: symbol]: { switchedOff: boolean } | undefined })[Symbol.for('crewbase.test-async-hook')];

describe('the test tree', { skip: hookState() ? false : 'run through npm test' }, () => {
  describe('a suite built after an await', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    test('holds its tests', (t) => {
      assert.match(t.fullName, /the test tree > a suite built after an await > holds its tests$/);
    });
  });

  test('the hook is switched off once every suite is built', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(hookState()?.switchedOff, true);
  });
});
