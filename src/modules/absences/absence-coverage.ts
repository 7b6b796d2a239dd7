// Whether an approved absence's jobs are covered: its replacements, isAssigned and the state
// `assigned` once every affected job has a replacement job.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { type Replacement, uncoveredJobCount } from '../scheduling/index.js';
import { absences } from './absences-resource.js';

/** Records replacement jobs on their absence and moves it to `assigned` when nothing is left uncovered. */
export async function recordReplacement(
  tx: TenantTx,
  ctx: RequestContext,
  absenceId: string,
  made: Replacement[],
): Promise<void> {
  const absence = await findRecord(tx, absences, absenceId, { forUpdate: true });
  if (!absence || !['approved', 'assigned'].includes(absence.doc.state)) return;
  const at = new Date().toISOString();
  const replacements = [
    ...(absence.doc.replacements ?? []),
    ...made.map((r) => ({ ...r, assignedBy: ctx.userId, assignedAt: at })),
  ];
  await updateRecord(tx, absences, absenceId, {
    doc: { ...absence.doc, replacements, ...(await coverage(tx, absence.doc.affectedJobs ?? [])) },
    userId: ctx.userId,
  });
}

/** isAssigned and the state that follows from the affected jobs' replacements. */
export async function coverage(
  tx: TenantTx,
  affectedJobs: string[],
): Promise<{ isAssigned: boolean; state: 'approved' | 'assigned' }> {
  if (affectedJobs.length === 0) return { isAssigned: true, state: 'approved' };
  const covered = (await uncoveredJobCount(tx, affectedJobs)) === 0;
  return { isAssigned: covered, state: covered ? 'assigned' : 'approved' };
}
