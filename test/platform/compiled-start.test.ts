// The compiled server, as `npm start` runs it (scripts/start.mjs, the build of scripts/build.mjs): a new embedded
// database starts as a copy of the build's migrated template and ends up as one created from nothing and migrated
// (the same migrations with the same checksums, the same schema), reporting the migrations as a first start does;
// the server serves from it; a directory another process holds is refused as before; and on PostgreSQL it migrates
// and serves too.
// test-run: own process (it waits on the commands it starts; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { lockDataDir } from '../../src/platform/db/data-dir-lock.js';
import { templateKey, templatePath } from '../../src/platform/db/data-dir-template.js';
import { openDatabase, type Database } from '../../src/platform/db/database.js';
import { listMigrations } from '../../src/platform/db/migrate.js';
import { killChildren, spawnChild } from '../helpers/child-processes.js';
import { withScratchPostgres } from '../helpers/scratch-postgres.js';
import { migratedDataDir } from '../helpers/test-app.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const START = join(ROOT, 'scripts/start.mjs');
const root = mkdtempSync(join(tmpdir(), 'crewbase-compiled-'));

after(() => {
  killChildren();
  rmSync(root, { recursive: true, force: true });
});

/** The environment of a command on `dataDir` (embedded PGlite unless databaseUrl is given). */
function envFor(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET: 'compiled-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    WARM_UP: 'true',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

const command = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  spawnSync(process.execPath, [START, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });

/** What a first start prints: each migration applied, then the count. */
const firstStartOutput = (kind: string) => {
  const names = listMigrations().map((m) => m.name);
  return `${names.map((name) => `applied ${name}\n`).join('')}database ready (${kind}, ${names.length} migration(s) applied)\n`;
};

/** Starts `serve`, waits until it listens, checks /ready and the reference page, stops it with SIGTERM: exit 0. */
async function serveOnce(env: NodeJS.ProcessEnv) {
  const child = spawnChild(process.execPath, [START, 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  let base: string | undefined;
  while (!(base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1])) {
    assert.equal(child.exitCode, null, `the server exited: ${output}`);
    assert.ok(Date.now() < deadline, `the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ready = await fetch(`${base}/ready`);
  assert.equal(ready.status, 200, output);
  // On PostgreSQL /ready also names the database role it reached (docs/operations.md).
  assert.equal((await ready.json()).status, 'ready');
  // The reference page loads its vendor plugin at the first request (platform/openapi/reference-page.ts).
  const page = await fetch(`${base}/v2/docs/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type')!, /^text\/html/);
  assert.match(await page.text(), /Crewbase API reference/);
  // Once it listens, it builds the validators no request has needed yet, and loads what requests would load at
  // their first use (the holiday calendar, the webhook and push senders), in the background.
  let warmed: RegExpExecArray | null;
  while (
    !(warmed = /"built":(\d+),"warmed":(\[[^\]]*\]),"ms":\d+,"msg":"route validators built and first-use work/.exec(
      output,
    ))
  ) {
    assert.ok(Date.now() < deadline, `no background warm-up reported: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(Number(warmed[1]) > 100, `most routes' validators are built before their first request: ${warmed[0]}`);
  assert.deepEqual(
    (JSON.parse(warmed[2]!) as string[]).sort(),
    ['holiday calendar', 'push sender (web-push)', 'webhook sender (undici)'],
    warmed[0],
  );
  child.kill('SIGTERM');
  assert.deepEqual(await exited, [0, null], output);
}

/** What decides the schema: tables and columns, constraints, indexes, functions, policies, row security, roles. */
async function schemaOf(database: Database) {
  const { rows } = await sql<{ kind: string; entry: string }>`
    SELECT 'column' AS kind, format('%s.%s.%s %s %s %s', table_schema, table_name, column_name, data_type,
           is_nullable, column_default) AS entry
      FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'constraint', conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace::regnamespace::text NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'index', indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'function', p.oid::regprocedure || ' ' || md5(pg_get_functiondef(p.oid))
      FROM pg_proc p WHERE pronamespace::regnamespace::text NOT IN ('pg_catalog', 'information_schema') AND prokind <> 'a'
    UNION ALL SELECT 'policy', format('%s %s %s %s %s %s', tablename, policyname, cmd, roles, qual, with_check)
      FROM pg_policies
    UNION ALL SELECT 'row security', format('%s %s %s', oid::regclass, relrowsecurity, relforcerowsecurity)
      FROM pg_class WHERE relrowsecurity
    UNION ALL SELECT 'trigger', tgrelid::regclass || ' ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'role', format('%s %s %s', rolname, rolsuper, rolbypassrls) FROM pg_roles WHERE rolname !~ '^pg_'
    UNION ALL SELECT 'grant', format('%s %s %s', grantee, table_name, privilege_type)
      FROM information_schema.role_table_grants WHERE table_schema = 'public'
    ORDER BY 1, 2`.execute(database.kysely);
  // The events table's month partitions are named for the month the database was made in (migration 0020
  // makes that month's and the two after it; the server's worker makes the current ones at start), so a
  // template built last month differs there alone: they are compared by shape, not by month.
  return rows.map((row) => `${row.kind}: ${row.entry}`.replace(/events_\d{6}/g, 'events_<month>')).sort();
}

async function appliedMigrations(database: Database) {
  // sql: the migrator's own table (not in the generated schema types)
  const { rows } = await sql<{ version: number; name: string; checksum: string }>`
    SELECT version, name, checksum FROM schema_migrations ORDER BY version`.execute(database.kysely);
  return rows.map((row) => ({ ...row }));
}

async function readDataDir<T>(dataDir: string, read: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

/** The system identifier initdb gave a cluster (the first 8 bytes of global/pg_control): the same in a copy. */
const systemIdentifier = (pgdata: string) =>
  readFileSync(join(pgdata, 'global/pg_control')).subarray(0, 8).toString('hex');

before(() => {
  // What `npm install` (the prepare script) makes: the build of the current sources and the template.
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300_000,
  });
  assert.equal(build.status, 0, `${build.stdout}${build.stderr}`);
});

describe('a new embedded database, compiled start', () => {
  const dataDir = join(root, 'fresh'); // does not exist yet, as on a first `npm start`

  test('starts from the template and ends up migrated as one created from nothing', { timeout: 180_000 }, async (t) => {
    const migrated = command(envFor(dataDir), 'migrate');
    assert.equal(migrated.status, 0, migrated.stderr);
    assert.equal(migrated.stdout, firstStartOutput('pglite'), 'it reports what a first start reports');
    const template = templatePath(templateKey());
    assert.equal(
      systemIdentifier(join(dataDir, 'pgdata')),
      systemIdentifier(template),
      'the cluster is a copy of the template',
    );
    assert.equal(existsSync(join(dataDir, 'crewbase.lock')), false, 'the data-dir lock was released');

    const expected = listMigrations().map((m) => ({ version: m.version, name: m.name, checksum: m.checksum }));
    const seeded = await readDataDir(dataDir, async (database) => ({
      migrations: await appliedMigrations(database),
      schema: await schemaOf(database),
    }));
    assert.deepEqual(seeded.migrations, expected, 'every migration applied, with the checksums of the files');
    // The tests' database: a cluster created in memory (initdb) and migrated from nothing (test-app.ts).
    const fromNothing = await readDataDir(await migratedDataDir(join(root, 'from-nothing')), async (database) => ({
      migrations: await appliedMigrations(database),
      schema: await schemaOf(database),
    }));
    assert.deepEqual(fromNothing.migrations, expected);
    t.diagnostic(`schema entries compared: ${seeded.schema.length}`);
    assert.ok(seeded.schema.length > 100, `a whole schema was compared (${seeded.schema.length} entries)`);
    assert.deepEqual(seeded.schema, fromNothing.schema);
  });

  test('the compiled server serves from it, and a second start migrates nothing', { timeout: 180_000 }, async () => {
    await serveOnce(envFor(dataDir));
    const again = command(envFor(dataDir), 'migrate');
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stdout, 'database ready (pglite, 0 migration(s) applied)\n');
  });

  test('a new directory another process holds is refused, naming it, and nothing is copied', {
    timeout: 120_000,
  }, () => {
    const held = join(root, 'held');
    mkdirSync(held);
    const lock = lockDataDir(held, 'a test holding it');
    try {
      const refused = command(envFor(held), 'company', 'create', '--name', 'N', '--username', 'u', '--password', 'p');
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, new RegExp(`in use by process ${process.pid} \\(a test holding it, since`));
      assert.equal(refused.stdout, '');
      assert.equal(existsSync(join(held, 'pgdata')), false);
    } finally {
      lock.release();
    }
  });
});

test('PostgreSQL: the compiled server migrates a new database and serves', {
  timeout: 180_000,
  skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set',
}, async () => {
  await withScratchPostgres('crewbase_compiled', async (url) => {
    const env = envFor(join(root, 'postgres'), url);
    const migrated = command(env, 'migrate');
    assert.equal(migrated.status, 0, migrated.stderr);
    assert.equal(migrated.stdout, firstStartOutput('postgres'));
    await serveOnce(env);
  });
});
