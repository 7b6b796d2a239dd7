// Access tokens: verified once per configuration and then known by their text; the expiry still decides at
// every use, and a token of another secret is never taken from the cache. Our HS256 is checked against an
// outside implementation (jose) both ways, and against the tokens RFC 7515/7519 say must be refused.
import { describe, test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { type Config, loadConfig } from '../../src/config.js';
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

  test('our tokens verify under jose, and tokens jose signs verify under ours', async () => {
    const { one, done } = configs();
    try {
      const ours = await signAccessToken(one, claims);
      const { payload, protectedHeader } = await jwtVerify(ours, one.jwtSecret, {
        issuer: one.jwtIssuer,
        audience: 'crewbase-api',
        algorithms: ['HS256'],
      });
      assert.deepEqual(protectedHeader, { alg: 'HS256', typ: 'JWT' });
      assert.equal(payload.sub, 'u1');
      assert.equal(payload.exp! - payload.iat!, 60, 'ACCESS_TOKEN_TTL');
      assert.deepEqual([payload.companyId, payload.agid, payload.sid], ['c1', 'g1', 's1']);
      const theirs = await joseToken(one, {});
      assert.deepEqual(await verifyAccessToken(one, theirs), claims);
    } finally {
      done();
    }
  });

  test('refused: another algorithm, a crit header, another issuer or audience, not yet valid, no expiry, not a token', async () => {
    const { one, done } = configs();
    try {
      const now = Math.floor(Date.now() / 1000);
      const refused: Record<string, string> = {
        'alg HS512': await joseToken(one, {}, { alg: 'HS512' }),
        crit: await joseToken(one, {}, { crit: ['b64'], b64: true }),
        'another issuer': await joseToken(one, { iss: 'someone-else' }),
        'another audience': await joseToken(one, { aud: 'another-api' }),
        'not before a minute from now': await joseToken(one, { nbf: now + 60 }),
        'no expiry': await joseToken(one, { exp: undefined }),
        'expired a second ago': await joseToken(one, { exp: now - 1 }),
        'sub not a string': await joseToken(one, { sub: undefined, companyId: 'c1' }),
        'alg none': unsigned(
          { alg: 'none', typ: 'JWT' },
          { ...claims, iss: one.jwtIssuer, aud: 'crewbase-api', exp: now + 60 },
        ),
        'two parts': 'a.b',
        'four parts': 'a.b.c.d',
        'not base64url': 'a+b.c/d.e=f',
        'too long': `${'a'.repeat(5000)}.b.c`,
        empty: '',
      };
      for (const [why, token] of Object.entries(refused))
        assert.equal(await verifyAccessToken(one, token), undefined, why);
      // Refused by their one fault alone, each with a signature that is right for its bytes.
      const valid = { ...claims, agid: claims.accessGroupId, iss: one.jwtIssuer, aud: 'crewbase-api', exp: now + 60 };
      const faulty: Record<string, string> = {
        'alg none over an HS256 signature': hs256Signed(one, { alg: 'none', typ: 'JWT' }, valid),
        'alg HS384 over an HS256 signature': hs256Signed(one, { alg: 'HS384', typ: 'JWT' }, valid),
        'the signature in base64 (+ and /), not base64url': await base64Spelled(one),
        'over 4,096 characters': await joseToken(one, { padding: 'x'.repeat(4200) }),
      };
      assert.deepEqual(
        await verifyAccessToken(one, hs256Signed(one, { alg: 'HS256', typ: 'JWT' }, valid)),
        claims,
        'the same signing with the right header is accepted',
      );
      for (const [why, token] of Object.entries(faulty))
        assert.equal(await verifyAccessToken(one, token), undefined, why);
      // Accepted by the same route: an audience list that names ours, a nbf already past.
      assert.deepEqual(
        await verifyAccessToken(one, await joseToken(one, { aud: ['x', 'crewbase-api'], nbf: now - 5 })),
        claims,
      );
    } finally {
      done();
    }
  });
});

/** A token signed by jose with our secret: our claims, with `changes` over them (undefined drops a claim). */
async function joseToken(config: Config, changes: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const base: Record<string, unknown> = {
    sub: claims.sub,
    companyId: claims.companyId,
    agid: claims.accessGroupId,
    sid: claims.sid,
    iss: config.jwtIssuer,
    aud: 'crewbase-api',
    iat: now,
    exp: now + 60,
    ...changes,
  };
  const payload = Object.fromEntries(Object.entries(base).filter(([, value]) => value !== undefined));
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(config.jwtSecret);
}

/** The header and payload of a token, each JSON in base64url, joined by a dot: what its signature signs. */
function signingInput(header: object, payload: object) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}`;
}

function unsigned(header: object, payload: object) {
  return `${signingInput(header, payload)}.`;
}

/** A token with this header and payload, HMAC-SHA256-signed with our secret whatever the header says. */
function hs256Signed(config: Config, header: object, payload: object) {
  const input = signingInput(header, payload);
  return `${input}.${createHmac('sha256', config.jwtSecret).update(input).digest('base64url')}`;
}

/** A valid token whose signature holds '-' or '_', with those spelled '+' and '/' (the same bytes to a lenient decoder). */
async function base64Spelled(config: Config) {
  for (let i = 0; ; i++) {
    const token = await joseToken(config, { sid: `s${i}` });
    const [input, signature] = [token.slice(0, token.lastIndexOf('.')), token.slice(token.lastIndexOf('.') + 1)];
    if (/[-_]/.test(signature)) return `${input}.${signature.replaceAll('-', '+').replaceAll('_', '/')}`;
  }
}
