// The time-tracking entries of a period, for the payroll timesheet, so that only time-tracking
// names the table.
import type { TenantTx } from '../../platform/db/tenant.js';
import { periodRows, type PeriodRow } from '../../resources/engine/period-rows.js';
import type { TimeTrackingDoc } from './time-tracking-schema.js';

/** Entries not cancelled that start in [from, to) (epoch ms), of every user or of `userIds`; unordered. */
export async function entriesStartingBetween(
  tx: TenantTx,
  from: number,
  to: number,
  userIds?: string[],
): Promise<PeriodRow<TimeTrackingDoc>[]> {
  const query = periodRows<TimeTrackingDoc>(tx, 'time_trackings', 'time_start', { from, to, userIds });
  return query
    ? query
        // `IS NOT TRUE`, as the timesheet always read it (the column is not null today)
        .where('cancelled', 'is not', true)
        .execute()
    : [];
}
