// Reads of pay's tables that pay itself and the modules above it need (the salary writer, the
// payroll timesheet, the German preset), with the query builder.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { PayType } from './rules/salary-calculation.js';
import type { SurchargeDoc } from './surcharges-resource.js';
import type { SalaryDoc } from './salaries-resource.js';
import { periodRows, type PeriodRow } from '../../resources/engine/period-rows.js';

/** Every surcharge rule of the company by number, active or not. */
export async function surchargesByNumber(tx: TenantTx): Promise<Array<{ id: string; doc: SurchargeDoc }>> {
  return tx.db
    .selectFrom('surcharges')
    .select(['id', (eb) => eb.ref('doc').$castTo<SurchargeDoc>().as('doc')])
    .where('company_id', '=', tx.companyId)
    .orderBy('number')
    .execute();
}

/** The names the company's surcharges use (the preset skips those). */
export async function surchargeNames(tx: TenantTx): Promise<Set<string | null>> {
  const rows = await tx.db
    .selectFrom('surcharges')
    // sql: the name is a part of the JSON document
    .select(sql<string | null>`doc->>'name'`.as('name'))
    .where('company_id', '=', tx.companyId)
    .execute();
  return new Set(rows.map((r) => r.name));
}

/** surcharge id → its category (`other` when it names none). */
export async function surchargeCategories(tx: TenantTx): Promise<Map<string, string>> {
  const rows = await surchargesByNumber(tx);
  return new Map(rows.map((r) => [r.id, r.doc.category ?? 'other']));
}

/** The pay types of these ids. */
export async function payTypesById(tx: TenantTx, ids: string[]): Promise<Map<string, PayType>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('pay_types')
    .select(['id', (eb) => eb.ref('doc').$castTo<PayType>().as('doc')])
    .where('company_id', '=', tx.companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.doc]));
}

/** pay type name → its wage type code (the payroll export's `payType:` lines). */
export async function payTypeCodes(tx: TenantTx): Promise<Map<string, string | undefined>> {
  const rows = await tx.db
    .selectFrom('pay_types')
    .select((eb) => eb.ref('doc').$castTo<PayType & { code?: string }>().as('doc'))
    .where('company_id', '=', tx.companyId)
    .execute();
  return new Map(rows.map((r) => [r.doc.name, r.doc.code]));
}

/** Salaries whose start lies in [from, to) (epoch ms), of every user or of `userIds`, by start and number. */
export async function salariesStartingBetween(
  tx: TenantTx,
  from: number,
  to: number,
  userIds?: string[],
): Promise<PeriodRow<SalaryDoc>[]> {
  const query = periodRows<SalaryDoc>(tx, 'salaries', 'from_at', { from, to, userIds });
  return query ? query.orderBy('from_at').orderBy('number').execute() : [];
}

export interface StoredSalaryOfEntry {
  id: string;
  number: number;
  billed: boolean;
  chat_id: string | null;
  doc: SalaryDoc;
  time_tracking_id: string | null;
}

/** entry id → its salary (at most one each), read in chunks of 5,000 ids. */
export async function salariesOfEntries(tx: TenantTx, entryIds: string[]): Promise<Map<string, StoredSalaryOfEntry>> {
  const found = new Map<string, StoredSalaryOfEntry>();
  for (let i = 0; i < entryIds.length; i += 5000) {
    const rows = await tx.db
      .selectFrom('salaries')
      .select([
        'id',
        'number',
        'billed',
        'chat_id',
        (eb) => eb.ref('doc').$castTo<SalaryDoc>().as('doc'),
        'time_tracking_id',
      ])
      .where('company_id', '=', tx.companyId)
      // sql: one array parameter for up to 5,000 ids
      .where(sql<boolean>`time_tracking_id = ANY(${sql.val(entryIds.slice(i, i + 5000))}::text[])`)
      .execute();
    for (const row of rows) if (row.time_tracking_id) found.set(row.time_tracking_id, row);
  }
  return found;
}
