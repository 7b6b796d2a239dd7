// SQL of the webhooks area that the engine does not cover: secrets, deliveries, attempts, the event feed.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import { Conflict } from '../../platform/http/errors.js';

export async function enable(tx: TenantTx, webhookId: string): Promise<void> {
  await tx.db
    .updateTable('webhooks')
    .set({ disabled_at: null, disabled_reason: null, failing_since: null })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', webhookId)
    .execute();
}

export async function setSecret(tx: TenantTx, webhookId: string, sealed: string): Promise<boolean> {
  const result = await tx.db
    .updateTable('webhooks')
    .set({ secret_sealed: sealed })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', webhookId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface DeliveryFilter {
  status?: string[];
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export async function listDeliveries(tx: TenantTx, webhookId: string, filter: DeliveryFilter) {
  let query = tx.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', (join) =>
      join.onRef('e.company_id', '=', 'd.company_id').onRef('e.id', '=', 'd.event_id'),
    )
    .select([
      'd.id',
      'd.event_id',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_status_code',
      'd.last_error',
      'd.created_at',
      'd.finished_at',
      'e.type',
      'e.entity',
    ])
    .where('d.company_id', '=', tx.companyId)
    .where('d.webhook_id', '=', webhookId);
  if (filter.status?.length) query = query.where('d.status', 'in', filter.status);
  if (filter.from) query = query.where('d.created_at', '>=', filter.from);
  if (filter.to) query = query.where('d.created_at', '<=', filter.to);
  const deliveries = await query
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const attempts =
    deliveries.length === 0
      ? []
      : await tx.db
          .selectFrom('webhook_attempts')
          .select(['delivery_id', 'attempted_at', 'status_code', 'duration_ms', 'error', 'response_excerpt'])
          .where('company_id', '=', tx.companyId)
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('attempted_at')
          .execute();
  return deliveries.map((d) => ({ ...d, attempts: attempts.filter((a) => a.delivery_id === d.id) }));
}

/** A new delivery of a delivered or failed delivery's event to the same webhook. */
export async function redeliver(tx: TenantTx, webhookId: string, deliveryId: string): Promise<string | undefined> {
  const original = await tx.db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'status'])
    .where('company_id', '=', tx.companyId)
    .where('webhook_id', '=', webhookId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  if (!original) return undefined;
  if (original.status !== 'delivered' && original.status !== 'failed')
    throw Conflict('The delivery is still under way');
  const id = newObjectId();
  await tx.db
    .insertInto('webhook_deliveries')
    .values({ company_id: tx.companyId, id, webhook_id: webhookId, event_id: original.event_id })
    .execute();
  return id;
}

/** A ping event delivered to one webhook only (kept out of the event feed). */
export async function insertPing(tx: TenantTx, webhookId: string, entity: string): Promise<string> {
  const eventId = newObjectId();
  await tx.db
    .insertInto('events')
    .values({
      company_id: tx.companyId,
      id: eventId,
      type: 'PING',
      entity,
      data: JSON.stringify({ webhookId, message: 'ping' }),
    })
    .execute();
  const id = newObjectId();
  await tx.db
    .insertInto('webhook_deliveries')
    .values({ company_id: tx.companyId, id, webhook_id: webhookId, event_id: eventId })
    .execute();
  return id;
}

export interface FeedCursor {
  xid: string;
  seq: number;
}

export function parseCursor(text: string | undefined): FeedCursor | undefined {
  if (!text) return undefined;
  const m = /^(\d{1,20})-(\d{1,20})$/.exec(text);
  return m ? { xid: m[1]!, seq: Number(m[2]) } : undefined;
}

/**
 * Events after a cursor, in (transaction id, insert order). Only events of transactions older than
 * every transaction still running are served (xid below the snapshot's xmin): an event whose
 * transaction commits late has a smaller xid than the cursor would pass only once it is visible,
 * so a polling client never skips one and never sees one twice.
 */
export async function eventFeed(tx: TenantTx, after: FeedCursor | undefined, limit: number) {
  const { rows } = await sql<{
    id: string;
    type: string;
    entity: string;
    company_id: string;
    occurred_at: Date;
    data: unknown;
    xid: string;
    seq: number;
  }>`
    SELECT id, type, entity, company_id, occurred_at, data, xid::text AS xid, seq FROM events
    WHERE company_id = ${tx.companyId}
      AND xid < pg_snapshot_xmin(pg_current_snapshot())
      AND type <> 'PING'
      ${after ? sql`AND (xid, seq) > (${after.xid}::xid8, ${after.seq})` : sql``}
    ORDER BY xid, seq LIMIT ${limit}`.execute(tx.db);
  return rows;
}
