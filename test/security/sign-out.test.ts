// Sign-out signs out: the session's refresh token stops at once (401 problem+json) and its access tokens
// on every process (a second app on the same database stands for another process; it hears the change
// announced, test/security/rights-follow-changes.test.ts; the waits below also cover the 1 s cache time
// tests run with where nothing is announced); "sign out everywhere" ends every session of the caller; the
// office ends a lost device's sessions only for users whose every right it holds.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/app.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';
import { createUser, login, setUpPrincipals, type LoggedIn, type Principals } from '../helpers/principals.js';

let t: TestApp;
let other: FastifyInstance;
let p: Principals;
const CACHE_MS = 1_000;

before(async () => {
  t = await createTestApp();
  other = await createApp({ config: t.config, database: t.database, logger: false });
  await other.ready();
  p = await setUpPrincipals(t.app, 'Sign-out');
});
after(async () => {
  await t.close();
  await other.close().catch(() => {}); // its database is closed already, with the first app
});

const refresh = (refreshToken: string) => call(t.app, 'POST', '/v2/auth/refresh', {}, { refreshToken });
const ownRecord = (app: FastifyInstance, user: LoggedIn) => call(app, 'GET', `/v2/users/${user.userId}`, user.headers);

async function assertRefused(refreshToken: string) {
  const res = await refresh(refreshToken);
  assert.equal(res.status, 401);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.body.status, 401);
}

describe('sign-out', { concurrency: true }, () => {
  test('logout ends this session: its refresh token is 401, its access token stops within the cache time', async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.employee);
    const otherDevice = await login(t.app, user.username);
    assert.equal((await ownRecord(other, user)).status, 200, "the other process's cache is warm");

    const out = await call(t.app, 'POST', '/v2/auth/logout', user.headers);
    assert.equal(out.status, 200, JSON.stringify(out.body));
    assert.deepEqual(out.body, { loggedOut: true });

    await assertRefused(user.refreshToken);
    assert.equal((await ownRecord(t.app, user)).status, 401, 'at once on the process that signed out');
    await sleep(CACHE_MS + 200);
    assert.equal((await ownRecord(other, user)).status, 401, 'within the cache time on another process');
    assert.equal((await ownRecord(t.app, otherDevice)).status, 200, 'the session on another device goes on');
    assert.equal((await refresh(otherDevice.refreshToken)).status, 200);
  });

  test('logoutAll ends every session of the caller, this one included', async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.employee);
    const phone = await login(t.app, user.username);
    assert.equal((await call(t.app, 'POST', '/v2/auth/logoutAll', user.headers, {})).status, 200);
    await assertRefused(user.refreshToken);
    await assertRefused(phone.refreshToken);
    assert.equal((await ownRecord(t.app, phone)).status, 401);
  });

  test('an API key has no session to end (403)', async () => {
    const res = await call(t.app, 'POST', '/v2/auth/logout', p.keys.admin.headers);
    assert.equal(res.status, 403);
    assert.equal((await call(t.app, 'POST', '/v2/auth/logout', {})).status, 401, 'no credentials');
  });

  test('a manager holding every right of an employee ends their sessions (a lost device)', async () => {
    const employee = await createUser(t.app, p.company.headers, p.groupIds.employee);
    assert.equal((await ownRecord(other, employee)).status, 200);
    const res = await call(t.app, 'POST', `/v2/users/${employee.userId}/revokeSessions`, p.users.admin.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { revoked: true });
    await assertRefused(employee.refreshToken);
    await sleep(CACHE_MS + 200);
    assert.equal((await ownRecord(other, employee)).status, 401);
    assert.equal((await login(t.app, employee.username)).status, 200, 'signing in again works');
  });

  test("revokeSessions is refused to whoever lacks users write all or a right of the target, and keeps the target's sessions", async () => {
    const admin = await createUser(t.app, p.company.headers, p.groupIds.admin);
    const employee = await createUser(t.app, p.company.headers, p.groupIds.employee);
    for (const [who, headers, target] of [
      ['object manager on an employee', p.users.objectmanager.headers, employee.userId],
      ['employee on another employee', p.users.employee.headers, employee.userId],
      ['read key', p.keys.read.headers, employee.userId],
    ] as const) {
      const res = await call(t.app, 'POST', `/v2/users/${target}/revokeSessions`, headers);
      assert.equal(res.status, 403, who);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    }
    // Someone with users write all but not every right of an administrator (a custom group) may not.
    const group = await call(t.app, 'POST', '/v2/accessGroups/', p.company.headers, {
      name: `user-admins-${Date.now()}`,
      permissions: { users: { read: 'all', write: 'all' } },
    });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const userAdmin = await createUser(t.app, p.company.headers, group.body._id);
    const refused = await call(t.app, 'POST', `/v2/users/${admin.userId}/revokeSessions`, userAdmin.headers);
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal((await refresh(admin.refreshToken)).status, 200, "the administrator's session goes on");
    assert.equal((await refresh(employee.refreshToken)).status, 200, "the employee's session goes on");
    assert.equal(
      (await call(t.app, 'POST', '/v2/users/aaaaaaaaaaaaaaaaaaaaaaaa/revokeSessions', p.users.admin.headers)).status,
      404,
    );
  });
});
