// Web Push subscriptions: a browser's endpoint (RFC 8030) and keys (RFC 8291), always the caller's
// own. The endpoint passes the webhooks' SSRF guard at registration and again at every delivery.
import { createECDH } from 'node:crypto';
import type { TenantTx } from '../../platform/db/tenant.js';
import { Conflict, fieldError } from '../../platform/http/errors.js';
import { newObjectId } from '../../platform/ids.js';

/** Browsers keep one subscription per profile; more than this per user is a leak, not devices. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export interface SubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface SubscriptionItem {
  _id: string;
  endpoint: string;
  createdAt: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decoded(value: string, path: string): Buffer {
  if (!BASE64URL.test(value)) throw fieldError(path, 'must be base64url');
  return Buffer.from(value, 'base64url');
}

/** The keys as RFC 8291 needs them: an uncompressed P-256 point and a 16-byte secret. */
export function checkKeys(keys: SubscriptionBody['keys']): void {
  const point = decoded(keys.p256dh, 'keys.p256dh');
  if (point.length !== 65 || point[0] !== 4)
    throw fieldError('keys.p256dh', 'must be an uncompressed P-256 public key');
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point); // refuses a point not on the curve
  } catch {
    throw fieldError('keys.p256dh', 'is not a point of the P-256 curve');
  }
  if (decoded(keys.auth, 'keys.auth').length !== 16) throw fieldError('keys.auth', 'must be 16 bytes');
}

/** Registers (or takes over) the endpoint for the user; returns the subscription's id. */
export async function saveSubscription(tx: TenantTx, userId: string, body: SubscriptionBody): Promise<string> {
  const others = await tx.db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('endpoint', '<>', body.endpoint)
    .executeTakeFirstOrThrow();
  if (Number(others.n) >= MAX_SUBSCRIPTIONS_PER_USER)
    throw Conflict(`At most ${MAX_SUBSCRIPTIONS_PER_USER} push subscriptions per user; delete one first`);
  // Another user's pushes pending for this browser must not reach the one taking it over.
  const taken = tx.db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', body.endpoint)
    .where('user_id', '<>', userId);
  await tx.db.deleteFrom('push_deliveries').where('subscription_id', 'in', taken).execute();
  const row = await tx.db
    .insertInto('push_subscriptions')
    .values({
      company_id: tx.companyId,
      id: newObjectId(),
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'endpoint']).doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listSubscriptions(tx: TenantTx, userId: string): Promise<SubscriptionItem[]> {
  const rows = await tx.db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    endpoint: row.endpoint,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Deletes one of the user's subscriptions and its pending pushes; false when the user has no such one. */
export async function deleteSubscription(tx: TenantTx, userId: string, id: string): Promise<boolean> {
  const row = await tx.db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await tx.db.deleteFrom('push_deliveries').where('subscription_id', '=', id).execute();
  return true;
}
