// Replacement jobs recorded on their absence, which moves to `assigned` once nothing is left uncovered.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { AbsenceResource } from './absence-schema.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import type { Replacement } from '../scheduling/index.js';
import { coverage } from './absence-coverage.js';

/** Records replacement jobs on their absence and moves it to `assigned` when nothing is left uncovered. */
export async function recordReplacement(
  tx: TenantTx,
  ctx: RequestContext,
  absenceId: string,
  made: Replacement[],
  absences: AbsenceResource,
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
