// The test helper hands one embedded database from file to file of a process (test/helpers/test-app.ts):
// the next file must find it empty and as migrated, and a database whose schema a file changed must not
// be handed on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Database } from '../../src/platform/db/database.js';
import { call, createTestApp, embeddedDatabasesLoaded, signup } from '../helpers/test-app.js';

const onPglite = { skip: process.env.TEST_DATABASE_URL ? 'the lending is of the embedded database' : false };

const count = async (database: Database, table: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(database.kysely)).rows[0]!.n;

const marker = async (database: Database) =>
  (await sql<{ v: string }>`SELECT current_setting('crewbase_test.marker', true) AS v`.execute(database.kysely))
    .rows[0]!.v;

test('the next app gets the database emptied, as migrated', onPglite, async () => {
  const first = await createTestApp();
  const tenant = await signup(first.app);
  assert.equal((await call(first.app, 'POST', '/v2/customers', tenant.headers, { name: 'Erste GmbH' })).status, 201);
  const migrations = await count(first.database, 'schema_migrations');
  assert.ok((await count(first.database, 'companies')) > 0);
  await first.database.exec(`SET crewbase_test.marker = 'left behind'`); // session state, outside a transaction
  await first.close();

  const loadedBefore = embeddedDatabasesLoaded();
  const second = await createTestApp();
  try {
    assert.equal(embeddedDatabasesLoaded(), loadedBefore, 'lent again, not loaded again');
    for (const table of ['companies', 'users', 'customers', 'events'])
      assert.equal(await count(second.database, table), 0, table);
    assert.equal(await count(second.database, 'schema_migrations'), migrations);
    assert.ok(!(await marker(second.database)), 'the session settings were discarded');
    const again = await signup(second.app);
    assert.equal((await call(second.app, 'POST', '/v2/customers', again.headers, { name: 'Zweite GmbH' })).status, 201);
    const seq = await sql<{ seq: number }>`SELECT min(seq)::int AS seq FROM events`.execute(second.database.kysely);
    assert.equal(seq.rows[0]!.seq, 1, 'the event sequence starts again');
  } finally {
    await second.close();
  }
});

test('a table only whose sequence a file used starts its sequence again', onPglite, async () => {
  const first = await createTestApp();
  assert.equal(await count(first.database, 'events'), 0);
  await first.database.exec(`SELECT nextval(pg_get_serial_sequence('events', 'seq')) FROM generate_series(1, 5)`);
  await first.close();
  const second = await createTestApp();
  try {
    const tenant = await signup(second.app);
    assert.equal(
      (await call(second.app, 'POST', '/v2/customers', tenant.headers, { name: 'Dritte GmbH' })).status,
      201,
    );
    const seq = await sql<{ seq: number }>`SELECT min(seq)::int AS seq FROM events`.execute(second.database.kysely);
    assert.equal(seq.rows[0]!.seq, 1, 'the event sequence starts again');
  } finally {
    await second.close();
  }
});

test('a database whose schema a file changed is not handed on', onPglite, async () => {
  const first = await createTestApp();
  await first.database.exec('CREATE TABLE crewbase_test_leftover (id int)');
  await first.close();
  const loadedBefore = embeddedDatabasesLoaded();
  const second = await createTestApp();
  try {
    assert.equal(embeddedDatabasesLoaded(), loadedBefore + 1, 'loaded afresh');
    const { rows } = await sql<{
      found: string | null;
    }>`SELECT to_regclass('crewbase_test_leftover')::text AS found`.execute(second.database.kysely);
    assert.equal(rows[0]!.found, null);
  } finally {
    await second.close();
  }
});

const inProcessOfSeveralFiles = Symbol.for('crewbase.test-run.at-process-end') in globalThis;

test('in a process of several files, the emptied database waits for the next file however late it asks', {
  skip: onPglite.skip || (!inProcessOfSeveralFiles && 'runs alone: its spare is closed after a second'),
}, async () => {
  await (await createTestApp()).close();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the browser files build the console first
  const loadedBefore = embeddedDatabasesLoaded();
  const next = await createTestApp();
  try {
    assert.equal(embeddedDatabasesLoaded(), loadedBefore, 'lent again, not loaded again');
  } finally {
    await next.close();
  }
});
