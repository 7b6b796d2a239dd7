// A migrated database and app per test file: in-memory PGlite, or a PostgreSQL database when
// TEST_DATABASE_URL is set (copied from a migrated template; emptied for the process's next file, or dropped).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  linkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createApp, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../../src/platform/db/database.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { checkResponses, responseCheckEnabled } from './response-check.js';
import { makePgliteSnapshot, PGLITE_PARSERS, PGLITE_START_PARAMS } from './pglite-snapshot.js';

// The installed PGlite's version, read from its package file (its exports do not include it).
const PGLITE_VERSION: string = JSON.parse(
  readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), '../../node_modules/@electric-sql/pglite/package.json'),
    'utf8',
  ),
).version;
import { newObjectId } from '../../src/platform/ids.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');
const MIGRATE_CODE = join(dirname(fileURLToPath(import.meta.url)), '../../src/platform/db/migrate.ts');

/**
 * A hash of what decides the migrated schema: the migration files, the code that applies them, and the
 * month (UTC): migration 0020 makes the events table's partitions from the month it runs in, so a snapshot
 * or template made last month holds other partitions than one made now (on the 1st, tests comparing
 * schemas, or making last month's partition, failed against last month's).
 */
function schemaKey(extra: string): string {
  const month = new Date().toISOString().slice(0, 7);
  const hash = createHash('sha256').update(extra).update(month).update(readFileSync(MIGRATE_CODE));
  for (const name of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 16);
}

/** The URL of the database `name` on the server of `baseUrl`. */
export const withDatabase = (baseUrl: string, name: string) =>
  Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();

/**
 * A migrated PostgreSQL database to copy test databases from (CREATE DATABASE ... TEMPLATE takes a
 * fraction of a second, migrating takes seconds). The first file of a run builds it under an
 * advisory lock, the others wait and reuse it; it is renamed into place only once fully migrated.
 * Templates of earlier schemas are left alone (a run on another checkout may be copying one); they
 * are named crewbase_template_* and can be dropped at any time.
 */
async function postgresTemplate(baseUrl: string): Promise<string> {
  const name = `crewbase_template_${schemaKey('postgres')}`;
  const admin = await adminClient(baseUrl);
  try {
    await admin.query('SELECT pg_advisory_lock(727077101)');
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(baseUrl, building), poolSize: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.end(); // ends the session, and so releases the lock
  }
}

/** A connected client of `url` (the tests' superuser), for what the app does not do: creating and dropping databases. */
export async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function dropPostgres(baseUrl: string, name: string): Promise<void> {
  const client = await adminClient(baseUrl);
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

// One PostgreSQL database per test process, handed from file to file as the PGlite is (below): copying the
// template took 0.52-0.71 s of PostgreSQL's CPU per file (about 750 relations), emptying what a file wrote
// takes a fraction of that. Only in a process of several files (which drops it after its last); a file run
// alone drops its own. A database another session still uses, or whose catalogue changed, is dropped.
let sparePostgres: string | undefined;
let copiedCatalogue: string | undefined;
let copied = 0;
/** How many PostgreSQL databases this process has copied from the template (the lending's test reads it). */
export const postgresDatabasesCopied = () => copied;
const keepsPostgres = () => atProcessEnd !== undefined;

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  let name = sparePostgres;
  sparePostgres = undefined;
  if (!name) {
    const template = await postgresTemplate(baseUrl);
    name = `crewbase_test_${newObjectId()}`;
    copied += 1;
    const admin = await adminClient(baseUrl);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    if (keepsPostgres() && copiedCatalogue === undefined) {
      const client = await adminClient(withDatabase(baseUrl, name));
      try {
        copiedCatalogue = (await client.query<{ catalogue: string }>(CATALOGUE)).rows[0]!.catalogue;
      } finally {
        await client.end();
      }
    }
  }
  const url = withDatabase(baseUrl, name);
  return {
    url,
    async drop() {
      if (keepsPostgres() && !sparePostgres && (await emptyPostgres(url))) sparePostgres = name;
      else await dropPostgres(baseUrl, name);
    },
  };
}

/** Empties a test database for the next file; false when it cannot be handed on as copied. */
async function emptyPostgres(url: string): Promise<boolean> {
  let client: pg.Client | undefined;
  try {
    client = await adminClient(url);
    await client.query("SET lock_timeout = '2s'");
    const { rows } = await client.query<{ others: number }>(
      'SELECT count(*)::int AS others FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    if (rows[0]!.others > 0) return false; // a session of the file's, a server it started, autovacuum
    if ((await client.query<{ catalogue: string }>(CATALOGUE)).rows[0]!.catalogue !== copiedCatalogue) return false;
    const { tables } = (await client.query<{ tables: string | null }>(WRITTEN_TABLES)).rows[0]!;
    if (tables) await client.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
    return true;
  } catch {
    return false;
  } finally {
    await client?.end().catch(() => {});
  }
}

const PGLITE_SNAPSHOT_CODE = join(dirname(fileURLToPath(import.meta.url)), 'pglite-snapshot.ts');
const pgliteSnapshotPath = () =>
  join(tmpdir(), `crewbase-pglite-${schemaKey(PGLITE_VERSION + readFileSync(PGLITE_SNAPSHOT_CODE, 'utf8'))}.tar`);

/**
 * The tar of a migrated PGlite data directory (pglite-snapshot.ts), made once (keyed by the schema, the
 * PGlite version and the code that makes it) in the temp dir by the first test process that needs it;
 * initdb and migrating take seconds per file.
 */
export async function pgliteSnapshot(): Promise<string> {
  const snapshot = pgliteSnapshotPath();
  if (existsSync(snapshot)) return snapshot;
  // Uncompressed (about 14 MB): each file loads it in 0.4 s instead of 0.7 s for the gzipped one (measured at 45 MB).
  const dump = await makePgliteSnapshot();
  const partial = `${snapshot}.${process.pid}`;
  writeFileSync(partial, dump);
  // The first complete snapshot stays: a link fails when one exists, where a rename would replace a
  // file that another process is reading (a file-backed Blob fails once its file changed).
  try {
    linkSync(partial, snapshot);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  return snapshot;
}

/** An in-memory PGlite with every migration applied, loaded from the snapshot. */
export async function migratedPglite(): Promise<PGlite> {
  // A Blob read from the file, not one copied from a Buffer: about 0.45 s of CPU less per file.
  const loadDataDir = await openAsBlob(await pgliteSnapshot());
  return PGlite.create({
    loadDataDir,
    parsers: PGLITE_PARSERS,
    startParams: PGLITE_START_PARAMS,
    extensions: PGLITE_EXTENSIONS,
  });
}

// One PGlite per test process, handed from file to file (a folder's files share a process,
// scripts/test-schedule.mjs): loading one from the snapshot costs 1.0-1.4 s of CPU, emptying one about
// 0.2 s, and a warm one answers faster (five folders: 239.5 -> 161.1 s of CPU, 139 -> 98 s wall). A file
// gets it empty and as migrated; one that changed the schema, the roles or the migrations (the catalogue's
// fingerprint differs) or closed it is not handed on.
let spare: PGlite | undefined;
// An open PGlite keeps PostgreSQL's timers, which hold the process. In a process of several files the spare
// is closed after the last (the end the schedule's entry runs, scripts/test-schedule.mjs): a timer closed it
// when a file took more than a second to ask for it (the browser files build the console first) and the next
// one loaded another. A file run alone has no such end: a spare not lent again within a second is closed
// there. The timer itself holds nothing.
let spareTimer: NodeJS.Timeout | undefined;
const atProcessEnd = (globalThis as { [key: symbol]: Array<() => Promise<void>> | undefined })[
  Symbol.for('crewbase.test-run.at-process-end')
];
atProcessEnd?.push(async () => {
  const last = spare;
  spare = undefined;
  await last?.close();
});
atProcessEnd?.push(async () => {
  const name = sparePostgres;
  sparePostgres = undefined;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (name && baseUrl) await dropPostgres(baseUrl, name);
});
let migratedCatalogue: string | undefined;
let loaded = 0;
/** How many embedded databases this process has loaded from the snapshot (the lending's test reads it). */
export const embeddedDatabasesLoaded = () => loaded;

const CATALOGUE = `SELECT md5(concat(
  (SELECT string_agg(concat(oid, relname, relkind, relnatts, relhastriggers, relrowsecurity), ',' ORDER BY oid) FROM pg_class),
  (SELECT string_agg(concat(oid, tgenabled), ',' ORDER BY oid) FROM pg_trigger),
  (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_proc),
  (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_policy),
  (SELECT string_agg(concat(oid, rolname), ',' ORDER BY oid) FROM pg_authid),
  (SELECT count(*) FROM pg_attribute WHERE NOT attisdropped),
  (SELECT string_agg(concat(setdatabase, setrole, array_to_string(setconfig, ',')), ';' ORDER BY setdatabase, setrole) FROM pg_db_role_setting),
  (SELECT string_agg(concat(version, checksum), ',' ORDER BY version) FROM schema_migrations))) AS catalogue`;
// The tables a file wrote (any page, or a sequence of theirs used), but the migrations' own; a partition
// through its parent. Truncating every table took 110-240 ms of CPU a file (new files for each table and
// index in PGlite's file system); most files write a few tables. RESTART IDENTITY resets the sequences of
// those truncated, and a table whose sequence was used is among them, so the next file finds them as new.
const WRITTEN_TABLES = `WITH candidate AS MATERIALIZED (
    SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND c.relname <> 'schema_migrations'
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
  ), root AS MATERIALIZED (
    SELECT oid, coalesce(pg_partition_root(oid), oid) AS root FROM candidate
  )
  SELECT string_agg(DISTINCT format('%I.%I', rn.nspname, r.relname), ', ') AS tables
  FROM root JOIN pg_class r ON r.oid = root.root JOIN pg_namespace rn ON rn.oid = r.relnamespace
  WHERE pg_relation_size(root.oid) > 0 OR EXISTS (
    SELECT 1 FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
    WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.refobjid IN (root.oid, root.root)
      AND CASE WHEN s.relkind = 'S' THEN pg_sequence_last_value(s.oid) END IS NOT NULL)`; // CASE: the planner may call it on other rows first

const catalogue = async (pglite: PGlite) => (await pglite.query<{ catalogue: string }>(CATALOGUE)).rows[0]!.catalogue;

async function lendPglite(): Promise<PGlite> {
  const lent = spare;
  spare = undefined;
  clearTimeout(spareTimer);
  if (lent) return lent;
  loaded += 1;
  const pglite = await migratedPglite();
  migratedCatalogue ??= await catalogue(pglite);
  return pglite;
}

const DISCARD_ALL_BUT_THE_APPS_STATEMENTS = `
  CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; UNLISTEN *; SELECT pg_advisory_unlock_all();
  DISCARD PLANS; DISCARD TEMP; DISCARD SEQUENCES;
  DO $$ DECLARE s text; BEGIN
    FOR s IN SELECT name FROM pg_prepared_statements WHERE from_sql LOOP EXECUTE format('DEALLOCATE %I', s); END LOOP;
  END $$;`;

/** Empties a lent PGlite and keeps it for the next file, or closes it when it cannot be handed on as migrated. */
async function giveBack(pglite: PGlite): Promise<void> {
  if (pglite.closed) return;
  try {
    // Session state a file may have left: settings, temporary tables, advisory locks, statements a test
    // prepared itself. DISCARD ALL without its DEALLOCATE ALL: the app's own prepared statements
    // (src/platform/db/pglite-dialect.ts) stay for the next file's app, which sends the same texts.
    await pglite.exec('ROLLBACK'); // a warning only, when no transaction is open
    await pglite.exec(DISCARD_ALL_BUT_THE_APPS_STATEMENTS);
    if (!spare && (await catalogue(pglite)) === migratedCatalogue) {
      const { tables } = (await pglite.query<{ tables: string | null }>(WRITTEN_TABLES)).rows[0]!;
      if (tables) await pglite.exec(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
      spare = pglite;
      if (!atProcessEnd)
        spareTimer = setTimeout(() => {
          spare = undefined;
          void pglite.close();
        }, 1000).unref();
      return;
    }
  } catch {
    /* not reusable: closed below */
  }
  await pglite.close();
}

/**
 * Fills the empty directory `dataDir` with a migrated PGlite database, for tests of the embedded database
 * on disk (locks, restarts) that are not about creating one: opening it takes a fraction of a second,
 * creating and migrating one about 4 s of CPU.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const pgdata = join(dataDir, 'pgdata'); // where openDatabase keeps the cluster in DATA_DIR
  mkdirSync(pgdata, { recursive: true });
  execFileSync('tar', ['-xf', await pgliteSnapshot(), '-C', pgdata], { stdio: 'ignore' });
  return dataDir;
}

/** Extra createApp dependencies a test may supply (e.g. a stub `resolveHost`). */
export type ExtraAppDeps = Partial<Omit<AppDeps, 'config' | 'database'>>;

export async function createTestApp(env: Record<string, string> = {}, extraDeps: ExtraAppDeps = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    SMS_SINK: `file:${join(dataDir, 'sms.jsonl')}`,
    API_KEY_CACHE_SECONDS: '1',
    // Sign-up open without a challenge or hourly cap: most files sign up many companies (sms-abuse.test.ts tests them).
    SIGNUP: 'open',
    SIGNUP_PROOF_BITS: '0',
    SIGNUP_PER_IP_PER_HOUR: '1000000',
    ...env,
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const fresh = pgUrl ? await freshPostgres(pgUrl) : undefined;
  // Both start migrated: copied from a template or snapshot keyed by the migrations and the migrator.
  // TEST_DATABASE_POOLED_URL: the app reaches its database through PgBouncer in transaction mode
  // (test/platform/pgbouncer.test.ts); creating and dropping it stays direct.
  const pooled = process.env.TEST_DATABASE_POOLED_URL;
  let lent: PGlite | undefined;
  const database = fresh
    ? await openDatabase({
        kind: 'postgres',
        url: pooled ? withDatabase(pooled, new URL(fresh.url).pathname.slice(1)) : fresh.url,
        poolSize: 5,
        pooler: pooled ? 'transaction' : 'none',
      })
    : await openDatabase({ kind: 'pglite-instance', pglite: (lent = await lendPglite()), keepOpen: true });
  const app = await createApp({ config, database, logger: false, ...extraDeps });
  if (responseCheckEnabled()) checkResponses(app);
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await fresh?.drop();
      if (lent) await giveBack(lent);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Tenant {
  companyId: string;
  userId: string;
  token: string;
  refreshToken: string;
  headers: Record<string, string>;
}

let signupCounter = 0;

export async function signup(app: FastifyInstance, name = 'Company'): Promise<Tenant> {
  signupCounter += 1;
  const username = `admin-${newObjectId()}`;
  const response = await app.inject({
    method: 'POST',
    url: '/v2/company/signup',
    payload: { companyName: `${name} ${signupCounter}`, username, password: 'correct-horse-battery' },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { ...body, token: body.accessToken, headers: { authorization: `Bearer ${body.accessToken}` } };
}

/**
 * A value of parsed JSON, above all of an answer. Tests read the answers of every route field by
 * field and assert what they find (VALIDATE_RESPONSES=1 checks each answer against its route's
 * schema), so the body is as loose as JSON read by name: no casts at call sites, and callbacks over
 * its lists take `Json`.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one loose type of JSON answers; tests assert their shape field by field
export type Json = any;

/** Injects with JSON and returns status, parsed body (the text when it is not JSON) and headers. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
  let body: Json;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/**
 * Waits for a later turn of the event loop, where a real client's next request would arrive (as I/O). A loop of
 * injected requests that never leaves the microtask queue (on PGlite, a read with a known token) would otherwise
 * starve work that yields between its steps, such as an import's or a planning's slices.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
