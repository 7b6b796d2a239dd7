// Users' full names (first and last, as documents print them) for other modules' read models.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';

/** id → "First Last" (trimmed; a user with neither name is left out). */
export async function userFullNames(tx: TenantTx, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!ids.length) return names;
  const rows = await tx.db
    .selectFrom('users')
    .select([
      'id',
      // sql: the name parts live in the JSON document
      sql<string>`trim(coalesce(doc->'general'->>'firstName', '') || ' ' || coalesce(doc->'general'->>'lastName', ''))`.as(
        'name',
      ),
    ])
    .where('company_id', '=', tx.companyId)
    .where(sql<boolean>`id = ANY(${sql.val(ids)}::text[])`)
    .execute();
  for (const { id, name } of rows) if (name) names.set(id, name);
  return names;
}
