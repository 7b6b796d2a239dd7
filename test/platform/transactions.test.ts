// The tenant transactions of platform/db/tenant.ts on both databases: settings, read-only reads,
// failures, and (PostgreSQL) prepared statements per connection.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { loadPrincipal } from '../../src/modules/auth/auth-store.js';
import { loadPayContext } from '../../src/modules/pay/salary-writer.js';
import {
  DEFERRED_COMMIT_MS,
  GENERIC_PLAN_MARK,
  PREPARE_MARK,
  PREPARED,
} from '../../src/platform/db/postgres-transaction.js';
import { ImplicitRead } from '../../src/platform/db/implicit-read.js';
import { openDatabase } from '../../src/platform/db/database.js';
import { inTenant, readInTenant } from '../../src/platform/db/tenant.js';
import { call, createTestApp, signup, withDatabase, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;

before(async () => {
  // A caller's state kept a minute where nothing announces changes (behind the pooler): the statement counts below
  // assume the state a read looked up is still cached, which 1 s did not ensure on a busy machine.
  t = await createTestApp({ API_KEY_CACHE_SECONDS: '60' });
  acme = await signup(t.app, 'Acme');
});
after(() => t.close());

const settings = (db: Parameters<Parameters<typeof inTenant>[2]>[0]['db']) =>
  sql<{ role: string; company: string; readOnly: string }>`SELECT current_user AS role,
    current_setting('app.company_id') AS company, current_setting('transaction_read_only') AS "readOnly"`
    .execute(db)
    .then((r) => r.rows[0]!);

describe('tenant transactions', () => {
  test('inTenant runs as the application role with the company set, and may write', async () => {
    const seen = await inTenant(t.database, acme.companyId, (tx) => settings(tx.db));
    assert.deepEqual(seen, { role: 'crewbase_app', company: acme.companyId, readOnly: 'off' });
  });

  test('readInTenant is the same, read-only: a write in it fails and changes nothing', async () => {
    const seen = await readInTenant(t.database, acme.companyId, (tx) => settings(tx.db));
    assert.deepEqual(seen, { role: 'crewbase_app', company: acme.companyId, readOnly: 'on' });
    await assert.rejects(
      readInTenant(t.database, acme.companyId, (tx) =>
        sql`UPDATE job_horizons SET until_at = until_at WHERE company_id = ${acme.companyId}`.execute(tx.db),
      ),
      /read-only transaction/,
    );
  });

  test('reads and writes alternate on the same connections without leaking settings or transactions', async () => {
    // More transactions than the pool has connections, interleaved: each must see its own settings.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? readInTenant : inTenant)(t.database, acme.companyId, (tx) => settings(tx.db)).then(
          (s) => s.readOnly === (i % 2 ? 'on' : 'off') && s.company === acme.companyId,
        ),
      ),
    );
    assert.ok(results.every(Boolean));
    // Nothing is left open: a statement outside any transaction runs with no tenant.
    const { rows } = await sql<{
      company: string | null;
    }>`SELECT current_setting('app.company_id', true) AS company`.execute(t.database.kysely);
    assert.ok(!rows[0]!.company, 'no tenant outside a transaction');
  });

  test('a failed work rolls back its writes; the connection serves the next transaction', async () => {
    await assert.rejects(
      inTenant(t.database, acme.companyId, async (tx) => {
        await sql`UPDATE job_horizons SET until_at = until_at + interval '1 day' WHERE company_id = ${acme.companyId}`.execute(
          tx.db,
        );
        await sql`SELECT 1/0`.execute(tx.db);
      }),
      /division by zero/,
    );
    const seen = await inTenant(t.database, acme.companyId, (tx) => settings(tx.db));
    assert.equal(seen.company, acme.companyId);
  });

  test('a company id that is not a plain id is refused before it reaches the statement', async () => {
    await assert.rejects(
      inTenant(t.database, "x', true); DROP TABLE jobs; --", async () => 1),
      /not a company id/,
    );
  });

  test('PostgreSQL: a long statement is prepared once on its connection and reused', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    const long = sql<{ n: number; prepared: number }>`SELECT ${sql.raw(`1 /* ${'padding '.repeat(60)} */`)}::int AS n,
      (SELECT count(*)::int FROM pg_prepared_statements WHERE statement LIKE '%padding padding%') AS prepared`;
    // Both runs in one transaction, so on one connection: the second finds the first's statement.
    const [first, second] = await inTenant(t.database, acme.companyId, async (tx) => [
      (await long.execute(tx.db)).rows[0]!,
      (await long.execute(tx.db)).rows[0]!,
    ]);
    // Behind PgBouncer in transaction mode (test/platform/pgbouncer.test.ts) nothing is named.
    const expected = process.env.TEST_DATABASE_POOLED_URL ? 0 : 1;
    assert.equal(first!.prepared, expected, 'prepared by its first run');
    assert.equal(second!.prepared, expected, 'reused, not prepared again');
  });

  test('PostgreSQL: a short statement is prepared at its second run on a connection, a marked one at its first', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    const count = (tag: string) =>
      sql<{ prepared: number }>`SELECT (SELECT count(*)::int FROM pg_prepared_statements
        WHERE statement LIKE ${`%${tag}%`} AND statement NOT LIKE '%pg_prepared_statements%') AS prepared`;
    const marked = sql`${PREPARED}SELECT 1 AS short_marked`;
    const plain = sql`SELECT 1 AS short_plain`;
    // In one transaction, so on one connection.
    const counts = await inTenant(t.database, acme.companyId, async (tx) => {
      await marked.execute(tx.db);
      await plain.execute(tx.db);
      const first = [(await count('short_marked').execute(tx.db)).rows[0]!.prepared];
      first.push((await count('short_plain').execute(tx.db)).rows[0]!.prepared);
      await plain.execute(tx.db);
      return [...first, (await count('short_plain').execute(tx.db)).rows[0]!.prepared];
    });
    // A text run once (one written with its values in it) takes no name; behind PgBouncer nothing is named.
    assert.deepEqual(counts, process.env.TEST_DATABASE_POOLED_URL ? [0, 0, 0] : [1, 0, 1]);
  });

  test("PostgreSQL: a prepared statement whose table's columns changed fails once, then is prepared anew", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named');
    // A pool of one connection on this file's database, so that each transaction finds what the last prepared.
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.database.kysely);
    const single = await openDatabase({
      kind: 'postgres',
      url: withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name),
      poolSize: 1,
    });
    try {
      await sql`CREATE TABLE stale_probe (company_id text, id text)`.execute(t.database.kysely);
      await sql`GRANT SELECT ON stale_probe TO crewbase_app`.execute(t.database.kysely);
      await sql`INSERT INTO stale_probe VALUES (${acme.companyId}, 'a')`.execute(t.database.kysely);
      const probe = sql<Record<string, unknown>>`SELECT * FROM stale_probe WHERE company_id = ${acme.companyId}`;
      const read = () => inTenant(single, acme.companyId, async (tx) => (await probe.execute(tx.db)).rows[0]!);
      await read();
      await read(); // prepared now
      // A newer version's migration adds a column while this server runs.
      await sql`ALTER TABLE stale_probe ADD COLUMN extra int`.execute(t.database.kysely);
      await assert.rejects(read(), /cached plan must not change result type/);
      assert.deepEqual(Object.keys(await read()).sort(), ['company_id', 'extra', 'id']);
      assert.deepEqual(Object.keys(await read()).sort(), ['company_id', 'extra', 'id']);
    } finally {
      await single.close();
      await sql`DROP TABLE IF EXISTS stale_probe`.execute(t.database.kysely);
    }
  });

  test('PostgreSQL: a prepared statement with the generic-plan mark runs on its generic plan, and only it', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named');
    const padding = sql.raw(`/* ${'padding '.repeat(60)} */`);
    const marked = sql<{ mode: string }>`${sql.raw(GENERIC_PLAN_MARK)}SELECT current_setting('plan_cache_mode') AS mode
      FROM users WHERE company_id = ${acme.companyId} ${padding} /* generic_marked */`;
    const plain = sql`SELECT 1 FROM users WHERE company_id = ${acme.companyId} ${padding} /* generic_plain */`;
    // Shorter than what is prepared unmarked: the mark prepares it, since only a prepared statement keeps a plan.
    const short = sql`${sql.raw(GENERIC_PLAN_MARK)}SELECT 1 FROM users WHERE company_id = ${acme.companyId} /* generic_short */`;
    const plans = (tag: string) =>
      sql<{ generic: number; custom: number }>`SELECT generic_plans::int AS generic, custom_plans::int AS custom
        FROM pg_prepared_statements WHERE statement LIKE ${`%${tag}%`} AND statement NOT LIKE '%pg_prepared_statements%'`;
    const modeNow = sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`;
    const seen = await readInTenant(t.database, acme.companyId, async (tx) => {
      const during = (await marked.execute(tx.db)).rows[0]!.mode;
      await marked.execute(tx.db);
      const after = (await modeNow.execute(tx.db)).rows[0]!.mode;
      await plain.execute(tx.db);
      await short.execute(tx.db);
      await short.execute(tx.db);
      return {
        during,
        after,
        short: (await plans('generic_short').execute(tx.db)).rows[0],
        marked: (await plans('generic_marked').execute(tx.db)).rows[0],
        plain: (await plans('generic_plain').execute(tx.db)).rows[0],
      };
    });
    assert.equal(seen.during, 'force_generic_plan', 'the mark sets the mode for the statement');
    assert.equal(seen.after, 'auto', "the transaction's next statement has the mode as before");
    assert.deepEqual(seen.marked, { generic: 2, custom: 0 }, 'both runs on the generic plan');
    assert.deepEqual(seen.plain, { generic: 0, custom: 1 }, 'an unmarked statement is planned for its values');
    assert.deepEqual(
      seen.short,
      { generic: 2, custom: 0 },
      'a short marked statement is prepared, on its generic plan',
    );
  });

  test('a transaction on generic plans sets the mode once, with its settings, for all its prepared statements (PostgreSQL only)', async () => {
    const padding = sql.raw(`/* ${'padding '.repeat(60)} */`);
    const marked = sql<{ mode: string }>`${sql.raw(GENERIC_PLAN_MARK)}SELECT current_setting('plan_cache_mode') AS mode
      FROM users WHERE company_id = ${acme.companyId} ${padding} /* whole_marked */`;
    const plain = sql`SELECT 1 FROM users WHERE company_id = ${acme.companyId} ${padding} /* whole_plain */`;
    const modeNow = sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`;
    const plans = (tag: string) =>
      sql<{ generic: number; custom: number }>`SELECT generic_plans::int AS generic, custom_plans::int AS custom
        FROM pg_prepared_statements WHERE statement LIKE ${`%${tag}%`} AND statement NOT LIKE '%pg_prepared_statements%'`;
    const seen = await readInTenant(
      t.database,
      acme.companyId,
      async (tx) => {
        const first = (await modeNow.execute(tx.db)).rows[0]!.mode;
        const during = (await marked.execute(tx.db)).rows[0]!.mode;
        const after = (await modeNow.execute(tx.db)).rows[0]!.mode;
        await plain.execute(tx.db);
        return { first, during, after, plain: (await plans('whole_plain').execute(tx.db)).rows[0] };
      },
      { genericPlans: true },
    );
    const next = await readInTenant(
      t.database,
      acme.companyId,
      async (tx) => (await modeNow.execute(tx.db)).rows[0]!.mode,
    );
    assert.equal(next, 'auto', 'the next transaction plans as before');
    if (t.database.kind !== 'postgres') {
      // PGlite plans a long statement for its values, whatever the transaction asks (pglite-dialect.ts).
      assert.deepEqual([seen.first, seen.during, seen.after], ['auto', 'force_custom_plan', 'auto']);
      return;
    }
    if (process.env.TEST_DATABASE_POOLED_URL) {
      // Nothing is prepared behind a transaction-mode pooler: planned for the values.
      assert.deepEqual([seen.first, seen.during, seen.after], ['auto', 'auto', 'auto']);
      return;
    }
    assert.deepEqual(
      [seen.first, seen.during, seen.after],
      ['force_generic_plan', 'force_generic_plan', 'force_generic_plan'],
      'set with the settings, not around the marked statement',
    );
    assert.deepEqual(seen.plain, { generic: 1, custom: 0 }, 'an unmarked prepared statement on its generic plan too');
  });

  test('PostgreSQL: the job read model, the search and the event feed run on their generic plans', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named');
    const from = Date.UTC(2027, 0, 4);
    for (let i = 0; i < 3; i++) {
      const week = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', acme.headers, {
        from,
        to: from + 7 * 86_400_000,
        userIds: [acme.userId],
      });
      assert.equal(week.status, 200, JSON.stringify(week.body));
      const search = await call(t.app, 'GET', '/v2/search?q=Acme', acme.headers);
      assert.equal(search.status, 200, JSON.stringify(search.body));
      const feed = await call(t.app, 'GET', '/v2/events', acme.headers);
      assert.equal(feed.status, 200, JSON.stringify(feed.body));
    }
    // The app's connections keep their statements; the pool's are read through one of them.
    const plansOf = (text: string) =>
      readInTenant(t.database, acme.companyId, async (tx) => {
        const { rows } = await sql<{ generic: number; custom: number }>`SELECT
          coalesce(sum(generic_plans), 0)::int AS generic, coalesce(sum(custom_plans), 0)::int AS custom
          FROM pg_prepared_statements WHERE statement LIKE ${`${GENERIC_PLAN_MARK.trim()}%${text}%`}`.execute(tx.db);
        return rows[0]!;
      });
    // pg_prepared_statements shows this connection's statements only: at least this one read them (a pool of one
    // connection for requests in a row hands the same one out again).
    for (const [what, text] of [
      ['job read model', 'WITH page AS MATERIALIZED'],
      ['search', ') found'],
      ['event feed', 'FROM events'],
    ]) {
      const counts = await plansOf(text!);
      assert.ok(counts.generic >= 1, `${what}: generic plans: ${counts.generic}`);
      assert.equal(counts.custom, 0, `${what}: never planned for the values`);
    }
  });

  test('PostgreSQL: a job, a time frame, the search and the event feed set the plan mode once, with the settings', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named');
    const from = Date.UTC(2027, 0, 4);
    const week = { from, to: from + 7 * 86_400_000, userIds: [acme.userId] };
    const created = await call(t.app, 'POST', '/v2/jobs/', acme.headers, {
      userId: acme.userId,
      from: new Date(from + 8 * 3_600_000).toISOString(),
      to: new Date(from + 10 * 3_600_000).toISOString(),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', acme.headers, week); // plans the frame first
    // A cursor of the right form: the feed checks it against retention before reading after it. (Events of the
    // file's own writes may not be served yet: transactions of other databases on the server hold them back.)
    const cursor = '1-0';
    for (const [what, run] of [
      ['a job', () => call(t.app, 'GET', `/v2/jobs/${(created.body as { _id: string })._id}`, acme.headers)],
      ['a time frame', () => call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', acme.headers, week)],
      ['the search', () => call(t.app, 'GET', '/v2/search?q=Acme', acme.headers)],
      ['the event feed', () => call(t.app, 'GET', '/v2/events', acme.headers)],
      ['the event feed after a cursor', () => call(t.app, 'GET', `/v2/events?after=${cursor}`, acme.headers)],
    ] as const) {
      let status = 0;
      const { statements, bound } = await sentDuring(async () => {
        status = (await run()).status;
      });
      assert.equal(status, 200, what);
      // One implicit read (no BEGIN), its settings (the company's, on generic plans) a prepared statement.
      assert.deepEqual(
        statements.filter((text) => /^(BEGIN|COMMIT)/.test(text)),
        [],
        `${what}: no BEGIN, no COMMIT\n${statements.join('\n')}`,
      );
      const settings = bound.filter((name) => name.startsWith('crewbase_read_settings_'));
      assert.deepEqual(settings, ['crewbase_read_settings_11'], `${what}: the settings once, the plan mode with them`);
      const aroundStatements = statements.filter((text) => /plan_cache_mode/.test(text));
      assert.deepEqual(aroundStatements, [], `${what}: no setting and reset around a statement`);
    }
  });

  test("PostgreSQL: a request's user state is a prepared statement", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named');
    const count = sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements
      WHERE statement LIKE ${`${PREPARE_MARK.trim()}%session_open%`}`;
    // The connection may hold it already (requests of other tests ran on it): counted before and after.
    const [before, first, second] = await inTenant(t.database, acme.companyId, async (tx) => {
      const n = async () => (await count.execute(tx.db)).rows[0]!.n;
      const before = await n();
      await loadPrincipal(tx, acme.userId);
      const first = await n();
      await loadPrincipal(tx, acme.userId);
      return [before, first, await n()];
    });
    assert.ok(first >= 1 && first - before <= 1, `prepared at most once: ${before} -> ${first}`);
    assert.equal(second, first, 'reused, not prepared again');
  });

  test('PostgreSQL: a create of a plain resource is one statement between BEGIN and COMMIT', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('statements are counted on the pg client');
    // The number comes from a CTE of the insert itself; BEGIN and COMMIT frame it. A read first puts
    // the caller's state in the credentials cache, so the create's statements are all that is sent
    // (once the read's COMMIT, held back for the connection's next user, has gone by itself).
    await call(t.app, 'GET', '/v2/customers/?limit=1', acme.headers);
    await sleep(20);
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      sent.push(String(text).trim().slice(0, 40));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      const created = await call(t.app, 'POST', '/v2/customers/', acme.headers, { name: 'One round trip' });
      assert.equal(created.status, 201);
    } finally {
      pg.Client.prototype.query = query;
    }
    assert.equal(sent.length, 3, sent.join('\n'));
    assert.match(sent[0]!, /^BEGIN; SELECT set_config/);
    assert.match(sent[1]!, /^WITH next_number AS \(insert into "count/);
    assert.equal(sent[2], 'COMMIT');
  });

  /**
   * The statements the pg clients send (their queries' texts, and the statements of implicit reads) and their
   * sockets' writes while `run` runs; `bound`: the prepared statements bound by name, `syncs`: implicit reads ended.
   */
  async function sentDuring(run: (live: { writes(): number }) => Promise<unknown>) {
    const statements: string[] = [];
    const bound: string[] = [];
    let syncs = 0;
    let writes = 0;
    const { statement, end } = ImplicitRead.prototype;
    ImplicitRead.prototype.statement = function (this: ImplicitRead, text, values, name) {
      statements.push(text.trim());
      return statement.call(this, text, values, name);
    };
    ImplicitRead.prototype.end = function (this: ImplicitRead) {
      syncs++;
      return end.call(this);
    };
    const { bind } = pg.Connection.prototype as unknown as { bind(message: { statement?: string }): void };
    (pg.Connection.prototype as unknown as { bind: typeof bind }).bind = function (this: unknown, message) {
      if (message.statement) bound.push(message.statement);
      return bind.call(this, message);
    };
    const pgSockets = new Set<unknown>(); // the test runner's output goes through sockets too
    const query = pg.Client.prototype.query;
    const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
    const { _write, _writev } = socket;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (!(args[0] instanceof ImplicitRead)) statements.push(String(text).trim()); // its statements: below
      pgSockets.add((this as unknown as { connection: { stream: unknown } }).connection.stream);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    socket._write = function (this: unknown, ...args: unknown[]) {
      if (pgSockets.has(this)) writes++;
      return _write.apply(this, args);
    };
    socket._writev = function (this: unknown, ...args: unknown[]) {
      if (pgSockets.has(this)) writes++;
      return _writev.apply(this, args);
    };
    try {
      await run({ writes: () => writes });
    } finally {
      pg.Client.prototype.query = query;
      Object.assign(socket, { _write, _writev });
      Object.assign(ImplicitRead.prototype, { statement, end });
      (pg.Connection.prototype as unknown as { bind: typeof bind }).bind = bind;
    }
    return { statements, bound, syncs, writes };
  }

  test("PostgreSQL: a salary's pay reads (settings, surcharges, contracts, addresses) go out before any answer", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    const events: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text);
      const name = text.replace(/\s+/g, ' ').slice(0, 30);
      events.push(`sent ${name}`);
      const result = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      void result.then(
        () => events.push(`answered ${name}`),
        () => {},
      );
      return result;
    } as typeof query;
    try {
      await inTenant(t.database, acme.companyId, async (tx) => {
        await settings(tx.db); // BEGIN answered first
        events.length = 0;
        await loadPayContext(tx, [
          { id: 'e1', doc: { userId: acme.userId, objectId: '0123456789abcdef01234567' } },
        ] as Parameters<typeof loadPayContext>[1]);
      });
    } finally {
      pg.Client.prototype.query = query;
    }
    const firstAnswer = events.findIndex((e) => e.startsWith('answered'));
    const sentBefore = events.slice(0, firstAnswer).filter((e) => e.startsWith('sent'));
    assert.ok(sentBefore.length >= 4, `sent before the first answer: ${sentBefore.length}\n${events.join('\n')}`);
  });

  test("PostgreSQL: a read's end leaves in one write with the next read's settings and first statement", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    const pooled = process.env.TEST_DATABASE_POOLED_URL !== undefined;
    // Back to back: the second takes the connection the first released (the pool's last in, first out).
    const { statements, syncs, writes } = await sentDuring(async () => {
      await readInTenant(t.database, acme.companyId, (tx) => settings(tx.db));
      return readInTenant(t.database, acme.companyId, (tx) => settings(tx.db));
    });
    // Behind PgBouncer in transaction mode nothing is named: BEGIN's text, and an open transaction holds its server
    // connection, so COMMIT at once. Else implicit reads: the settings prepared, no BEGIN and no COMMIT.
    assert.deepEqual(
      statements.map((text) => text.split(/[ ;]/)[0]),
      pooled ? ['BEGIN', 'SELECT', 'COMMIT', 'BEGIN', 'SELECT', 'COMMIT'] : ['SELECT', 'SELECT'],
      statements.join('\n'),
    );
    if (pooled) assert.equal(writes, 4, 'each COMMIT on its own');
    else {
      assert.equal(syncs, 1, 'the first read ended when the second took its connection; the second waits');
      assert.equal(writes, 2, "one write per read: the first one's end went with the second one");
    }
  });

  test("PostgreSQL: a transaction's first statement leaves when it is made, not at the event loop's next turn", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    for (const run of [
      () => readInTenant(t.database, acme.companyId, (tx) => settings(tx.db)),
      () => inTenant(t.database, acme.companyId, (tx) => settings(tx.db)),
    ]) {
      await run(); // a connection is open and idle, as under load
      let atNextTurn: number | undefined;
      const { writes } = await sentDuring(async (live) => {
        // Queued before the transaction begins: the loop's next turn, after all else it has ready.
        setImmediate(() => (atNextTurn = live.writes()));
        await run();
      });
      assert.equal(atNextTurn, 1, 'BEGIN or the settings, and the statement, in one write before the next turn');
      assert.ok(writes >= 1);
    }
  });

  test("PostgreSQL: a read's statement made after an answer leaves in one write", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    if (process.env.TEST_DATABASE_POOLED_URL !== undefined) return ctx.skip('behind a pooler reads are pg queries');
    await readInTenant(t.database, acme.companyId, (tx) => settings(tx.db)); // a connection open and idle
    const { statements, writes } = await sentDuring(() =>
      readInTenant(t.database, acme.companyId, async (tx) => {
        await settings(tx.db);
        await settings(tx.db); // after the first one's answer: its Parse, Bind, Describe, Execute and Flush
      }),
    );
    assert.equal(statements.length, 2);
    assert.equal(writes, 2, 'the settings and the first statement in one write, the second statement in another');
  });

  test("PostgreSQL: a read's held-back end waits its own time, not the time of one held back before it", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    if (process.env.TEST_DATABASE_POOLED_URL)
      return ctx.skip('behind PgBouncer in transaction mode a COMMIT goes at once');
    // When each connection (its server process) ended its read: other tests' reads are told apart.
    const commits = new Map<number, number>();
    const { end } = ImplicitRead.prototype;
    ImplicitRead.prototype.end = function (this: ImplicitRead) {
      const { client } = this as unknown as { client: { processID: number } };
      commits.set(client.processID, performance.now());
      return end.call(this);
    };
    try {
      // Two reads on two connections, the second ending after the first one's COMMIT was due (the event loop
      // held meanwhile, so its timer runs only after the second has ended): that timer must not take the
      // second's COMMIT along.
      const pids: number[] = [];
      const gates: Array<() => void> = [];
      const ready: Array<Promise<void>> = [];
      const reads = [0, 1].map((i) => {
        let isReady: () => void = () => {};
        ready.push(new Promise<void>((resolve) => (isReady = resolve)));
        return readInTenant(t.database, acme.companyId, async (tx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx.db);
          pids[i] = rows[0]!.pid;
          await new Promise<void>((resolve) => {
            gates[i] = resolve;
            isReady();
          });
        });
      });
      await Promise.all(ready);
      assert.notEqual(pids[0], pids[1], 'two connections');
      gates[0]!();
      await reads[0];
      for (const spinUntil = performance.now() + DEFERRED_COMMIT_MS + 1; performance.now() < spinUntil; );
      const secondReleased = performance.now();
      gates[1]!();
      await reads[1];
      for (const deadline = Date.now() + 5_000; !commits.has(pids[1]!) && Date.now() < deadline; ) await sleep(5);
      assert.ok(commits.has(pids[0]!) && commits.has(pids[1]!), 'both reads ended by themselves');
      const after = commits.get(pids[1]!)! - secondReleased;
      assert.ok(
        after >= DEFERRED_COMMIT_MS - 0.1,
        `the second read ended ${after.toFixed(2)} ms after its work, before its own time`,
      );
    } finally {
      ImplicitRead.prototype.end = end;
    }
  });

  test('PostgreSQL: a connection handed out after a read is outside its transaction', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    await sleep(20); // the earlier tests' held-back COMMITs have gone
    await readInTenant(t.database, acme.companyId, (tx) => settings(tx.db));
    // At once, before the held-back COMMIT would go by itself: a plain statement on the pool.
    const { rows } = await sql<{ readOnly: string; company: string | null }>`SELECT
      current_setting('transaction_read_only') AS "readOnly", current_setting('app.company_id', true) AS company`.execute(
      t.database.kysely,
    );
    assert.equal(rows[0]!.readOnly, 'off');
    assert.ok(!rows[0]!.company, 'no tenant');
  });

  test('PostgreSQL: an idle connection commits its last read by itself', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite has no connections');
    const pid = await readInTenant(t.database, acme.companyId, async (tx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx.db);
      return rows[0]!.pid;
    });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      let state = '';
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(20)) {
        const { rows } = await admin.query<{ state: string }>('SELECT state FROM pg_stat_activity WHERE pid = $1', [
          pid,
        ]);
        state = rows[0]?.state ?? 'gone';
        if (state === 'idle') break;
      }
      assert.equal(state, 'idle', 'the connection left its read-only transaction');
    } finally {
      await admin.end();
    }
  });
});
