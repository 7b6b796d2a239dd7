// What other modules' one-statement reads need of the salaries table, as SQL fragments, so that
// only pay names the table (the job read model builds a job's salaries inside its own statement);
// and the salaries of a time-tracking entry, which its cancellation removes (salary-store.ts).
// The arguments are SQL expressions of the caller's row, e.g. sql.ref('j.company_id').
import { type RawBuilder, sql } from 'kysely';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { recordJson } from '../../resources/engine/resource-store.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import { type SalaryDoc, salaries } from './salaries-resource.js';

type Expr = RawBuilder<unknown>;

// sql: sub-selects that the callers embed in their read models.

/**
 * The salaries of these jobs as the API shows them: one row per job that has any, its job_id and body,
 * a JSON array ordered by start. One index scan for all the jobs of a read.
 */
export function salariesOfJobsJsonSql(companyId: Expr, jobIds: Expr): RawBuilder<unknown> {
  return sql`SELECT sa.job_id, jsonb_agg(${recordJson(salaries, 'sa')} ORDER BY sa.from_at, sa.id)::text AS body
      FROM salaries sa WHERE sa.company_id = ${companyId} AND sa.job_id = ANY(${jobIds}) GROUP BY sa.job_id`;
}

/** The id of the time-tracking entry's salary, or null before it exists (one per entry at most). */
export function salaryIdOfEntrySql(companyId: Expr, timeTrackingId: Expr): RawBuilder<string | null> {
  return sql<
    string | null
  >`(SELECT sa.id FROM salaries sa WHERE sa.company_id = ${companyId} AND sa.time_tracking_id = ${timeTrackingId})`;
}

/** Whether one of the job's salaries has one of these activity types. */
export function jobHasSalaryOfActivityTypeSql(
  companyId: Expr,
  jobId: Expr,
  activityTypeIds: string[],
): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM salaries s WHERE s.company_id = ${companyId} AND s.job_id = ${jobId}
      AND s.activity_type_id = ANY(${sql.val(activityTypeIds)}::text[]))`;
}

/** The salaries of a time-tracking entry, locked for the caller's change (its cancellation). */
export async function lockSalariesOfEntry(tx: TenantTx, timeTrackingId: string): Promise<StoredRecord<SalaryDoc>[]> {
  const rows = await tx.db
    .selectFrom('salaries')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('time_tracking_id', '=', timeTrackingId)
    .forUpdate()
    .execute();
  return rows as unknown as StoredRecord<SalaryDoc>[];
}
