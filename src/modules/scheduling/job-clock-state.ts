// The job's side of clocking in and out (time-tracking/time-clock.ts) and of cancelling an open
// entry (time-tracking/approval.ts): the job is read, locked and written here, through the engine,
// so the job's modified_at, audit fields and UPDATE event cannot be forgotten.
import { type RawBuilder, sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { type ClockIn, type JobDoc, jobs } from './jobs-resource.js';

export type { ClockIn };

/**
 * The job row, locked (FOR UPDATE), as a SELECT for a caller's WITH clause, so that a clock-in reads
 * the job and its entries in one statement. Every clock-in and -out on the job takes this lock first.
 */
export function lockedJobSql(tx: TenantTx, jobId: string): RawBuilder<unknown> {
  // sql: a CTE body of the time clock's one-statement read.
  return sql`SELECT * FROM jobs WHERE company_id = ${tx.companyId} AND id = ${jobId} FOR UPDATE`;
}

/** The job, or undefined; `forUpdate` locks it for the caller's change. */
export function findJob(tx: TenantTx, id: string, options: { forUpdate?: boolean } = {}) {
  return findRecord(tx, jobs, id, options);
}

/** Records a clock-in: appended to `started`, the job is started (started_at: the clock-in time). */
export async function recordClockIn(tx: TenantTx, actorId: string, job: StoredRecord<JobDoc>, clockIn: ClockIn) {
  await updateRecord(tx, jobs, job.id, {
    doc: { ...job.doc, started: [...(job.doc.started ?? []), clockIn], state: 'started' },
    userId: actorId,
    columns: { started_at: new Date(clockIn.time) },
  });
}

/** Sets the job's state (completed once nobody is clocked in, open again when nobody worked). */
export async function setJobState(
  tx: TenantTx,
  actorId: string,
  job: StoredRecord<JobDoc>,
  state: 'open' | 'completed',
) {
  await updateRecord(tx, jobs, job.id, { doc: { ...job.doc, state }, userId: actorId });
}
