// What the absences module reads of users (the absent user's contract, the names and profiles of
// the users who could replace them), so that only the users module names the table.
import { type RawBuilder, sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { LooseDoc } from '../../resources/engine/define-resource.js';

type Expr = RawBuilder<unknown> | string;

/** `{contract}` of the user's document, or null when the company has no such user; a sub-select for one statement. */
export function userContractJsonSql(companyId: Expr, userId: Expr): RawBuilder<{ contract?: LooseDoc } | null> {
  // sql: a sub-select the caller embeds in its own statement.
  return sql<{ contract?: LooseDoc } | null>`(SELECT jsonb_build_object('contract', doc->'contract') FROM users
    WHERE company_id = ${companyId} AND id = ${userId})`;
}

/** The documents of these users (those that exist), by id. */
export async function userDocsById(tx: TenantTx, ids: string[]): Promise<Map<string, LooseDoc>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('users')
    .select(['id', 'doc'])
    .where('company_id', '=', tx.companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.doc as LooseDoc]));
}

/** Every user of the company but this one, with their document. */
export async function otherUsers(tx: TenantTx, userId: string): Promise<Array<{ id: string; doc: LooseDoc }>> {
  const rows = await tx.db
    .selectFrom('users')
    .select(['id', 'doc'])
    .where('company_id', '=', tx.companyId)
    .where('id', '<>', userId)
    .execute();
  return rows.map((r) => ({ id: r.id, doc: r.doc as LooseDoc }));
}
