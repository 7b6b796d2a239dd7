// One pay type by id, as an absence's paid time needs it (pay-reads.ts reads the table).
import type { TenantTx } from '../../platform/db/tenant.js';
import { payTypesById } from './pay-reads.js';
import type { PayType } from './rules/salary-calculation.js';

/** The pay type's document, if the company has it. */
export async function payTypeById(tx: TenantTx, id: string): Promise<PayType | undefined> {
  return (await payTypesById(tx, [id])).get(id);
}
