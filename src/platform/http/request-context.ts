// Who is calling: set by the authentication hook from the credentials only, never from a body.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from './errors.js';
import { levelOf, type Action, type Area, type Level, type Permissions } from './permissions.js';

export { ADMIN_AREAS, levelOf, type Action, type Area, type Level, type Permissions } from './permissions.js';

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
  /** False for a read-scoped API key: it writes nothing anywhere (checked once, for every route). */
  readonly canWrite: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
  interface FastifyContextConfig {
    isPublic?: boolean;
    /** A POST that only reads (a search with a body): a read-scoped key may call it. */
    readsOnly?: boolean;
  }
}

export type CredentialResolver = (request: FastifyRequest) => Promise<RequestContext | undefined>;

/** The caller's level for an area and action; 403 when it has none. */
export function requireLevel(ctx: RequestContext, area: Area, action: Action): Exclude<Level, 'none'> {
  const level = levelOf(ctx.permissions, area, action);
  if (level === 'none') throw Forbidden(`Not permitted to ${action} ${area}`);
  return level;
}

export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw Unauthorized();
  return request.ctx;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request changes anything: every method but GET, HEAD and OPTIONS, unless the route only reads. */
export function isWriteRequest(request: FastifyRequest): boolean {
  return !READ_METHODS.has(request.method) && !request.routeOptions.config?.readsOnly;
}

/**
 * Every route needs credentials unless its config says `isPublic: true`. Key scopes are enforced
 * here, once for every route, so a new route cannot forget them.
 */
export function registerAuthentication(app: FastifyInstance, resolve: CredentialResolver) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.isPublic || !request.routeOptions.url) return;
    const ctx = await resolve(request);
    if (!ctx) throw Unauthorized();
    // From here every log line of the request (Fastify's "request completed" too, written through
    // reply.log) names the caller beside its reqId, a refused read-scoped key's included.
    request.log = reply.log = request.log.child({ companyId: ctx.companyId, userId: ctx.userId });
    if (!ctx.canWrite && isWriteRequest(request)) throw Forbidden('A read-scoped API key cannot change anything');
    request.ctx = ctx;
  });
}

/** The context of work the server does on its own (sign-up, generated records): every right. */
export function systemContext(companyId: string, userId = 'system'): RequestContext {
  return {
    companyId,
    userId,
    principal: 'system',
    kind: 'user',
    permissions: { '*': { read: 'all', write: 'all' } },
    canWrite: true,
  };
}
