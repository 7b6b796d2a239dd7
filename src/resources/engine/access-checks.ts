// The two permission checks module services share, beside the engine's own (resource-service.ts):
// "managers only" (write level `all` in the area) and "own records only" (an `own`-level holder
// sees only records that are theirs; another's is answered as absent, 404, so ids reveal nothing).
import { Forbidden } from '../../platform/http/errors.js';
import type { Area } from '../../platform/http/permissions.js';
import { requireLevel, type Level, type RequestContext } from '../../platform/http/request-context.js';

/** Throws 403 `Only managers <what>` unless the caller may write everything in the area. */
export function requireManager(ctx: RequestContext, area: Area, what: string): void {
  if (requireLevel(ctx, area, 'write') !== 'all') throw Forbidden(`Only managers ${what}`);
}

/** Whether a record with this owner is visible at the level (`all` sees every record). */
export function isOwnOrAll(ctx: RequestContext, level: Level, ownerId: unknown): boolean {
  return level === 'all' || (level === 'own' && ownerId === ctx.userId);
}

/**
 * The record when it exists and is visible at the level, else the `missing` error (a 404): an
 * `own`-level holder cannot tell another's record from an absent one.
 */
export function requireOwnOrAll<T>(
  ctx: RequestContext,
  level: Level,
  record: T | undefined,
  ownerOfRecord: (record: T) => unknown,
  missing: () => Error,
): T {
  if (!record || !isOwnOrAll(ctx, level, ownerOfRecord(record))) throw missing();
  return record;
}
