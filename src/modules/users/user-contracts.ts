// Users' employment contracts (doc.contract) for pay and payroll: what the salary calculation and
// the timesheet read of a user, so that only the users module names the table.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';

/** A stored contract (doc.contract) as pay and payroll read it; its other fields by name. */
export interface StoredContract {
  salary?: number;
  salaryType?: string;
  dailyWorkingHours?: Record<string, unknown>;
  payTypeId?: string;
  workRegion?: { country?: string; state?: string } | string;
  vacationDays?: number;
  remainingLeave?: Array<{ year: number; days: number }>;
  [field: string]: unknown;
}

/** id → the user's contract ({} when none is stored), for the users the company has. */
export async function userContracts(tx: TenantTx, ids: string[]): Promise<Map<string, StoredContract>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('users')
    // sql: the contract is a part of the JSON document
    .select(['id', sql<StoredContract | null>`doc->'contract'`.as('contract')])
    .where('company_id', '=', tx.companyId)
    .where(sql<boolean>`id = ANY(${sql.val(ids)}::text[])`) // sql: one array parameter however many ids
    .execute();
  return new Map(rows.map((r) => [r.id, r.contract ?? {}]));
}

export interface UserWithContract {
  id: string;
  number: number;
  general: { firstName?: string; lastName?: string } | null;
  contract: StoredContract | null;
}

/** Every user of the company (or those of `ids`) by number: number, names and contract. */
export async function usersWithContracts(tx: TenantTx, ids?: string[]): Promise<UserWithContract[]> {
  if (ids?.length === 0) return [];
  let query = tx.db
    .selectFrom('users')
    .select([
      'id',
      'number',
      // sql: the names and the contract are parts of the JSON document
      sql<UserWithContract['general']>`doc->'general'`.as('general'),
      sql<StoredContract | null>`doc->'contract'`.as('contract'),
    ])
    .where('company_id', '=', tx.companyId);
  if (ids) query = query.where(sql<boolean>`id = ANY(${sql.val(ids)}::text[])`);
  return query.orderBy('number').execute();
}
