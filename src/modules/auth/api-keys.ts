// API key routes (create, list, revoke); api-key-service.ts does the work.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams, DELETED_RESPONSE } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { apiKeyService } from './api-key-service.js';
import { API_KEY_SCOPES, type CredentialResolver } from './credentials.js';

const apiKeyShape = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'first characters of the key, to recognise it' },
    scopes: { type: 'array', items: { type: 'string' } },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: ['string', 'null'] },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time', description: 'to the minute' },
  },
  // apiKeyToApi sends every field, null where unset.
  required: ['_id', 'name', 'prefix', 'scopes', 'expiresAt', 'createdAt', 'createdBy', 'lastUsedAt'],
} as const;

const createBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    scopes: Type.Array(Type.Union(API_KEY_SCOPES.map((scope) => Type.Literal(scope))), {
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    }),
    expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { database: Database; credentials: CredentialResolver },
) {
  const tags = ['apiKeys'];
  const service = apiKeyService(deps);
  const routes = typedRoutes(app);

  routes.post(
    '/apiKeys',
    {
      config: { idempotencySecret: true },
      schema: {
        tags,
        summary: 'Create an API key',
        security: SECURITY,
        description: 'The key is returned in clear text this once; only its SHA-256 hash is stored.',
        body: createBody,
        response: {
          201: {
            ...apiKeyShape,
            properties: { ...apiKeyShape.properties, key: { type: 'string' } },
            required: [...apiKeyShape.required, 'key'],
          },
          ...errorResponses([422]),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(contextOf(request), request.body)),
  );

  routes.get(
    '/apiKeys',
    {
      schema: {
        tags,
        summary: 'List API keys (never the key itself)',
        security: SECURITY,
        querystring: Type.Object(
          {
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
            offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: { type: 'array', items: apiKeyShape }, ...errorResponses() },
      },
    },
    async (request, reply) => {
      // The defaults apply in validation; the fallbacks only satisfy the type.
      const { limit = 100, offset = 0 } = request.query;
      const { items, total } = await service.list(contextOf(request), { limit, offset });
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  routes.delete(
    '/apiKeys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        security: SECURITY,
        params: idParams(),
        response: { 200: DELETED_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request) => {
      await service.revoke(contextOf(request), request.params.id);
      return { deleted: true };
    },
  );
}
