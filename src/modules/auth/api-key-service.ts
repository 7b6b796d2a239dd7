// API keys: shown once, stored as a SHA-256 hash, with scopes (read, write, admin) and an optional expiry.
// Who may manage them (the apiKeys area) is checked here; the routes only speak HTTP.
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import * as apiKeyStore from './api-key-store.js';
import type { ApiKeyRow } from './api-key-store.js';
import type { ApiKeyScope, CredentialResolver } from './credentials.js';
import { randomSecret, sha256 } from './secrets.js';

const AREA = 'apiKeys';

/** A key as the API shows it (never the key itself, never its hash). */
export function apiKeyToApi(row: Omit<ApiKeyRow, 'company_id'>) {
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

export interface NewApiKey {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt?: string;
}

export function apiKeyService(deps: { database: Database; credentials: CredentialResolver }) {
  async function create(ctx: RequestContext, body: NewApiKey) {
    requireLevel(ctx, AREA, 'write');
    if (body.expiresAt && new Date(body.expiresAt).getTime() <= Date.now())
      throw fieldError('expiresAt', 'must be in the future');
    const key = `cbk_${randomSecret(6)}_${randomSecret(32)}`;
    const row = {
      id: newObjectId(),
      name: body.name,
      prefix: key.slice(0, 12),
      scopes: body.scopes,
      expires_at: body.expiresAt ? new Date(body.expiresAt) : null,
      created_at: new Date(),
      created_by: ctx.userId,
      last_used_at: null,
    };
    await inTenant(deps.database, ctx.companyId, (tx) =>
      apiKeyStore.insertApiKey(tx, { ...row, key_hash: sha256(key) }),
    );
    return { ...apiKeyToApi(row), key };
  }

  async function list(ctx: RequestContext, page: { limit: number; offset: number }) {
    requireLevel(ctx, AREA, 'read');
    const { rows, total } = await inTenant(deps.database, ctx.companyId, (tx) =>
      apiKeyStore.listApiKeys(tx, page.limit, page.offset),
    );
    return { items: rows.map(apiKeyToApi), total };
  }

  async function revoke(ctx: RequestContext, id: string): Promise<void> {
    requireLevel(ctx, AREA, 'write');
    const deleted = await inTenant(deps.database, ctx.companyId, (tx) => apiKeyStore.deleteApiKey(tx, id, ctx.userId));
    if (!deleted) throw NotFound('API key', id);
    deps.credentials.forget(ctx.companyId); // revocation takes effect at once in this process
  }

  return { create, list, revoke };
}
