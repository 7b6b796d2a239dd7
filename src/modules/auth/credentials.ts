// Turns a request's credentials into a RequestContext. A bearer token costs a signature check;
// an API key costs one indexed look-up by its hash, cached briefly; permissions are cached briefly.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inAuthLookup, inTenant } from '../../platform/db/tenant.js';
import { ADMIN_AREAS, type Permissions, type RequestContext } from '../../platform/http/request-context.js';
import { verifyAccessToken } from './access-tokens.js';
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
  constructor(private readonly ttlMs: number, private readonly maxEntries = 10_000) {}
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
  delete(key: string) { this.entries.delete(key); }
  clear() { this.entries.clear(); }
}

interface CachedKey { row: authStore.ApiKeyRow | null; lastTouched: number }

export interface CredentialResolver {
  resolve(request: FastifyRequest): Promise<RequestContext | undefined>;
  /** Forget cached state after a revocation or a permission change. */
  forgetApiKey(keyHash?: string): void;
  forgetPermissions(): void;
}

export function credentialResolver(config: Config, database: Database): CredentialResolver {
  const ttl = config.apiKeyCacheSeconds * 1000;
  const keys = new TtlCache<CachedKey>(ttl);
  const groups = new TtlCache<Permissions>(ttl);

  async function groupPermissions(companyId: string, groupId: string): Promise<Permissions> {
    const cacheKey = `${companyId}:${groupId}`;
    const cached = groups.get(cacheKey);
    if (cached) return cached;
    const permissions = (await inTenant(database, companyId, (tx) => authStore.loadGroupPermissions(tx, groupId))) ?? {};
    groups.set(cacheKey, permissions as Permissions);
    return permissions as Permissions;
  }

  async function fromBearer(token: string): Promise<RequestContext | undefined> {
    const claims = await verifyAccessToken(config, token);
    if (!claims) return undefined;
    return {
      companyId: claims.companyId, userId: claims.sub, principal: `user:${claims.sub}`, kind: 'user',
      permissions: await groupPermissions(claims.companyId, claims.accessGroupId), sessionId: claims.sid,
    };
  }

  async function fromApiKey(key: string): Promise<RequestContext | undefined> {
    if (key.length > 200) return undefined;
    const keyHash = sha256(key);
    let cached = keys.get(keyHash);
    if (!cached) {
      const row = await inAuthLookup(database, (db) => authStore.findApiKeyByHash(db, keyHash));
      cached = { row: row ?? null, lastTouched: row?.last_used_at ? new Date(row.last_used_at).getTime() : 0 };
      keys.set(keyHash, cached);
    }
    const row = cached.row;
    if (!row || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now())) return undefined;
    if (Date.now() - cached.lastTouched > LAST_USE_RESOLUTION_MS) {
      cached.lastTouched = Date.now(); // last use is kept to the minute, not written on every request
      void inTenant(database, row.company_id, (tx) => authStore.touchApiKey(tx, row.id)).catch(() => {});
    }
    return {
      companyId: row.company_id, userId: row.created_by ?? row.id, principal: `apikey:${row.id}`, kind: 'apiKey',
      permissions: scopePermissions(row.scopes),
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
    forgetApiKey(keyHash) { if (keyHash) keys.delete(keyHash); else keys.clear(); },
    forgetPermissions() { groups.clear(); },
  };
}
