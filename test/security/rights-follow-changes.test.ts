// Rights follow changes within seconds, on every process: a second app on the same database stands
// for another server process with its own caches (API_KEY_CACHE_SECONDS is 1 s in tests).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/app.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSWORD, createKey, createUser, login, setUpPrincipals, type Principals } from '../helpers/principals.js';

let t: TestApp;
let other: FastifyInstance;
let p: Principals;
const CACHE_MS = 1_000;

before(async () => {
  t = await createTestApp();
  other = await createApp({ config: t.config, database: t.database, logger: false });
  await other.ready();
  p = await setUpPrincipals(t.app, 'Rights');
});
after(async () => {
  await t.close();
  await other.close().catch(() => {}); // its database is closed already, with the first app
});

/** Status of a request on both processes, after their caches were warm and the cache time passed. */
async function onBoth(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) {
  return [
    (await call(t.app, method, url, headers, body)).status,
    (await call(other, method, url, headers, body)).status,
  ];
}

const newCustomer = () => ({ name: `Customer ${Math.random()}` });

// Each test has its own users, group and keys, so they run side by side and their cache waits overlap.
describe('rights follow changes on every process', { concurrency: true }, () => {
  test("a demoted manager loses write rights; a deleted user's token is 401", async () => {
    const manager = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
    assert.deepEqual(
      await onBoth('POST', '/v2/customers/', manager.headers, newCustomer()),
      [201, 201],
      'caches are warm',
    );
    assert.equal(
      (
        await call(t.app, 'PATCH', `/v2/users/${manager.userId}`, p.company.headers, {
          accessGroupId: p.groupIds.employee,
        })
      ).status,
      200,
    );
    assert.equal(
      (await call(t.app, 'POST', '/v2/customers/', manager.headers, newCustomer())).status,
      403,
      'at once in the process that changed it',
    );
    await sleep(CACHE_MS + 200);
    assert.deepEqual(await onBoth('POST', '/v2/customers/', manager.headers, newCustomer()), [403, 403]);

    assert.deepEqual(await onBoth('GET', '/v2/objects/', manager.headers), [200, 200]);
    assert.equal((await call(t.app, 'DELETE', `/v2/users/${manager.userId}`, p.company.headers)).status, 200);
    await sleep(CACHE_MS + 200);
    assert.deepEqual(await onBoth('GET', '/v2/objects/', manager.headers), [401, 401]);
  });

  test("a password set by an administrator ends the user's tokens; their own change ends only the other sessions", async () => {
    const user = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
    const second = await login(t.app, user.username);
    assert.deepEqual(await onBoth('GET', '/v2/customers/', user.headers), [200, 200]);
    const changed = await call(t.app, 'POST', '/v2/account/change-password', user.headers, {
      currentPassword: PASSWORD,
      newPassword: 'a-new-password-42',
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    await sleep(CACHE_MS + 200);
    assert.deepEqual(
      await onBoth('GET', '/v2/customers/', user.headers),
      [200, 200],
      'the session that changed it goes on',
    );
    assert.deepEqual(await onBoth('GET', '/v2/customers/', second.headers), [401, 401], 'the other session ended');

    assert.equal(
      (await call(t.app, 'PATCH', `/v2/users/${user.userId}`, p.company.headers, { password: 'set-by-the-admin-1' }))
        .status,
      200,
    );
    await sleep(CACHE_MS + 200);
    assert.deepEqual(await onBoth('GET', '/v2/customers/', user.headers), [401, 401]);
  });

  test('a changed access group applies to its members on every process', async () => {
    const group = await call(t.app, 'POST', '/v2/accessGroups/', p.company.headers, {
      name: 'planners',
      permissions: { customers: { read: 'all', write: 'all' } },
    });
    const planner = await createUser(t.app, p.company.headers, group.body._id);
    assert.deepEqual(await onBoth('POST', '/v2/customers/', planner.headers, newCustomer()), [201, 201]);
    assert.equal(
      (
        await call(t.app, 'PATCH', `/v2/accessGroups/${group.body._id}`, p.company.headers, {
          permissions: { customers: { read: 'all', write: 'none' } },
        })
      ).status,
      200,
    );
    await sleep(CACHE_MS + 200);
    assert.deepEqual(await onBoth('POST', '/v2/customers/', planner.headers, newCustomer()), [403, 403]);
  });

  test('keys go with their creator: never beyond their rights, and stop when they are deleted', async () => {
    const admin = await createUser(t.app, p.company.headers, p.groupIds.admin);
    const key = await createKey(t.app, admin.headers, 'admin');
    const revoked = await createKey(t.app, admin.headers, 'read');
    assert.deepEqual(await onBoth('GET', '/v2/apiKeys', key.headers), [200, 200]);
    assert.equal((await call(t.app, 'DELETE', `/v2/apiKeys/${revoked._id}`, p.company.headers)).status, 200);
    assert.equal(
      (
        await call(t.app, 'PATCH', `/v2/users/${admin.userId}`, p.company.headers, {
          accessGroupId: p.groupIds.objectmanager,
        })
      ).status,
      200,
    );
    await sleep(CACHE_MS + 200);
    assert.deepEqual(await onBoth('GET', '/v2/apiKeys', key.headers), [403, 403], 'the creator no longer manages keys');
    assert.deepEqual(await onBoth('GET', '/v2/customers/', key.headers), [200, 200], 'what the creator still may');
    assert.deepEqual(await onBoth('GET', '/v2/customers/', revoked.headers), [401, 401], 'a revoked key');
    assert.equal((await call(t.app, 'DELETE', `/v2/users/${admin.userId}`, p.company.headers)).status, 200);
    await sleep(CACHE_MS + 200);
    assert.deepEqual(await onBoth('GET', '/v2/customers/', key.headers), [401, 401]);
  });
});
