// What modules' one-statement reads need of the access_groups table, as an SQL fragment, so that only
// the master data names the table (a request's credentials are checked in one statement).
import { type RawBuilder, sql } from 'kysely';

// sql: a scalar sub-select that the caller embeds in its statement.
/** The group's rights (its doc's `permissions`), SQL NULL when there is no such group. The arguments are SQL expressions. */
export function groupPermissionsSql(companyId: RawBuilder<unknown>, groupId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT g.doc->'permissions' FROM access_groups g WHERE g.company_id = ${companyId} AND g.id = ${groupId})`;
}
