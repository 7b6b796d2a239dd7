// What invoicing reads of the schedule: the assignments the monthly billing run visits, and the
// jobs done at an object (service reports). Only this module names its tables.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';

/** Assignments with billing positions or hourly billing, in number order. */
export async function billableAssignmentIds(tx: TenantTx): Promise<string[]> {
  const rows = await tx.db
    .selectFrom('assignments')
    .select('id')
    .where('company_id', '=', tx.companyId)
    // sql: conditions on the JSON document
    .where(
      sql<boolean>`(jsonb_array_length(coalesce(doc->'billing'->'positions', '[]')) > 0
        OR doc->'quota'->>'billingRateCalculation' = 'hourly')`,
    )
    .orderBy('number')
    .execute();
  return rows.map((r) => r.id);
}

export interface JobAtObject {
  id: string;
  from_at: Date;
  to_at: Date;
  title: string | null;
  user_id: string | null;
}

/** The jobs at an object starting in [from, to), not cancelled, in time order. */
export async function jobsAtObject(tx: TenantTx, objectId: string, from: Date, to: Date): Promise<JobAtObject[]> {
  const rows = await tx.db
    .selectFrom('jobs')
    .select(['id', 'from_at', 'to_at', sql<string | null>`doc->>'title'`.as('title'), 'user_id'])
    .where('company_id', '=', tx.companyId)
    .where('object_id', '=', objectId)
    .where('state', '<>', 'cancelled')
    .where('from_at', '>=', from)
    .where('from_at', '<', to)
    .orderBy('from_at')
    .execute();
  return rows.map((r) => ({ ...r, from_at: new Date(r.from_at), to_at: new Date(r.to_at) }));
}
