// An entry's salary: written on approval and again after a correction of an approved entry. The
// time-tracking resource is passed in (its afterWrite hook calls this), so this file does not import
// the resource that depends on it.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { writeSalaries } from '../pay/index.js';
import type { TimeTrackingDoc, TimeTrackingResource } from './time-tracking-schema.js';

/**
 * The entry's document once its salary is written: the salary's id, and SALARY_BILLED while that
 * salary is billed (a billed salary is not recomputed), kept in allFoundErrors. The one rule for
 * approval, corrections and the salary run.
 */
export function withSalaryOutcome<D extends Pick<TimeTrackingDoc, 'errors' | 'allFoundErrors'>>(
  doc: D,
  salaryId: string | undefined,
  billed: boolean,
): D & { salaryIds: string[]; errors: string[]; allFoundErrors: string[] } {
  const errors = doc.errors ?? [];
  const next = {
    ...doc,
    salaryIds: salaryId ? [salaryId] : [],
    errors: billed ? [...new Set([...errors, 'SALARY_BILLED'])] : errors.filter((e) => e !== 'SALARY_BILLED'),
  };
  return { ...next, allFoundErrors: [...new Set([...(doc.allFoundErrors ?? []), ...next.errors])] };
}

/**
 * Writes the entry's salary and stores the entry's document (as given, with the outcome); returns the stored
 * document. The salary is computed from the document given, so a change and its salary are one write of the entry.
 */
export async function writeEntrySalary(
  tx: TenantTx,
  ctx: RequestContext,
  timeTrackings: TimeTrackingResource,
  entry: StoredRecord<TimeTrackingDoc>,
) {
  const written = await writeSalaries(tx, ctx.userId, [entry]);
  const doc = withSalaryOutcome(entry.doc, written.salaryIds.get(entry.id), written.billed.has(entry.id));
  await updateRecord(tx, timeTrackings, entry.id, {
    doc,
    userId: ctx.userId,
    columns: { has_errors: doc.errors.length > 0 },
  });
  return doc;
}

/** After a manager's correction: an approved entry's salary follows the entry. */
export async function recomputeAfterCorrection(
  tx: TenantTx,
  ctx: RequestContext,
  timeTrackings: TimeTrackingResource,
  change: { id: string },
) {
  const entry = await findRecord(tx, timeTrackings, change.id);
  if (entry?.doc.approved && entry.doc.timeEnd && !entry.doc.cancelled)
    await writeEntrySalary(tx, ctx, timeTrackings, entry);
}
