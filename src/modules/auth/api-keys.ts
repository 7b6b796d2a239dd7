// API keys: shown once, stored as a SHA-256 hash, with scopes (read, write, admin) and an optional expiry.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound, fieldError } from '../../platform/http/errors.js';
import { contextOf, requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams, DELETED_RESPONSE } from '../../platform/http/route-docs.js';
import { newObjectId } from '../../platform/ids.js';
import { API_KEY_SCOPES, type CredentialResolver } from './credentials.js';
import * as authStore from './auth-store.js';
import type { ApiKeyRow } from './auth-store.js';
import { randomSecret, sha256 } from './secrets.js';

const AREA = 'apiKeys';

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
};

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

function toApi(row: Omit<ApiKeyRow, 'company_id'>) {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expiresAt: iso(row.expires_at),
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    lastUsedAt: iso(row.last_used_at),
  };
}

export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { database: Database; credentials: CredentialResolver },
) {
  const tags = ['apiKeys'];

  async function create(ctx: RequestContext, body: { name: string; scopes: string[]; expiresAt?: string }) {
    requireLevel(ctx, AREA, 'write');
    if (body.expiresAt && new Date(body.expiresAt).getTime() <= Date.now())
      throw fieldError('expiresAt', 'must be in the future');
    const id = newObjectId();
    const key = `cbk_${randomSecret(6)}_${randomSecret(32)}`;
    const row = {
      id,
      name: body.name,
      prefix: key.slice(0, 12),
      scopes: body.scopes,
      expires_at: body.expiresAt ? new Date(body.expiresAt) : null,
      created_at: new Date(),
      created_by: ctx.userId,
      last_used_at: null,
    };
    await inTenant(deps.database, ctx.companyId, (tx) => authStore.insertApiKey(tx, { ...row, key_hash: sha256(key) }));
    return { ...toApi(row), key };
  }

  app.post(
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
          201: { ...apiKeyShape, properties: { ...apiKeyShape.properties, key: { type: 'string' } } },
          ...errorResponses([422]),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await create(contextOf(request), request.body as any)),
  );

  app.get(
    '/apiKeys',
    {
      schema: {
        tags,
        summary: 'List API keys (never the key itself)',
        security: SECURITY,
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: apiKeyShape }, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      requireLevel(ctx, AREA, 'read');
      const { limit, offset } = request.query as { limit: number; offset: number };
      const { rows, total } = await inTenant(deps.database, ctx.companyId, (tx) =>
        authStore.listApiKeys(tx, limit, offset),
      );
      reply.header('x-total-count', String(total));
      return rows.map(toApi);
    },
  );

  app.delete(
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
      const ctx = contextOf(request);
      requireLevel(ctx, AREA, 'write');
      const { id } = request.params as { id: string };
      const deleted = await inTenant(deps.database, ctx.companyId, (tx) => authStore.deleteApiKey(tx, id, ctx.userId));
      if (!deleted) throw NotFound('API key', id);
      deps.credentials.forget(); // revocation takes effect at once in this process
      return { deleted: true };
    },
  );
}
