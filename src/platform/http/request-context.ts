// Who is calling: set by the authentication hook from the credentials only, never from a body.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from './errors.js';

export type Level = 'none' | 'own' | 'all';
export type Action = 'read' | 'write';
export type Permissions = Record<string, Partial<Record<Action, Level>>>;

/** Areas that only administrators (admin group, admin-scoped API keys) may touch by default. */
export const ADMIN_AREAS = ['apiKeys', 'accessGroups', 'company', 'webhooks'] as const;

export interface RequestContext {
  readonly companyId: string;
  /** The acting user; for an API key, the user who created it. */
  readonly userId: string;
  /** Scopes idempotency keys and audit entries: `user:<id>` or `apikey:<id>`. */
  readonly principal: string;
  readonly kind: 'user' | 'apiKey';
  readonly permissions: Permissions;
  /** The log-in session (refresh-token family) of a bearer token. */
  readonly sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest { ctx?: RequestContext }
  interface FastifyContextConfig { isPublic?: boolean }
}

export type CredentialResolver = (request: FastifyRequest) => Promise<RequestContext | undefined>;

export function levelOf(permissions: Permissions, area: string, action: Action): Level {
  const entry = permissions[area] ?? permissions['*'];
  return entry?.[action] ?? 'none';
}

/** The caller's level for an area and action; 403 when it has none. */
export function requireLevel(ctx: RequestContext, area: string, action: Action): Exclude<Level, 'none'> {
  const level = levelOf(ctx.permissions, area, action);
  if (level === 'none') throw Forbidden(`Not permitted to ${action} ${area}`);
  return level;
}

export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw Unauthorized();
  return request.ctx;
}

/** Every route needs credentials unless its config says `isPublic: true`. */
export function registerAuthentication(app: FastifyInstance, resolve: CredentialResolver) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.isPublic || !request.routeOptions.url) return;
    const ctx = await resolve(request);
    if (!ctx) throw Unauthorized();
    request.ctx = ctx;
  });
}
