// Turns a request's credentials into a RequestContext. A bearer token costs a signature check plus
// the user's current state (group rights, session still open); an API key costs one indexed look-up
// by its hash plus its creator's state. Both are cached for API_KEY_CACHE_SECONDS (5 s), so a
// demotion, deletion, password change or revocation reaches every process within that time.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inAuthLookup, inTenant, readInTenant } from '../../platform/db/tenant.js';
import { ADMIN_AREAS, intersectRights, type Permissions } from '../../platform/http/permissions.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { verifyAccessToken } from './access-tokens.js';
import * as apiKeyStore from './api-key-store.js';
import * as authStore from './auth-store.js';
import { sha256 } from './secrets.js';

export type ApiKeyScope = 'read' | 'write' | 'admin';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'write', 'admin'];
const LAST_USE_RESOLUTION_MS = 60_000;

export function scopePermissions(scopes: readonly string[]): Permissions {
  if (scopes.includes('admin')) return { '*': { read: 'all', write: 'all' } };
  const write = scopes.includes('write') ? 'all' : 'none';
  const permissions: Permissions = { '*': { read: 'all', write } };
  for (const area of ADMIN_AREAS) permissions[area] = { read: 'none', write: 'none' };
  return permissions;
}

class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires < Date.now()) return undefined;
    return entry.value;
  }
  set(key: string, value: V) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
  delete(key: string) {
    this.entries.delete(key);
  }
  clear() {
    this.entries.clear();
  }
}

interface CachedKey {
  row: apiKeyStore.ApiKeyRow | null;
  lastTouched: number;
  /** The key's rights, worked out for its creator's rights `of` (the same object while those are cached). */
  rights?: { of: Permissions; permissions: Permissions };
}

export interface CredentialResolver {
  resolve(request: FastifyRequest): Promise<RequestContext | undefined>;
  /** Forget cached keys and user states after a revocation or a change of rights (this process at once). */
  forget(): void;
  /** Resolves once the writes a request left running (an API key's last use) are done. */
  settle(): Promise<void>;
}

export function credentialResolver(config: Config, database: Database): CredentialResolver {
  const ttl = config.apiKeyCacheSeconds * 1000;
  const keys = new TtlCache<CachedKey>(ttl);
  const principals = new TtlCache<authStore.PrincipalState | null>(ttl);

  /** The user's rights now; undefined when the user is gone or the session was ended. */
  async function currentRights(
    companyId: string,
    userId: string,
    sessionId?: string,
  ): Promise<Permissions | undefined> {
    const cacheKey = `${companyId}:${userId}:${sessionId ?? ''}`;
    let state = principals.get(cacheKey);
    if (state === undefined) {
      state = (await readInTenant(database, companyId, (tx) => authStore.loadPrincipal(tx, userId, sessionId))) ?? null;
      principals.set(cacheKey, state);
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
    let cached = keys.get(keyHash);
    if (!cached) {
      const row = await inAuthLookup(database, (db) => apiKeyStore.findApiKeyByHash(db, keyHash));
      cached = { row: row ?? null, lastTouched: row?.last_used_at ? new Date(row.last_used_at).getTime() : 0 };
      keys.set(keyHash, cached);
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
    async resolve(request) {
      const key = request.headers['x-api-key'];
      if (typeof key === 'string' && key) return fromApiKey(key);
      const authorization = request.headers.authorization;
      if (authorization?.startsWith('Bearer ')) return fromBearer(authorization.slice(7).trim());
      return undefined;
    },
    forget() {
      keys.clear();
      principals.clear();
    },
    async settle() {
      await Promise.all([...touches]);
    },
  };
}

const RIGHTS_ROUTES = /^\/v2\/((users|accessGroups|apiKeys|account)(\/|$)|auth\/logout)/;

/** A change of users, groups, keys, passwords or sessions (sign-out) applies to this process's next request (others within the cache time). */
export function forgetCredentialsOnChange(app: FastifyInstance, credentials: CredentialResolver) {
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && RIGHTS_ROUTES.test(request.routeOptions.url ?? '')) credentials.forget();
  });
}
