// Which records of a resource a caller may read: one rule for a record's GET, its list and the
// search. The area's read level (`own`: only records whose owner field is the caller) and the
// resource's own visibility rule (visibleTo, e.g. a document's accessGroup), as SQL conditions.
// sql: the conditions are fragments over the table's columns, unqualified, so each caller's query
// (the engine's lists, the jobs read model, the search's subqueries) puts them on its own alias.
import { sql, type RawBuilder } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { Forbidden } from '../../platform/http/errors.js';
import { levelOf, requireLevel, type Level, type RequestContext } from '../../platform/http/request-context.js';
import type { Resource } from './define-resource.js';

/** The condition limiting a caller below `all` level to their own records (undefined at `all`). */
export function ownerConditionOf(
  ctx: RequestContext,
  resource: Resource,
  level: Level,
): RawBuilder<boolean> | undefined {
  if (level === 'all') return undefined;
  const field = resource.ownerField ? resource.fields.get(resource.ownerField) : undefined;
  if (!field) throw Forbidden(`Not permitted to access ${resource.collection}`);
  return sql<boolean>`${field.sql} = ${ctx.userId}`;
}

/** Whether the caller may read any record of the resource (readConditions would not refuse). */
export function mayRead(ctx: RequestContext, resource: Resource): boolean {
  const level = levelOf(ctx.permissions, resource.area, 'read');
  return (
    level === 'all' || (level === 'own' && Boolean(resource.ownerField && resource.fields.get(resource.ownerField)))
  );
}

/** The conditions a record must meet for the caller to read it; 403 when they may read none. */
export async function readConditions(
  tx: TenantTx,
  ctx: RequestContext,
  resource: Resource,
): Promise<RawBuilder<boolean>[]> {
  const owner = ownerConditionOf(ctx, resource, requireLevel(ctx, resource.area, 'read'));
  const visible = await resource.visibleTo?.(tx, ctx);
  return [owner, visible].filter((condition) => condition !== undefined);
}

/** The conditions as one (`true` when there are none). */
export function allOf(conditions: readonly RawBuilder<boolean>[]): RawBuilder<boolean> {
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` AND `)})` : sql<boolean>`true`;
}
