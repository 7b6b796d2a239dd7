// The caller's notification feed, preferences and Web Push subscriptions.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { contextOf } from '../../platform/http/request-context.js';
import {
  DELETED_RESPONSE,
  ID_RESPONSE,
  SECURITY,
  UPDATED_RESPONSE,
  errorResponses,
  idParams,
} from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { CHANNELS, NOTIFICATION_KINDS } from './kinds.js';
import { notificationsService, type NotificationsDeps } from './notifications-service.js';
import { MAX_SUBSCRIPTIONS_PER_USER } from './push-subscriptions.js';

const KINDS_TEXT = NOTIFICATION_KINDS.join(', ');
const tags = ['notifications'];
const pushTags = ['pushSubscriptions'];

export const notificationShape = Type.Object(
  {
    _id: Type.String(),
    kind: Type.String({ description: KINDS_TEXT }),
    entity: Type.String({ description: 'job, absence or task' }),
    entityId: Type.String({ description: 'the id of the job, absence or task' }),
    actorId: Type.Union([Type.String(), Type.Null()], { description: 'the user whose change caused it' }),
    data: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'number; jobs: from, to, objectId; absences: dtStart, dtEnd, type; tasks: title, dueAt',
      },
    ),
    read: Type.Boolean(),
    readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

const channelsShape = Type.Object(
  Object.fromEntries(CHANNELS.map((channel) => [channel, Type.Boolean()])) as Record<
    (typeof CHANNELS)[number],
    ReturnType<typeof Type.Boolean>
  >,
  { additionalProperties: false },
);
const preferencesShape = Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsShape])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    typeof channelsShape
  >,
  { additionalProperties: false },
);
const partialChannels = Type.Object(
  Object.fromEntries(CHANNELS.map((channel) => [channel, Type.Optional(Type.Boolean())])) as Record<
    (typeof CHANNELS)[number],
    ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>
  >,
  { additionalProperties: false },
);
export const preferencesBody = Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, Type.Optional(partialChannels)])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    ReturnType<typeof Type.Optional<typeof partialChannels>>
  >,
  { additionalProperties: false },
);

export const subscriptionBody = Type.Object(
  {
    endpoint: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: "the push service's URL (PushSubscription.endpoint); https, public addresses only",
    }),
    keys: Type.Object(
      {
        p256dh: Type.String({ maxLength: 200, description: 'base64url, the uncompressed P-256 public key' }),
        auth: Type.String({ maxLength: 100, description: 'base64url, the 16-byte authentication secret' }),
      },
      { additionalProperties: false },
    ),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'accepted, not used' })),
  },
  { additionalProperties: false },
);

const subscriptionShape = Type.Object(
  { _id: Type.String(), endpoint: Type.String(), createdAt: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
);

export function registerNotificationRoutes(app: FastifyInstance, deps: NotificationsDeps) {
  const service = notificationsService(deps);
  const routes = typedRoutes(app);

  routes.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        description: `The caller's own notifications (kinds: ${KINDS_TEXT}), newest first, \`limit\` per page (50 by default, at most 200). The next page: \`before\` = the \`_id\` of the last one shown. \`unread=true\`: unread ones only. Notifications are kept 90 days, at most 1,000 per user.`,
        security: SECURITY,
        querystring: Type.Object(
          {
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
            before: Type.Optional(
              Type.String({ pattern: '^[0-9a-f]{24}$', description: 'the `_id` of the last one of the previous page' }),
            ),
            unread: Type.Optional(Type.Boolean({ description: 'true: unread ones only' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(notificationShape), ...errorResponses() },
      },
    },
    async (request) => {
      const { limit = 50, before, unread = false } = request.query;
      return service.list(contextOf(request), { limit, before, unreadOnly: unread });
    },
  );

  routes.get(
    '/notifications/unreadCount',
    {
      schema: {
        tags,
        summary: 'How many of your notifications are unread',
        security: SECURITY,
        response: {
          200: Type.Object({ unread: Type.Integer() }, { additionalProperties: false }),
          ...errorResponses(),
        },
      },
    },
    async (request) => service.unreadCount(contextOf(request)),
  );

  routes.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        security: SECURITY,
        response: {
          200: Type.Object(
            { marked: Type.Integer({ description: 'how many were unread' }) },
            { additionalProperties: false },
          ),
          ...errorResponses(),
        },
      },
    },
    async (request) => service.markAllRead(contextOf(request)),
  );

  routes.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of your notifications read',
        description: 'Marking a read one again changes nothing. Another user’s notification is 404.',
        security: SECURITY,
        params: idParams(),
        response: { 200: UPDATED_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request) => {
      await service.markRead(contextOf(request), request.params.id);
      return { updated: true };
    },
  );

  routes.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Your notification preferences',
        description:
          'Per kind, whether it appears in the feed (`inApp`) and is pushed to your devices (`push`); on unless turned off.',
        security: SECURITY,
        response: { 200: preferencesShape, ...errorResponses() },
      },
    },
    async (request) => service.preferences(contextOf(request)),
  );

  routes.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Replace your notification preferences',
        description: 'Every kind and channel not given is on again (the default). Answers the preferences as stored.',
        security: SECURITY,
        body: preferencesBody,
        response: { 200: preferencesShape, ...errorResponses() },
      },
    },
    async (request) => service.replacePreferences(contextOf(request), request.body),
  );

  routes.post(
    '/pushSubscriptions',
    {
      schema: {
        tags: pushTags,
        summary: 'Register a Web Push subscription for your devices',
        description: `The browser's \`PushSubscription\` as JSON (\`endpoint\`, \`keys.p256dh\`, \`keys.auth\`). Your notifications are pushed to it (RFC 8030, encrypted per RFC 8291, VAPID) as JSON: \`id\`, \`kind\`, \`title\`, \`entity\`, \`entityId\`, \`data\`, \`createdAt\`. The endpoint must be https and resolve to public addresses only (as webhook targets). Registering an endpoint again (by anyone in the company) makes it the caller's. At most ${MAX_SUBSCRIPTIONS_PER_USER} per user (409). The server's VAPID public key: \`GET /v2/pushSubscriptions/vapidPublicKey\`.`,
        security: SECURITY,
        body: subscriptionBody,
        response: { 201: ID_RESPONSE, ...errorResponses([409]) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.subscribe(contextOf(request), request.body)),
  );

  routes.get(
    '/pushSubscriptions',
    {
      schema: {
        tags: pushTags,
        summary: 'Your push subscriptions',
        security: SECURITY,
        response: { 200: Type.Array(subscriptionShape), ...errorResponses() },
      },
    },
    async (request) => service.listSubscriptions(contextOf(request)),
  );

  routes.get(
    '/pushSubscriptions/vapidPublicKey',
    {
      schema: {
        tags: pushTags,
        summary: "The server's VAPID public key (applicationServerKey)",
        description: 'base64url, the raw P-256 public key: `applicationServerKey` of `pushManager.subscribe`.',
        security: SECURITY,
        response: {
          200: Type.Object({ publicKey: Type.String() }, { additionalProperties: false }),
          ...errorResponses(),
        },
      },
    },
    async (request) => service.vapidPublicKey(contextOf(request)),
  );

  routes.delete(
    '/pushSubscriptions/:id',
    {
      schema: {
        tags: pushTags,
        summary: 'Delete one of your push subscriptions',
        security: SECURITY,
        params: idParams(),
        response: { 200: DELETED_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request) => {
      await service.unsubscribe(contextOf(request), request.params.id);
      return { deleted: true };
    },
  );
}
