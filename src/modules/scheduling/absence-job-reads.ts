// The jobs the absences module works on (an absence's jobs, the jobs an absence takes, who is busy
// when), so that only scheduling names the jobs table. Absences import this module; where one
// statement also needs the absences table, the absences module passes that part in as SQL.
import { type RawBuilder, sql } from 'kysely';
import { GENERIC_PLAN } from '../../platform/db/postgres-transaction.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import type { ConflictScope } from './absence-hooks.js';
import { overlapsSql, rangeOf, WINDOW_COLUMNS, windowColumns, windowRow } from './job-overlap.js';
import type { JobDoc } from './jobs-resource.js';

/** A job's window, as the replacement search checks it. */
export interface JobWindow {
  id: string;
  from_at: string;
  to_at: string;
}

/** The absence's jobs by start; with `uncovered` only those without a replacement job; locked with `forUpdate`. */
export async function jobsOfAbsence(
  tx: TenantTx,
  absenceId: string,
  options: { uncovered?: boolean; forUpdate?: boolean } = {},
): Promise<StoredRecord<JobDoc>[]> {
  let query = tx.db
    .selectFrom('jobs')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('absence_id', '=', absenceId)
    .orderBy('from_at')
    .orderBy('id');
  if (options.uncovered) query = query.where('replacement_job_id', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return (await query.execute()) as unknown as StoredRecord<JobDoc>[];
}

/** How many of these jobs have no replacement job yet. */
export async function uncoveredJobCount(tx: TenantTx, jobIds: string[]): Promise<number> {
  if (jobIds.length === 0) return 0;
  const row = await tx.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('open'))
    .where('company_id', '=', tx.companyId)
    .where('id', 'in', jobIds)
    .where('replacement_job_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.open);
}

/** The user's jobs an absence of [from, to) takes, locked: not cancelled, nobody clocked in, not another absence's. */
export async function lockJobsForAbsence(
  tx: TenantTx,
  userId: string,
  from: number,
  to: number,
): Promise<StoredRecord<JobDoc>[]> {
  const rows = await tx.db
    .selectFrom('jobs')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where(overlapsSql('jobs', tx.companyId, rangeOf(from, to)))
    .where('state', '<>', 'cancelled')
    .where('started_at', 'is', null)
    .where('absence_id', 'is', null)
    .orderBy('from_at')
    .forUpdate()
    .execute();
  return rows as unknown as StoredRecord<JobDoc>[];
}

/** The first job (not cancelled) of the user overlapping [from, to), if any. */
export async function userJobDuring(
  tx: TenantTx,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ id: string; from_at: Date; to_at: Date } | undefined> {
  return tx.db
    .selectFrom('jobs')
    .select(['id', 'from_at', 'to_at'])
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where('state', '<>', 'cancelled')
    .where(overlapsSql('jobs', tx.companyId, rangeOf(from.getTime(), to.getTime())))
    .limit(1)
    .executeTakeFirst();
}

/**
 * The scope's jobs to reconcile with the absences, locked, by start: unmarked ones (not cancelled,
 * nobody clocked in) that fall on an absence, and marked ones without a replacement. The absences
 * module gives, for the job row `j`, `conflict`: a sub-select of the first approved absence (id, doc)
 * overlapping it, and `keeps`: whether the job's own absence still holds.
 */
export async function lockJobsToReconcile(
  tx: TenantTx,
  scope: ConflictScope,
  absence: { conflict: RawBuilder<unknown>; keeps: RawBuilder<boolean> },
): Promise<
  Array<
    StoredRecord<JobDoc> & { conflict_id: string | null; conflict_doc: Record<string, unknown> | null; keeps: boolean }
  >
> {
  // sql: a lateral join on the absences' sub-select, in one locking statement. The jobs are found and
  // locked in key order (by start, the planner would pick the company's start index and read all its
  // jobs when its statistics are stale, as for a new company's first window), then taken by start.
  // On its generic plan (postgres-transaction.ts): it runs after every write of a job, and PostgreSQL planned it
  // for each run, about 0.27 ms, where running it took 0.03 ms (pg_stat_statements over the capacity bench).
  const { rows } = await sql<
    StoredRecord<JobDoc> & { conflict_id: string | null; conflict_doc: Record<string, unknown> | null; keeps: boolean }
  >`${GENERIC_PLAN}
    SELECT j.*, a.id AS conflict_id, a.doc AS conflict_doc, ${absence.keeps} AS keeps
    FROM jobs j LEFT JOIN LATERAL (${absence.conflict}) a ON true
    WHERE j.company_id = ${tx.companyId} AND j.id = ANY(${sql.val(scope.jobIds)}::text[]) AND (
      (j.absence_id IS NULL AND a.id IS NOT NULL AND j.state <> 'cancelled' AND j.started_at IS NULL)
      OR (j.absence_id IS NOT NULL AND j.replacement_job_id IS NULL))
    ORDER BY j.id FOR UPDATE OF j`.execute(tx.db);
  const startOf = (row: StoredRecord<JobDoc>) => new Date(row.from_at as string | Date).getTime();
  rows.sort((a, b) => startOf(a) - startOf(b) || (a.id < b.id ? -1 : 1));
  return rows;
}

/** user id → the windows among these in which the user has a job (not cancelled). */
export async function usersBusyDuring(tx: TenantTx, windows: JobWindow[]): Promise<Map<string, Set<string>>> {
  const { rows } = await usersBusyDuringSql(tx.companyId, windows).execute(tx.db);
  return new Map(rows.map((r) => [r.user_id, new Set(r.ids)]));
}

/** usersBusyDuring's statement (its plan is tested): each window reads its jobs from half a day before it. */
export function usersBusyDuringSql(companyId: string, windows: JobWindow[]) {
  // sql: the windows are a JSON record set, each joined laterally to its jobs. OFFSET 0 keeps the lateral
  // sub-select apart, so that the long jobs' look-up is an InitPlan per window (an index condition), not a
  // correlated SubPlan (a filter under row-level security, run once per row: 528 ms for two windows).
  const rows = windows.map((w) => ({ id: w.id, ...windowRow(w.from_at, w.to_at) }));
  return sql<{ user_id: string; ids: string[] }>`
    WITH t AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS t(id text, ${WINDOW_COLUMNS}))
    SELECT b.user_id, array_agg(DISTINCT t.id) AS ids FROM t CROSS JOIN LATERAL (
      SELECT j.user_id FROM jobs j WHERE j.company_id = ${companyId} AND j.state <> 'cancelled'
        AND j.user_id IS NOT NULL AND ${overlapsSql('j', companyId, windowColumns('t'))} OFFSET 0) b
    GROUP BY b.user_id`;
}

/** user id → hours of (not cancelled) jobs planned for the user starting in [from, to). */
export async function plannedHoursBetween(tx: TenantTx, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await tx.db
    .selectFrom('jobs')
    .select(['user_id', sql<number>`sum(extract(epoch from (to_at - from_at))) / 3600`.as('hours')])
    .where('company_id', '=', tx.companyId)
    .where('user_id', 'is not', null)
    .where('state', '<>', 'cancelled')
    .where('from_at', '>=', from)
    .where('from_at', '<', to)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id!, Math.round(Number(r.hours) * 100) / 100]));
}

/** user id → which of these objects the user had jobs at that have ended. */
export async function objectsWorkedAtBefore(tx: TenantTx, objectIds: string[]): Promise<Map<string, string[]>> {
  if (objectIds.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('jobs')
    .select(['user_id', 'object_id'])
    .distinct()
    .where('company_id', '=', tx.companyId)
    .where('object_id', 'in', objectIds)
    .where('user_id', 'is not', null)
    .where('to_at', '<', sql<Date>`now()`)
    .execute();
  const byUser = new Map<string, string[]>();
  for (const { user_id, object_id } of rows) byUser.set(user_id!, [...(byUser.get(user_id!) ?? []), object_id!]);
  return byUser;
}

/** The jobs with their object, start (as stored in the document) and the user of their replacement job. */
export async function jobVisits(
  tx: TenantTx,
  jobIds: string[],
): Promise<
  Array<{ id: string; object_id: string; job_from: string; from_at: Date; replacement_user_id: string | null }>
> {
  if (jobIds.length === 0) return [];
  // sql: the start as the document has it, and the replacement's user by a sub-select.
  const { rows } = await sql<{
    id: string;
    object_id: string;
    job_from: string;
    from_at: Date;
    replacement_user_id: string | null;
  }>`SELECT j.id, j.object_id, j.doc->>'from' AS job_from, j.from_at,
      (SELECT r.user_id FROM jobs r WHERE r.company_id = j.company_id AND r.id = j.replacement_job_id) AS replacement_user_id
    FROM jobs j WHERE j.company_id = ${tx.companyId} AND j.id = ANY(${sql.val(jobIds)}::text[]) AND j.object_id IS NOT NULL
    ORDER BY j.from_at`.execute(tx.db);
  return rows;
}
