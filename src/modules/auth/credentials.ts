// Turns a request's credentials into a RequestContext. A bearer token costs a signature check plus
// the user's current state (group rights, session still open); an API key costs one indexed look-up
// by its hash plus its creator's state. Both are cached (credential-cache.ts) until the database
// announces a change of them, so a demotion, deletion, password change or revocation reaches every
// process at once; where it cannot announce them, within API_KEY_CACHE_SECONDS (5 s).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inAuthLookup, inTenant, readInTenant } from '../../platform/db/tenant.js';
import { ADMIN_AREAS, intersectRights, type Permissions } from '../../platform/http/permissions.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { verifyAccessToken } from './access-tokens.js';
import { CredentialCache } from './credential-cache.js';
import * as apiKeyStore from './api-key-store.js';
import * as authStore from './auth-store.js';
import { sha256 } from './secrets.js';

export type ApiKeyScope = 'read' | 'write' | 'admin';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'write', 'admin'];
const LAST_USE_RESOLUTION_MS = 60_000;
/** A company's users (and open sessions) loaded together at most; a larger company's are looked up one by one. */
const MAX_USERS_LOADED_TOGETHER = 500;

export function scopePermissions(scopes: readonly string[]): Permissions {
  if (scopes.includes('admin')) return { '*': { read: 'all', write: 'all' } };
  const write = scopes.includes('write') ? 'all' : 'none';
  const permissions: Permissions = { '*': { read: 'all', write } };
  for (const area of ADMIN_AREAS) permissions[area] = { read: 'none', write: 'none' };
  return permissions;
}

interface CachedKey {
  row: apiKeyStore.ApiKeyRow | null;
  lastTouched: number;
  /** The key's rights, worked out for its creator's rights `of` (the same object while those are cached). */
  rights?: { of: Permissions; permissions: Permissions };
}

export interface CredentialResolver {
  /** Begins listening to the database's announcements of changes (credential-cache.ts). */
  start(): Promise<void>;
  /** Stops listening (before the database closes). */
  stop(): Promise<void>;
  resolve(request: FastifyRequest): Promise<RequestContext | undefined>;
  /** Forgets the company's cached keys and user states after a revocation or a change of rights (this process at once). */
  forget(companyId: string): void;
  /** Resolves once the writes a request left running (an API key's last use) are done. */
  settle(): Promise<void>;
}

export function credentialResolver(config: Config, database: Database): CredentialResolver {
  const cache = new CredentialCache<authStore.PrincipalState | null, CachedKey>({
    announcedMs: config.rightsCacheSeconds * 1000,
    unannouncedMs: config.apiKeyCacheSeconds * 1000,
  });

  const principalKey = (companyId: string, userId: string, sessionId?: string) =>
    `${companyId}:${userId}:${sessionId ?? ''}`;

  // A company's users' states loaded all at once, by company, while the load runs: requests that miss
  // meanwhile wait for it instead of loading the same.
  const companyLoads = new Map<string, Promise<void>>();

  /**
   * Loads and keeps the states of every user of the company in each of their open sessions (an API key's
   * creator, asked for without a session, is looked up alone: few users create keys). At peak hour a company's
   * users start within minutes of each other, each with a state not cached: the first one's look-up now serves
   * the others, instead of one round trip each (docs/decisions.md, Rights follow changes).
   */
  function loadCompany(companyId: string): Promise<void> {
    let load = companyLoads.get(companyId);
    if (!load) {
      load = (async () => {
        const stamp = cache.stamp(companyId);
        const users = await readInTenant(database, companyId, (tx) =>
          authStore.loadCompanyPrincipals(tx, MAX_USERS_LOADED_TOGETHER),
        );
        const shared = new Map<Permissions, authStore.PrincipalState>(); // the users of a group have its one object
        const states = (users ?? []).flatMap(({ userId, permissions, sessionIds }) => {
          let value = shared.get(permissions);
          if (!value) shared.set(permissions, (value = { permissions: cache.share(permissions), isSessionOpen: true }));
          return sessionIds.map((sessionId) => ({
            key: principalKey(companyId, userId, sessionId),
            userId,
            value,
          }));
        });
        cache.keepCompany(companyId, states, stamp);
      })().finally(() => companyLoads.delete(companyId));
      companyLoads.set(companyId, load);
    }
    return load;
  }

  /** The user's rights now; undefined when the user is gone or the session was ended. */
  async function currentRights(
    companyId: string,
    userId: string,
    sessionId?: string,
  ): Promise<Permissions | undefined> {
    const cacheKey = principalKey(companyId, userId, sessionId);
    let state = cache.principals.get(cacheKey);
    if (state === undefined && cache.announcing && !cache.companyLoaded(companyId)) {
      // A failed load of them all leaves this user's to the look-up below, which fails alike if the database does.
      await loadCompany(companyId).catch(() => {});
      state = cache.principals.get(cacheKey);
    }
    if (state === undefined) {
      const stamp = cache.stamp(companyId);
      state = (await readInTenant(database, companyId, (tx) => authStore.loadPrincipal(tx, userId, sessionId))) ?? null;
      if (state?.isSessionOpen) state = { ...state, permissions: cache.share(state.permissions) };
      cache.keepPrincipal(cacheKey, companyId, userId, state, stamp);
    }
    return state?.isSessionOpen ? state.permissions : undefined;
  }

  async function fromBearer(token: string): Promise<RequestContext | undefined> {
    const claims = await verifyAccessToken(config, token);
    if (!claims) return undefined;
    const permissions = await currentRights(claims.companyId, claims.sub, claims.sid);
    if (!permissions) return undefined;
    return {
      companyId: claims.companyId,
      userId: claims.sub,
      principal: `user:${claims.sub}`,
      kind: 'user',
      permissions,
      sessionId: claims.sid,
      canWrite: true,
    };
  }

  const touches = new Set<Promise<void>>();

  async function fromApiKey(key: string): Promise<RequestContext | undefined> {
    if (key.length > 200) return undefined;
    const keyHash = sha256(key);
    let cached = cache.keys.get(keyHash);
    if (!cached) {
      const stamp = cache.stamp();
      const row = await inAuthLookup(database, (db) => apiKeyStore.findApiKeyByHash(db, keyHash));
      cached = { row: row ?? null, lastTouched: row?.last_used_at ? new Date(row.last_used_at).getTime() : 0 };
      cache.keepKey(keyHash, row?.company_id ?? '', cached, stamp);
    }
    const row = cached.row;
    if (!row?.created_by || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now())) return undefined;
    // A key goes with its creator: it never grants more than they hold now, and stops when they are deleted.
    const creatorRights = await currentRights(row.company_id, row.created_by);
    if (!creatorRights) return undefined;
    if (cached.rights?.of !== creatorRights) {
      cached.rights = { of: creatorRights, permissions: intersectRights(scopePermissions(row.scopes), creatorRights) };
    }
    if (Date.now() - cached.lastTouched > LAST_USE_RESOLUTION_MS) {
      cached.lastTouched = Date.now(); // last use is kept to the minute, not written on every request
      // Not awaited by the request; kept until done so that closing waits for it (settle).
      const touch = inTenant(database, row.company_id, (tx) => apiKeyStore.touchApiKey(tx, row.id)).catch(() => {});
      touches.add(touch);
      void touch.finally(() => touches.delete(touch));
    }
    return {
      companyId: row.company_id,
      userId: row.created_by,
      principal: `apikey:${row.id}`,
      kind: 'apiKey',
      permissions: cached.rights.permissions,
      canWrite: row.scopes.some((scope) => scope !== 'read'),
    };
  }

  return {
    start: () => cache.start(database),
    stop: () => cache.stop(),
    async resolve(request) {
      const key = request.headers['x-api-key'];
      if (typeof key === 'string' && key) return fromApiKey(key);
      const authorization = request.headers.authorization;
      if (authorization?.startsWith('Bearer ')) return fromBearer(authorization.slice(7).trim());
      return undefined;
    },
    forget(companyId) {
      cache.forgetCompany(companyId);
    },
    async settle() {
      await Promise.all([...touches]);
    },
  };
}

const RIGHTS_ROUTES = /^\/v2\/((users|accessGroups|apiKeys|account)(\/|$)|auth\/logout)/;

/**
 * A change of users, groups, keys, passwords or sessions (sign-out) applies to this process's next request, before
 * the database's announcement of it arrives. Only the company's entries: entries last minutes now, and a request
 * that failed or was not signed in changed nothing (else anyone could empty the cache with refused requests).
 */
export function forgetCredentialsOnChange(app: FastifyInstance, credentials: CredentialResolver) {
  app.addHook('onResponse', (request, reply, done) => {
    if (
      request.method !== 'GET' &&
      request.ctx &&
      reply.statusCode < 400 &&
      RIGHTS_ROUTES.test(request.routeOptions.url ?? '')
    )
      credentials.forget(request.ctx.companyId);
    done();
  });
}
