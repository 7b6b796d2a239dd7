// A complaint is closed when the task it opened is completed or cancelled. The complaints resource is
// passed in: this runs from the tasks' hooks, and complaints are made with the tasks resource.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';

export async function closeComplaintOf(
  tx: TenantTx,
  ctx: RequestContext,
  complaints: Resource,
  task: { complaintId?: string; taskStatus?: string },
): Promise<void> {
  if (!task.complaintId) return;
  const complaint = await findRecord(tx, complaints, task.complaintId, { forUpdate: true });
  if (!complaint || complaint.doc.state === 'closed') return;
  await updateRecord(tx, complaints, complaint.id, {
    doc: { ...complaint.doc, state: 'closed', closedAt: new Date().toISOString(), resolution: task.taskStatus },
    userId: ctx.userId,
  });
}
