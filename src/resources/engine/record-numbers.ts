// Record numbers: one sequence per company and counter (a resource's collection, or a document
// series), kept in the engine's counters table.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { Resource } from './define-resource.js';
import { entityDb } from './entity-table.js';

/** Next number of a per-company sequence; a supplied number moves the sequence past it. */
export async function nextNumber(tx: TenantTx, counter: string, supplied?: number): Promise<number> {
  const row = await tx.db
    .insertInto('counters')
    .values({ company_id: tx.companyId, name: counter, value: supplied ?? 1 })
    .onConflict((oc) =>
      oc.columns(['company_id', 'name']).doUpdateSet((eb) => ({
        value:
          supplied === undefined
            ? eb('counters.value', '+', 1)
            : eb.fn<number>('greatest', [eb.ref('counters.value'), eb.val(supplied)]),
      })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return supplied ?? row.value;
}

/**
 * The statement reserveNumbers runs (RETURNING `first`), for a write that takes its numbers in the
 * same statement (a CTE beside it: resource-store.ts insertRecord, job generation): one round trip.
 */
export function reserveNumbersStatement(tx: TenantTx, counter: string, count: number) {
  return tx.db
    .insertInto('counters')
    .values({ company_id: tx.companyId, name: counter, value: count })
    .onConflict((oc) =>
      oc.columns(['company_id', 'name']).doUpdateSet((eb) => ({ value: eb('counters.value', '+', count) })),
    )
    .returning((eb) => eb(eb.ref('value'), '-', count - 1).as('first'));
}

/** Reserves `count` consecutive numbers in one statement; returns the first. */
export async function reserveNumbers(tx: TenantTx, counter: string, count: number): Promise<number> {
  const row = await reserveNumbersStatement(tx, counter, count).executeTakeFirstOrThrow();
  return Number(row.first);
}

export async function currentNumber(tx: TenantTx, counter: string): Promise<number> {
  const row = await tx.db
    .selectFrom('counters')
    .select('value')
    .where('company_id', '=', tx.companyId)
    .where('name', '=', counter)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

export async function numberTaken(tx: TenantTx, resource: Resource, number: number): Promise<boolean> {
  const row = await entityDb(tx)
    .selectFrom(resource.table)
    .select('id')
    .where('company_id', '=', tx.companyId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `wanted` units of a capped per-company count (a daily quota): the row is locked
 * first, so concurrent takers queue behind each other and never exceed `limit` together. Returns
 * how many were granted (0 when the count has reached the limit).
 */
export async function takeFromQuota(tx: TenantTx, counter: string, wanted: number, limit: number): Promise<number> {
  const row = await tx.db
    .insertInto('counters')
    .values({ company_id: tx.companyId, name: counter, value: 0 })
    .onConflict((oc) => oc.columns(['company_id', 'name']).doUpdateSet((eb) => ({ value: eb.ref('counters.value') })))
    .returning('value')
    .executeTakeFirstOrThrow();
  const granted = Math.max(0, Math.min(wanted, limit - Number(row.value)));
  if (granted > 0)
    await tx.db
      .updateTable('counters')
      .set((eb) => ({ value: eb('value', '+', granted) }))
      .where('company_id', '=', tx.companyId)
      .where('name', '=', counter)
      .execute();
  return granted;
}
