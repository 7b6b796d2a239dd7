// SQL of the webhooks area that the engine does not cover: secrets, deliveries, attempts. The events
// they carry are the outbox's (platform/outbox).
import type { TenantTx } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import { Conflict } from '../../platform/http/errors.js';
import { findEvents } from '../../platform/outbox/event-feed.js';
import { emitPing } from '../../platform/outbox/emit.js';

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
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'event_id',
      'status',
      'attempts',
      'next_attempt_at',
      'last_status_code',
      'last_error',
      'created_at',
      'finished_at',
    ])
    .where('company_id', '=', tx.companyId)
    .where('webhook_id', '=', webhookId);
  if (filter.status?.length) query = query.where('status', 'in', filter.status);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<=', filter.to);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  // Each delivery with its event's type and entity (a delivery's event is never deleted).
  const events = new Map(
    (
      await findEvents(
        tx.db,
        rows.map((d) => ({ companyId: tx.companyId, id: d.event_id })),
      )
    ).map((e) => [e.id, e]),
  );
  const deliveries = rows.flatMap((d) => {
    const event = events.get(d.event_id);
    return event ? [{ ...d, type: event.type, entity: event.entity }] : [];
  });
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
  const eventId = await emitPing(tx, entity, { webhookId, message: 'ping' });
  const id = newObjectId();
  await tx.db
    .insertInto('webhook_deliveries')
    .values({ company_id: tx.companyId, id, webhook_id: webhookId, event_id: eventId })
    .execute();
  return id;
}
