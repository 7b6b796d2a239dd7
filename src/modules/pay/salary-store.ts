// The one write path of salaries: every module that stores or removes a salary (the approval of an
// entry, the salary run, an absence's paid days) calls these, so numbers, audit fields and the
// salary event (the engine's upsert and delete) cannot be forgotten.
import type { TenantTx } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { NESTED_COUNTERS, numberNewItems } from '../../resources/engine/nested-records.js';
import { deleteRecord, reserveNumbers, upsertRecords } from '../../resources/engine/resource-store.js';
import { type SalaryDoc, salaries } from './salaries-resource.js';

/** A salary to store: its document and total in cents; `before`, the stored salary it replaces. */
export interface SalaryWrite {
  before?: { id: string; number: number | string; chat_id: string | null };
  doc: Record<string, unknown>;
  cents: number;
}

/**
 * Stores the salaries in batched statements (each emits its CREATE or UPDATE event). A replaced
 * salary keeps its id, number and chat; new ones get fresh numbers. Answers the ids in order.
 */
export async function storeSalaries(tx: TenantTx, actorId: string, writes: SalaryWrite[]): Promise<string[]> {
  // New surcharge lines get their numbers (nested records, nested-records.ts); kept lines keep theirs.
  const lines = writes.flatMap((w) => (w.doc.surcharges ?? []) as Array<{ number?: number }>);
  await numberNewItems(tx, NESTED_COUNTERS.salarySurcharges, lines);
  const fresh = writes.filter((w) => !w.before).length;
  let number = fresh > 0 ? await reserveNumbers(tx, salaries.collection, fresh) : 0;
  const records = writes.map((w) => ({
    id: w.before?.id ?? newObjectId(),
    number: w.before ? Number(w.before.number) : number++,
    doc: w.doc,
    userId: actorId,
    chatId: w.before?.chat_id ?? newObjectId(),
    columns: { salary_cents: w.cents },
  }));
  await upsertRecords(tx, salaries, records);
  return records.map((r) => r.id);
}

/** Deletes the salaries (each emits its DELETE event); the caller has checked that none is billed. */
export async function removeSalaries(tx: TenantTx, actorId: string, stored: StoredRecord<SalaryDoc>[]): Promise<void> {
  for (const salary of stored) await deleteRecord(tx, salaries, salary, actorId);
}

/** The salaries of an absence's paid days, locked for the caller's change (a recompute or a release). */
export async function lockSalariesOfAbsence(tx: TenantTx, absenceId: string): Promise<StoredRecord<SalaryDoc>[]> {
  const rows = await tx.db
    .selectFrom('salaries')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('absence_id', '=', absenceId)
    .forUpdate()
    .execute();
  return rows as unknown as StoredRecord<SalaryDoc>[];
}
