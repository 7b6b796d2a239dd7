// An import's rows, a slice at a time: each slice is one short transaction of at most SLICE.ms of
// work, so another company's request waits for one slice, never for the whole file (the embedded
// database has one connection). A check slice tries its rows through the engine and rolls back; a
// write slice commits its rows together with the import's count of rows written.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { HttpError } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { compileValidator } from '../../platform/http/validation.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { findRecordBy } from '../../resources/engine/resource-store.js';
import { createFromBody, updateRecord } from '../../resources/engine/resource-service.js';
import type { ColumnMapping } from './rules/columns.js';
import type { CsvRecord } from './rules/csv-read.js';
import { rowBody, type CellError } from './rules/row-body.js';

/**
 * A slice's budget: long enough to amortise its BEGIN/COMMIT, short against a 250 ms p99 of others.
 * Changeable only so that bench/import-starvation.ts can measure the file as one slice per phase.
 */
export const SLICE = { ms: 25, maxRows: 500 };

export interface Plan {
  resource: Resource;
  header: string[];
  records: CsvRecord[];
  mapping: ColumnMapping;
  germanFile: boolean;
}

export interface SliceOutcome {
  /** The index of the first record after the slice. */
  next: number;
  created: number;
  updated: number;
  problems: Array<{ row: number; errors: CellError[] }>;
}

/** A row of a write slice failed: the slice was rolled back. `errors` absent: not the row's fault. */
export class WriteFailure extends Error {
  constructor(
    readonly row: number,
    readonly reason: unknown,
    readonly errors?: CellError[],
  ) {
    super(`row ${row} could not be written`);
  }
}

export class LeaseLost extends Error {}

const ROLLBACK = Symbol('rollback');
const CAREFUL_PASS = Symbol('careful pass');

const validators = new Map<
  string,
  { create: ReturnType<typeof compileValidator>; patch: ReturnType<typeof compileValidator> }
>();
function validatorsOf(resource: Resource) {
  let found = validators.get(resource.collection);
  if (!found) {
    found = { create: compileValidator(resource.createBody), patch: compileValidator(resource.patchBody) };
    validators.set(resource.collection, found);
  }
  return found;
}

/**
 * What a refused row's error says about the row: the engine's field errors, or the database
 * refusing a value (a data exception, a constraint, a too big index entry); undefined for any
 * other failure (the database gone, a bug), which is not the row's.
 */
function rowErrorsOf(error: unknown): CellError[] | undefined {
  if (error instanceof HttpError)
    return error.errors?.length
      ? error.errors.map((e) => ({ field: e.path, message: e.message }))
      : [{ field: '(row)', message: error.message }];
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('23') || code === '54000'))
    return [{ field: '(row)', message: `the database refused the row: ${(error as Error).message}` }];
  return undefined;
}

/** One row through the engine: 'created' or 'updated', or its problems. `careful`: under a savepoint. */
async function applyRow(
  tx: TenantTx,
  ctx: RequestContext,
  plan: Plan,
  record: CsvRecord,
  careful: boolean,
): Promise<'created' | 'updated' | CellError[]> {
  const { resource } = plan;
  const { body, errors } = rowBody(plan.header, record.cells, plan.mapping, plan.germanFile);
  if (errors.length) return errors;
  // The record's number is the external key: a record that has it is updated, else one is created.
  const { number, ...fields } = body as { number?: number };
  const existing = number === undefined ? undefined : await findRecordBy(tx, resource, 'number', number);
  const { create, patch } = validatorsOf(resource);
  const invalid = existing ? patch(fields) : create(body);
  if (invalid.length) return invalid.map((e) => ({ field: e.path, message: e.message }));
  // sql: savepoints have no query-builder form
  if (careful) await sql`SAVEPOINT import_row`.execute(tx.db);
  try {
    if (existing) await updateRecord(tx, ctx, resource, existing.id, fields);
    else await createFromBody(tx, ctx, resource, body);
    if (careful) await sql`RELEASE SAVEPOINT import_row`.execute(tx.db);
    return existing ? 'updated' : 'created';
  } catch (error) {
    // Without a savepoint a refused statement may have spoilt the transaction: the slice is redone carefully.
    if (!careful) throw { refused: error, [CAREFUL_PASS]: true };
    await sql`ROLLBACK TO SAVEPOINT import_row`.execute(tx.db);
    const rowErrors = rowErrorsOf(error);
    if (!rowErrors) throw error;
    return rowErrors;
  }
}

const isCarefulPass = (error: unknown): error is { refused: unknown } =>
  typeof error === 'object' && error !== null && CAREFUL_PASS in error;

/** Runs rows from `from` until the slice's budget is spent, counting into `outcome`. */
async function runRows(
  tx: TenantTx,
  ctx: RequestContext,
  plan: Plan,
  from: number,
  outcome: SliceOutcome,
  careful: boolean,
) {
  const started = performance.now();
  for (let i = from; i < plan.records.length; i++) {
    if (i > from && (performance.now() - started >= SLICE.ms || i - from >= SLICE.maxRows)) break;
    const record = plan.records[i]!;
    const result = await applyRow(tx, ctx, plan, record, careful);
    if (result === 'created') outcome.created++;
    else if (result === 'updated') outcome.updated++;
    else outcome.problems.push({ row: record.row, errors: result });
    outcome.next = i + 1;
  }
}

const emptyOutcome = (from: number): SliceOutcome => ({ next: from, created: 0, updated: 0, problems: [] });

/**
 * Checks the rows from `from` in a transaction that is rolled back. First without savepoints (many
 * in one transaction are slow); when the engine refuses a row, the slice is checked again with one
 * per row, so each of its refused rows is reported and the rest still checked.
 */
export async function checkSlice(
  database: Database,
  ctx: RequestContext,
  plan: Plan,
  from: number,
): Promise<SliceOutcome> {
  for (const careful of [false, true]) {
    const outcome = emptyOutcome(from);
    try {
      await inTenant(database, ctx.companyId, async (tx) => {
        await runRows(tx, ctx, plan, from, outcome, careful);
        throw ROLLBACK;
      });
    } catch (error) {
      if (error === ROLLBACK) return outcome;
      if (!careful && isCarefulPass(error)) continue;
      throw error;
    }
  }
  throw new Error('unreachable: the careful pass ends the loop');
}

/**
 * Writes the rows from `from` and, in the same transaction, `record(outcome)` (the import's count
 * of rows written, which returns false when the lease was lost): so the count stored is exactly
 * what is committed. A failing row rolls the whole slice back (WriteFailure names it).
 */
export async function writeSlice(
  database: Database,
  ctx: RequestContext,
  plan: Plan,
  from: number,
  record: (tx: TenantTx, outcome: SliceOutcome) => Promise<boolean>,
): Promise<SliceOutcome> {
  const outcome = emptyOutcome(from);
  await inTenant(database, ctx.companyId, async (tx) => {
    try {
      await runRows(tx, ctx, plan, from, outcome, false);
    } catch (error) {
      const row = plan.records[outcome.next]!.row;
      const cause = isCarefulPass(error) ? error.refused : error;
      throw new WriteFailure(row, cause, rowErrorsOf(cause));
    }
    // A row the checks passed may still fail here (a conflict with a change made meanwhile): reported as the row's.
    const failed = outcome.problems[0];
    if (failed) throw new WriteFailure(failed.row, undefined, failed.errors);
    if (!(await record(tx, outcome))) throw new LeaseLost('the import was declared abandoned');
  });
  return outcome;
}
