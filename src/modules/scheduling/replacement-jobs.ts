// A replacement job: a copy of a job for another user, pointing at the job it replaces
// (masterJobId); the replaced job records it (replacementJobId), so it no longer needs one.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { insertRecord, nextNumber, updateRecord } from '../../resources/engine/resource-store.js';
import { type JobDoc, jobs } from './jobs-resource.js';

export async function createReplacementJob(
  tx: TenantTx,
  ctx: RequestContext,
  job: StoredRecord<JobDoc>,
  userId: string,
): Promise<string> {
  const {
    started: _s,
    absences: _a,
    acceptedStatus: _c,
    absenceId: _b,
    teamId: _t,
    replacementJobId: _r,
    state: _st,
    ...rest
  } = job.doc;
  const id = newObjectId();
  await insertRecord(tx, jobs, {
    id,
    number: await nextNumber(tx, jobs.collection),
    doc: { ...rest, userId, masterJobId: job.id, state: 'open' },
    userId: ctx.userId,
    chatId: newObjectId(),
    columns: { is_manual: true },
  });
  await updateRecord(tx, jobs, job.id, {
    doc: { ...job.doc, replacementJobId: id },
    userId: ctx.userId,
    columns: { replacement_job_id: id, is_manual: true },
  });
  return id;
}
