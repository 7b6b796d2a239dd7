// PGlite has no autovacuum: the server analyzes tables changed past autovacuum's threshold itself, every
// WRITES_PER_CHECK write transactions (src/platform/db/pglite-analyze.ts). Without statistics, the week's job read of
// 300 employees took 8.5 s on PGlite instead of 0.4 s.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { autoAnalyze, WRITES_PER_CHECK } from '../../src/platform/db/pglite-analyze.js';
import { call, createTestApp, signup, type TestApp } from '../helpers/test-app.js';

describe('statistics on the embedded database', () => {
  test('every WRITES_PER_CHECK writes one check runs, later, and never two at once', async () => {
    const analyzed: string[][] = [];
    let release: () => void = () => {};
    const analyzer = autoAnalyze(
      async () => ['public.jobs'],
      (tables) =>
        new Promise<void>((resolve) => {
          analyzed.push(tables);
          release = resolve;
        }),
    );
    for (let i = 1; i < WRITES_PER_CHECK; i += 1) analyzer.wrote();
    assert.equal(analyzer.pending(), undefined, 'not before the threshold');
    analyzer.wrote();
    const first = analyzer.pending();
    assert.ok(first);
    assert.deepEqual(analyzed, [], 'not in the writing turn');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(analyzed, [['public.jobs']]);
    for (let i = 0; i < WRITES_PER_CHECK; i += 1) analyzer.wrote();
    assert.equal(analyzer.pending(), first, 'a check under way is not doubled');
    release();
    await first;
    assert.equal(analyzer.pending(), undefined);
  });

  describe('on PGlite', { skip: process.env.TEST_DATABASE_URL ? 'PostgreSQL analyzes by itself' : false }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp();
    });
    after(() => t.close());

    const lastAnalyzed = async (table: string) =>
      (
        await sql<{ last_analyze: Date | null }>`
          SELECT last_analyze FROM pg_stat_user_tables WHERE relname = ${table}`.execute(t.database.kysely)
      ).rows[0]?.last_analyze?.getTime() ?? 0;
    const inserted = async (table: string) =>
      Number(
        (
          await sql<{ n_tup_ins: string | number }>`
            SELECT n_tup_ins FROM pg_stat_user_tables WHERE relname = ${table}`.execute(t.database.kysely)
        ).rows[0]?.n_tup_ins ?? 0,
      );
    /** Statistics counters reach the views up to a second late (PostgreSQL flushes them at most once a second). */
    async function until(what: string, done: () => Promise<boolean>) {
      const deadline = Date.now() + 10_000;
      while (!(await done())) {
        assert.ok(Date.now() < deadline, `${what} within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // 150 new rows: past the threshold (50 rows and 10 % of the table) however late the counters come.
    const ROWS = 150;

    test('tables changed past the threshold are analyzed, those analyzed since are not', async () => {
      const acme = await signup(t.app, 'Stats');
      for (let i = 0; i < ROWS; i += 1)
        assert.equal((await call(t.app, 'POST', '/v2/customers/', acme.headers, { name: `C ${i}` })).status, 201);
      // Every insert counted first: analyzed while some counters were still on their way, the late ones alone could
      // pass the threshold again (seen on a slow machine).
      await until('every insert counted', async () => (await inserted('customers')) >= ROWS);
      await until('customers over the threshold', async () =>
        (await t.database.analyzeNow!()).includes('public.customers'),
      );
      await until('customers analyzed', async () => (await lastAnalyzed('customers')) > 0);
      assert.ok(!(await t.database.analyzeNow!()).includes('public.customers'), 'nothing changed since');
    });

    test('the server runs the check by itself after enough write transactions', async () => {
      const acme = await signup(t.app, 'Stats later');
      const before = await lastAnalyzed('objects');
      for (let i = 0; i < ROWS; i += 1)
        assert.equal((await call(t.app, 'POST', '/v2/objects/', acme.headers, { name: `O ${i}` })).status, 201);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the counters reach the views
      for (let i = 0; i < WRITES_PER_CHECK; i += 1) await t.database.transaction('BEGIN', false, async () => {});
      await until('objects analyzed by the server', async () => (await lastAnalyzed('objects')) > before);
    });
  });
});
