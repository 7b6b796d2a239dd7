// The planned jobs of a period, for the payroll timesheet, so that only scheduling names the table.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { LooseDoc } from '../../resources/engine/define-resource.js';

/** Jobs not cancelled that start in [from, to) (epoch ms), of every user or of `userIds`; unordered. */
export async function jobsStartingBetween(
  tx: TenantTx,
  from: number,
  to: number,
  userIds?: string[],
): Promise<Array<{ id: string; user_id: string | null; doc: LooseDoc }>> {
  if (userIds?.length === 0) return [];
  let query = tx.db
    .selectFrom('jobs')
    .select(['id', 'user_id', (eb) => eb.ref('doc').$castTo<LooseDoc>().as('doc')])
    .where('company_id', '=', tx.companyId)
    .where('from_at', '>=', new Date(from))
    .where('from_at', '<', new Date(to))
    .where('state', '<>', 'cancelled');
  if (userIds) query = query.where('user_id', 'in', userIds);
  return query.execute();
}
