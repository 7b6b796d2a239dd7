// Emitting events: a row per event, and a delivery per subscribed webhook, in the caller's
// transaction (crewbase_emit in SQL). A rolled-back change emits nothing; a committed one always has its events.
import { sql } from 'kysely';
import type { TenantTx } from '../db/tenant.js';
import { newObjectId } from '../ids.js';

export const EVENT_TYPES = ['CREATE', 'UPDATE', 'DELETE', 'ABSENCE_APPROVED', 'ABSENCE_CANCELED', 'OPEN'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const WEBHOOK_ENTITIES = [
  'user',
  'customer',
  'customerobject',
  'materialorder',
  'absence',
  'complaint',
  'article',
  'salary',
  'job',
  'qualitycontrol',
  'invoice',
  'offer',
  'credit',
  'invoicestorno',
  'servicereport',
  'payment',
  'contact',
  'equipment',
  'task',
] as const;

/** Emits one event per data item: `await emit(tx, 'ABSENCE_APPROVED', 'absence', absence)`. */
export async function emit(
  tx: TenantTx,
  type: EventType | 'PING',
  entity: string,
  data: object | object[],
): Promise<void> {
  const items = Array.isArray(data) ? data : [data];
  if (items.length === 0) return;
  // sql: crewbase_emit (migration 0003) writes the events and their webhook deliveries in one call
  await sql`SELECT crewbase_emit(${tx.companyId}, ${type}, ${entity}, ${sql.val(items.map((item) => JSON.stringify(item)))}::jsonb[])`.execute(
    tx.db,
  );
}

/**
 * A PING event: stored like any other (so a delivery can name it), but routed to no subscriber and
 * kept out of the event feed; the webhooks module adds the one delivery it is for. Returns its id.
 */
export async function emitPing(tx: TenantTx, entity: string, data: object): Promise<string> {
  const id = newObjectId();
  await tx.db
    .insertInto('events')
    .values({ company_id: tx.companyId, id, type: 'PING', entity, data: JSON.stringify(data) })
    .execute();
  return id;
}
