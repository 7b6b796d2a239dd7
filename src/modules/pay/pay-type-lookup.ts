// One pay type by id, as an absence's paid time needs it, so that only the pay module names the
// pay_types table.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { PayType } from './rules/salary-calculation.js';

/** The pay type's document, if the company has it. */
export async function payTypeById(tx: TenantTx, id: string): Promise<PayType | undefined> {
  const row = await tx.db
    .selectFrom('pay_types')
    .select((eb) => eb.ref('doc').$castTo<PayType>().as('doc'))
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.doc;
}
