// Growth over years: the events table is partitioned by month (migration 0020). The worker makes
// the partitions ahead of time and drops whole months older than EVENT_RETENTION_MONTHS; both run
// as crewbase_worker through SECURITY DEFINER functions, which alone may change the table.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { inWorker } from '../db/tenant.js';

/** Partitions are made for the current month and this many after it. */
export const MONTHS_AHEAD = 2;

/**
 * Makes the partitions of the month of `now` (default: the database's clock) and the `ahead` months
 * after it; rows the DEFAULT partition caught for those months move in. Returns how many it made.
 */
export async function prepareEventPartitions(database: Database, now?: Date, ahead = MONTHS_AHEAD): Promise<number> {
  return inWorker(database, async (db) => {
    // sql: a SECURITY DEFINER function of migration 0020 (only the table's owner may attach partitions)
    const { rows } = await sql<{ made: number }>`
      SELECT crewbase_event_partitions_ahead(${now ?? null}::timestamptz, ${ahead}) AS made`.execute(db);
    return rows[0]!.made;
  });
}

/**
 * The first instant still kept: the first of the month `retentionMonths` before the month of `now`
 * (UTC). So an event is kept at least `retentionMonths` and less than one month more.
 */
export function retentionCutoff(now: Date, retentionMonths: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths, 1));
}

/**
 * Drops the months of events before the retention cutoff (whole partitions, and the DEFAULT
 * partition's rows), remembering per company the newest event dropped (the feed's horizon).
 * `retentionMonths` 0 keeps everything. Returns how many partitions it dropped.
 */
export async function dropExpiredEvents(
  database: Database,
  retentionMonths: number,
  now = new Date(),
): Promise<number> {
  if (retentionMonths === 0) return 0;
  const cutoff = retentionCutoff(now, retentionMonths);
  // One month per transaction: events is locked only for each month's DETACH and DROP (migration 0021).
  let dropped = 0;
  for (;;) {
    const one = await inWorker(database, async (db) => {
      // sql: a SECURITY DEFINER function of migration 0021 (detach and drop need the table's owner)
      const { rows } = await sql<{ dropped: number }>`
        SELECT crewbase_drop_events_before(${cutoff}::timestamptz) AS dropped`.execute(db);
      return rows[0]!.dropped;
    });
    if (one === 0) return dropped;
    dropped += one;
  }
}

/** The worker's hourly (and start-up) upkeep of the events table: partitions ahead, then retention. */
export async function maintainEventPartitions(database: Database, retentionMonths: number): Promise<void> {
  await prepareEventPartitions(database);
  await dropExpiredEvents(database, retentionMonths);
}
