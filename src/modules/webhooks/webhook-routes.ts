// /integrations/webhooks (the spec's list, read, PATCH -> {_id}, delete, plus create with a signing
// secret shown once, secret rotation, deliveries, redelivery and a test ping) and the event feed.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { listParamSchema } from '../../platform/http/list-query.js';
import { contextOf } from '../../platform/http/request-context.js';
import { ID_RESPONSE, PROBLEM_SCHEMA_ID, SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import type { SecretBox } from './secret-box.js';
import type { Resolver, TargetPolicy } from './target-guard.js';
import { webhooksResource } from './webhooks-resource.js';
import { webhooksService } from './webhooks-service.js';

const tags = ['integrations/webhooks'];
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
  required: ['id', 'type', 'entity', 'companyId', 'occurredAt', 'data'],
} as const;

export interface WebhookDeps {
  database: Database;
  policy: TargetPolicy;
  resolve: Resolver;
  secrets: SecretBox;
}

export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  const webhooks = webhooksResource(deps.policy, deps.resolve);
  registerResource(app, deps, webhooks, { except: ['create'], updateResponse: 'id' });
  const service = webhooksService(deps, webhooks);
  const routes = typedRoutes(app);
  const secretResponse = {
    type: 'object',
    properties: { _id: { type: 'string' }, secret: { type: 'string', description: 'whsec_...; shown this once' } },
    required: ['_id', 'secret'],
  };

  routes.post(
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
    async (request, reply) => reply.code(201).send(await service.create(contextOf(request), request.body)),
  );

  routes.post(
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
    async (request) => service.rotateSecret(contextOf(request), request.params.id),
  );

  routes.post(
    `${BASE}/:id/enable`,
    {
      schema: {
        tags,
        summary: 'Enable a webhook that was disabled after failing deliveries',
        security: SECURITY,
        params: idParams(),
        response: { 200: ID_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request) => service.enable(contextOf(request), request.params.id),
  );

  routes.get(
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
    async (request) => service.deliveries(contextOf(request), request.params.id, request.query),
  );

  routes.post(
    `${BASE}/:id/deliveries/:deliveryId/redeliver`,
    {
      schema: {
        tags,
        summary: "Send a delivery's event again (a new delivery)",
        security: SECURITY,
        params: Type.Object({ id: idParams().properties.id, deliveryId: idParams().properties.id }),
        response: { 200: ID_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request) => service.redeliver(contextOf(request), request.params.id, request.params.deliveryId),
  );

  routes.post(
    `${BASE}/:id/test`,
    {
      schema: {
        tags,
        summary: 'Send a PING event to this webhook',
        security: SECURITY,
        params: idParams(),
        response: { 200: ID_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request) => service.ping(contextOf(request), request.params.id),
  );

  routes.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: "The company's events, oldest first, after a cursor",
        security: SECURITY,
        description:
          'Poll with after=<X-Next-Cursor of the last page>. Each event is served once, in transaction order; an event appears only once every transaction begun before it has ended, so a late commit is never skipped. Events are kept at least EVENT_RETENTION_MONTHS months (default 13), then dropped a month at a time; a cursor after which events were dropped is answered 410, naming the cursor of the oldest kept event (X-Oldest-Cursor): read again without after.',
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
            items: {
              ...EVENT_PAYLOAD,
              properties: { ...EVENT_PAYLOAD.properties, cursor: { type: 'string' } },
              required: [...EVENT_PAYLOAD.required, 'cursor'],
            },
          },
          ...errorResponses(),
          410: {
            description: 'Events after this cursor are no longer kept; X-Oldest-Cursor names the oldest kept event',
            content: { 'application/problem+json': { schema: { $ref: `${PROBLEM_SCHEMA_ID}#` } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { after, limit = 100 } = request.query;
      const page = await service.eventFeed(contextOf(request), after, limit);
      return reply
        .header('x-next-cursor', page.next ?? after ?? '')
        .type('application/json')
        .send(page.json);
    },
  );
}
