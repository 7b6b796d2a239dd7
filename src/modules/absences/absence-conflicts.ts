// Jobs planned onto a person's approved absence: allowed, but marked exactly like the jobs the
// absence affected when it was approved (absenceId, an `absences` entry, listed in the absence's
// affectedJobs), so they show as needing a replacement and jobsInTimeFrame finds them by
// absenceId. A job that no longer falls on its absence (moved out, given to someone else) and has
// no replacement loses the mark. The absence's paid time stays as approved: a job planned for a
// person already known to be absent is not pay they lost.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { AbsenceResource } from './absence-schema.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { coverage } from './absence-coverage.js';
import { jobsOfAbsence, lockJobsToReconcile, markJobAbsent, unmarkJob } from '../scheduling/index.js';
import type { ConflictScope } from '../scheduling/index.js';

// sql: sub-selects on the absences that scheduling's locking statement embeds for its job row `j`.
const APPROVED = sql`('approved', 'assigned')`;
/** The first approved absence of the job's user overlapping it (the same rules as approval). */
const firstConflict = sql`SELECT id, doc FROM absences a WHERE a.company_id = j.company_id AND a.user_id = j.user_id
  AND a.state IN ${APPROVED} AND a.dt_start < j.to_at AND a.dt_end > j.from_at ORDER BY a.dt_start, a.id LIMIT 1`;
/** Whether the job falls on an approved absence of its user (new jobs are reconciled only then). */
export const onApprovedAbsence = sql<boolean>`EXISTS (${firstConflict})`;
/** Whether the job's own absence still overlaps it. */
const keepsOwn = sql<boolean>`EXISTS (SELECT 1 FROM absences o WHERE o.company_id = j.company_id AND o.id = j.absence_id
  AND o.user_id = j.user_id AND o.state IN ${APPROVED} AND o.dt_start < j.to_at AND o.dt_end > j.from_at)`;

/** Marks the scope's jobs that fall on an approved absence of their user, unmarks those that no longer do. */
export async function reconcileAbsenceConflicts(
  tx: TenantTx,
  ctx: RequestContext | { userId: string },
  scope: ConflictScope,
  absences: AbsenceResource,
): Promise<void> {
  if (scope.jobIds.length === 0) return;
  const rows = await lockJobsToReconcile(tx, scope, { conflict: firstConflict, keeps: keepsOwn });
  const touched = new Set<string>();
  for (const job of rows) {
    if (!job.doc.absenceId && job.conflict_id) {
      const a = job.conflict_doc as { periodFrom: string; periodTo: string; calculationType?: string };
      await markJobAbsent(tx, ctx.userId, job, {
        absenceId: job.conflict_id,
        dtStart: a.periodFrom,
        dtEnd: a.periodTo,
        calculationType: a.calculationType,
      });
      touched.add(job.conflict_id);
    } else if (job.doc.absenceId && !job.keeps) {
      await unmarkJob(tx, ctx.userId, job);
      touched.add(job.doc.absenceId);
    }
  }
  for (const id of touched) await refreshAffected(tx, ctx, id, absences);
}

/** affectedJobs, affectedObjectIds and coverage of an approved absence, from its jobs as they are now. */
async function refreshAffected(
  tx: TenantTx,
  ctx: { userId: string },
  absenceId: string,
  absences: AbsenceResource,
): Promise<void> {
  const absence = await findRecord(tx, absences, absenceId, { forUpdate: true });
  if (!absence || !['approved', 'assigned'].includes(absence.doc.state)) return;
  const rows = await jobsOfAbsence(tx, absenceId);
  const affectedJobs = rows.map((r) => r.id);
  const affectedObjectIds = [
    ...new Set(rows.map((r) => r.object_id).filter((o): o is string => typeof o === 'string' && o !== '')),
  ];
  await updateRecord(tx, absences, absenceId, {
    doc: { ...absence.doc, affectedJobs, affectedObjectIds, ...(await coverage(tx, affectedJobs)) },
    userId: ctx.userId,
  });
}
