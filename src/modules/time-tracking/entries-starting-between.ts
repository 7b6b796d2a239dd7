// The time-tracking entries of a period, for the payroll timesheet, so that only time-tracking
// names the table.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { LooseDoc } from '../../resources/engine/define-resource.js';

/** Entries not cancelled that start in [from, to) (epoch ms), of every user or of `userIds`; unordered. */
export async function entriesStartingBetween(
  tx: TenantTx,
  from: number,
  to: number,
  userIds?: string[],
): Promise<Array<{ id: string; user_id: string | null; doc: LooseDoc }>> {
  if (userIds?.length === 0) return [];
  let query = tx.db
    .selectFrom('time_trackings')
    .select(['id', 'user_id', (eb) => eb.ref('doc').$castTo<LooseDoc>().as('doc')])
    .where('company_id', '=', tx.companyId)
    .where('time_start', '>=', new Date(from))
    .where('time_start', '<', new Date(to))
    // `IS NOT TRUE`, as the timesheet always read it (the column is not null today)
    .where('cancelled', 'is not', true);
  if (userIds) query = query.where('user_id', 'in', userIds);
  return query.execute();
}
