// Flags entries still open after their job's end plus the grace period (MISSING_STOP). Runs in
// the background worker, across companies, as crewbase_worker: one indexed UPDATE a minute.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inWorker } from '../../platform/db/tenant.js';

export async function flagMissingStops(database: Database, now = new Date()): Promise<number> {
  return inWorker(database, async (db) => {
    const result = await sql`UPDATE time_trackings SET has_errors = true,
        doc = jsonb_set(jsonb_set(doc, '{errors}', coalesce(doc->'errors', '[]'::jsonb) || '["MISSING_STOP"]'),
          '{allFoundErrors}', CASE WHEN coalesce(doc->'allFoundErrors', '[]'::jsonb) ? 'MISSING_STOP' THEN doc->'allFoundErrors'
            ELSE coalesce(doc->'allFoundErrors', '[]'::jsonb) || '["MISSING_STOP"]' END)
      WHERE time_end IS NULL AND NOT cancelled AND missing_stop_at < ${now} AND NOT coalesce(doc->'errors', '[]'::jsonb) ? 'MISSING_STOP'`.execute(
      db,
    );
    return Number(result.numAffectedRows ?? 0);
  });
}
