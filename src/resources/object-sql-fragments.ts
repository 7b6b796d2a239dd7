// What modules' one-statement reads need of the objects table, as SQL fragments, so that only the
// master data names the table. The arguments are SQL expressions of the caller's row or
// parameters, e.g. sql.ref('j.object_id').
import { type RawBuilder, sql } from 'kysely';

type Expr = RawBuilder<unknown> | string;

// sql: sub-selects that the callers embed in their own statements.

/** The object's stored document, or null when the company has no such object. */
export function objectDocSql(companyId: Expr, objectId: Expr | null): RawBuilder<Record<string, unknown> | null> {
  return sql<Record<
    string,
    unknown
  > | null>`(SELECT doc FROM objects WHERE company_id = ${companyId} AND id = ${objectId})`;
}

/** Whether the object carries one of these tags. */
export function objectHasAnyTagSql(companyId: Expr, objectId: Expr, tags: string[]): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM objects o
      WHERE o.company_id = ${companyId} AND o.id = ${objectId} AND o.doc->'tags' ?| ${sql.val(tags)}::text[])`;
}
