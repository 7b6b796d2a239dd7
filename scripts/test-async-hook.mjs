// Loaded into each test file's process (--import, scripts/run-tests.mjs) before node:test. Node 20's test
// runner tracks every async resource of a run with an async hook (init + destroy) so that it can find the
// test a `test()`/`describe()`/`before()` call belongs to, and the test an uncaught error came from. With a
// destroy callback V8 registers a weak callback on every promise: in a profile of test/security/ that and
// the hook's own calls were 11 % of the process's CPU (PGlite makes many promises).
// This narrows the hook to what builds the test tree: resources made while a suite's function runs (a
// group's `describe(file, async () => { await import(file) })` and each file's describe blocks), and the
// tests themselves. Resources made while a test or hook runs are no longer mapped to it, so an error thrown
// there outside any await is reported for the whole file (it still fails the run) instead of that test.
// Once every suite is built the hook is switched off (below): test/security/ and test/resources/ then took
// 5 % less CPU (57.6 against 60.8 s, the better of two runs each).
import { createRequire } from 'node:module';

const asyncHooks = createRequire(import.meta.url)('node:async_hooks');
const { createHook } = asyncHooks;

/** Test, Suite, TestHook and the runner's other classes are AsyncResources with these names. */
const isSuite = (resource) => resource?.constructor?.name === 'Suite';
const isTestLike = (resource) => typeof resource?.createSubtest === 'function';

/** For test/unit/test-async-hook.test.ts: whether the runner's hook was switched off. */
const state = { switchedOff: false };
globalThis[Symbol.for('crewbase.test-async-hook')] = state;

asyncHooks.createHook = function narrowedCreateHook(callbacks) {
  const fromTestRunner = new Error().stack?.includes('internal/test_runner/harness');
  if (!fromTestRunner || typeof callbacks?.init !== 'function' || typeof callbacks.destroy !== 'function')
    return createHook(callbacks);
  const building = new Set(); // async ids made while a suite's function runs (the suite's own id first)
  // Suites whose function has not finished. Once none is left the tree is built and the hook is switched
  // off, so promises made while tests run cost nothing (a suite is only made while another builds, or at a
  // file's top level, where the root is its parent without the hook too).
  let unbuilt = 0;
  const built = () => {
    unbuilt -= 1;
    if (unbuilt === 0)
      setImmediate(() => {
        if (unbuilt > 0) return;
        hook.disable();
        state.switchedOff = true;
      });
  };
  const hook = createHook({
    init(asyncId, type, triggerAsyncId, resource) {
      // A test or hook maps itself (its function runs in its scope) but its descendants are not followed.
      if (isSuite(resource)) {
        unbuilt += 1;
        // The constructor sets `buildSuite` after this call, before any microtask runs.
        queueMicrotask(() => Promise.resolve(resource.buildSuite).finally(built));
      }
      if (isSuite(resource) || (!isTestLike(resource) && building.has(triggerAsyncId))) building.add(asyncId);
      else if (!isTestLike(resource)) return;
      callbacks.init(asyncId, type, triggerAsyncId, resource);
    },
  });
  return hook;
};
