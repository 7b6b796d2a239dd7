// Loaded into each test file's process (--import, scripts/run-tests.mjs). Nearly every test signs up a company
// or logs a user in, all with the same password, and each argon2 hash or verify at the production cost took
// about 27 ms of CPU (265 of them in test/security/ alone). Here argon2 still runs for real, but only once per
// distinct input in a process: hash() returns the hash first made for the same password and options (so users
// of one test process share a salt), verify() the result first found for the same hash and password. A wrong
// password or another hash is a new input and is checked for real. Servers the tests start as processes of
// their own do not load this.
import { createRequire } from 'node:module';
import { join } from 'node:path';

let argon2;
try {
  // The project's own copy, the one the app imports (ESM's default import of it is this same exports object).
  argon2 = createRequire(join(process.cwd(), 'package.json'))('argon2');
} catch {
  argon2 = undefined; // not installed: nothing to spare
}

if (argon2 && process.env.NODE_TEST_CONTEXT) {
  const { hash, verify } = argon2;
  const hashes = new Map();
  const verdicts = new Map();
  // How many times argon2 itself ran (test/unit/test-password-memo.test.ts counts them instead of timing them).
  const runs = { hash: 0, verify: 0 };
  const remembered = (cache, key, compute) => {
    let result = cache.get(key);
    if (!result) {
      result = compute();
      cache.set(key, result);
      result.catch(() => cache.delete(key)); // a failure is not remembered
    }
    return result;
  };
  argon2.hash = (password, options) =>
    remembered(hashes, JSON.stringify([String(password), options ?? null]), () => {
      runs.hash++;
      return hash.call(argon2, password, options);
    });
  argon2.verify = (digest, password, options) =>
    remembered(verdicts, JSON.stringify([digest, String(password), options ?? null]), () => {
      runs.verify++;
      return verify.call(argon2, digest, password, options);
    });
  argon2[Symbol.for('crewbase.test-password-memo')] = true;
  argon2[Symbol.for('crewbase.test-password-memo.runs')] = runs;
}
