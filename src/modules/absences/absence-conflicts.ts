// Jobs planned onto a person's approved absence: allowed, but marked exactly like the jobs the
// absence affected when it was approved (absenceId, an `absences` entry, listed in the absence's
// affectedJobs), so they show as needing a replacement and jobsInTimeFrame finds them by
// absenceId. A job that no longer falls on its absence (moved out, given to someone else) and has
// no replacement loses the mark. The absence's paid time stays as approved: a job planned for a
// person already known to be absent is not pay they lost.
import { sql, type RawBuilder } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { coverage } from './absence-coverage.js';
import { absences } from './absences-resource.js';
import { markJobAbsent, unmarkJob } from '../scheduling/index.js';
import type { ConflictScope } from '../scheduling/index.js';

const APPROVED = sql`('approved', 'assigned')`;

function scopeSql(scope: ConflictScope): RawBuilder<boolean> {
  if ('jobIds' in scope) return sql<boolean>`j.id = ANY(${sql.val(scope.jobIds)}::text[])`;
  return sql<boolean>`j.assignment_id = ${scope.assignmentId} AND j.from_at >= ${new Date(scope.from)} AND j.from_at < ${new Date(scope.to)}`;
}

interface Row extends StoredRecord {
  conflict_id: string | null;
  conflict_doc: Record<string, any> | null;
  keeps: boolean;
}

/** Marks the scope's jobs that fall on an approved absence of their user, unmarks those that no longer do. */
export async function reconcileAbsenceConflicts(
  tx: TenantTx,
  ctx: RequestContext | { userId: string },
  scope: ConflictScope,
): Promise<void> {
  if ('jobIds' in scope && scope.jobIds.length === 0) return;
  // conflict: the first approved absence of the job's user overlapping it; keeps: the job's own
  // absence still overlaps it (the same rules as approval: not cancelled, nobody clocked in).
  const { rows } = await sql<Row>`SELECT j.*, a.id AS conflict_id, a.doc AS conflict_doc,
      EXISTS (SELECT 1 FROM absences o WHERE o.company_id = j.company_id AND o.id = j.absence_id AND o.user_id = j.user_id
        AND o.state IN ${APPROVED} AND o.dt_start < j.to_at AND o.dt_end > j.from_at) AS keeps
    FROM jobs j LEFT JOIN LATERAL (
      SELECT id, doc FROM absences a WHERE a.company_id = j.company_id AND a.user_id = j.user_id AND a.state IN ${APPROVED}
        AND a.dt_start < j.to_at AND a.dt_end > j.from_at ORDER BY a.dt_start, a.id LIMIT 1) a ON true
    WHERE j.company_id = ${tx.companyId} AND ${scopeSql(scope)} AND (
      (j.absence_id IS NULL AND a.id IS NOT NULL AND j.state <> 'cancelled' AND j.started_at IS NULL)
      OR (j.absence_id IS NOT NULL AND j.replacement_job_id IS NULL))
    ORDER BY j.from_at FOR UPDATE OF j`.execute(tx.db);
  const touched = new Set<string>();
  for (const job of rows) {
    if (!job.doc.absenceId && job.conflict_id) {
      const a = job.conflict_doc!;
      await markJobAbsent(tx, ctx.userId, job, {
        absenceId: job.conflict_id,
        dtStart: a.periodFrom,
        dtEnd: a.periodTo,
        calculationType: a.calculationType,
      });
      touched.add(job.conflict_id);
    } else if (job.doc.absenceId && !job.keeps) {
      touched.add(await unmarkJob(tx, ctx.userId, job));
    }
  }
  for (const id of touched) await refreshAffected(tx, ctx, id);
}

/** affectedJobs, affectedObjectIds and coverage of an approved absence, from its jobs as they are now. */
async function refreshAffected(tx: TenantTx, ctx: { userId: string }, absenceId: string): Promise<void> {
  const absence = await findRecord(tx, absences, absenceId, { forUpdate: true });
  if (!absence || !['approved', 'assigned'].includes(absence.doc.state)) return;
  const { rows } = await sql<{ id: string; object_id: string | null }>`SELECT id, object_id FROM jobs
    WHERE company_id = ${tx.companyId} AND absence_id = ${absenceId} ORDER BY from_at, id`.execute(tx.db);
  const affectedJobs = rows.map((r) => r.id);
  const affectedObjectIds = [...new Set(rows.map((r) => r.object_id).filter((o): o is string => Boolean(o)))];
  await updateRecord(tx, absences, absenceId, {
    doc: { ...absence.doc, affectedJobs, affectedObjectIds, ...(await coverage(tx, affectedJobs)) },
    userId: ctx.userId,
  });
}
