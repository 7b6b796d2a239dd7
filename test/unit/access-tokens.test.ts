// Access tokens: verified once per configuration and then known by their text; the expiry still decides at
// every use, and a token of another secret is never taken from the cache.
import { describe, test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { signAccessToken, verifyAccessToken } from '../../src/modules/auth/access-tokens.js';

const claims = { sub: 'u1', companyId: 'c1', accessGroupId: 'g1', sid: 's1' };

function configs() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-tokens-'));
  const env = { DATA_DIR: dataDir, ACCESS_TOKEN_TTL: '60' };
  return {
    one: loadConfig({ ...env, JWT_SECRET: 'first-secret-that-is-long-enough-0123456789' }),
    other: loadConfig({ ...env, JWT_SECRET: 'other-secret-that-is-long-enough-0123456789' }),
    done: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe('access tokens', () => {
  test('a token verifies (again, from the cache) under its secret, never under another', async () => {
    const { one, other, done } = configs();
    try {
      const token = await signAccessToken(one, claims);
      assert.deepEqual(await verifyAccessToken(one, token), claims);
      assert.deepEqual(await verifyAccessToken(one, token), claims, 'the second use');
      assert.equal(await verifyAccessToken(other, token), undefined, 'another secret');
      const [head, body, signature] = token.split('.');
      const forged = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      assert.equal(await verifyAccessToken(one, forged), undefined, 'a changed signature');
    } finally {
      done();
    }
  });

  test('a cached token expires as a new one does: from its exp second on', async () => {
    const { one, done } = configs();
    try {
      const token = await signAccessToken(one, claims);
      assert.deepEqual(await verifyAccessToken(one, token), claims);
      const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
      mock.timers.enable({ apis: ['Date'], now: exp * 1000 - 1 });
      try {
        assert.deepEqual(await verifyAccessToken(one, token), claims, 'a millisecond before');
        mock.timers.setTime(exp * 1000);
        assert.equal(await verifyAccessToken(one, token), undefined, 'at exp');
        assert.equal(await verifyAccessToken(one, token), undefined, 'and after, verified anew');
      } finally {
        mock.timers.reset();
      }
    } finally {
      done();
    }
  });
});
