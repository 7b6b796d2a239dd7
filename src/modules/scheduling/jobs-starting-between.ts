// The planned jobs of a period, for the payroll timesheet, so that only scheduling names the table.
import type { TenantTx } from '../../platform/db/tenant.js';
import { periodRows, type PeriodRow } from '../../resources/engine/period-rows.js';
import type { JobDoc } from './jobs-resource.js';

/** Jobs not cancelled that start in [from, to) (epoch ms), of every user or of `userIds`; unordered. */
export async function jobsStartingBetween(
  tx: TenantTx,
  from: number,
  to: number,
  userIds?: string[],
): Promise<PeriodRow<JobDoc>[]> {
  const query = periodRows<JobDoc>(tx, 'jobs', 'from_at', { from, to, userIds });
  return query ? query.where('state', '<>', 'cancelled').execute() : [];
}
