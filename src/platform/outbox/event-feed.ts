// Reading the events table: the event feed (clients poll it after a cursor) and the events the
// webhook deliveries carry. Only the outbox names the table.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.generated.js';
import { GENERIC_PLAN } from '../db/postgres-transaction.js';
import type { TenantTx } from '../db/tenant.js';

export interface StoredEvent {
  company_id: string;
  id: string;
  type: string;
  entity: string;
  occurred_at: Date;
  /** The record (or message) the event is about: always a JSON object. */
  data: Record<string, unknown>;
}

/** An event of the feed: its data as the JSON text PostgreSQL prints, put into the answer as it is. */
export interface FeedEvent extends Omit<StoredEvent, 'data'> {
  data: string;
  xid: string;
  seq: number;
}

export interface FeedCursor {
  xid: string;
  seq: number;
}

/** `<xid>-<seq>` as the feed hands it out; undefined for none or a malformed one. */
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
export async function eventsAfter(tx: TenantTx, after: FeedCursor | undefined, limit: number): Promise<FeedEvent[]> {
  // sql: xid8 comparisons with the snapshot's xmin and a row-value cursor, which the builder cannot type.
  // ORDER BY names the table's columns: a bare `xid` is the text output column (9 after 10), which
  // also kept the feed index from serving the order (every event of the company read and sorted).
  // On its generic plan: planning the month partitions' index scans (13 with the default retention) took longer
  // than running them for a page.
  const { rows } = await sql<FeedEvent>`${GENERIC_PLAN}
    SELECT id, type, entity, company_id, occurred_at, data::text AS data, xid::text AS xid, seq FROM events
    WHERE company_id = ${tx.companyId}
      AND xid < pg_snapshot_xmin(pg_current_snapshot())
      AND type <> 'PING'
      ${after ? sql`AND (xid, seq) > (${after.xid}::xid8, ${after.seq})` : sql``}
    ORDER BY events.xid, events.seq LIMIT ${limit}`.execute(tx.db);
  return rows;
}

/**
 * Whether retention removed events of this company that come after the cursor (its horizon, the
 * newest event dropped, lies beyond it): a client reading on from there would miss them.
 */
export async function cursorExpired(tx: TenantTx, after: FeedCursor): Promise<boolean> {
  // sql: the horizon's xid8 row comparison, as in eventsAfter
  const { rows } = await sql`
    SELECT 1 FROM event_horizons
    WHERE company_id = ${tx.companyId} AND (xid, seq) > (${after.xid}::xid8, ${after.seq})`.execute(tx.db);
  return rows.length > 0;
}

/**
 * Events by key, in no particular order: for the delivery worker (every company's, as the worker
 * role) and a webhook's delivery list (one company's, under its row-level security).
 */
export async function findEvents(
  db: Kysely<DB> | Transaction<DB>,
  keys: Array<{ companyId: string; id: string }>,
): Promise<StoredEvent[]> {
  if (!keys.length) return [];
  // sql: the keys as two arrays joined to the events, one statement text for any number of keys and each
  // found by its partition's primary key. As an OR of pairs (a text per count of keys) on a partition whose
  // statistics were older than its events (analyzed while it held one company's), the planner read every
  // event of each company by the feed's index: 98-436 ms for 9-20 keys among 50,000 events.
  const { rows } = await sql<StoredEvent>`
    SELECT e.company_id, e.id, e.type, e.entity, e.occurred_at, e.data
    FROM unnest(${keys.map((key) => key.companyId)}::text[], ${keys.map((key) => key.id)}::text[]) AS k(company_id, id)
    JOIN events e ON e.company_id = k.company_id AND e.id = k.id`.execute(db);
  return rows; // data: emit stores JSON objects only
}
