// A new embedded database from the build's template: a PGlite data directory with every migration applied,
// made when the server is built (scripts/build.mjs, at `npm install`) by the same code a first start runs
// (openDatabase, then migrate). Copying it in takes a fraction of a second; creating the cluster (initdb, about
// 4 s of CPU) and applying the migrations took most of a first start.
// Only the compiled server (`npm start`, scripts/start.mjs) uses it. Run from source (tsx, the tests' compiled
// copy) a new database is created from nothing as before; both must end up alike (test/platform/compiled-start).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './database.js';
import { lockDataDir } from './data-dir-lock.js';
import { listMigrations, migrate, type Migration } from './migrate.js';

/** `true` in the compiled server (scripts/build.mjs defines it); not defined when run from source. */
declare const CREWBASE_COMPILED: boolean | undefined;
const COMPILED = typeof CREWBASE_COMPILED !== 'undefined' && CREWBASE_COMPILED === true;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = join(ROOT, 'dist');

/**
 * What decides a template's content, hashed: PGlite's version (its initdb and data format), the code that
 * creates a database and applies migrations, and each migration's name and checksum.
 */
export function templateKey(migrations: Migration[] = listMigrations()): string {
  const pglite = JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  const hash = createHash('sha256').update(`pglite ${pglite.version}\0`);
  for (const file of ['database.ts', 'migrate.ts', 'data-dir-template.ts'])
    hash.update(readFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url))));
  for (const migration of migrations) hash.update(`\0${migration.name}\0${migration.checksum}`);
  return hash.digest('hex').slice(0, 20);
}

/** The template (a data directory's `pgdata/`) of these migrations: complete once it has PG_VERSION. */
export const templatePath = (key: string) => join(DIST, `pgdata-${key}`);

const exists = (template: string) => existsSync(join(template, 'PG_VERSION'));

/** Whether `pgdata` holds no database yet: missing, or an empty folder (where PGlite would run initdb). */
function isNew(pgdata: string): boolean {
  try {
    return readdirSync(pgdata).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Whether the process a `<name>.partial-<pid>` folder was written by still runs. */
function writerRuns(name: string): boolean {
  try {
    process.kill(Number(name.slice(name.lastIndexOf('-') + 1)), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Build time: makes the template of the current migrations unless it exists, in a scratch DATA_DIR renamed
 * into place when complete; removes the templates of other keys. Returns its path.
 */
export async function ensureTemplate(log: (line: string) => void = () => {}): Promise<string> {
  const key = templateKey();
  const target = templatePath(key);
  if (!exists(target)) {
    log(`creating the migrated PGlite data directory new embedded databases start from: ${relative(ROOT, target)}/`);
    const scratch = `${target}.partial-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: scratch });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      if (templateKey() !== key) throw new Error('the migrations changed while the template was made: build again');
      try {
        renameSync(join(scratch, 'pgdata'), target);
      } catch (error) {
        if (!exists(target)) throw error; // else another build made the same template first
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  for (const name of readdirSync(DIST)) {
    const path = join(DIST, name);
    if (!name.startsWith('pgdata-') || path === target) continue;
    if (!name.includes('.partial-') || !writerRuns(name)) rmSync(path, { recursive: true, force: true });
  }
  return target;
}

/**
 * Start: when DATA_DIR holds no database yet and the compiled server's template of these migrations exists,
 * copies it in as `pgdata/` and returns the migrations it holds (the caller reports them applied, as a first
 * start does); otherwise returns [] and the database is created from nothing when opened. Copies under the
 * data-dir lock, so a directory another process has open is refused as opening it would (DataDirLocked); the
 * copy is written aside and renamed into place, so a start that dies half-way leaves no half database.
 */
export function seedFromTemplate(dataDir: string, migrations: Migration[] = listMigrations()): Migration[] {
  const pgdata = join(dataDir, 'pgdata');
  if (!COMPILED || !isNew(pgdata)) return [];
  const template = templatePath(templateKey(migrations));
  if (!exists(template)) return [];
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    if (!isNew(pgdata)) return []; // created meanwhile by a process that has let go of the directory since
    for (const name of readdirSync(dataDir))
      if (name.startsWith('pgdata.partial-')) rmSync(join(dataDir, name), { recursive: true, force: true });
    const partial = join(dataDir, `pgdata.partial-${process.pid}`);
    cpSync(template, partial, { recursive: true });
    if (existsSync(pgdata)) rmdirSync(pgdata); // empty (isNew)
    renameSync(partial, pgdata);
  } finally {
    lock.release();
  }
  return migrations;
}
