// SQL of the delivery worker (as the worker role, across companies): claiming due deliveries with
// their webhook and event, recording an attempt's outcome, and forgetting old attempts.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.generated.js';
import { newObjectId } from '../../platform/ids.js';
import { findEvents } from '../../platform/outbox/event-feed.js';

export interface Claimed {
  company_id: string;
  id: string;
  webhook_id: string;
  attempts: number;
  event_id: string;
  type: string;
  entity: string;
  occurred_at: Date;
  data: unknown;
  url: string | null;
  secret_sealed: string | null;
  disabled_at: Date | null;
}

export /** Claims due deliveries (with their webhook), then reads their events from the outbox. */
async function claim(db: Kysely<DB>, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  // sql: claim with FOR UPDATE SKIP LOCKED and a lease in one statement (CTEs over an UPDATE … FROM)
  const { rows } = await sql<Omit<Claimed, 'type' | 'entity' | 'occurred_at' | 'data'>>`
    WITH due AS (
      SELECT company_id, id FROM webhook_deliveries
      WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'delivering' AND lease_until < now())
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries d SET status = 'delivering', attempts = d.attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseSeconds})
      FROM due WHERE d.company_id = due.company_id AND d.id = due.id
      RETURNING d.company_id, d.id, d.webhook_id, d.event_id, d.attempts
    )
    SELECT c.*, w.url, w.secret_sealed, w.disabled_at
    FROM claimed c
    LEFT JOIN webhooks w ON w.company_id = c.company_id AND w.id = c.webhook_id`.execute(db);
  const events = await findEvents(
    db,
    rows.map((row) => ({ companyId: row.company_id, id: row.event_id })),
  );
  const eventOf = new Map(events.map((event) => [`${event.company_id}:${event.id}`, event]));
  // A delivery's event is never deleted; one not found is left to its lease, as the join did.
  return rows.flatMap((row) => {
    const event = eventOf.get(`${row.company_id}:${row.event_id}`);
    return event
      ? [{ ...row, type: event.type, entity: event.entity, occurred_at: event.occurred_at, data: event.data }]
      : [];
  });
}

export interface AttemptRecord {
  statusCode?: number;
  durationMs: number;
  excerpt?: string;
  error: string | null;
  delivered: boolean;
  /** No retry follows (delivered, out of tries, or the webhook deleted or disabled). */
  isFinal: boolean;
  delaySeconds: number;
  disableAfterHours: number;
}

/** Keeps an attempt, schedules the next one (or finishes the delivery) and tracks the webhook's failures. */
export async function recordAttempt(db: Kysely<DB>, item: Claimed, attempt: AttemptRecord): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({
      company_id: item.company_id,
      id: newObjectId(),
      delivery_id: item.id,
      webhook_id: item.webhook_id,
      status_code: attempt.statusCode ?? null,
      duration_ms: attempt.durationMs,
      error: attempt.error,
      response_excerpt: attempt.excerpt ?? null,
    })
    .execute();
  // Only while the claim is still ours: a delivery reclaimed after its lease has more attempts.
  const updated = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: attempt.delivered ? 'delivered' : attempt.isFinal ? 'failed' : 'pending',
      // sql: the database's clock plus an interval
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${attempt.delaySeconds})`,
      lease_until: null,
      last_status_code: attempt.statusCode ?? null,
      last_error: attempt.error,
      finished_at: attempt.isFinal ? eb.fn<Date>('now') : null,
    }))
    .where('company_id', '=', item.company_id)
    .where('id', '=', item.id)
    .where('status', '=', 'delivering')
    .where('attempts', '=', item.attempts)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0 || !item.url) return;
  if (attempt.delivered) {
    await db
      .updateTable('webhooks')
      .set({ failing_since: null })
      .where('company_id', '=', item.company_id)
      .where('id', '=', item.webhook_id)
      .where('failing_since', 'is not', null)
      .execute();
  } else if (attempt.isFinal && !item.disabled_at) {
    // Failing since the first final failure after a success; disabled once that lasts too long.
    // sql: both columns computed from the row's old failing_since in one UPDATE (CASE over now()).
    await sql`UPDATE webhooks SET failing_since = coalesce(failing_since, now()),
        disabled_at = CASE WHEN failing_since <= now() - make_interval(hours => ${attempt.disableAfterHours}) THEN now() END,
        disabled_reason = CASE WHEN failing_since <= now() - make_interval(hours => ${attempt.disableAfterHours})
          THEN ${`every delivery failed for ${attempt.disableAfterHours} hours; last error: ${attempt.error}`} END
      WHERE company_id = ${item.company_id} AND id = ${item.webhook_id}`.execute(db);
  }
}

/** Forgets attempts, and finished deliveries, older than `days` (events stay: they are the feed). */
export async function sweepFinished(db: Kysely<DB>, days: number): Promise<void> {
  // sql: the database's clock less the retention period
  const cutoff = sql<Date>`now() - make_interval(days => ${days})`;
  await db.deleteFrom('webhook_attempts').where('attempted_at', '<', cutoff).execute();
  await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['delivered', 'failed'])
    .where('finished_at', '<', cutoff)
    .execute();
}
