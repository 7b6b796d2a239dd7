// The suite's argon2 memo (scripts/test-password-memo.mjs): one real hash per distinct input in a test process,
// and nothing a test checks about passwords changes (a wrong password or another hash is verified for real).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import argon2 from 'argon2';
import { hashPassword, verifyPassword } from '../../src/platform/passwords.js';

const memoized = (argon2 as unknown as Record<symbol, unknown>)[Symbol.for('crewbase.test-password-memo')] === true;
/** How many times argon2 itself ran in this process (the memo counts them). */
const runs = () =>
  ({
    ...((argon2 as unknown as Record<symbol, unknown>)[Symbol.for('crewbase.test-password-memo.runs')] as object),
  }) as {
    hash: number;
    verify: number;
  };

test('the test runner loads the argon2 memo, and it keeps verification real', {
  skip: !memoized && 'run through npm test',
}, async () => {
  const password = `memo-${process.pid}-correct`;
  const before = runs();
  const first = await hashPassword(password);
  const second = await hashPassword(password);
  assert.equal(second, first, 'the same password and options give the hash made first');
  assert.equal(runs().hash, before.hash + 1, 'a remembered hash runs argon2 once');
  assert.notEqual(await hashPassword(`${password}-other`), first);
  assert.equal(runs().hash, before.hash + 2, 'another password is hashed for real');
  assert.equal(await verifyPassword(first, password), true);
  assert.equal(await verifyPassword(first, `${password}-wrong`), false);
  assert.equal(await verifyPassword(first, password), true);
  assert.equal(runs().verify, before.verify + 2, 'the right and the wrong password each verified for real, once');
  // A hash made elsewhere (another salt) is verified for real.
  const foreign = await argon2.hash(password, { type: argon2.argon2id, salt: Buffer.alloc(16, 7) });
  assert.notEqual(foreign, first);
  assert.equal(await verifyPassword(foreign, password), true);
  assert.equal(await verifyPassword(foreign, 'not-it-at-all'), false);
});
