// Behind PgBouncer in transaction mode (Debian's 1.18, which keeps no prepared statement across
// transactions): with DATABASE_POOLER=transaction every statement is unnamed and the tenancy set by
// `set_config(…, true)` stays the transaction's own while PgBouncer hands few server connections to
// many transactions; without the setting named statements break there. Then the tenancy and
// transaction tests run through PgBouncer (their apps connect through it: TEST_DATABASE_POOLED_URL).
// test-run: own process (it starts PgBouncer and a test run)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/platform/db/database.js';
import { inTenant, inTenantIfFree, readInTenant } from '../../src/platform/db/tenant.js';
import { skipUnless } from '../helpers/debian-tools.js';
import { type Bouncer, startPgBouncer } from '../helpers/pgbouncer.js';
import { createTestApp, signup, type TestApp } from '../helpers/test-app.js';

const skip = process.env.TEST_DATABASE_URL
  ? skipUnless(['pgbouncer'], 'pgbouncer')
  : 'runs with PostgreSQL (TEST_DATABASE_URL)';

describe('behind PgBouncer in transaction mode', { skip, timeout: 280_000 }, () => {
  let bouncer: Bouncer;
  let t: TestApp;

  before(async () => {
    bouncer = await startPgBouncer(process.env.TEST_DATABASE_URL!, 2); // two server connections for many clients
    process.env.TEST_DATABASE_POOLED_URL = bouncer.urlFor(process.env.TEST_DATABASE_URL!);
    t = await createTestApp();
  });
  after(async () => {
    await t?.close();
    delete process.env.TEST_DATABASE_POOLED_URL;
    bouncer?.stop();
  });

  /** 60 transactions of three companies at once, each reading its company back, with statements long enough to be named. */
  async function mixedTransactions(database: Database, companies: string[]) {
    // A comment of 500 characters: statements from 400 characters on are the ones that get names.
    const padding = sql.raw(`/* ${'x'.repeat(500)} */`);
    return Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const company = companies[i % companies.length]!;
        const run = i % 2 ? readInTenant : inTenant;
        return run(database, company, async (tx) => {
          const row = await sql<{ company: string; role: string }>`
            SELECT current_setting('app.company_id') AS company, current_user AS role ${padding}`.execute(tx.db);
          await sql`SELECT pg_sleep(0.005)`.execute(tx.db); // hold the server connection a little
          const again = await sql<{ company: string }>`
            SELECT current_setting('app.company_id') AS company ${padding}`.execute(tx.db);
          return [company, row.rows[0]!.company, again.rows[0]!.company, row.rows[0]!.role];
        });
      }),
    );
  }

  test('unnamed statements: each transaction keeps its own company and role; named ones break', async () => {
    const companies = [
      (await signup(t.app, 'Bounce A')).companyId,
      (await signup(t.app, 'Bounce B')).companyId,
      (await signup(t.app, 'Bounce C')).companyId,
    ];
    // t.database goes through PgBouncer with DATABASE_POOLER=transaction.
    for (const [wanted, first, second, role] of await mixedTransactions(t.database, companies)) {
      assert.equal(first, wanted);
      assert.equal(second, wanted);
      assert.equal(role, 'crewbase_app');
    }
    // After the transactions nothing of the tenancy stays on PgBouncer's server connections.
    const leftover = await t.database.transaction('BEGIN', false, async (db) =>
      sql<{ company: string | null }>`SELECT current_setting('app.company_id', true) AS company`.execute(db),
    );
    assert.ok([null, ''].includes(leftover.rows[0]!.company), JSON.stringify(leftover.rows));

    // The same through PgBouncer with named statements: a statement prepared on one server connection
    // is missing on the next (or its name taken), so the setting is what makes this work. On a PgBouncer of
    // its own: a read of this misconfiguration may also wait for ever (an implicit read sent behind the
    // previous one's Sync got no answer once that Sync had ended the transaction before it), and only
    // stopping the pooler ends its connection, so that the pool can close.
    const own = await startPgBouncer(process.env.TEST_DATABASE_URL!, 2);
    const named = await openDatabase({
      kind: 'postgres',
      url: new URL(
        `/${new URL(await databaseUrlOf(t)).pathname.slice(1)}`,
        own.urlFor(process.env.TEST_DATABASE_URL!),
      ).toString(),
      poolSize: 5,
      pooler: 'none',
    });
    try {
      await assert.rejects(mixedTransactions(named, companies), /prepared statement|startup parameter/);
    } finally {
      own.stop();
      await named.close();
    }
  });

  test('no transaction beside another is taken here: a connection free in the pool may wait in PgBouncer', async () => {
    assert.equal(t.database.hasFreeConnection?.(), false);
    const { companyId } = await signup(t.app, 'Bounce D');
    let ran = false;
    const made = await inTenant(t.database, companyId, async () =>
      inTenantIfFree(t.database, companyId, async () => {
        ran = true;
      }),
    );
    assert.equal(made, undefined);
    assert.equal(ran, false);
  });

  test('the tenancy and transaction tests pass through PgBouncer', () => {
    // A run of its own, not a subtest of this file's (node:test refuses runs inside a test otherwise).
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(
      process.execPath,
      ['scripts/run-tests.mjs', 'test/tenancy/tenant-isolation.test.ts', 'test/platform/transactions.test.ts'],
      {
        env: { ...env, TEST_DATABASE_POOLED_URL: bouncer.urlFor(process.env.TEST_DATABASE_URL!) },
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    const summary = /# pass (\d+)\n# fail (\d+)/.exec(run.stdout);
    assert.ok(summary, run.stdout.slice(-3000) + run.stderr.slice(-2000));
    assert.equal(summary[2], '0', run.stdout.slice(-6000));
    assert.ok(Number(summary[1]) >= 10, `passed: ${summary[1]}`);
  });
});

/** The database name of the test app's database (its pool's connection string). */
async function databaseUrlOf(t: TestApp): Promise<string> {
  const row = await t.database.transaction('BEGIN', false, async (db) =>
    sql<{ name: string }>`SELECT current_database() AS name`.execute(db),
  );
  return `postgres://x/${row.rows[0]!.name}`;
}
