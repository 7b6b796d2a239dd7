// The test helper hands one database from file to file of a process (test/helpers/test-app.ts), the embedded
// one or, in a process of several files, the PostgreSQL one: the next file must find it empty and as migrated,
// and a database whose schema a file changed (or, on PostgreSQL, that another session still uses) must not be
// handed on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Database } from '../../src/platform/db/database.js';
import {
  adminClient,
  call,
  createTestApp,
  embeddedDatabasesLoaded,
  postgresDatabasesCopied,
  signup,
  type TestApp,
  withDatabase,
} from '../helpers/test-app.js';

const onPglite = { skip: process.env.TEST_DATABASE_URL ? 'the lending is of the embedded database' : false };
const inProcessOfSeveralFiles = Symbol.for('crewbase.test-run.at-process-end') in globalThis;
const onPostgres = {
  skip: !process.env.TEST_DATABASE_URL
    ? 'the lending of a PostgreSQL database'
    : process.env.TEST_DATABASE_POOLED_URL
      ? 'behind the pooler the database is never handed on (the pooler keeps its connections)'
      : !inProcessOfSeveralFiles && 'a file run alone drops its database',
};
const databaseName = async (database: Database) =>
  (await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.kysely)).rows[0]!.name;
const databaseExists = async (name: string) => {
  const admin = await adminClient(process.env.TEST_DATABASE_URL!);
  try {
    return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
};

const count = async (database: Database, table: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(database.kysely)).rows[0]!.n;

/** The handed-on database holds no rows but the migrations', and a new company works in it from event 1. */
async function assertEmptiedAndUsable(app: TestApp, migrations: number) {
  for (const table of ['companies', 'users', 'customers', 'events'])
    assert.equal(await count(app.database, table), 0, table);
  assert.equal(await count(app.database, 'schema_migrations'), migrations);
  const again = await signup(app.app);
  assert.equal((await call(app.app, 'POST', '/v2/customers', again.headers, { name: 'Zweite GmbH' })).status, 201);
  const seq = await sql<{ seq: number }>`SELECT min(seq)::int AS seq FROM events`.execute(app.database.kysely);
  assert.equal(seq.rows[0]!.seq, 1, 'the event sequence starts again');
}

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
    assert.ok(!(await marker(second.database)), 'the session settings were discarded');
    await assertEmptiedAndUsable(second, migrations);
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

test('on PostgreSQL the next app gets the same database, emptied, as migrated', onPostgres, async () => {
  const first = await createTestApp();
  const tenant = await signup(first.app);
  assert.equal((await call(first.app, 'POST', '/v2/customers', tenant.headers, { name: 'Erste GmbH' })).status, 201);
  const name = await databaseName(first.database);
  const migrations = await count(first.database, 'schema_migrations');
  await first.close();

  const copiedBefore = postgresDatabasesCopied();
  const second = await createTestApp();
  try {
    assert.equal(await databaseName(second.database), name, 'handed on');
    assert.equal(postgresDatabasesCopied(), copiedBefore, 'not copied again');
    await assertEmptiedAndUsable(second, migrations);
  } finally {
    await second.close();
  }
});

test('on PostgreSQL a changed schema, or a session still open, drops the database instead', onPostgres, async () => {
  const changed = await createTestApp();
  await changed.database.exec('CREATE TABLE crewbase_test_leftover (id int)');
  const changedName = await databaseName(changed.database);
  await changed.close();
  assert.equal(await databaseExists(changedName), false, 'a changed schema: dropped');

  const used = await createTestApp();
  const usedName = await databaseName(used.database);
  const session = await adminClient(withDatabase(process.env.TEST_DATABASE_URL!, usedName));
  session.on('error', () => {}); // ended by the drop
  await used.close();
  await session.end().catch(() => {});
  assert.equal(await databaseExists(usedName), false, 'another session: dropped');

  const copiedBefore = postgresDatabasesCopied();
  const next = await createTestApp();
  try {
    assert.equal(postgresDatabasesCopied(), copiedBefore + 1, 'the next app gets a fresh copy');
    assert.notEqual(await databaseName(next.database), usedName);
  } finally {
    await next.close();
  }
});
