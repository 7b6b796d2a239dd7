// Turning assignments into jobs. Every occurrence x planned user becomes exactly one job: the
// unique key (assignment, occurrence day, slot) makes generation idempotent and safe when several
// servers generate the same window at once. An occurrence is identified by its local date (rules
// repeat at most daily), so a job that was started or moved on a day still stands for that day
// after the assignment's time changes. Which windows are generated when: job-planning.ts; the rows
// and their statement: job-rows.ts.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { deferred } from '../../platform/deferred.js';
import { emitSql } from '../../platform/outbox/emit-sql.js';
import { recordJson, reserveNumbers } from '../../resources/engine/resource-store.js';
import type { AbsenceHooks } from './absence-hooks.js';
import {
  expandEach,
  GenerationStopped,
  insertPlanned,
  type Made,
  type Planned,
  type PlannedAssignment,
  type Planning,
} from './job-rows.js';
import { jobs } from './jobs-resource.js';

export type { AssignmentPlan, PlannedAssignment, Planning } from './job-rows.js';

const JOB_ENTITY = jobs.webhookEntity!;
// A job row as toApi() shows it, for set-based events (built when first used: jobs is read then).
const jobApiJson = () => recordJson(jobs, 'j');

const BATCH = 2000;

/**
 * A second transaction of the same company on another connection, or undefined when the pool has none
 * free now (tenant.ts, inTenantIfFree). It takes no lock the caller's transaction may hold: its jobs are of
 * other assignments, and their numbers are a block the caller's transaction takes for it.
 */
export type BesideTransaction = <T>(work: (tx: TenantTx) => Promise<T>) => Promise<T> | undefined;

export interface GenerationOptions {
  /** A rule stored before today's limits plans nothing instead of failing (its error comes before anything of it is sent). */
  skipRefused?: boolean;
  batchRows?: number;
  /** Where a window's second half has at least BESIDE_MIN_ROWS / 2 jobs to make, it is made in this second transaction. */
  beside?: BesideTransaction;
}

/**
 * Below this many rows a second transaction is not taken: its BEGIN, numbers and COMMIT (a flush) take about a
 * millisecond, half of this many rows about 20 ms of PostgreSQL's CPU. A planning slice of a large company
 * (job-planning.ts) reaches it; a small company's slices (about 40 ms each) do not.
 */
export const BESIDE_MIN_ROWS = 1000;

/** How long the second half's expansion runs before it lets the caller's batches go on (ms). */
const EXPANSION_TURN_MS = 5;

/**
 * Creates the missing jobs of the assignments whose occurrences start in [from, to); returns the number
 * created. New jobs on a planned user's approved absence are marked as its affected jobs, in `tx`.
 *
 * With `options.beside`, a window whose second half of the assignments has at least BESIDE_MIN_ROWS / 2 rows is
 * made in two transactions at once: one backend's CPU is what bounds generation, and a machine has more. This
 * transaction starts on the first half at once, numbering its rows from the counter as it goes; the second
 * half is expanded meanwhile (its rows must be counted first), and this transaction takes a block of numbers
 * for them between two of its batches. The second transaction makes its half with that block, waits until
 * this transaction has made the other, and commits; if this one failed by then, it rolls back. Only a failure
 * of this transaction after that commit (marking absences, storing the window, its own COMMIT) leaves the
 * second half's jobs without the window claiming their days: as jobs another server generated, the unique key
 * makes a later generation skip them (docs/decisions.md, Job generation).
 */
export async function materializeAll(
  tx: TenantTx,
  absences: AbsenceHooks,
  plannings: Planning[],
  from: number,
  to: number,
  options: GenerationOptions = {},
): Promise<number> {
  const batchRows = options.batchRows ?? BATCH;
  const skipRefused = Boolean(options.skipRefused);
  if (!options.beside || plannings.length < 2)
    return markAbsent(
      tx,
      absences,
      await insertPlanned(tx, absences, expandEach(tx, plannings, from, to, skipRefused), { batchRows }),
    );
  const half = Math.ceil(plannings.length / 2);
  const window = { from, to, skipRefused, batchRows };
  const [firstHalf, secondHalf] = [plannings.slice(0, half), plannings.slice(half)];
  return markAbsent(tx, absences, await inTwoTransactions(tx, absences, options.beside, firstHalf, secondHalf, window));
}

interface Window {
  from: number;
  to: number;
  skipRefused: boolean;
  batchRows: number;
}

/**
 * The first half in `tx`, the second beside it where it is large enough and a connection is free, else after
 * the first in `tx` too.
 */
async function inTwoTransactions(
  tx: TenantTx,
  absences: AbsenceHooks,
  beside: BesideTransaction,
  firstHalf: Planning[],
  secondHalf: Planning[],
  { from, to, skipRefused, batchRows }: Window,
): Promise<Made> {
  // What of the second half is left to this transaction: all of it when it is not made beside.
  const leftHere = deferred<Planned[]>();
  // Either half failing stops the other at its next batch: the whole window fails anyway.
  let failed = false;
  const stopped = () => failed;
  async function* here(): AsyncGenerator<Planned> {
    yield* expandEach(tx, firstHalf, from, to, skipRefused);
    yield* await leftHere.promise;
  }
  const firstDone = insertPlanned(tx, absences, here(), { batchRows, stopped });
  firstDone.catch(() => {
    failed = true;
  });
  const second = await expandInTurns(tx, secondHalf, from, to, skipRefused).catch(async (error) => {
    // A rule that cannot be expanded fails the window; the first half stops at its next batch.
    failed = true;
    leftHere.resolve([]);
    await firstDone.catch(() => {});
    throw error;
  });
  const secondRows = second.reduce((sum, p) => sum + p.rows, 0);
  const made =
    secondRows * 2 >= BESIDE_MIN_ROWS
      ? beside(async (side) => {
          // Taken by this transaction between two of its batches (its connection runs them in order).
          const first = await reserveNumbers(tx, jobs.collection, secondRows);
          const result = await insertPlanned(side, absences, second, { batchRows, first, stopped });
          await firstDone; // throws when the first half failed: this one rolls back
          return result;
        })
      : undefined;
  leftHere.resolve(made ? [] : second);
  if (!made) return firstDone;
  made.catch(() => {
    failed = true;
  });
  const [a, b] = await Promise.allSettled([firstDone, made]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled')
    return { created: a.value.created + b.value.created, onAbsence: [...a.value.onAbsence, ...b.value.onAbsence] };
  // The cause, not the other half's stop.
  const causes = [a, b].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  throw causes.find((e) => !(e instanceof GenerationStopped)) ?? causes[0];
}

/** The plannings expanded, letting other work (the first half's batches) go on every EXPANSION_TURN_MS. */
async function expandInTurns(
  tx: TenantTx,
  plannings: Planning[],
  from: number,
  to: number,
  skipRefused: boolean,
): Promise<Planned[]> {
  const expanded: Planned[] = [];
  let turn = performance.now();
  for await (const planned of expandEach(tx, plannings, from, to, skipRefused)) {
    expanded.push(planned);
    if (performance.now() - turn >= EXPANSION_TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = performance.now();
    }
  }
  return expanded;
}

/**
 * New jobs on a planned user's approved absence are marked as its affected jobs, by whoever the jobs count
 * as made by; the insert told which those are, so without absences this costs nothing. Returns the jobs made.
 */
async function markAbsent(tx: TenantTx, absences: AbsenceHooks, made: Made): Promise<number> {
  const byActor = new Map<string, string[]>();
  for (const { id, by } of made.onAbsence) byActor.set(by, [...(byActor.get(by) ?? []), id]);
  for (const [userId, jobIds] of byActor) await absences.reconcileConflicts(tx, { userId }, { jobIds });
  return made.created;
}

/** Creates the missing jobs of one assignment whose occurrences start in [from, to). */
export function materialize(
  tx: TenantTx,
  absences: AbsenceHooks,
  assignment: PlannedAssignment,
  from: number,
  to: number,
  actor = 'system',
): Promise<number> {
  return materializeAll(tx, absences, [{ assignment, actor }], from, to);
}

/**
 * Removes the jobs re-planning may replace: generated, from `since` on, untouched by a person, never
 * started; of one assignment, or of all. In batches, so that a window being shrunk by years does
 * not build one event of every job.
 */
export async function removeReplaceableJobs(tx: TenantTx, which: { assignmentId?: string; since: number }) {
  // sql: a batched DELETE (LIMIT in a sub-select) whose DELETE events are emitted in the same statement.
  const ofWhich = which.assignmentId ? sql`assignment_id = ${which.assignmentId}` : sql`occurrence_key IS NOT NULL`;
  for (;;) {
    const {
      rows: [result],
    } = await sql<{ removed: number }>`
      WITH removed AS (
        DELETE FROM jobs WHERE company_id = ${tx.companyId} AND id IN (
          SELECT id FROM jobs WHERE company_id = ${tx.companyId} AND ${ofWhich}
            AND from_at >= ${new Date(which.since)} AND NOT is_manual AND started_at IS NULL LIMIT ${BATCH})
        RETURNING *
      ), emitted AS (
        SELECT ${emitSql(tx.companyId, 'DELETE', JOB_ENTITY, sql`(SELECT coalesce(array_agg(${jobApiJson()}), '{}') FROM removed j)`)}
      )
      SELECT (SELECT count(*)::int FROM removed) AS removed, (SELECT count(*) FROM emitted) AS emitted`.execute(tx.db);
    if (Number(result!.removed) < BATCH) return;
  }
}
