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
import { createFromBody, updateRecord } from '../../resources/engine/resource-service.js';
import type { ColumnMapping } from './rules/columns.js';
import type { CsvRecord } from './rules/csv-read.js';
import { rowBody, type CellError } from './rules/row-body.js';

/**
 * A slice's budget: short against a 250 ms p99 of others, long enough to amortise its fixed cost
 * (BEGIN, the look-up of numbers, the progress row, COMMIT or ROLLBACK). That cost is measured as
 * the import goes, and a slice works at least `overheadShare` times as long as it (up to maxMs):
 * on a loaded machine, where a row may take 10 ms, a 25 ms slice would otherwise be half overhead.
 * Changeable only so that bench/import-starvation.ts can measure the file as one slice per phase.
 */
export const SLICE = { ms: 25, maxMs: 60, overheadShare: 6, maxRows: 500 };

/** An import's pace, measured as it goes: the fixed cost of a slice and how many rows the last one took. */
interface Pace {
  fixedMs: number;
  lastRows: number;
}

const paceOf = (plan: Plan): Pace => {
  plan.pace ??= { fixedMs: 0, lastRows: 1 };
  return plan.pace;
};

/** The work a slice may do before it ends. */
function budgetMs(plan: Plan): number {
  return Math.min(Math.max(SLICE.ms, SLICE.overheadShare * paceOf(plan).fixedMs), Math.max(SLICE.ms, SLICE.maxMs));
}

/**
 * Times a slice's transaction: what it spends besides its rows (after them: progress, COMMIT or
 * ROLLBACK; BEGIN counted as much again) goes into the pace, smoothed over the last few slices.
 */
async function timedSlice<T>(
  plan: Plan,
  outcome: SliceOutcome,
  from: number,
  run: (rowsDone: () => void) => Promise<T>,
) {
  let rowsDoneAt: number | undefined;
  try {
    return await run(() => {
      rowsDoneAt = performance.now();
    });
  } finally {
    const pace = paceOf(plan);
    if (rowsDoneAt !== undefined) pace.fixedMs = 0.7 * pace.fixedMs + 0.3 * 2 * (performance.now() - rowsDoneAt);
    pace.lastRows = Math.max(1, outcome.next - from);
  }
}

export interface Plan {
  resource: Resource;
  header: string[];
  records: CsvRecord[];
  mapping: ColumnMapping;
  germanFile: boolean;
  /** The rows' bodies as converted (bodyOf), kept from the check phase for the write phase. */
  bodies?: Array<ReturnType<typeof rowBody>>;
  pace?: Pace;
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

/** A row's body, converted once per import: the write phase takes what the check phase made. */
function bodyOf(plan: Plan, index: number): ReturnType<typeof rowBody> {
  plan.bodies ??= [];
  const record = plan.records[index]!;
  plan.bodies[index] ??= rowBody(plan.header, record.cells, plan.mapping, plan.germanFile);
  return plan.bodies[index]!;
}

/**
 * The ids of the records the slice's rows name by number, looked up many rows at a time in
 * one query instead of one per row; the records the slice creates are added as it goes, so a
 * number twice in the file is an update the second time, as with one look-up per row.
 */
class KnownNumbers {
  private readonly ids = new Map<number, string>();
  private until = 0;

  constructor(
    private readonly tx: TenantTx,
    private readonly plan: Plan,
  ) {}

  async idOf(index: number, number: number): Promise<string | undefined> {
    if (index >= this.until) {
      const isFirst = this.until === 0;
      // First about as many rows as the last slice did (a slice of 3 rows does not look up 100), then more.
      const ahead = Math.min(MAX_LOOKAHEAD, isFirst ? Math.ceil(paceOf(this.plan).lastRows * 1.5) + 1 : MAX_LOOKAHEAD);
      this.until = Math.min(this.plan.records.length, index + ahead);
      const numbers: number[] = [];
      for (let i = index; i < this.until; i++) {
        const candidate = (bodyOf(this.plan, i).body as { number?: unknown }).number;
        if (typeof candidate === 'number' && Number.isSafeInteger(candidate)) numbers.push(candidate);
      }
      if (numbers.length) {
        // sql: one look-up of many numbers (= ANY of an array), which the engine's store has no call for
        const { rows } = await sql<{ id: string; number: string }>`
          SELECT id, number FROM ${sql.table(this.plan.resource.table)}
          WHERE company_id = ${this.tx.companyId} AND number = ANY(${numbers}::bigint[])`.execute(this.tx.db);
        for (const row of rows) this.ids.set(Number(row.number), row.id);
      }
    }
    return this.ids.get(number);
  }

  created(number: number, id: string) {
    this.ids.set(number, id);
  }
}

/** Rows whose numbers are looked up together, at most. */
const MAX_LOOKAHEAD = 100;

/** One row through the engine: 'created' or 'updated', or its problems. `careful`: under a savepoint. */
async function applyRow(
  tx: TenantTx,
  ctx: RequestContext,
  plan: Plan,
  index: number,
  known: KnownNumbers,
  careful: boolean,
): Promise<'created' | 'updated' | CellError[]> {
  const { resource } = plan;
  const { body, errors } = bodyOf(plan, index);
  if (errors.length) return errors;
  // The record's number is the external key: a record that has it is updated, else one is created.
  const { number, ...fields } = body as { number?: number };
  const existing = number === undefined ? undefined : await known.idOf(index, number);
  const { create, patch } = validatorsOf(resource);
  const invalid = existing ? patch(fields) : create(body);
  if (invalid.length) return invalid.map((e) => ({ field: e.path, message: e.message }));
  // sql: savepoints have no query-builder form
  if (careful) await sql`SAVEPOINT import_row`.execute(tx.db);
  try {
    if (existing) await updateRecord(tx, ctx, resource, existing, fields);
    else {
      const created = await createFromBody(tx, ctx, resource, body);
      known.created(created.number, created._id);
    }
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
  const budget = budgetMs(plan);
  const known = new KnownNumbers(tx, plan);
  for (let i = from; i < plan.records.length; i++) {
    if (i > from && (performance.now() - started >= budget || i - from >= SLICE.maxRows)) break;
    const record = plan.records[i]!;
    const result = await applyRow(tx, ctx, plan, i, known, careful);
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
      await timedSlice(plan, outcome, from, (rowsDone) =>
        inTenant(database, ctx.companyId, async (tx) => {
          await runRows(tx, ctx, plan, from, outcome, careful);
          rowsDone();
          throw ROLLBACK;
        }),
      );
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
  await timedSlice(plan, outcome, from, (rowsDone) =>
    inTenant(database, ctx.companyId, async (tx) => {
      try {
        await runRows(tx, ctx, plan, from, outcome, false);
      } catch (error) {
        const row = plan.records[outcome.next]!.row;
        const cause = isCarefulPass(error) ? error.refused : error;
        throw new WriteFailure(row, cause, rowErrorsOf(cause));
      }
      rowsDone();
      // A row the checks passed may still fail here (a conflict with a change made meanwhile): reported as the row's.
      const failed = outcome.problems[0];
      if (failed) throw new WriteFailure(failed.row, undefined, failed.errors);
      if (!(await record(tx, outcome))) throw new LeaseLost('the import was declared abandoned');
    }),
  );
  return outcome;
}
