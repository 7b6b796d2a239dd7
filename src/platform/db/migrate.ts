// Forward-only migrations: numbered SQL files, each applied once in its own transaction
// under an advisory lock, so several servers starting at once apply each file once.
// A landed migration is immutable: its checksum is recorded when it is applied and compared on
// every start, so an edited file fails loudly instead of being skipped on existing databases.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
const LOCK_ID = 7_270_771;

export interface Migration {
  version: number;
  name: string;
  script: string;
  checksum: string;
}

/** An applied migration whose file changed, was renamed or is gone: the server must not start. */
export class MigrationMismatchError extends Error {
  override name = 'MigrationMismatchError';
}

/**
 * sha256 of the file's bytes with CRLF read as LF: a checkout that converts line endings
 * (git core.autocrlf on Windows) changes no checksum, any other byte (comments too) does.
 */
export function migrationChecksum(bytes: Buffer): string {
  const lf = Buffer.from(bytes.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'); // latin1 keeps every byte
  return createHash('sha256').update(lf).digest('hex');
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const bytes = readFileSync(join(dir, file));
      return {
        version: Number(file.slice(0, 4)),
        name: file,
        script: bytes.toString('utf8'),
        checksum: migrationChecksum(bytes),
      };
    });
}

interface AppliedRow {
  version: number;
  name: string;
  checksum?: string | null;
}

// The checksum column came later than the table, so it is added here too; checked first because
// ALTER TABLE locks the table even when the column exists, and servers start side by side.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), checksum text);
  DO $add$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_attribute
                   WHERE attrelid = 'schema_migrations'::regclass AND attname = 'checksum' AND NOT attisdropped) THEN
      ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text;
    END IF;
  END $add$;`;

async function appliedRows(database: Database): Promise<AppliedRow[]> {
  // SELECT *: /ready may read a database whose table has no checksum column yet (undefined = not recorded).
  // sql: schema_migrations is the migrator's own table, not part of the generated schema types
  const { rows } = await sql<AppliedRow>`SELECT * FROM schema_migrations ORDER BY version`.execute(database.kysely);
  return rows;
}

/** Throws when an applied migration's file differs from what was applied; returns the applied versions. */
function checkApplied(rows: AppliedRow[], migrations: Migration[]): Set<number> {
  const files = new Map(migrations.map((m) => [m.version, m]));
  const problems: string[] = [];
  for (const row of rows) {
    const file = files.get(row.version);
    if (!file) {
      problems.push(
        `migration ${row.name} was applied to this database but its file is missing: restore the file (a landed migration is never removed; undo it in a new migration)`,
      );
    } else if (file.name !== row.name) {
      problems.push(
        `migration ${row.name} was applied to this database but its file is now named ${file.name}: restore the name`,
      );
    } else if (row.checksum && row.checksum !== file.checksum) {
      problems.push(
        `migration ${row.name} changed after it was applied to this database (checksum ${file.checksum.slice(0, 12)}, recorded ${row.checksum.slice(0, 12)}): restore the file and put the change in a new migration`,
      );
    }
  }
  if (problems.length) throw new MigrationMismatchError(problems.join('\n'));
  return new Set(rows.map((row) => row.version));
}

export async function migrate(
  database: Database,
  log: (line: string) => void = () => {},
  dir = MIGRATIONS_DIR,
): Promise<number> {
  await database.exec(CREATE_TABLE);
  const migrations = listMigrations(dir);
  const rows = await appliedRows(database);
  const applied = checkApplied(rows, migrations);
  // Rows from before checksums were kept: the current file is taken as what was applied, once.
  const unrecorded = rows.filter((row) => !row.checksum);
  for (const row of unrecorded) {
    const { checksum } = migrations.find((m) => m.version === row.version)!;
    // sql: the migrator's own table (not in the generated schema types)
    await sql`UPDATE schema_migrations SET checksum = ${checksum} WHERE version = ${row.version} AND checksum IS NULL`.execute(
      database.kysely,
    );
  }
  if (unrecorded.length)
    log(`recorded the checksums of ${unrecorded.length} migration(s) applied before checksums were kept`);
  let count = 0;
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    // The guard re-checks under the lock: another process may have applied it meanwhile.
    const script = `BEGIN;
      SELECT pg_advisory_xact_lock(${LOCK_ID});
      DO $guard$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = ${migration.version}) THEN
          RAISE EXCEPTION 'crewbase: migration already applied' USING ERRCODE = 'P0001', HINT = 'already-applied';
        END IF;
      END $guard$;
      ${migration.script}
      ;INSERT INTO schema_migrations (version, name, checksum) VALUES (${migration.version}, '${migration.name}', '${migration.checksum}');
      COMMIT;`;
    try {
      await database.exec(script);
      count += 1;
      log(`applied ${migration.name}`);
    } catch (error) {
      if ((error as { hint?: string }).hint === 'already-applied') continue;
      throw error;
    }
  }
  return count;
}

/** For /ready: the files not applied yet; throws MigrationMismatchError as migrate does (it writes nothing). */
export async function pendingMigrations(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = listMigrations(dir);
  const applied = checkApplied(await appliedRows(database), migrations);
  return migrations.filter((m) => !applied.has(m.version)).map((m) => m.name);
}
