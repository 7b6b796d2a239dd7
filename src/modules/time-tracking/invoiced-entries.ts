// Time trackings as invoicing's hourly billing and service reports see them: the approved entries
// of an assignment not invoiced yet, marking them with the invoice that bills them, and the
// entries of jobs. Only this module names its table; invoicing calls these functions.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';

/** An entry's clocked time in seconds (numeric: a string from the driver, converted by the caller). */
export interface UninvoicedEntry {
  id: string;
  working: string | number;
}

/**
 * The approved, not cancelled entries of an assignment starting in [from, to) that no invoice
 * bills yet, locked until the caller's transaction ends (the billing run marks them next).
 */
export async function lockUninvoicedEntries(
  tx: TenantTx,
  assignmentId: string,
  from: Date,
  to: Date,
): Promise<UninvoicedEntry[]> {
  return tx.db
    .selectFrom('time_trackings')
    .select(['id', sql<string>`(doc->>'workingTime')::numeric`.as('working')])
    .where('company_id', '=', tx.companyId)
    .where(
      sql<boolean>`doc->>'assignmentId' = ${assignmentId} AND approved AND NOT cancelled AND doc->>'invoiceId' IS NULL`,
    )
    .where('time_start', '>=', from)
    .where('time_start', '<', to)
    .forUpdate()
    .execute();
}

/**
 * Records on the entries the invoice that bills them (doc.invoiceId). Bookkeeping of the billing
 * run: as it always was, this leaves modified_at as it is and emits no event.
 * sql: jsonb_set of one field inside doc; the id list is one array parameter, whatever its length.
 */
export async function markEntriesInvoiced(tx: TenantTx, ids: string[], invoiceId: string): Promise<void> {
  if (!ids.length) return;
  await tx.db
    .updateTable('time_trackings')
    .set({ doc: sql`jsonb_set(doc, '{invoiceId}', to_jsonb(${invoiceId}::text))` })
    .where('company_id', '=', tx.companyId)
    .where(sql<boolean>`id = ANY(${sql.val(ids)}::text[])`)
    .execute();
}

/** One entry of a job as a service report lists it. */
export interface JobEntry {
  timeStart: string | null;
  timeEnd: string | null;
  workingTime: number | null;
}

/**
 * The not cancelled entries of each job, in the order they started.
 * sql: the entry is built as JSON by the database, so its numbers are exactly those it stores.
 */
export async function entriesOfJobs(tx: TenantTx, jobIds: string[]): Promise<Map<string, JobEntry[]>> {
  const byJob = new Map<string, JobEntry[]>();
  if (!jobIds.length) return byJob;
  const rows = await tx.db
    .selectFrom('time_trackings')
    .select([
      'job_id',
      sql<JobEntry>`jsonb_build_object('timeStart', doc->>'timeStart', 'timeEnd', doc->>'timeEnd',
        'workingTime', (doc->>'workingTime')::numeric)`.as('entry'),
    ])
    .where('company_id', '=', tx.companyId)
    .where(sql<boolean>`job_id = ANY(${sql.val(jobIds)}::text[])`)
    .where('cancelled', '=', false)
    .orderBy('time_start')
    .execute();
  for (const { job_id, entry } of rows) {
    if (!job_id) continue;
    byJob.set(job_id, [...(byJob.get(job_id) ?? []), entry]);
  }
  return byJob;
}
