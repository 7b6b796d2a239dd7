// How a job is marked as falling on an absence (absenceId and an `absences` entry, the spec's Job
// fields) and unmarked: one shape for absence approval and for planning onto an absence.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { NESTED_COUNTERS, nestedRecord, numberNewItems } from '../../resources/engine/nested-records.js';
import { updateRecord } from '../../resources/engine/resource-store.js';
import { type JobDoc, jobs } from './jobs-resource.js';

export interface AbsenceMark {
  absenceId: string;
  dtStart: string;
  dtEnd: string;
  calculationType?: string;
}

export async function markJobAbsent(
  tx: TenantTx,
  userId: string,
  job: StoredRecord<JobDoc>,
  mark: AbsenceMark,
): Promise<void> {
  // A record of its own inside the job (the spec's common entity fields); absenceId names the absence.
  const entry = nestedRecord(mark, { companyId: tx.companyId, userId });
  await numberNewItems(tx, NESTED_COUNTERS.jobAbsences, [entry]);
  await updateRecord(tx, jobs, job.id, {
    doc: { ...job.doc, absenceId: mark.absenceId, absences: [...(job.doc.absences ?? []), entry] },
    userId,
  });
}

/** Removes the job's absence mark and that absence's entry; returns the absence it had. */
export async function unmarkJob(tx: TenantTx, userId: string, job: StoredRecord<JobDoc>): Promise<string | undefined> {
  const { absenceId, ...doc } = job.doc;
  const absences = (job.doc.absences ?? []).filter((e) => e.absenceId !== absenceId);
  await updateRecord(tx, jobs, job.id, { doc: { ...doc, absences }, userId });
  return absenceId;
}
