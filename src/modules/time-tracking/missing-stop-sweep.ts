// Flags entries still open after their job's end plus the grace period (MISSING_STOP). Runs in
// the background worker, across companies, as crewbase_worker: one indexed UPDATE a minute.
// Like every write of an entry it sets modified_at (the worker is no user: modified_by stays);
// time tracking is not a webhook entity, so there is no event to emit.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inWorker } from '../../platform/db/tenant.js';

const MISSING_STOP = sql.lit('MISSING_STOP');

export async function flagMissingStops(database: Database, now = new Date()): Promise<number> {
  return inWorker(database, async (db) => {
    // sql: the code is added inside the jsonb document, for every company in one statement.
    const result = await db
      .updateTable('time_trackings')
      .set({
        has_errors: true,
        modified_at: sql`now()`,
        doc: sql`jsonb_set(jsonb_set(doc, '{errors}', coalesce(doc->'errors', '[]'::jsonb) || '["MISSING_STOP"]'),
          '{allFoundErrors}', CASE WHEN coalesce(doc->'allFoundErrors', '[]'::jsonb) ? ${MISSING_STOP} THEN doc->'allFoundErrors'
            ELSE coalesce(doc->'allFoundErrors', '[]'::jsonb) || '["MISSING_STOP"]' END)`,
      })
      .where('time_end', 'is', null)
      .where((eb) => eb.not(eb.ref('cancelled')))
      .where('missing_stop_at', '<', now)
      .where(sql<boolean>`NOT coalesce(doc->'errors', '[]'::jsonb) ? ${MISSING_STOP}`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}
