// SQL of the API keys: the look-up by hash (before the tenant is known), last use, create, list, revoke.
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.generated.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import { keepDeletedRecord } from '../../resources/engine/resource-store.js';

export interface ApiKeyRow {
  company_id: string;
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date | null;
  created_at: Date;
  created_by: string | null;
  last_used_at: Date | null;
}

const API_KEY_COLUMNS = [
  'company_id',
  'id',
  'name',
  'prefix',
  'scopes',
  'expires_at',
  'created_at',
  'created_by',
  'last_used_at',
] as const;

export async function findApiKeyByHash(db: Kysely<DB>, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').select(API_KEY_COLUMNS).where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function touchApiKey(tx: TenantTx, id: string) {
  await tx.db
    .updateTable('api_keys')
    .set((eb) => ({ last_used_at: eb.fn<Date>('now') }))
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .execute();
}

export async function insertApiKey(tx: TenantTx, row: Omit<ApiKeyRow, 'company_id'> & { key_hash: string }) {
  await tx.db
    .insertInto('api_keys')
    .values({ ...row, company_id: tx.companyId })
    .execute();
}

export async function listApiKeys(
  tx: TenantTx,
  limit: number,
  offset: number,
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const rows = await tx.db
    .selectFrom('api_keys')
    .select(API_KEY_COLUMNS)
    .where('company_id', '=', tx.companyId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await tx.db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', tx.companyId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** Deletes a key and keeps who revoked it, when, and what it was (never its hash). */
export async function deleteApiKey(tx: TenantTx, id: string, deletedBy: string): Promise<boolean> {
  const row = await tx.db
    .deleteFrom('api_keys')
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .returning(['id', 'name', 'prefix', 'scopes'])
    .executeTakeFirst();
  if (!row) return false;
  await keepDeletedRecord(tx, { resource: 'apiKeys', id, doc: row, deletedBy });
  return true;
}
