// The rows of an entity table whose time column lies in a period, of every user or of some: the
// shape the payroll timesheet reads jobs, time-tracking entries and salaries in. Each owner narrows
// the query (not cancelled, order) in its own function, so only it names its table.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { AnyDoc } from './define-resource.js';
import { entityDb, type EntityTableName } from './entity-table.js';

/** A row of a period; `D`, the document type its owner declares (the owner names the table). */
export type PeriodRow<D extends object = AnyDoc> = { id: string; user_id: string | null; doc: D };

/** Rows with `column` in [from, to) (epoch ms), of every user or of `userIds`; undefined for no users. */
export function periodRows<D extends object = AnyDoc>(
  tx: TenantTx,
  table: EntityTableName,
  column: string,
  period: { from: number; to: number; userIds?: string[] },
) {
  if (period.userIds?.length === 0) return undefined;
  let query = entityDb(tx)
    .selectFrom(table)
    .select((eb) => [
      eb.ref('id').as('id'),
      eb.ref('user_id').$castTo<string | null>().as('user_id'),
      eb.ref('doc').$castTo<D>().as('doc'),
    ])
    .where('company_id', '=', tx.companyId)
    .where(column, '>=', new Date(period.from))
    .where(column, '<', new Date(period.to));
  if (period.userIds) query = query.where('user_id', 'in', period.userIds);
  return query;
}
