// /integrations/webhooks (the spec's list, read, PATCH -> {_id}, delete, plus create with a signing
// secret shown once, secret rotation, deliveries, redelivery and a test ping) and the event feed.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound } from '../../platform/http/errors.js';
import { commaList, listParamSchema } from '../../platform/http/list-query.js';
import { contextOf, requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { createFromBody } from '../../resources/engine/resource-service.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { newWebhookSecret, type SecretBox } from './secret-box.js';
import type { Resolver, TargetPolicy } from './target-guard.js';
import { webhooksResource } from './webhooks-resource.js';
import * as store from './webhooks-store.js';

const tags = ['integrations/webhooks'];
const AREA = 'webhooks';
const BASE = '/integrations/webhooks';

export const EVENT_PAYLOAD = {
  type: 'object',
  description:
    'What a webhook receives and the event feed lists. data is the record as the API shows it (for DELETE, the record as it was).',
  properties: {
    id: { type: 'string', description: 'event id; also the webhook-id header, the same on every retry' },
    type: { type: 'string' },
    entity: { type: 'string' },
    companyId: { type: 'string' },
    occurredAt: { type: 'string', format: 'date-time' },
    data: { type: 'object', additionalProperties: true },
  },
};

export interface WebhookDeps {
  database: Database;
  policy: TargetPolicy;
  resolve: Resolver;
  secrets: SecretBox;
}

export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  const webhooks = webhooksResource(deps.policy, deps.resolve);
  registerResource(app, deps, webhooks, { except: ['create'], updateResponse: 'id' });
  const withWebhook = async <T>(
    ctx: RequestContext,
    id: string,
    action: 'read' | 'write',
    work: (tx: Parameters<Parameters<typeof inTenant>[2]>[0]) => Promise<T>,
  ) => {
    requireLevel(ctx, AREA, action);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      if (!(await findRecord(tx, webhooks, id))) throw NotFound('webhook', id);
      return work(tx);
    });
  };
  const secretResponse = {
    type: 'object',
    properties: { _id: { type: 'string' }, secret: { type: 'string', description: 'whsec_...; shown this once' } },
  };

  app.post(
    `${BASE}/`,
    {
      config: { idempotencySecret: true },
      schema: {
        tags,
        summary: 'Create a webhook',
        security: SECURITY,
        body: webhooks.createBody,
        response: { 201: secretResponse, ...errorResponses([409, 422]) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const secret = newWebhookSecret();
      const { _id } = await inTenant(deps.database, ctx.companyId, async (tx) => {
        const created = await createFromBody(tx, ctx, webhooks, request.body as Record<string, any>);
        await store.setSecret(tx, created._id, deps.secrets.seal(secret));
        return created;
      });
      return reply.code(201).send({ _id, secret });
    },
  );

  app.post(
    `${BASE}/:id/rotateSecret`,
    {
      config: { idempotencySecret: true },
      schema: {
        tags,
        summary: 'Replace the signing secret (the old one stops at once)',
        security: SECURITY,
        params: idParams(),
        response: { 200: secretResponse, ...errorResponses([404]) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const secret = newWebhookSecret();
      await withWebhook(contextOf(request), id, 'write', (tx) => store.setSecret(tx, id, deps.secrets.seal(secret)));
      return { _id: id, secret };
    },
  );

  app.post(
    `${BASE}/:id/enable`,
    {
      schema: {
        tags,
        summary: 'Enable a webhook that was disabled after failing deliveries',
        security: SECURITY,
        params: idParams(),
        response: { 200: { type: 'object', properties: { _id: { type: 'string' } } }, ...errorResponses([404]) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      await withWebhook(contextOf(request), id, 'write', (tx) => store.enable(tx, id));
      return { _id: id };
    },
  );

  app.get(
    `${BASE}/:id/deliveries`,
    {
      schema: {
        tags,
        summary: 'Deliveries of a webhook with their attempts, newest first',
        security: SECURITY,
        params: idParams(),
        querystring: Type.Object(
          {
            status: Type.Optional(Type.Unsafe<string[]>(listParamSchema('pending, delivering, delivered, failed', 20))),
            from: Type.Optional(Type.String({ format: 'date-time' })),
            to: Type.Optional(Type.String({ format: 'date-time' })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
            offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: { type: 'array', items: { type: 'object', additionalProperties: true } },
          ...errorResponses([404]),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const q = request.query as { status?: string[]; from?: string; to?: string; limit?: number; offset?: number };
      const rows = await withWebhook(contextOf(request), id, 'read', (tx) =>
        store.listDeliveries(tx, id, {
          status: q.status && commaList(q.status).split(',').filter(Boolean),
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          limit: q.limit ?? 100,
          offset: q.offset ?? 0,
        }),
      );
      return rows.map(
        ({
          id: _id,
          event_id,
          next_attempt_at,
          last_status_code,
          last_error,
          created_at,
          finished_at,
          attempts,
          ...rest
        }) => ({
          _id,
          eventId: event_id,
          ...rest,
          nextAttemptAt: next_attempt_at,
          lastStatusCode: last_status_code,
          lastError: last_error,
          createdAt: created_at,
          finishedAt: finished_at,
          attempts: attempts.map((a) => ({
            attemptedAt: a.attempted_at,
            statusCode: a.status_code,
            durationMs: a.duration_ms,
            error: a.error,
            responseExcerpt: a.response_excerpt,
          })),
        }),
      );
    },
  );

  app.post(
    `${BASE}/:id/deliveries/:deliveryId/redeliver`,
    {
      schema: {
        tags,
        summary: "Send a delivery's event again (a new delivery)",
        security: SECURITY,
        params: {
          type: 'object',
          properties: { id: idParams().properties.id, deliveryId: idParams().properties.id },
          required: ['id', 'deliveryId'],
        },
        response: { 200: { type: 'object', properties: { _id: { type: 'string' } } }, ...errorResponses([404]) },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params as { id: string; deliveryId: string };
      const created = await withWebhook(contextOf(request), id, 'write', (tx) => store.redeliver(tx, id, deliveryId));
      if (!created) throw NotFound('delivery', deliveryId);
      return { _id: created };
    },
  );

  app.post(
    `${BASE}/:id/test`,
    {
      schema: {
        tags,
        summary: 'Send a PING event to this webhook',
        security: SECURITY,
        params: idParams(),
        response: { 200: { type: 'object', properties: { _id: { type: 'string' } } }, ...errorResponses([404]) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const ctx = contextOf(request);
      requireLevel(ctx, AREA, 'write');
      const deliveryId = await inTenant(deps.database, ctx.companyId, async (tx) => {
        const webhook = await findRecord(tx, webhooks, id);
        if (!webhook) throw NotFound('webhook', id);
        return store.insertPing(tx, id, webhook.doc.entity);
      });
      return { _id: deliveryId };
    },
  );

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: "The company's events, oldest first, after a cursor",
        security: SECURITY,
        description:
          'Poll with after=<X-Next-Cursor of the last page>. Each event is served once, in transaction order; an event appears only once every transaction begun before it has ended, so a late commit is never skipped.',
        querystring: Type.Object(
          {
            after: Type.Optional(Type.String({ pattern: '^\\d{1,20}-\\d{1,20}$' })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'array',
            items: { ...EVENT_PAYLOAD, properties: { ...EVENT_PAYLOAD.properties, cursor: { type: 'string' } } },
          },
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      requireLevel(ctx, AREA, 'read');
      const { after, limit } = request.query as { after?: string; limit?: number };
      const rows = await inTenant(deps.database, ctx.companyId, (tx) =>
        store.eventFeed(tx, store.parseCursor(after), limit ?? 100),
      );
      const events = rows.map((r) => ({
        id: r.id,
        type: r.type,
        entity: r.entity,
        companyId: r.company_id,
        occurredAt: new Date(r.occurred_at).toISOString(),
        data: r.data,
        cursor: `${r.xid}-${r.seq}`,
      }));
      reply.header('x-next-cursor', events.at(-1)?.cursor ?? after ?? '');
      return events;
    },
  );
}
