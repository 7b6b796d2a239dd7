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
 * free now (tenant.ts, inTenantIfFree). Offered only by callers whose own transaction has written no job
 * number: the second one takes the numbers, and would otherwise wait for the first, which waits for it.
 */
export type BesideTransaction = <T>(work: (tx: TenantTx) => Promise<T>) => Promise<T> | undefined;

export interface GenerationOptions {
  /** A rule stored before today's limits plans nothing instead of failing (its error comes before anything of it is sent). */
  skipRefused?: boolean;
  batchRows?: number;
  /** Where a window has at least BESIDE_MIN_ROWS jobs to make, half of them are made in this second transaction. */
  beside?: BesideTransaction;
}

/**
 * Below this many rows a second transaction is not taken: its BEGIN, numbers and COMMIT (a flush) take about a
 * millisecond, half of this many rows about 20 ms of PostgreSQL's CPU. A planning slice of a large company
 * (job-planning.ts) reaches it; a small company's slices (about 40 ms each) do not.
 */
export const BESIDE_MIN_ROWS = 1000;

/**
 * Creates the missing jobs of the assignments whose occurrences start in [from, to); returns the number
 * created. New jobs on a planned user's approved absence are marked as its affected jobs, in `tx`.
 *
 * With `options.beside`, a window of at least BESIDE_MIN_ROWS rows is made in two transactions at once, half
 * the assignments each: one backend's CPU is what bounds generation, and a machine has more. The second
 * takes a block of numbers for the first half's rows (the first half is expanded for that, the second as
 * it goes) and numbers its own rows from the counter after it; its commit keeps them taken. It makes its
 * half, waits until this transaction has made the other, and commits; if this one failed by then, it rolls
 * back instead. Only a failure of this transaction after that commit (marking absences, storing the window,
 * its own COMMIT) leaves the second half's jobs without the window claiming their days: as jobs another
 * server generated, the unique key makes a later generation skip them (docs/decisions.md, Job generation).
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
  const first: Planned[] = [];
  for await (const planned of expandEach(tx, plannings.slice(0, half), from, to, skipRefused)) first.push(planned);
  const firstRows = first.reduce((sum, p) => sum + p.rows, 0);
  const second = { plannings: plannings.slice(half), from, to, skipRefused };
  const both =
    firstRows * 2 >= BESIDE_MIN_ROWS
      ? inTwoTransactions(tx, absences, options.beside, { first, firstRows, second }, batchRows)
      : undefined;
  const made =
    (await both) ??
    (await insertPlanned(tx, absences, chain(first, expandEach(tx, second.plannings, from, to, skipRefused)), {
      batchRows,
    }));
  return markAbsent(tx, absences, made);
}

async function* chain<T>(first: T[], then: AsyncIterable<T>): AsyncGenerator<T> {
  yield* first;
  yield* then;
}

interface Halves {
  /** The first half, expanded, and its rows. */
  first: Planned[];
  firstRows: number;
  /** The second half, expanded as it is made. */
  second: { plannings: Planning[]; from: number; to: number; skipRefused: boolean };
}

/** Both halves, or undefined without a free connection. */
function inTwoTransactions(
  tx: TenantTx,
  absences: AbsenceHooks,
  beside: BesideTransaction,
  { first, firstRows, second }: Halves,
  batchRows: number,
): Promise<Made> | undefined {
  const numbered = deferred<number>();
  const firstMade = deferred<void>();
  // Either half failing stops the other at its next batch: the whole window fails anyway.
  let failed = false;
  const stopped = () => failed;
  const made = beside(async (side) => {
    numbered.resolve(await reserveNumbers(side, jobs.collection, firstRows));
    const { plannings, from, to, skipRefused } = second;
    const expanded = expandEach(side, plannings, from, to, skipRefused);
    const result = await insertPlanned(side, absences, expanded, { batchRows, stopped });
    await firstMade.promise; // throws when the first half failed: this one rolls back
    return result;
  });
  if (!made) return undefined;
  made.catch((error) => {
    failed = true;
    numbered.reject(error); // failed before numbering: the first half stops waiting
  });
  const firstDone = numbered.promise.then((start) =>
    insertPlanned(tx, absences, first, { batchRows, first: start, stopped }),
  );
  firstDone.then(
    () => firstMade.resolve(),
    (error) => {
      failed = true;
      firstMade.reject(error);
    },
  );
  return Promise.allSettled([firstDone, made]).then(([a, b]) => {
    if (a.status === 'fulfilled' && b.status === 'fulfilled')
      return { created: a.value.created + b.value.created, onAbsence: [...a.value.onAbsence, ...b.value.onAbsence] };
    // The cause, not the other half's stop.
    const causes = [a, b].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    throw causes.find((e) => !(e instanceof GenerationStopped)) ?? causes[0];
  });
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
