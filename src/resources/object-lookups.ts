// What other modules need of objects beside their routes: the address (the place of work decides
// the public holidays) and a search condition for list filters, so that only the master data names
// the table.
import { type RawBuilder, sql } from 'kysely';
import type { TenantTx } from '../platform/db/tenant.js';

/** An object's stored address as far as regions read it (other fields by name). */
export type ObjectAddress = { country?: string; state?: string; [field: string]: unknown };

/** id → the object's stored address (undefined when it has none), for the objects the company has. */
export async function objectAddresses(tx: TenantTx, ids: string[]): Promise<Map<string, ObjectAddress | undefined>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('objects')
    // sql: the address is a part of the JSON document
    .select(['id', sql<ObjectAddress | null>`doc->'address'`.as('address')])
    .where('company_id', '=', tx.companyId)
    .where(sql<boolean>`id = ANY(${sql.val(ids)}::text[])`) // sql: one array parameter however many ids
    .execute();
  return new Map(rows.map((r) => [r.id, r.address ?? undefined]));
}

/**
 * Whether the object's name contains the text (case-insensitive, `%` and `_` taken literally) or
 * its number is the text. The arguments are SQL expressions of the caller's row, e.g.
 * sql.ref('salaries.object_id').
 * sql: a correlated EXISTS that list filters embed in their own statement.
 */
export function objectMatchesSql(
  companyId: RawBuilder<unknown>,
  objectId: RawBuilder<unknown>,
  text: string,
): RawBuilder<boolean> {
  const contains = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`EXISTS (SELECT 1 FROM objects o WHERE o.company_id = ${companyId} AND o.id = ${objectId}
          AND (o.doc->>'name' ILIKE ${contains} OR o.number::text = ${text}))`;
}
