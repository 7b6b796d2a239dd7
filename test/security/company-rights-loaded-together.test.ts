// A process that meets a company's first user with no cached state loads the states of all the company's
// users and open sessions at once (credentials.ts, loadCompany): the others' next requests need no look-up of
// their own. What the load keeps must be what each user's own look-up would answer (loadPrincipal), and what
// it did not see (a newer session, a closed one, a newer user) is still looked up alone.
// A fresh app on the same database stands for a process that has cached nothing yet.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { createApp } from '../../src/app.js';
import { loadCompanyPrincipals, loadPrincipal } from '../../src/modules/auth/auth-store.js';
import { credentialResolver } from '../../src/modules/auth/credentials.js';
import type { Database } from '../../src/platform/db/database.js';
import { readInTenant } from '../../src/platform/db/tenant.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';
import { createUser, login, setUpPrincipals, type LoggedIn, type Principals } from '../helpers/principals.js';

let t: TestApp;
let p: Principals;

before(async () => {
  t = await createTestApp();
  p = await setUpPrincipals(t.app, 'Loaded together');
});
after(() => t.close());

/** Runs `use` on another process on the same database, with nothing cached; closes only what that opened. */
async function inFreshProcess(use: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const app = await createApp({ config: t.config, database: { ...t.database, close: async () => {} }, logger: false });
  try {
    await app.ready();
    await use(app);
  } finally {
    await app.close();
  }
}

/** The status a user's read gets from a process: 200 while their state says their session is open, else 401. */
const objectsStatus = async (app: FastifyInstance, user: Pick<LoggedIn, 'headers'>) =>
  (await call(app, 'GET', '/v2/objects/', user.headers)).status;

/** The log-in session (refresh family) an access token belongs to. */
const sessionOf = (user: LoggedIn): string =>
  JSON.parse(Buffer.from(user.headers.authorization!.split('.')[1]!, 'base64url').toString()).sid;

/**
 * Ends a session in SQL with the database's triggers off, so that nothing is announced: a process that kept the
 * session's state keeps answering from it, and one that looks it up sees it ended.
 */
const endSessionUnannounced = (companyId: string, sessionId: string) =>
  t.database.kysely.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE refresh_tokens SET revoked_at = now() WHERE company_id = ${companyId} AND family_id = ${sessionId}`.execute(
      trx,
    );
  });

test("one user's request keeps every user's state of the company: the others' are not looked up again", async () => {
  const first = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
  const second = await createUser(t.app, p.company.headers, p.groupIds.employee);
  await inFreshProcess(async (process) => {
    assert.equal(await objectsStatus(process, first), 200);
    await endSessionUnannounced(p.company.companyId, sessionOf(second));
    assert.equal(await objectsStatus(t.app, second), 401, 'the session is ended for a process that looks it up');
    assert.equal(
      await objectsStatus(process, second),
      200,
      "the first user's request kept the second user's state: no look-up of its own",
    );
  });
});

test('what the load did not see is looked up alone: a session opened or a user created after it, a session ended before it', async () => {
  const user = await createUser(t.app, p.company.headers, p.groupIds.objectmanager);
  const loggedOut = await login(t.app, user.username);
  assert.equal((await call(t.app, 'POST', '/v2/auth/logout', loggedOut.headers, {})).status < 300, true);
  await inFreshProcess(async (process) => {
    assert.equal(await objectsStatus(process, user), 200);
    assert.equal(await objectsStatus(process, loggedOut), 401, 'ended before the load');
    const later = await login(t.app, user.username);
    assert.equal(await objectsStatus(process, later), 200, 'a newer session');
    const newcomer = await createUser(t.app, p.company.headers, p.groupIds.employee);
    assert.equal(await objectsStatus(process, newcomer), 200, 'a newer user');
    await endSessionUnannounced(p.company.companyId, sessionOf(later));
    assert.equal(
      await objectsStatus(process, later),
      200,
      "the newer session's own look-up was kept, as any user's is",
    );
  });
});

test("the company's load answers as each user's own look-up does, and nothing past its limit", async () => {
  const extra = await createUser(t.app, p.company.headers, p.groupIds.employee);
  const again = await login(t.app, extra.username); // a second session of the same user
  await call(t.app, 'POST', '/v2/auth/refresh', {}, { refreshToken: again.refreshToken }); // a rotated token, same family
  const ended = await login(t.app, extra.username);
  await call(t.app, 'POST', '/v2/auth/logout', ended.headers, {});
  const companyId = p.company.companyId;
  const all = await readInTenant(t.database, companyId, (tx) => loadCompanyPrincipals(tx, 500));
  assert.ok(all);
  const userIds = (
    await sql<{ id: string }>`SELECT id FROM users WHERE company_id = ${companyId}`.execute(t.database.kysely)
  ).rows;
  assert.deepEqual(all.map((u) => u.userId).sort(), userIds.map((u) => u.id).sort(), 'every user, once');
  const families = await sql<{ user_id: string; family_id: string; open: boolean }>`SELECT user_id, family_id,
      bool_and(revoked_at IS NULL) AS open FROM refresh_tokens WHERE company_id = ${companyId} GROUP BY 1, 2`.execute(
    t.database.kysely,
  );
  assert.ok(
    families.rows.some((f) => !f.open),
    'an ended session among them',
  );
  for (const { userId, permissions, sessionIds } of all) {
    const alone = await readInTenant(t.database, companyId, (tx) => loadPrincipal(tx, userId));
    assert.deepEqual({ permissions, isSessionOpen: true }, alone, `user ${userId} without a session`);
    const open = families.rows.filter((f) => f.user_id === userId && f.open).map((f) => f.family_id);
    assert.deepEqual([...sessionIds].sort(), open.sort(), `user ${userId}'s open sessions, each once`);
    for (const sessionId of sessionIds) {
      const state = await readInTenant(t.database, companyId, (tx) => loadPrincipal(tx, userId, sessionId));
      assert.deepEqual(state, { permissions, isSessionOpen: true });
    }
  }
  const users = all.length;
  const sessions = all.reduce((n, u) => n + u.sessionIds.length, 0);
  assert.ok(sessions > users, 'more sessions than users here');
  assert.equal(await readInTenant(t.database, companyId, (tx) => loadCompanyPrincipals(tx, users - 1)), undefined);
  assert.equal(await readInTenant(t.database, companyId, (tx) => loadCompanyPrincipals(tx, sessions - 1)), undefined);
  assert.equal((await readInTenant(t.database, companyId, (tx) => loadCompanyPrincipals(tx, sessions)))?.length, users);
});

/**
 * A process's credentials on the test database, counting the transactions it opens; `failFirst` fails the first
 * one (as a lost connection would) before it reaches the database.
 */
async function countingResolver(failFirst = false) {
  let transactions = 0;
  const database: Database = {
    ...t.database,
    close: async () => {},
    transaction: ((...args: Parameters<Database['transaction']>) => {
      transactions += 1;
      if (failFirst && transactions === 1) return Promise.reject(new Error('connection lost'));
      return t.database.transaction(...args);
    }) as Database['transaction'],
  };
  const resolver = credentialResolver(t.config, database);
  await resolver.start();
  const resolve = (user: LoggedIn) => resolver.resolve({ headers: user.headers } as unknown as FastifyRequest);
  return { resolve, transactions: () => transactions, stop: () => resolver.stop() };
}

test("requests of a company's users that miss together wait for one load of them all", async () => {
  const q = await setUpPrincipals(t.app, 'Loaded once'); // a company no other test announces changes of
  const users = [q.users.admin, q.users.objectmanager, q.users.employee];
  const process = await countingResolver();
  try {
    const contexts = await Promise.all(users.map(process.resolve));
    assert.deepEqual(
      contexts.map((context) => context?.userId),
      users.map((user) => user.userId),
    );
    assert.equal(process.transactions(), 1, 'one look-up for the three');
  } finally {
    await process.stop();
  }
});

test("a load of the company's users that fails leaves each user to their own look-up", async () => {
  const q = await setUpPrincipals(t.app, 'Load failed');
  const process = await countingResolver(true);
  try {
    const context = await process.resolve(q.users.employee);
    assert.equal(context?.userId, q.users.employee.userId, 'answered, not failed');
    assert.equal(process.transactions(), 2, 'the failed load, then the look-up of that user alone');
  } finally {
    await process.stop();
  }
});
