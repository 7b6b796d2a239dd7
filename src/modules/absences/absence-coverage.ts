// Whether an approved absence's jobs are covered: isAssigned and the state `assigned` once every
// affected job has a replacement job (replacement-record.ts records the replacements).
import type { TenantTx } from '../../platform/db/tenant.js';
import { uncoveredJobCount } from '../scheduling/index.js';

/** isAssigned and the state that follows from the affected jobs' replacements. */
export async function coverage(
  tx: TenantTx,
  affectedJobs: string[],
): Promise<{ isAssigned: boolean; state: 'approved' | 'assigned' }> {
  if (affectedJobs.length === 0) return { isAssigned: true, state: 'approved' };
  const covered = (await uncoveredJobCount(tx, affectedJobs)) === 0;
  return { isAssigned: covered, state: covered ? 'assigned' : 'approved' };
}
