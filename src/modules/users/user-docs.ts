// What the absences module reads of users (the absent user's contract, the names and profiles of
// the users who could replace them), so that only the users module names the table.
import { type RawBuilder, sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { levelOf, type Permissions } from '../../platform/http/permissions.js';
import type { DocOf } from '../../resources/engine/define-resource.js';
import type { StoredContract } from './user-contracts.js';
import type { userSchema } from './user-schema.js';

/** A stored user's document. */
export type UserDoc = DocOf<typeof userSchema>;

type Expr = RawBuilder<unknown> | string;

/** `{contract}` of the user's document, or null when the company has no such user; a sub-select for one statement. */
export function userContractJsonSql(companyId: Expr, userId: Expr): RawBuilder<{ contract?: StoredContract } | null> {
  // sql: a sub-select the caller embeds in its own statement.
  return sql<{ contract?: StoredContract } | null>`(SELECT jsonb_build_object('contract', doc->'contract') FROM users
    WHERE company_id = ${companyId} AND id = ${userId})`;
}

/** The documents of these users (those that exist), by id. */
export async function userDocsById(tx: TenantTx, ids: string[]): Promise<Map<string, UserDoc>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('users')
    .select(['id', 'doc'])
    .where('company_id', '=', tx.companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.doc as UserDoc]));
}

/**
 * The company's field staff but this user, with their document: those whose access group lets them read
 * only their own jobs (`jobs` read `own`), so neither office accounts (`all`) nor users without job access.
 */
export async function otherFieldStaff(tx: TenantTx, userId: string): Promise<Array<{ id: string; doc: UserDoc }>> {
  const rows = await tx.db
    .selectFrom('users')
    .innerJoin('access_groups', (join) =>
      join
        .onRef('access_groups.id', '=', 'users.access_group_id')
        .onRef('access_groups.company_id', '=', 'users.company_id'),
    )
    .select(['users.id', 'users.doc', 'access_groups.doc as group'])
    .where('users.company_id', '=', tx.companyId)
    .where('users.id', '<>', userId)
    .execute();
  return rows
    .filter((r) => levelOf((r.group as { permissions?: Permissions }).permissions ?? {}, 'jobs', 'read') === 'own')
    .map((r) => ({ id: r.id, doc: r.doc as UserDoc }));
}
