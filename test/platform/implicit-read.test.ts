// PostgreSQL's reads as implicit transactions (platform/db/implicit-read.ts): one transaction without BEGIN
// and COMMIT, its statements answered in order, a failure ending it, and the connection left as it was (or,
// where the failure may have cost it a named statement, not given out again).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ImplicitRead } from '../../src/platform/db/implicit-read.js';
import { inAuthLookup, readInTenant } from '../../src/platform/db/tenant.js';
import { createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Implicit');
});
after(() => t.close());

/** Skips where reads are not implicit: PGlite, and behind a transaction-mode pooler (nothing is named there). */
function implicitReads(ctx: { skip(message: string): void }): boolean {
  if (t.database.kind !== 'postgres') {
    ctx.skip('PGlite has no connections');
    return false;
  }
  if (process.env.TEST_DATABASE_POOLED_URL) {
    ctx.skip('behind the pooler reads open with BEGIN');
    return false;
  }
  return true;
}

/** Counts the implicit reads begun while `run` runs. */
async function implicitReadsDuring(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const { submit } = ImplicitRead.prototype;
  ImplicitRead.prototype.submit = function (this: ImplicitRead, connection: unknown) {
    count++;
    return submit.call(this, connection);
  };
  try {
    await run();
  } finally {
    ImplicitRead.prototype.submit = submit;
  }
  return count;
}

describe('implicit reads (PostgreSQL)', () => {
  test('the statements of a read share one transaction: its start, its settings, read-only', async (ctx) => {
    if (!implicitReads(ctx)) return;
    let seen: Array<{ started: string; company: string; readOnly: string; role: string }> = [];
    const reads = await implicitReadsDuring(async () => {
      seen = await readInTenant(t.database, acme.companyId, async (tx) => {
        const one = () =>
          sql<{ started: string; company: string; readOnly: string; role: string }>`SELECT
            now()::text AS started, current_setting('app.company_id') AS company,
            current_setting('transaction_read_only') AS "readOnly", current_user AS role`
            .execute(tx.db)
            .then((r) => r.rows[0]!);
        const first = await one();
        await sql`SELECT pg_sleep(0.01)`.execute(tx.db);
        const [second, third] = await Promise.all([one(), one()]); // pipelined: answered in order
        return [first, second, third];
      });
    });
    assert.equal(reads, 1, 'one implicit read');
    assert.equal(new Set(seen.map((s) => s.started)).size, 1, 'one transaction: one start time');
    for (const s of seen)
      assert.deepEqual(
        { ...s, started: '' },
        { started: '', company: acme.companyId, readOnly: 'on', role: 'crewbase_app' },
      );
  });

  test('a credential look-up runs as the look-up role, with no company', async (ctx) => {
    if (!implicitReads(ctx)) return;
    const seen = await inAuthLookup(t.database, async (db) => {
      const { rows } = await sql<{ role: string; company: string | null }>`SELECT current_user AS role,
        current_setting('app.company_id', true) AS company`.execute(db);
      return rows[0]!;
    });
    assert.equal(seen.role, 'crewbase_auth');
    assert.ok(!seen.company, `no company: ${seen.company}`);
  });

  test('a failed statement fails the read; the connection serves the next read with its own settings', async (ctx) => {
    if (!implicitReads(ctx)) return;
    const other = await signup(t.app, 'Implicit Other');
    await assert.rejects(
      readInTenant(t.database, acme.companyId, (tx) => sql`SELECT 1 / ${0}::int AS n`.execute(tx.db)),
      /division by zero/,
    );
    // Statements the work sends after the failure fail at once: the server skips them until the read ends.
    await assert.rejects(
      readInTenant(t.database, acme.companyId, async (tx) => {
        await sql`SELECT 1 / ${0}::int AS n`.execute(tx.db).catch(() => {});
        await sql`SELECT 1 AS n`.execute(tx.db);
      }),
      /division by zero/,
    );
    for (const tenant of [other, acme, other]) {
      const { rows } = await readInTenant(t.database, tenant.companyId, (tx) =>
        sql<{ company: string }>`SELECT current_setting('app.company_id') AS company`.execute(tx.db),
      );
      assert.equal(rows[0]!.company, tenant.companyId);
    }
  });

  test('a read that fails after naming a statement does not leave its connection to the next read', async (ctx) => {
    if (!implicitReads(ctx)) return;
    // A statement long enough to be named (prepared) on its connection, new to every connection: after the failing
    // statement before it, the server skips its Parse, so the connection would not hold what it was named.
    const padding = `/* ${'x'.repeat(420)} */`;
    const named = (tx: { db: Parameters<Parameters<typeof readInTenant>[2]>[0]['db'] }) =>
      sql<{ n: number }>`SELECT 2 AS n ${sql.raw(padding)}`.execute(tx.db);
    await assert.rejects(
      readInTenant(t.database, acme.companyId, async (tx) => {
        const failing = sql`SELECT 1 / ${0}::int AS n`.execute(tx.db);
        const after = named(tx); // sent before the failure is known
        const results = await Promise.allSettled([failing, after]);
        for (const result of results) if (result.status === 'rejected') throw result.reason;
      }),
      /division by zero/,
    );
    // The pool hands out the connection released last first: had it been kept, the statement would be bound there by
    // a name the server does not know.
    for (let i = 0; i < 4; i++) {
      const { rows } = await readInTenant(t.database, acme.companyId, (tx) => named(tx));
      assert.equal(rows[0]!.n, 2);
    }
  });

  test('a read whose connection is lost fails; the next read gets a working connection', async (ctx) => {
    if (!implicitReads(ctx)) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await assert.rejects(
        readInTenant(t.database, acme.companyId, async (tx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx.db);
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await sleep(100); // the loss reaches the client before the read's next statement
          await sql`SELECT 1 AS n`.execute(tx.db);
        }),
      );
    } finally {
      await admin.end();
    }
    const { rows } = await readInTenant(t.database, acme.companyId, (tx) =>
      sql<{ company: string }>`SELECT current_setting('app.company_id') AS company`.execute(tx.db),
    );
    assert.equal(rows[0]!.company, acme.companyId);
  });
});
