// The embedded database's statements (src/platform/db/pglite-dialect.ts): a short text is prepared once per
// PGlite and then only bound and executed, a long one too but planned for each run's values; the values arrive as node-postgres
// sends them to PostgreSQL; a failed statement, a table that changed its columns and a migration script leave
// the statements usable; the least recently used are closed beyond the limit.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PGlite } from '@electric-sql/pglite';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../../src/platform/db/database.js';
import type { Database } from '../../src/platform/db/database-types.js';
import { migratedPglite } from '../helpers/test-app.js';

describe('statements on the embedded database', () => {
  let pglite: PGlite;
  let database: Database;
  let db: Kysely<unknown>;
  const prepared = async () =>
    (await pglite.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements'))
      .rows;
  const preparedFor = async (text: string) => (await prepared()).filter((s) => s.statement === text);
  const planMode = async () =>
    (await pglite.query<{ mode: string }>("SELECT current_setting('plan_cache_mode') AS mode")).rows[0]?.mode;

  before(async () => {
    pglite = await migratedPglite(); // loaded, not created: initdb takes seconds; the migrated tables are not used
    await pglite.exec(
      'CREATE TABLE things (id int PRIMARY KEY, name text, doc jsonb, tags text[], at timestamptz, raw bytea)',
    );
    database = await openDatabase({ kind: 'pglite-instance', pglite, keepOpen: true });
    db = database.kysely as unknown as Kysely<unknown>;
  });
  after(async () => {
    await database?.close();
    await pglite?.close();
  });

  test('a text is prepared once and then run with other values', async () => {
    const read = (id: number) => sql<{ id: number }>`SELECT id FROM things WHERE id = ${id}`.execute(db);
    await sql`INSERT INTO things (id, name) VALUES (1, 'one'), (2, 'two')`.execute(db);
    assert.deepEqual((await read(1)).rows, [{ id: 1 }]);
    assert.deepEqual((await read(2)).rows, [{ id: 2 }]);
    assert.equal((await preparedFor('SELECT id FROM things WHERE id = $1')).length, 1);
  });

  test('a long text (a read model) is prepared once and planned for each run, with the plan mode reset after', async () => {
    const columns = Array.from({ length: 40 }, (_, i) => `id + ${i} AS c${i}`).join(', ');
    for (let i = 0; i < 7; i++) {
      const { rows } = await sql<{ c0: number }>`SELECT ${sql.raw(columns)} FROM things WHERE id = ${1}`.execute(db);
      assert.deepEqual(
        rows.map((row) => row.c0),
        [1],
        "the text's own result, not the setting's",
      );
    }
    const text = `SELECT ${columns} FROM things WHERE id = $1`;
    assert.ok(text.length >= 400);
    const plans = await pglite.query<{ generic_plans: number; custom_plans: number }>(
      'SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1',
      [text],
    );
    // PostgreSQL would take a generic plan from the sixth run on (a short text does, below).
    assert.deepEqual(plans.rows, [{ generic_plans: 0, custom_plans: 7 }]);
    assert.equal(await planMode(), 'auto');

    await sql`INSERT INTO things (id, name) VALUES (3, 'three') ON CONFLICT DO NOTHING`.execute(db);
    for (let i = 0; i < 7; i++) await sql`SELECT name FROM things WHERE id = ${3}`.execute(db);
    const short = await pglite.query<{ generic_plans: number }>(
      'SELECT generic_plans::int FROM pg_prepared_statements WHERE statement = $1',
      ['SELECT name FROM things WHERE id = $1'],
    );
    assert.ok(short.rows[0]!.generic_plans > 0, 'a short text still settles on a generic plan');
  });

  test('a long write is prepared once and left to settle on a generic plan, as a short text is', async () => {
    const padding = sql.raw(`/* ${'padding '.repeat(60)} */`);
    for (let i = 0; i < 7; i++)
      await sql`INSERT INTO things (id, name) VALUES (${100 + i}, ${'long write'}) ${padding}`.execute(db);
    const plans = await pglite.query<{ generic_plans: number; custom_plans: number }>(
      "SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO things%padding%'",
    );
    assert.equal(plans.rows.length, 1);
    assert.ok(plans.rows[0]!.generic_plans > 0, `${JSON.stringify(plans.rows)}: no generic plan`);
    await pglite.exec('DELETE FROM things WHERE id >= 100');
  });

  test('a long text that fails leaves no plan mode behind, and runs once it can', async () => {
    const columns = Array.from({ length: 40 }, (_, i) => `id + ${i} AS c${i}`).join(', ');
    const read = () => sql`SELECT ${sql.raw(columns)} FROM long_later WHERE id = ${1}`.execute(db);
    await assert.rejects(read(), /relation "long_later" does not exist/);
    assert.equal(await planMode(), 'auto');
    await assert.rejects(sql`SELECT ${sql.raw(columns)}, ${'x'}::int AS bad FROM things WHERE id = ${1}`.execute(db));
    assert.equal(await planMode(), 'auto');
    await pglite.exec('CREATE TABLE long_later (id int); INSERT INTO long_later VALUES (1)');
    assert.equal((await read()).rows.length, 1);
    await assert.rejects(
      db.transaction().execute(async (tx) => {
        await sql`SELECT ${sql.raw(columns)} FROM long_later WHERE id = ${1}`.execute(tx);
        await sql`SELECT ${'x'}::int`.execute(tx);
      }),
      /invalid input syntax/,
    );
    assert.equal(await planMode(), 'auto');
    assert.equal((await read()).rows.length, 1);
  });

  test('values are converted as on PostgreSQL, and come back parsed', async () => {
    const at = new Date('2026-03-29T01:30:00.000Z');
    const inserted = await sql<{ id: number; doc: unknown; tags: unknown; at: Date; raw: Uint8Array }>`
      INSERT INTO things (id, doc, tags, at, raw)
      VALUES (${10}, ${JSON.stringify({ k: 'v', n: [1, 2] })}, ${['a', 'b"c', null]}, ${at}, ${Buffer.from([0, 1, 255])})
      RETURNING id, doc, tags, at, raw`.execute(db);
    assert.deepEqual(inserted.rows, [
      { id: 10, doc: { k: 'v', n: [1, 2] }, tags: ['a', 'b"c', null], at, raw: new Uint8Array([0, 1, 255]) },
    ]);
    assert.equal(inserted.numAffectedRows, 1n);
    const updated = await sql`UPDATE things SET name = ${'ten'} WHERE id >= ${10}`.execute(db);
    assert.equal(updated.numAffectedRows, 1n);
    assert.equal((await sql`SELECT 1`.execute(db)).numAffectedRows, undefined, 'a read changes no row');
  });

  test('an error in a statement or a transaction leaves the next statements working', async () => {
    await assert.rejects(sql`SELEC nonsense ${1}`.execute(db), /syntax error/);
    await assert.rejects(sql`SELECT ${'x'}::int`.execute(db), /invalid input syntax/);
    assert.deepEqual((await sql`SELECT ${'7'}::int AS n`.execute(db)).rows, [{ n: 7 }]);
    await assert.rejects(
      db.transaction().execute(async (tx) => {
        await sql`INSERT INTO things (id) VALUES (${20})`.execute(tx);
        await sql`INSERT INTO things (id) VALUES (${20})`.execute(tx); // duplicate key: the transaction fails
      }),
      /duplicate key/,
    );
    assert.deepEqual((await sql`SELECT count(*)::int AS n FROM things WHERE id = ${20}`.execute(db)).rows, [{ n: 0 }]);
    assert.equal((await preparedFor('SELEC nonsense $1')).length, 0);
  });

  test('a text that could not be prepared is prepared again at its next run', async () => {
    const read = () => sql<{ id: number }>`SELECT id FROM later_things WHERE id = ${1}`.execute(db);
    await assert.rejects(read(), /relation "later_things" does not exist/);
    await pglite.exec('CREATE TABLE later_things (id int); INSERT INTO later_things VALUES (1)');
    assert.deepEqual((await read()).rows, [{ id: 1 }]);
  });

  test('a statement whose table changed its columns is prepared again', async () => {
    const all = () => sql`SELECT * FROM things WHERE id = ${1}`.execute(db);
    assert.deepEqual(Object.keys((await all()).rows[0]!), ['id', 'name', 'doc', 'tags', 'at', 'raw']);
    await pglite.exec('ALTER TABLE things ADD COLUMN extra text');
    assert.deepEqual(Object.keys((await all()).rows[0]!), ['id', 'name', 'doc', 'tags', 'at', 'raw', 'extra']);
  });

  test('a migration script deallocates every statement', async () => {
    await sql`SELECT id FROM things WHERE id = ${1}`.execute(db);
    assert.ok((await prepared()).length > 0);
    await database.exec('ALTER TABLE things DROP COLUMN extra');
    assert.deepEqual(await prepared(), []);
    assert.deepEqual(Object.keys((await sql`SELECT * FROM things WHERE id = ${1}`.execute(db)).rows[0]!).length, 6);
  });

  test('beyond 256 texts the least recently used are closed', async () => {
    for (let i = 0; i < 300; i++) await sql`SELECT ${i}::int AS n, ${sql.raw(String(i))} AS m`.execute(db);
    const texts = (await prepared()).map((s) => s.statement);
    assert.ok(texts.length <= 257, `${texts.length} statements prepared`);
    assert.ok(texts.includes('SELECT $1::int AS n, 299 AS m'));
    assert.ok(!texts.includes('SELECT $1::int AS n, 0 AS m'));
  });
});
