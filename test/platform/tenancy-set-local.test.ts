// DATABASE_TENANCY_STATEMENT=set_local (docs/scaling.md §4, Citus): a transaction's role and company are
// set by SET LOCAL statements instead of set_config(…, true); the transaction sees the same settings,
// a read-only one stays read-only, and nothing outlives the transaction.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/platform/db/database.js';
import { inTenant, readInTenant } from '../../src/platform/db/tenant.js';
import { createTestApp, signup, type TestApp } from '../helpers/test-app.js';

describe('tenancy by SET LOCAL', () => {
  let t: TestApp;
  let setLocal: Database;
  let companyId: string;

  before(async () => {
    t = await createTestApp();
    companyId = (await signup(t.app, 'Set Local')).companyId;
    setLocal = { ...t.database, setLocal: true };
  });
  after(() => t.close());

  const settings = (database: Database, read: typeof inTenant) =>
    read(database, companyId, async (tx) => {
      const result = await sql<{ company: string; role: string }>`
        SELECT current_setting('app.company_id') AS company, current_user AS role`.execute(tx.db);
      return result.rows[0]!;
    });

  test('the transaction runs as the application role with the company set, as with set_config', async () => {
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      sent.push(String(text));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      assert.deepEqual(await settings(setLocal, inTenant), { company: companyId, role: 'crewbase_app' });
      assert.deepEqual(await settings(setLocal, readInTenant), { company: companyId, role: 'crewbase_app' });
    } finally {
      pg.Client.prototype.query = query;
    }
    if (t.database.kind === 'postgres') {
      assert.equal(sent[0], `BEGIN; SET LOCAL role crewbase_app; SET LOCAL app.company_id = '${companyId}'`);
      assert.ok(
        sent.every((text) => !text.includes('set_config')),
        sent.join('\n'),
      );
    }
    assert.deepEqual(await settings(t.database, inTenant), await settings(setLocal, inTenant));
  });

  test('a read-only transaction refuses a write; the settings end with the transaction', async () => {
    await assert.rejects(
      readInTenant(setLocal, companyId, (tx) => sql`CREATE TEMP TABLE nope (x int)`.execute(tx.db)),
      /read-only/,
    );
    const after = await t.database.transaction('BEGIN', false, async (db) =>
      sql<{ company: string | null; role: string }>`
        SELECT current_setting('app.company_id', true) AS company, current_user AS role`.execute(db),
    );
    assert.ok([null, ''].includes(after.rows[0]!.company));
    assert.notEqual(after.rows[0]!.role, 'crewbase_app');
  });

  test('a read on generic plans has the mode set, by its settings or by SET LOCAL', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite prepares nothing long: no generic plans');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named: no generic plans');
    const mode = async (database: Database) =>
      readInTenant(
        database,
        companyId,
        async (tx) =>
          (
            await sql<{ mode: string; company: string }>`SELECT current_setting('plan_cache_mode') AS mode,
            current_setting('app.company_id') AS company`.execute(tx.db)
          ).rows[0],
        { genericPlans: true },
      );
    for (const database of [t.database, setLocal])
      assert.deepEqual(await mode(database), { mode: 'force_generic_plan', company: companyId });
  });
});
