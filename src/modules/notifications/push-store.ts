// SQL of the push worker (as the worker role, across companies): claiming due pushes with their
// subscription, recording an outcome, and keeping the feeds and the queue bounded.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.generated.js';

export interface ClaimedPush {
  company_id: string;
  id: string;
  subscription_id: string;
  payload: { kind: string } & Record<string, unknown>;
  attempts: number;
  /** Null when the subscription was deleted after the push was queued. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** The recipient (whose `general.language` the push is written in). */
  user_id: string | null;
}

/** Claims due pushes: FOR UPDATE SKIP LOCKED, and a lease (next_attempt_at moved past the send). */
export async function claimPushes(db: Kysely<DB>, limit: number, leaseSeconds: number): Promise<ClaimedPush[]> {
  // sql: claim with FOR UPDATE SKIP LOCKED and a lease in one statement (CTEs over an UPDATE … FROM)
  const { rows } = await sql<ClaimedPush>`
    WITH due AS (
      SELECT company_id, id FROM push_deliveries
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE push_deliveries d SET attempts = d.attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      FROM due WHERE d.company_id = due.company_id AND d.id = due.id
      RETURNING d.company_id, d.id, d.subscription_id, d.payload, d.attempts
    )
    SELECT c.*, s.endpoint, s.p256dh, s.auth, s.user_id
    FROM claimed c
    LEFT JOIN push_subscriptions s ON s.company_id = c.company_id AND s.id = c.subscription_id`.execute(db);
  return rows;
}

export type PushResult =
  | { outcome: 'delivered' }
  /** The push service says the subscription is gone (404, 410): it and its queue are deleted. */
  | { outcome: 'gone'; statusCode: number }
  | { outcome: 'retry'; delaySeconds: number; statusCode?: number; error: string }
  | { outcome: 'failed'; statusCode?: number; error: string };

export async function recordPush(db: Kysely<DB>, item: ClaimedPush, result: PushResult): Promise<void> {
  const own = db.deleteFrom('push_deliveries').where('company_id', '=', item.company_id);
  switch (result.outcome) {
    case 'delivered':
      await own.where('id', '=', item.id).execute();
      return;
    case 'gone':
      await db
        .deleteFrom('push_subscriptions')
        .where('company_id', '=', item.company_id)
        .where('id', '=', item.subscription_id)
        .execute();
      await own.where('subscription_id', '=', item.subscription_id).execute();
      return;
    case 'retry':
      await db
        .updateTable('push_deliveries')
        .set({
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${result.delaySeconds})`,
          last_status_code: result.statusCode ?? null,
          last_error: result.error,
        })
        .where('company_id', '=', item.company_id)
        .where('id', '=', item.id)
        .execute();
      return;
    case 'failed':
      await db
        .updateTable('push_deliveries')
        .set({ status: 'failed', last_status_code: result.statusCode ?? null, last_error: result.error })
        .where('company_id', '=', item.company_id)
        .where('id', '=', item.id)
        .execute();
  }
}

/**
 * Keeps the feeds bounded: notifications older than `days`, beyond the newest `perUser` of a user,
 * and failed pushes older than `days` are deleted. Returns how many notifications went.
 */
export async function sweepNotifications(db: Kysely<DB>, days: number, perUser: number): Promise<number> {
  const old = await db
    .deleteFrom('notifications')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  // sql: a window function ranking each user's notifications, which the builder cannot put in a DELETE … USING
  const excess = await sql`
    DELETE FROM notifications n USING (
      SELECT company_id, id FROM (
        SELECT company_id, id, row_number() OVER (PARTITION BY company_id, user_id ORDER BY seq DESC) AS rank
        FROM notifications
      ) ranked WHERE rank > ${perUser}
    ) beyond
    WHERE n.company_id = beyond.company_id AND n.id = beyond.id`.execute(db);
  await db
    .deleteFrom('push_deliveries')
    .where('status', '=', 'failed')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .execute();
  return Number(old.numDeletedRows) + Number(excess.numAffectedRows ?? 0);
}
