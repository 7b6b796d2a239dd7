// Tenancy is structural: row-level security as a non-superuser role, and every route that takes
// an id answers 404 to another company's credentials (enumerated from the app's own route table).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ACTION_BODIES, FIXTURES, createFixtureRecords, fixtureBody } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'A');
  b = await signup(t.app, 'B');
});
after(() => t.close());

describe('row-level security', () => {
  test('the request role is no superuser and sees nothing without a tenant', async () => {
    await call(t.app, 'POST', '/v2/customers/', a.headers, { name: 'Visible only to A' });
    const rows = await t.database.kysely.transaction().execute(async (tx) => {
      await sql`SELECT set_config('role', 'crewbase_app', true)`.execute(tx);
      const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
        SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`.execute(tx);
      const customers = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers`.execute(tx);
      const users = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(tx);
      return { role: role.rows[0]!, customers: customers.rows[0]!.n, users: users.rows[0]!.n };
    });
    assert.deepEqual(rows, { role: { rolsuper: false, rolbypassrls: false }, customers: 0, users: 0 });
  });

  /** Tables whose owner is exempt from their policy (RLS enabled, not forced), and why. */
  const NOT_FORCED: Record<string, string> = {
    event_horizons:
      "written across companies by event retention's SECURITY DEFINER function as the table's owner (migration 0020); the API's role reads it under the tenant policy",
  };

  test('RLS is enabled and forced on every table with a company_id', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
      JOIN pg_attribute at ON at.attrelid = c.oid AND at.attname = 'company_id'
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition`.execute(t.database.kysely);
    assert.ok(rows.length >= 10);
    for (const row of rows)
      assert.ok(row.relrowsecurity && (row.relforcerowsecurity || row.relname in NOT_FORCED), row.relname);
  });

  test("a partition (the events' months) is reached only through its table, under that table's policy", async () => {
    // Row-level security is checked on the table a query names; the API's roles hold no right on a partition itself.
    const { rows } = await sql<{ relname: string; role: string }>`
      SELECT c.relname, r.rolname AS role FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      CROSS JOIN pg_roles r
      WHERE c.relispartition AND r.rolname IN ('crewbase_app', 'crewbase_auth')
        AND (has_table_privilege(r.oid, c.oid, 'SELECT') OR has_table_privilege(r.oid, c.oid, 'INSERT')
          OR has_table_privilege(r.oid, c.oid, 'UPDATE') OR has_table_privilege(r.oid, c.oid, 'DELETE'))`.execute(
      t.database.kysely,
    );
    assert.deepEqual(rows, []);
    const partitions = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_class WHERE relispartition AND relname LIKE 'events%'`.execute(
      t.database.kysely,
    );
    assert.ok(partitions.rows[0]!.n >= 1, 'the events table has partitions');
  });

  test('a tenant cannot write rows of another company', async () => {
    await assert.rejects(
      t.database.kysely.transaction().execute(async (tx) => {
        await sql`SELECT set_config('role', 'crewbase_app', true), set_config('app.company_id', ${b.companyId}, true)`.execute(
          tx,
        );
        await sql`INSERT INTO customers (company_id, id, number) VALUES (${a.companyId}, 'x', 999)`.execute(tx);
      }),
      /row-level security/,
    );
  });
});

describe('cross-tenant access through every route with an id', () => {
  test("company B gets 404 on company A's records and changes nothing", { timeout: 120_000 }, async () => {
    const idOf = await createFixtureRecords({ app: t.app, headers: a.headers });
    // A user number that exists in A only.
    for (let i = 0; i < 3; i++)
      await call(t.app, 'POST', '/v2/users/', a.headers, { general: { firstName: `Extra ${i}` } });
    const aUsers = await call(t.app, 'GET', '/v2/users?sort=number:-1&limit=1', a.headers);
    const onlyInA = aUsers.body[0].number;

    // Public routes (a client link's token) are not bound to credentials; test/invoicing covers their tokens.
    // Routes whose query is required: a valid one, so that only the tenant decides the answer.
    const QUERIES: Record<string, string> = {
      'GET /v2/users/:id/timesheet': '?month=2027-01',
      'GET /v2/users/:id/leave': '?year=2027',
      'GET /v2/customers/:id/statement': '?from=2027-01-01&to=2027-01-31',
    };
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/v2/') && r.url.includes(':') && !r.isPublic);
    assert.ok(routes.length >= 25, `found ${routes.length} routes with parameters`);
    for (const route of routes) {
      // /v2/<collection>/:param[/<verb>...]: the collection may contain a slash.
      const [, collection = '', rest = ''] = /^\/v2\/(.+?)\/:[A-Za-z]+(.*)$/.exec(route.url) ?? [];
      const fixture = FIXTURES[collection];
      assert.ok(fixture, `no fixture for ${collection}: add one so ${route.method} ${route.url} is covered`);
      const url = route.url.replace(/:[A-Za-z]+/g, (param) =>
        param === ':userNumber' ? String(onlyInA) : idOf[collection]!,
      );
      const verb = rest
        .split('/')
        .filter((part) => part && !part.startsWith(':'))
        .at(-1);
      const readUrl = verb && verb !== 'byNumber' ? `/v2/${collection}/${idOf[collection]}` : url;
      const before = await call(t.app, 'GET', readUrl, a.headers);
      let payload: unknown;
      if (route.method === 'POST') {
        const action = ACTION_BODIES[verb ?? ''];
        assert.ok(action, `no action body for ${route.url}: add one to ACTION_BODIES`);
        payload = action(idOf, collection);
      } else if (route.method === 'PATCH') {
        payload = fixture.patch ?? fixtureBody(fixture, idOf);
      }
      const res = await call(
        t.app,
        route.method as 'GET',
        url + (QUERIES[`${route.method} ${route.url}`] ?? ''),
        b.headers,
        payload,
      );
      assert.equal(res.status, 404, `${route.method} ${route.url} as B: ${res.status} ${JSON.stringify(res.body)}`);
      const afterwards = await call(t.app, 'GET', readUrl, a.headers);
      assert.deepEqual(afterwards.body, before.body, `${route.method} ${route.url} changed A's record`);
    }
    // Every record of A is still there.
    for (const [collection, id] of Object.entries(idOf)) {
      if (collection === 'apiKeys' || FIXTURES[collection]!.noRead) continue;
      assert.equal((await call(t.app, 'GET', `/v2/${collection}/${id}`, a.headers)).status, 200, collection);
    }
  });

  test("lists never show another company's records", async () => {
    const list = await call(t.app, 'GET', '/v2/customers/?limit=1000', b.headers);
    assert.equal(list.status, 200);
    assert.ok(list.body.every((c: Json) => c.companyId === b.companyId));
    assert.equal(list.headers['x-total-count'], String(list.body.length));
  });
});

describe('permissions by access group', () => {
  test('an employee reads only their own user record and no customers', async () => {
    const created = await call(t.app, 'POST', '/v2/users/', a.headers, { id: 'emp-a', password: 'employee-pass-1' });
    assert.equal(created.status, 201);
    const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'emp-a', password: 'employee-pass-1' });
    const emp = { authorization: `Bearer ${login.body.accessToken}` };
    const list = await call(t.app, 'GET', '/v2/users', emp);
    assert.deepEqual(
      list.body.map((u: Json) => u._id),
      [created.body._id],
    );
    assert.equal((await call(t.app, 'GET', `/v2/users/${created.body._id}`, emp)).status, 200);
    assert.equal((await call(t.app, 'GET', `/v2/users/${a.userId}`, emp)).status, 404);
    assert.equal((await call(t.app, 'GET', '/v2/customers/', emp)).status, 403);
    assert.equal((await call(t.app, 'POST', '/v2/users/', emp, { general: { firstName: 'X' } })).status, 403);
    assert.equal((await call(t.app, 'GET', '/v2/apiKeys', emp)).status, 403);
  });

  test('only group administrators may assign an access group', async () => {
    const groups = (await call(t.app, 'GET', '/v2/accessGroups/', a.headers)).body;
    const admin = groups.find((g: Json) => g.name === 'admin');
    const manager = groups.find((g: Json) => g.name === 'objectmanager');
    await call(t.app, 'POST', '/v2/users/', a.headers, {
      id: 'mgr-a',
      password: 'manager-pass-1',
      accessGroupId: manager._id,
    });
    const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'mgr-a', password: 'manager-pass-1' });
    const mgr = { authorization: `Bearer ${login.body.accessToken}` };
    assert.equal((await call(t.app, 'POST', '/v2/customers/', mgr, { name: 'ok' })).status, 201);
    const escalate = await call(t.app, 'POST', '/v2/users/', mgr, {
      id: 'evil',
      password: 'evil-password-1',
      accessGroupId: admin._id,
    });
    assert.equal(escalate.status, 403);
  });
});
