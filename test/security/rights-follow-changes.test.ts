// Rights follow changes at once, on every process: a second app on the same database stands for
// another server process with its own caches. The database announces each change (migration 0023) and
// every process drops what it cached of it; the caches' times are long here (a minute without
// announcements, ten with them), so only the announcement explains a change seen within the seconds waited.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createApp } from '../../src/app.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSWORD, createKey, createUser, login, setUpPrincipals, type Principals } from '../helpers/principals.js';

let t: TestApp;
let other: FastifyInstance;
let p: Principals;
/** The longest an announcement may take to reach the other process (PostgreSQL sends it on its own connection). */
const ANNOUNCED_WITHIN_MS = 3_000;

before(async () => {
  t = await createTestApp({ API_KEY_CACHE_SECONDS: '60' });
  other = await createApp({ config: t.config, database: borrowed(t), logger: false });
  await other.ready();
  p = await setUpPrincipals(t.app, 'Rights');
});
after(async () => {
  await other.close();
  await t.close();
});

/** The first app's database for another app, which closes only what it opened itself (its listening). */
const borrowed = (owner: TestApp, changes: Partial<TestApp['database']> = {}): TestApp['database'] => ({
  ...owner.database,
  close: async () => {},
  ...changes,
});

/** Another process that hears no announcements, keeping credentials `seconds` (API_KEY_CACHE_SECONDS). */
const silentApp = (seconds: number) =>
  createApp({
    config: { ...t.config, apiKeyCacheSeconds: seconds },
    database: borrowed(t, { listen: undefined }),
    logger: false,
  });

/** A user's group changed in SQL, as an operator's script would: no route, so no process forgets on its own. */
const setGroupInSql = (companyId: string, userId: string, groupId: string) =>
  sql`UPDATE users SET access_group_id = ${groupId} WHERE company_id = ${companyId} AND id = ${userId}`.execute(
    t.database.kysely,
  );

type Request = [method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown];

/** Status of a request on both processes. */
async function onBoth(...[method, url, headers, body]: Request) {
  return [
    (await call(t.app, method, url, headers, body)).status,
    (await call(other, method, url, headers, body)).status,
  ];
}

/** The statuses on both processes once they are `expected`, else the last ones after ANNOUNCED_WITHIN_MS. */
async function onBothSoon(expected: number[], ...request: Request): Promise<number[]> {
  const deadline = Date.now() + ANNOUNCED_WITHIN_MS;
  for (;;) {
    const got = await onBoth(...request);
    if (JSON.stringify(got) === JSON.stringify(expected) || Date.now() > deadline) return got;
    await sleep(50);
  }
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
    assert.deepEqual(
      await onBothSoon([403, 403], 'POST', '/v2/customers/', manager.headers, newCustomer()),
      [403, 403],
    );

    assert.deepEqual(await onBoth('GET', '/v2/objects/', manager.headers), [200, 200]);
    assert.equal((await call(t.app, 'DELETE', `/v2/users/${manager.userId}`, p.company.headers)).status, 200);
    assert.deepEqual(await onBothSoon([401, 401], 'GET', '/v2/objects/', manager.headers), [401, 401]);
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
    assert.deepEqual(
      await onBothSoon([200, 200], 'GET', '/v2/customers/', user.headers),
      [200, 200],
      'the session that changed it goes on',
    );
    assert.deepEqual(
      await onBothSoon([401, 401], 'GET', '/v2/customers/', second.headers),
      [401, 401],
      'the other session ended',
    );

    assert.equal(
      (await call(t.app, 'PATCH', `/v2/users/${user.userId}`, p.company.headers, { password: 'set-by-the-admin-1' }))
        .status,
      200,
    );
    assert.deepEqual(await onBothSoon([401, 401], 'GET', '/v2/customers/', user.headers), [401, 401]);
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
    assert.deepEqual(
      await onBothSoon([403, 403], 'POST', '/v2/customers/', planner.headers, newCustomer()),
      [403, 403],
    );
  });

  test('keys go with their creator: never beyond their rights, and stop when they are deleted', async () => {
    const admin = await createUser(t.app, p.company.headers, p.groupIds.admin);
    const key = await createKey(t.app, admin.headers, 'admin');
    const revoked = await createKey(t.app, admin.headers, 'read');
    assert.deepEqual(await onBoth('GET', '/v2/apiKeys', key.headers), [200, 200]);
    assert.deepEqual(await onBoth('GET', '/v2/customers/', revoked.headers), [200, 200]);
    assert.equal((await call(t.app, 'DELETE', `/v2/apiKeys/${revoked._id}`, p.company.headers)).status, 200);
    assert.equal(
      (
        await call(t.app, 'PATCH', `/v2/users/${admin.userId}`, p.company.headers, {
          accessGroupId: p.groupIds.objectmanager,
        })
      ).status,
      200,
    );
    assert.deepEqual(
      await onBothSoon([403, 403], 'GET', '/v2/apiKeys', key.headers),
      [403, 403],
      'the creator no longer manages keys',
    );
    assert.deepEqual(await onBoth('GET', '/v2/customers/', key.headers), [200, 200], 'what the creator still may');
    assert.deepEqual(
      await onBothSoon([401, 401], 'GET', '/v2/customers/', revoked.headers),
      [401, 401],
      'a revoked key',
    );
    assert.equal((await call(t.app, 'DELETE', `/v2/users/${admin.userId}`, p.company.headers)).status, 200);
    assert.deepEqual(await onBothSoon([401, 401], 'GET', '/v2/customers/', key.headers), [401, 401]);
  });

  test('a change made in SQL, not through the API, reaches both processes too', async () => {
    const manager = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
    assert.deepEqual(await onBoth('POST', '/v2/customers/', manager.headers, newCustomer()), [201, 201]);
    await setGroupInSql(p.company.companyId, manager.userId, p.groupIds.employee);
    assert.deepEqual(
      await onBothSoon([403, 403], 'POST', '/v2/customers/', manager.headers, newCustomer()),
      [403, 403],
    );
  });

  test('a database that announces nothing: entries last API_KEY_CACHE_SECONDS', async () => {
    // Three seconds: with one, the calls between filling the entry and reading it again outlasted it once on a
    // loaded machine (the suite beside it on 2 cores, PGlite shared with the other app).
    const silent = await silentApp(3);
    try {
      const manager = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
      assert.equal((await call(silent, 'POST', '/v2/customers/', manager.headers, newCustomer())).status, 201);
      const demoted = await call(t.app, 'PATCH', `/v2/users/${manager.userId}`, p.company.headers, {
        accessGroupId: p.groupIds.employee,
      });
      assert.equal(demoted.status, 200);
      assert.equal(
        (await call(silent, 'POST', '/v2/customers/', manager.headers, newCustomer())).status,
        201,
        'still cached there',
      );
      await sleep(3_200);
      assert.equal((await call(silent, 'POST', '/v2/customers/', manager.headers, newCustomer())).status, 403);
    } finally {
      await silent.close();
    }
  });

  test('the process that made a change forgets its company at once; a refused request forgets nothing', async () => {
    // Entries kept a minute and nothing announced: only its own forgetting can explain a change seen there.
    const silent = await silentApp(60);
    try {
      const manager = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
      const elsewhere = await setUpPrincipals(t.app, 'Elsewhere');
      const post = (headers: Record<string, string>) => call(silent, 'POST', '/v2/customers/', headers, newCustomer());
      assert.equal((await post(manager.headers)).status, 201);
      assert.equal((await post(elsewhere.company.headers)).status, 201);
      await setGroupInSql(p.company.companyId, manager.userId, p.groupIds.employee);
      await setGroupInSql(elsewhere.company.companyId, elsewhere.company.userId, elsewhere.groupIds.employee);
      assert.equal((await post(manager.headers)).status, 201, 'cached: nothing announced');
      assert.equal((await call(silent, 'POST', '/v2/accessGroups/', {}, { name: 'x' })).status, 401);
      const refused = await call(silent, 'POST', '/v2/accessGroups/', manager.headers, { name: 'x', permissions: {} });
      assert.equal(refused.status, 403);
      assert.equal((await post(manager.headers)).status, 201, 'refused requests changed nothing and forgot nothing');
      const group = await call(silent, 'POST', '/v2/accessGroups/', p.company.headers, {
        name: 'office',
        permissions: {},
      });
      assert.equal(group.status, 201);
      assert.equal((await post(manager.headers)).status, 403, 'a change of its company: forgotten there at once');
      assert.equal((await post(elsewhere.company.headers)).status, 201, 'another company is still cached');
    } finally {
      await silent.close();
    }
  });

  test('a lost listening connection: entries are dropped, and announcements heard again once it is back', {
    skip: process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only (PGlite announces in its own process)',
  }, async () => {
    const manager = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
    assert.deepEqual(await onBoth('POST', '/v2/customers/', manager.headers, newCustomer()), [201, 201]);
    const listeners = sql`pg_stat_activity WHERE query = 'LISTEN crewbase_rights' AND datname = current_database()`;
    const { rows: ended } = await sql`SELECT pg_terminate_backend(pid) FROM ${listeners}`.execute(t.database.kysely);
    assert.ok(ended.length >= 2, `both processes listened (${ended.length} connections ended)`);
    await setGroupInSql(p.company.companyId, manager.userId, p.groupIds.employee);
    assert.deepEqual(
      await onBothSoon([403, 403], 'POST', '/v2/customers/', manager.headers, newCustomer()),
      [403, 403],
      'the change made while nobody listened',
    );
    const relistened = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${listeners}`.execute(t.database.kysely)).rows[0]!.n,
      );
    for (let waited = 0; (await relistened()) < 2 && waited < 5_000; waited += 100) await sleep(100);
    assert.ok((await relistened()) >= 2, 'both listen again');
    assert.deepEqual(await onBoth('GET', '/v2/objects/', manager.headers), [200, 200]);
    await t.database.exec(
      `DELETE FROM refresh_tokens WHERE company_id = '${p.company.companyId}' AND user_id = '${manager.userId}'`,
    );
    assert.deepEqual(await onBothSoon([401, 401], 'GET', '/v2/objects/', manager.headers), [401, 401]);
  });
});
