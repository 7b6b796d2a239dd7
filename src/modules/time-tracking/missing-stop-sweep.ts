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
      WHERE time_end IS NULL AND NOT cancelled AND missing_stop_at < ${now} AND NOT coalesce(doc->'errors', '[]'::jsonb) ? 'MISSING_STOP'`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** Runs the sweep every `everyMs`; returns a function that stops it and waits for a running sweep. */
export function startMissingStopSweep(database: Database, log: { error(obj: object, msg: string): void }, everyMs = 60_000) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = flagMissingStops(database).catch((err) => log.error({ err }, 'missing-stop sweep failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
