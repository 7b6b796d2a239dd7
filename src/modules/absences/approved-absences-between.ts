// The approved absences of a period, for the payroll timesheet, so that only absences names the
// table.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { AbsenceDoc } from './absence-schema.js';

/** Approved (or assigned) absences overlapping [from, to) (epoch ms), of every user or of `userIds`, by start. */
export async function approvedAbsencesBetween(
  tx: TenantTx,
  from: number,
  to: number,
  userIds?: string[],
): Promise<Array<{ id: string; user_id: string; doc: AbsenceDoc }>> {
  if (userIds?.length === 0) return [];
  let query = tx.db
    .selectFrom('absences')
    .select(['id', 'user_id', (eb) => eb.ref('doc').$castTo<AbsenceDoc>().as('doc')])
    .where('company_id', '=', tx.companyId)
    .where('state', 'in', ['approved', 'assigned'])
    .where('dt_start', '<', new Date(to))
    .where('dt_end', '>', new Date(from));
  if (userIds) query = query.where('user_id', 'in', userIds);
  return query.orderBy('dt_start').execute();
}
