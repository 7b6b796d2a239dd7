// The web console's refresh cookie: asked for with `X-Crewbase-Session: cookie`, httpOnly, SameSite=Strict,
// Path=/v2/auth, Secure everywhere but plain http on this machine, rotated on refresh, cleared on sign-out
// and on a failed refresh. It is read only with the header (CSRF); API clients without the header get
// exactly the JSON of the spec and no cookie.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createUser, setUpPrincipals, PASSWORD, type Principals } from '../helpers/principals.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let p: Principals;
const COOKIE_MODE = { 'x-crewbase-session': 'cookie' };

before(async () => {
  t = await createTestApp();
  p = await setUpPrincipals(t.app, 'Cookies');
});
after(() => t.close());

/** The Set-Cookie of an answer (exactly one) split into its value and attributes. */
function cookieOf(headers: Record<string, unknown>) {
  const raw = headers['set-cookie'];
  assert.equal(typeof raw, 'string', `one Set-Cookie: ${JSON.stringify(raw)}`);
  const [pair, ...attributes] = String(raw).split('; ');
  const [name, value] = pair!.split('=');
  return { name, value: value!, attributes };
}

async function cookieLogin(username: string, headers: Record<string, string> = {}) {
  const res = await call(
    t.app,
    'POST',
    '/v2/auth/login',
    { ...COOKIE_MODE, ...headers },
    { username, password: PASSWORD },
  );
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { res, cookie: cookieOf(res.headers) };
}

const refreshWithCookie = (value: string, headers: Record<string, string> = COOKIE_MODE) =>
  call(t.app, 'POST', '/v2/auth/refresh', { ...headers, cookie: `other=1; crewbase_refresh=${value}` });

describe('refresh cookie', () => {
  test('login in cookie mode sets an httpOnly, SameSite=Strict cookie on /v2/auth and leaves the token out of the body', async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.employee);
    const { res, cookie } = await cookieLogin(user.username);
    assert.equal(cookie.name, 'crewbase_refresh');
    assert.match(cookie.value, /^rt_/);
    assert.deepEqual(
      cookie.attributes.filter((a) => !a.startsWith('Max-Age')),
      ['Path=/v2/auth', 'HttpOnly', 'SameSite=Strict'],
      'Secure is off only on plain http to localhost',
    );
    assert.equal(
      cookie.attributes.find((a) => a.startsWith('Max-Age')),
      `Max-Age=${t.config.refreshTokenTtlSeconds}`,
    );
    assert.equal(res.body.refreshToken, undefined, 'no script sees the refresh token');
    assert.equal(typeof res.body.accessToken, 'string');
    assert.equal(res.body.user._id, user.userId);
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  test('the cookie is Secure on any other host', async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.employee);
    const { cookie } = await cookieLogin(user.username, { host: 'crew.example.com' });
    assert.ok(cookie.attributes.includes('Secure'), cookie.attributes.join('; '));
  });

  test('refresh reads the cookie, rotates it, and the replaced value is refused and clears the cookie', async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.employee);
    const { cookie } = await cookieLogin(user.username);
    const renewed = await refreshWithCookie(cookie.value);
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    assert.equal(renewed.body.refreshToken, undefined);
    const next = cookieOf(renewed.headers);
    assert.notEqual(next.value, cookie.value, 'rotated');
    const me = await call(t.app, 'GET', `/v2/users/${user.userId}`, {
      authorization: `Bearer ${renewed.body.accessToken}`,
    });
    assert.equal(me.status, 200);

    const replay = await refreshWithCookie(cookie.value);
    assert.equal(replay.status, 401);
    assert.match(String(replay.headers['content-type']), /^application\/problem\+json/);
    assert.ok(cookieOf(replay.headers).attributes.includes('Max-Age=0'), 'the dead cookie is cleared');
    assert.equal((await refreshWithCookie(next.value)).status, 401, 'a reuse ended the whole session');
  });

  test('without the header the cookie is not read (CSRF), and API clients get the JSON of the spec', async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.employee);
    const { cookie } = await cookieLogin(user.username);
    const forged = await refreshWithCookie(cookie.value, {});
    assert.equal(forged.status, 400, 'a body-less refresh without the header: refreshToken is required');
    assert.equal(forged.body.errors[0].path, 'refreshToken');
    assert.equal(forged.headers['set-cookie'], undefined);
    assert.equal((await refreshWithCookie(cookie.value)).status, 200, 'the cookie still works with the header');

    const plain = await call(t.app, 'POST', '/v2/auth/login', {}, { username: user.username, password: PASSWORD });
    assert.equal(plain.headers['set-cookie'], undefined);
    assert.match(plain.body.refreshToken, /^rt_/);
    const body = await call(t.app, 'POST', '/v2/auth/refresh', {}, { refreshToken: plain.body.refreshToken });
    assert.equal(body.status, 200);
    assert.match(body.body.refreshToken, /^rt_/);
    assert.equal(body.headers['set-cookie'], undefined);
  });

  test('cookie mode without a cookie is 401 problem+json', async () => {
    const res = await call(t.app, 'POST', '/v2/auth/refresh', COOKIE_MODE);
    assert.equal(res.status, 401);
    assert.equal(res.body.status, 401);
  });

  test('logout revokes the cookie session and clears the cookie (Max-Age=0)', async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.employee);
    const { res, cookie } = await cookieLogin(user.username);
    const out = await call(t.app, 'POST', '/v2/auth/logout', {
      ...COOKIE_MODE,
      authorization: `Bearer ${res.body.accessToken}`,
    });
    assert.equal(out.status, 200);
    const cleared = cookieOf(out.headers);
    assert.equal(cleared.value, '');
    assert.ok(cleared.attributes.includes('Max-Age=0'));
    assert.ok(cleared.attributes.includes('Path=/v2/auth'));
    assert.equal((await refreshWithCookie(cookie.value)).status, 401);
  });
});
