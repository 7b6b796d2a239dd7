// What other modules' one-statement reads need of the users table, as SQL fragments, so that only
// the users module names the table. The arguments are SQL expressions of the caller's row or
// parameters, e.g. sql.ref('j.user_id').
import { type RawBuilder, sql } from 'kysely';

type Expr = RawBuilder<unknown> | string;

// sql: sub-selects that the callers embed in their own statements.

/** These users as a job embeds them: rows of id and body {_id, number, id, general, contact}, unset ones left out. */
export function userSummariesJsonSql(companyId: Expr, userIds: Expr): RawBuilder<unknown> {
  return sql`SELECT u.id, jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'number', u.number, 'id', u.doc->'id', 'general', u.doc->'general', 'contact', u.doc->'contact'))::text AS body
          FROM users u WHERE u.company_id = ${companyId} AND u.id = ANY(${userIds})`;
}

/** The user's access group as one row (`access_group_id`, NULL without a group), no row when there is no such user. */
export function userAccessGroupSql(companyId: Expr, userId: Expr): RawBuilder<unknown> {
  return sql`SELECT access_group_id FROM users WHERE company_id = ${companyId} AND id = ${userId}`;
}

/** Every user of the company as rows of `id` and `access_group_id` (NULL without a group). */
export function companyUsersAccessGroupSql(companyId: Expr): RawBuilder<unknown> {
  return sql`SELECT id, access_group_id FROM users WHERE company_id = ${companyId}`;
}

/** Whether the company has this user. */
export function userExistsSql(companyId: Expr, userId: Expr): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM users WHERE company_id = ${companyId} AND id = ${userId})`;
}

/**
 * Whether the company has a user outside `adminGroupId` (the administrators' access group) whose
 * contract carries a wage (contract.salary above 0): someone who can be planned and paid.
 */
export function paidEmployeeExistsSql(companyId: Expr, adminGroupId: Expr): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE u.company_id = ${companyId}
      AND u.access_group_id IS DISTINCT FROM ${adminGroupId}
      AND CASE WHEN jsonb_typeof(u.doc->'contract'->'salary') = 'number'
               THEN (u.doc->'contract'->>'salary')::numeric > 0 ELSE false END)`;
}
