// The caller's notifications, preferences and push subscriptions: every operation reads or writes
// only the caller's own rows, whatever their level in the `notifications` area (managers too).
import type { Database } from '../../platform/db/database.js';
import { inTenant, readInTenant } from '../../platform/db/tenant.js';
import { fieldError, type HttpError, NotFound } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import type { Resolver } from '../webhooks/index.js';
import { vetTarget, type TargetPolicy } from '../webhooks/index.js';
import * as feed from './feed-store.js';
import * as subscriptions from './push-subscriptions.js';

export interface NotificationsDeps {
  database: Database;
  policy: TargetPolicy;
  resolve: Resolver;
  /** The server's VAPID public key (base64url), which browsers subscribe with. */
  vapidPublicKey: string;
}

export function notificationsService(deps: NotificationsDeps) {
  const { database } = deps;
  const reading = <T>(ctx: RequestContext, work: Parameters<typeof readInTenant<T>>[2]) => {
    requireLevel(ctx, 'notifications', 'read');
    return readInTenant(database, ctx.companyId, work);
  };
  const writing = <T>(ctx: RequestContext, work: Parameters<typeof inTenant<T>>[2]) => {
    requireLevel(ctx, 'notifications', 'write');
    return inTenant(database, ctx.companyId, work);
  };

  return {
    list: (ctx: RequestContext, page: feed.FeedPage) => reading(ctx, (tx) => feed.listFeed(tx, ctx.userId, page)),
    unreadCount: (ctx: RequestContext) =>
      reading(ctx, async (tx) => ({ unread: await feed.unreadCount(tx, ctx.userId) })),
    markRead: (ctx: RequestContext, id: string) =>
      writing(ctx, async (tx) => {
        if (!(await feed.markRead(tx, ctx.userId, id))) throw NotFound('notification', id);
      }),
    markAllRead: (ctx: RequestContext) =>
      writing(ctx, async (tx) => ({ marked: await feed.markAllRead(tx, ctx.userId) })),
    preferences: (ctx: RequestContext) => reading(ctx, (tx) => feed.readPreferences(tx, ctx.userId)),
    replacePreferences: (ctx: RequestContext, changes: feed.PreferenceChanges) =>
      writing(ctx, async (tx) => {
        await feed.replacePreferences(tx, ctx.userId, changes);
        return feed.readPreferences(tx, ctx.userId);
      }),
    async subscribe(ctx: RequestContext, body: subscriptions.SubscriptionBody) {
      requireLevel(ctx, 'notifications', 'write');
      subscriptions.checkKeys(body.keys);
      // Refused before anything connects; checked again at every delivery (DNS may change).
      // The guard names the field `url` (a webhook's); here it is `endpoint`.
      const { url } = await vetTarget(body.endpoint, deps.policy, deps.resolve).catch((error: HttpError) => {
        throw fieldError('endpoint', error.errors?.[0]?.message ?? error.message);
      });
      const id = await writing(ctx, (tx) =>
        subscriptions.saveSubscription(tx, ctx.userId, { ...body, endpoint: url.href }),
      );
      return { _id: id };
    },
    vapidPublicKey(ctx: RequestContext) {
      requireLevel(ctx, 'notifications', 'read');
      return { publicKey: deps.vapidPublicKey };
    },
    listSubscriptions: (ctx: RequestContext) => reading(ctx, (tx) => subscriptions.listSubscriptions(tx, ctx.userId)),
    unsubscribe: (ctx: RequestContext, id: string) =>
      writing(ctx, async (tx) => {
        if (!(await subscriptions.deleteSubscription(tx, ctx.userId, id))) throw NotFound('push subscription', id);
      }),
  };
}
