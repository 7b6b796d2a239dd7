// Forward-only migrations: numbered SQL files, each applied once in its own transaction
// under an advisory lock, so several servers starting at once apply each file once.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
const LOCK_ID = 7_270_771;

export interface Migration { version: number; name: string; script: string }

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 4)), name: file, script: readFileSync(dir + file, 'utf8') }));
}

async function appliedVersions(database: Database): Promise<Set<number>> {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(database.kysely);
  return new Set(rows.map((row) => row.version));
}

export async function migrate(database: Database, log: (line: string) => void = () => {}): Promise<number> {
  const applied = await appliedVersions(database);
  let count = 0;
  for (const migration of listMigrations()) {
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
      ;INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, '${migration.name}');
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

export async function pendingMigrations(database: Database): Promise<string[]> {
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(database.kysely);
  const applied = new Set(rows.map((row) => row.version));
  return listMigrations().filter((m) => !applied.has(m.version)).map((m) => m.name);
}
