// When assignments get their jobs (job-generation.ts makes them). Each company keeps a window in
// which all its assignments have their jobs; it grows on demand, within the planning bounds
// (planning-bounds.ts), and rolls forward as the company is used.
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { PREPARED } from '../../platform/db/postgres-transaction.js';
import { inTenant, inTenantIfFree, type TenantTx } from '../../platform/db/tenant.js';
import { fieldError } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { countJobWindowExtension } from '../../platform/metrics/metrics.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import type { AbsenceHooks } from './absence-hooks.js';
import {
  type AssignmentPlan,
  type BesideTransaction,
  materialize,
  materializeAll,
  removeReplaceableJobs,
} from './job-generation.js';
import {
  clampToBounds,
  loadPlanningBounds,
  planningBounds,
  PLANNING_HORIZON_DAYS,
  UNBOUNDED,
  type PlanningBounds,
  type TimeRange,
} from './planning-bounds.js';

const DAY = 86_400_000;
/** The window keeps at least half of this ahead of now, and is extended to all of it. */
export const KEEP_AHEAD_DAYS = 42;

export interface Horizon {
  from: number;
  until: number;
}

export async function readHorizon(tx: TenantTx, now = Date.now()): Promise<Horizon> {
  // sql: marked to be prepared per connection: it runs on most reads of jobs, and PostgreSQL took longer to plan
  // it than to run it.
  const {
    rows: [row],
  } = await sql<{ from_at: Date; until_at: Date }>`${PREPARED}SELECT from_at, until_at
    FROM job_horizons WHERE company_id = ${tx.companyId}`.execute(tx.db);
  if (row) return { from: new Date(row.from_at).getTime(), until: new Date(row.until_at).getTime() };
  const from = Math.floor(now / DAY) * DAY;
  return { from, until: from + KEEP_AHEAD_DAYS * DAY };
}

async function saveHorizon(tx: TenantTx, horizon: Horizon) {
  await tx.db
    .insertInto('job_horizons')
    .values({ company_id: tx.companyId, from_at: new Date(horizon.from), until_at: new Date(horizon.until) })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({ from_at: new Date(horizon.from), until_at: new Date(horizon.until) }),
    )
    .execute();
}

/**
 * The window, read under the company's planning lock (so nothing extends it meanwhile). A window
 * reaching more than a day beyond the horizon (possible before there was one) is shrunk to it,
 * removing the jobs there that re-planning would replace; jobs a person touched stay.
 */
async function lockedHorizon(tx: TenantTx, bounds: PlanningBounds, now: number): Promise<Horizon> {
  // sql: a call of PostgreSQL's advisory lock, which the query builder has no form for.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${tx.companyId}`}))`.execute(tx.db);
  const horizon = await readHorizon(tx, now);
  if (horizon.until <= bounds.latest + DAY) return horizon;
  await removeReplaceableJobs(tx, { since: bounds.latest });
  const shrunk = { from: Math.min(horizon.from, bounds.latest), until: bounds.latest };
  await saveHorizon(tx, shrunk);
  return shrunk;
}

const PLAN_FIELDS: Array<keyof AssignmentPlan> = [
  'iCalendar',
  'userIds',
  'title',
  'type',
  'activityTypeId',
  'objectId',
  'skipPublicHolidays',
];

/** An assignment's write plans its jobs; `absences` marks those on an approved absence (absence-hooks.ts). */
export const onAssignmentWritten =
  (absences: AbsenceHooks) =>
  async (tx: TenantTx, ctx: RequestContext, change: { id: string; doc: AssignmentPlan; previous?: StoredRecord }) => {
    const now = Date.now();
    const horizon = await lockedHorizon(tx, await loadPlanningBounds(tx, now), now);
    await saveHorizon(tx, horizon);
    if (change.previous) {
      const isReplanned = PLAN_FIELDS.some(
        (f) => JSON.stringify(change.previous!.doc[f]) !== JSON.stringify(change.doc[f]),
      );
      if (!isReplanned) return;
      await removeReplaceableJobs(tx, { assignmentId: change.id, since: now });
      await materialize(tx, absences, change, Math.max(now, horizon.from), horizon.until, ctx.userId);
      return;
    }
    await materialize(tx, absences, change, horizon.from, horizon.until, ctx.userId);
  };

export async function onAssignmentDeleted(tx: TenantTx, _ctx: RequestContext, record: StoredRecord) {
  await removeReplaceableJobs(tx, { assignmentId: record.id, since: Date.now() });
}

// A cached horizon that covers a frame proves it is covered: inside the bounds, windows only grow.
// The company's time zone is cached with it for a minute. Only the time-frame read records what it
// learns (CoverOptions.remember): it does so inside the read router's planning, which then holds the
// company's reads of a frame known as planned off replicas that have not replayed the planning.
// Recorded by any other transaction (an absence, a timesheet), a frame would be taken as planned and
// read on a replica that has not got its jobs yet.
const knownHorizons = new Map<string, { horizon: Horizon; timeZone: string; at: number }>();
const TIME_ZONE_CACHE_MS = 60_000;

export interface CoverOptions {
  now?: number;
  /** A frame reaching beyond the planning horizon is a 400 (otherwise it is covered up to the horizon). */
  refuseBeyondHorizon?: boolean;
  /** Bounds of the caller's choosing instead of the company's (benchmarks, tools). */
  bounds?: PlanningBounds;
  /** Record the covered window in this process (only inside ReadRouter.planOnPrimary, see above). */
  remember?: boolean;
  /** A second transaction for a large extension (materializeAll); only where `tx` is planning's own. */
  beside?: BesideTransaction;
}

/** Covered: the frame's part inside the bounds, half of KEEP_AHEAD_DAYS ahead, and nothing beyond the horizon. */
function isCovered(horizon: Horizon, needed: TimeRange | undefined, bounds: PlanningBounds, now: number): boolean {
  return (
    (!needed || (horizon.from <= needed.from && horizon.until >= needed.to)) &&
    horizon.until >= Math.min(now + (KEEP_AHEAD_DAYS / 2) * DAY, bounds.latest) &&
    horizon.until <= bounds.latest + DAY
  );
}

/**
 * Makes sure every assignment has its jobs in [from, to) as far as the planning bounds allow, and
 * KEEP_AHEAD_DAYS ahead of now, inside the caller's transaction. Free when this process already
 * knows the window is covered (and, for a minute, the company's time zone); otherwise a read or
 * two by primary key, and an extension under a per-company lock when needed.
 */
function refuseBeyondHorizon(to: number, bounds: PlanningBounds) {
  if (to <= bounds.latest) return;
  throw fieldError(
    'to',
    `reaches beyond the planning horizon: jobs are planned up to ${PLANNING_HORIZON_DAYS} days ahead, the last day is ${bounds.lastDate}`,
  );
}

// A job (at most 24 h) that starts a day before the frame still overlaps it.
const neededFor = (windowFrom: number, to: number, bounds: PlanningBounds) =>
  clampToBounds({ from: windowFrom - DAY, to }, bounds);

/**
 * Whether this process knows, without reading the database, that the frame is covered: then
 * coverJobWindow would neither read nor write, and a read of the frame may run read-only. A
 * frame beyond the horizon is refused here as there (refuseBeyondHorizon).
 */
export function isFrameKnownCovered(
  companyId: string,
  windowFrom: number,
  to: number,
  options: Pick<CoverOptions, 'now' | 'refuseBeyondHorizon'> = {},
): boolean {
  const now = options.now ?? Date.now();
  const known = knownHorizons.get(companyId);
  if (!known || now - known.at >= TIME_ZONE_CACHE_MS) return false;
  const bounds = planningBounds(known.timeZone, now);
  if (options.refuseBeyondHorizon) refuseBeyondHorizon(to, bounds);
  return isCovered(known.horizon, neededFor(windowFrom, to, bounds), bounds, now);
}

/**
 * Whether a frame is covered by the window this process recorded for the company, once its minute of
 * knowing the time zone is up: the zone is read again in the caller's transaction (one statement, which
 * may travel with the read it guards), and kept for another minute. False when no window is recorded or
 * it does not cover the frame (then coverJobWindow plans as usual). A frame beyond the horizon is refused
 * here as there. The window itself is not re-learnt here: only planning records one (CoverOptions.remember).
 */
export async function isFrameCoveredByKnownWindow(
  tx: TenantTx,
  windowFrom: number,
  to: number,
  options: Pick<CoverOptions, 'now' | 'refuseBeyondHorizon'> = {},
): Promise<boolean> {
  const known = knownHorizons.get(tx.companyId);
  if (!known) return false;
  const now = options.now ?? Date.now();
  const { timeZone } = await loadTimeAndPaySettings(tx);
  const bounds = planningBounds(timeZone, now);
  if (options.refuseBeyondHorizon) refuseBeyondHorizon(to, bounds);
  if (!isCovered(known.horizon, neededFor(windowFrom, to, bounds), bounds, now)) return false;
  // Planning may have recorded a larger window meanwhile: windows only grow, so keep the larger one.
  const latest = knownHorizons.get(tx.companyId) ?? known;
  knownHorizons.set(tx.companyId, { horizon: latest.horizon, timeZone, at: now });
  return true;
}

/** Whether this process has recorded a window for the company (whatever the age of its time zone). */
export function isWindowRecorded(companyId: string): boolean {
  return knownHorizons.has(companyId);
}

export async function coverJobWindow(
  tx: TenantTx,
  absences: AbsenceHooks,
  windowFrom: number,
  to: number,
  options: CoverOptions = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const known = options.bounds ? undefined : knownHorizons.get(tx.companyId);
  const isZoneKnown = known !== undefined && now - known.at < TIME_ZONE_CACHE_MS;
  const timeZone = options.bounds
    ? undefined
    : isZoneKnown
      ? known.timeZone
      : (await loadTimeAndPaySettings(tx)).timeZone;
  const bounds = options.bounds ?? planningBounds(timeZone!, now);
  if (options.refuseBeyondHorizon) refuseBeyondHorizon(to, bounds);
  const needed = neededFor(windowFrom, to, bounds);
  let horizon = known?.horizon;
  if (!horizon || !isCovered(horizon, needed, bounds, now)) {
    horizon = await readHorizon(tx, now);
    if (!isCovered(horizon, needed, bounds, now)) {
      horizon = await lockedHorizon(tx, bounds, now);
      if (!isCovered(horizon, needed, bounds, now)) {
        horizon = await extendHorizon(tx, absences, horizon, needed, bounds, now, Infinity, options.beside);
        countJobWindowExtension();
      }
    }
  }
  if (!timeZone || !options.remember) return;
  if (knownHorizons.size > 10_000) knownHorizons.clear();
  knownHorizons.set(tx.companyId, { horizon, timeZone, at: isZoneKnown ? known.at : now });
}

/** All of [from, to) in a transaction of its own, whatever the planning bounds (generation ahead of use, benchmarks). */
export async function ensureJobWindow(
  database: Database,
  absences: AbsenceHooks,
  companyId: string,
  from: number,
  to: number,
  now = Date.now(),
): Promise<void> {
  await inTenant(database, companyId, (tx) =>
    coverJobWindow(tx, absences, from, to, { now, bounds: UNBOUNDED, beside: besideOf(database, companyId) }),
  );
}

/**
 * A second transaction of the company for generation beside a transaction of planning's own (materializeAll):
 * only those. A request's transaction may have written rows the second cannot see before it commits (an
 * assignment, an absence), or hold locks the second would wait for.
 */
function besideOf(database: Database, companyId: string): BesideTransaction {
  return (work) => inTenantIfFree(database, companyId, work);
}

/**
 * Grows the window towards what is needed (and KEEP_AHEAD_DAYS ahead), by at most `maxDays` days
 * in this call: forward first, then back. The jobs and the window's new bounds are written in the
 * caller's transaction, so the stored window never claims a day whose jobs were not committed.
 */
async function extendHorizon(
  tx: TenantTx,
  absences: AbsenceHooks,
  horizon: Horizon,
  needed: TimeRange | undefined,
  bounds: PlanningBounds,
  now: number,
  maxDays = Infinity,
  beside?: BesideTransaction,
): Promise<Horizon> {
  const today = Math.floor(now / DAY) * DAY;
  const target = {
    from: Math.max(bounds.earliest, Math.min(needed?.from ?? today, today)),
    until: Math.min(bounds.latest, Math.max(needed?.to ?? 0, now + KEEP_AHEAD_DAYS * DAY)),
  };
  const ranges: Array<[number, number]> = [];
  if (maxDays === Infinity) {
    if (target.from < horizon.from) ranges.push([target.from, horizon.from]);
    if (target.until > horizon.until) ranges.push([horizon.until, target.until]);
  } else if (target.until > horizon.until) {
    ranges.push([horizon.until, Math.min(target.until, horizon.until + maxDays * DAY)]);
  } else if (target.from < horizon.from) {
    ranges.push([Math.max(target.from, horizon.from - maxDays * DAY), horizon.from]);
  }
  const assignments = await tx.db
    .selectFrom('assignments')
    .select(['id', 'doc', 'created_by'])
    .where('company_id', '=', tx.companyId)
    .execute();
  // The documents were validated when the assignments were written. Jobs made on demand count as
  // made by whoever made their assignment. A rule stored before today's limits (a COUNT not reached
  // in time) plans nothing rather than failing every query; writing the assignment again names it.
  const plannings = assignments.map((a) => ({
    assignment: { id: a.id, doc: a.doc as unknown as AssignmentPlan },
    actor: a.created_by ?? undefined,
  }));
  for (const [a, b] of ranges) await materializeAll(tx, absences, plannings, a, b, { skipRefused: true, beside });
  const extended = {
    from: Math.min(horizon.from, ...ranges.map(([a]) => a)),
    until: Math.max(horizon.until, ...ranges.map(([, b]) => b)),
  };
  await saveHorizon(tx, extended);
  return extended;
}

/**
 * A slice of generation: about this long (one short transaction of a few days' jobs), so that
 * another company's request waits for one slice, not for a far frame's months of jobs (the
 * embedded database has one connection).
 */
export const GENERATION_SLICE = { ms: 40, firstDays: 1, maxDays: 366 };

/**
 * Plans what coverJobWindow would for [windowFrom, to), in short transactions of a few days each,
 * yielding between them; the request's own transaction then finds the frame covered (or plans
 * the little that was added meanwhile). Each slice takes the planning lock, re-reads the window
 * and stores its new bounds with its jobs, so a slice that fails or a process that dies leaves a
 * consistent, smaller window, and the unique key keeps jobs single if another server plans too.
 */
export async function extendJobWindowInSlices(
  database: Database,
  absences: AbsenceHooks,
  companyId: string,
  windowFrom: number,
  to: number,
  options: Pick<CoverOptions, 'now' | 'refuseBeyondHorizon'> = {},
): Promise<void> {
  if (isFrameKnownCovered(companyId, windowFrom, to, options)) return;
  const now = options.now ?? Date.now();
  let days = GENERATION_SLICE.firstDays;
  for (let slice = 0; slice < 10_000; slice++) {
    const started = performance.now();
    const isDone = await inTenant(database, companyId, async (tx) => {
      const bounds = await loadPlanningBounds(tx, now);
      if (options.refuseBeyondHorizon) refuseBeyondHorizon(to, bounds);
      const needed = neededFor(windowFrom, to, bounds);
      const horizon = await lockedHorizon(tx, bounds, now);
      if (isCovered(horizon, needed, bounds, now)) return true;
      await extendHorizon(tx, absences, horizon, needed, bounds, now, days, besideOf(database, companyId));
      countJobWindowExtension();
      return false;
    });
    if (isDone) return;
    // The next slice as many days as fit its time, at most four times the last.
    const elapsed = Math.max(1, performance.now() - started);
    days = Math.max(
      1,
      Math.min(GENERATION_SLICE.maxDays, days * 4, Math.floor((days * GENERATION_SLICE.ms) / elapsed)),
    );
    await nextTurn();
  }
}
