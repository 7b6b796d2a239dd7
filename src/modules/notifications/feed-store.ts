// The feed and the preferences in SQL: always one user's rows (the caller's), under the company's
// row-level security. Notifications themselves are written by the triggers of migration 0014.
import type { TenantTx } from '../../platform/db/tenant.js';
import { CHANNELS, NOTIFICATION_KINDS, type Channel, type NotificationKind } from './kinds.js';

export interface FeedPage {
  limit: number;
  /** The `_id` of the last notification of the previous page: older ones follow. */
  before?: string;
  unreadOnly: boolean;
}

export interface FeedItem {
  _id: string;
  kind: string;
  entity: string;
  entityId: string;
  actorId: string | null;
  data: Record<string, unknown>;
  read: boolean;
  readAt: string | null;
  createdAt: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function listFeed(tx: TenantTx, userId: string, page: FeedPage): Promise<FeedItem[]> {
  let query = tx.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'entity', 'entity_id', 'actor_id', 'data', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(page.limit);
  if (page.unreadOnly) query = query.where('read_at', 'is', null);
  if (page.before !== undefined) {
    const cursor = tx.db
      .selectFrom('notifications')
      .select('seq')
      .where('user_id', '=', userId)
      .where('id', '=', page.before);
    query = query.where('seq', '<', cursor);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    entity: row.entity,
    entityId: row.entity_id,
    actorId: row.actor_id,
    data: row.data as Record<string, unknown>,
    read: row.read_at !== null,
    readAt: row.read_at === null ? null : iso(row.read_at),
    createdAt: iso(row.created_at),
  }));
}

export async function unreadCount(tx: TenantTx, userId: string): Promise<number> {
  const row = await tx.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's notifications read (again: unchanged); false when the user has no such one. */
export async function markRead(tx: TenantTx, userId: string, id: string): Promise<boolean> {
  const row = await tx.db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now', [])) }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks every unread notification of the user read; returns how many. */
export async function markAllRead(tx: TenantTx, userId: string): Promise<number> {
  const result = await tx.db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn<Date>('now', []) }))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type Preferences = Record<NotificationKind, Record<Channel, boolean>>;
export type PreferenceChanges = Partial<Record<NotificationKind, Partial<Record<Channel, boolean>>>>;

export async function readPreferences(tx: TenantTx, userId: string): Promise<Preferences> {
  const rows = await tx.db
    .selectFrom('notification_preferences')
    .select(['kind', 'in_app', 'push'])
    .where('user_id', '=', userId)
    .execute();
  const stored = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const row = stored.get(kind);
      return [kind, { inApp: row?.in_app ?? true, push: row?.push ?? true }];
    }),
  ) as Preferences;
}

/** Replaces the user's preferences: a kind or channel not given is on (the default), as if never set. */
export async function replacePreferences(tx: TenantTx, userId: string, changes: PreferenceChanges): Promise<void> {
  const rows = NOTIFICATION_KINDS.flatMap((kind) => {
    const given = changes[kind];
    const value = (channel: Channel) => given?.[channel] ?? true;
    if (CHANNELS.every((channel) => value(channel))) return [];
    return [{ company_id: tx.companyId, user_id: userId, kind, in_app: value('inApp'), push: value('push') }];
  });
  await tx.db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  if (rows.length > 0) await tx.db.insertInto('notification_preferences').values(rows).execute();
}
