// Runs a CSV import: parse and map the file (400/413 before anything is stored), record the import,
// then two phases of short slices (import-slices.ts), yielding between them so other requests get
// the database: checking tries every row through the resource engine and rolls back; only when
// every row passed (and not a dry run) does writing commit the rows, slice by slice. If a write
// slice fails, the rows before it stay written and the report says exactly which (writtenRows,
// lastWrittenRow). Files of more than INLINE_ROWS rows run on in the background of this process
// (202); the process holds a lease on the import (import-lease.ts).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../platform/db/database.js';
import { inTenant, readInTenant } from '../../platform/db/tenant.js';
import { BadRequest, Forbidden, HttpError, NotFound } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { collectionColumns, importResource, importWriters } from './collections.js';
import { failAbandoned, failAbandonedImports, INTERRUPTED, isAbandoned, newRunnerId } from './import-lease.js';
import { checkSlice, LeaseLost, type Plan, type SliceOutcome, WriteFailure, writeSlice } from './import-slices.js';
import { findImport, insertImport, MAX_REPORTED_ERRORS, storeProgress, type ImportReport } from './import-store.js';
import { mapColumns } from './rules/columns.js';
import { CsvError, decodeCsv, detectDelimiter, parseCsv, type CsvRecord } from './rules/csv-read.js';
import type { CellError } from './rules/row-body.js';

export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  maxColumns: 200,
  maxFieldLength: 10_000,
  /** Files with more rows run in the background (202). */
  inlineRows: 1000,
};

/** While checking (its slices are rolled back), progress and lease are stored at most this often. */
const PROGRESS_EVERY_MS = 1000;

export interface ImportOptions {
  dryRun: boolean;
  mapping?: Record<string, string | null>;
  fileName?: string;
  /** Wait for the end however big the file is (the command line). */
  wait?: boolean;
  onProgress?: (report: ImportReport) => void;
}

/** Importing writes many records at once: managers only (write level `all` on the collection's area). */
function requireImporter(ctx: RequestContext, resource: Resource) {
  if (requireLevel(ctx, resource.area, 'write') !== 'all')
    throw Forbidden(`Importing ${resource.collection} needs write access to all ${resource.area}`);
}

/** The file read and its columns mapped; everything wrong with the file as a whole is a 400 or 413 here. */
export function planImport(resource: Resource, bytes: Uint8Array, mapping?: Record<string, string | null>): Plan {
  if (bytes.length > IMPORT_LIMITS.maxBytes)
    throw new HttpError(413, 'Payload Too Large', `the file is larger than ${IMPORT_LIMITS.maxBytes} bytes`);
  const { text } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  let parsed: { header: string[]; records: CsvRecord[] };
  try {
    parsed = parseCsv(text, delimiter, IMPORT_LIMITS);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.tooBig) throw new HttpError(413, 'Payload Too Large', `the file has ${error.message}`);
    throw BadRequest(`not a readable CSV file: ${error.message}`);
  }
  const mapped = mapColumns(parsed.header, collectionColumns(resource), mapping);
  if (mapped.errors.length)
    throw BadRequest(mapped.errors.map((e) => `${e.path}: ${e.message}`).join('; '), mapped.errors);
  return { resource, ...parsed, mapping: mapped.mapping, germanFile: delimiter === ';' };
}

class Interrupted extends Error {}

export type ImportService = ReturnType<typeof importService>;

/** users: the users resource as registered (usersWith), which the import writes through. */
export function importService(deps: {
  database: Database;
  users: Resource;
  log?: { error(obj: object, msg: string): void };
}) {
  const { database } = deps;
  const writers = importWriters(deps.users);
  const runner = newRunnerId();
  // Imports running in this process, by id: their progress as it is (stored at most every second).
  const running = new Map<string, { companyId: string; report: ImportReport; work: Promise<unknown> }>();
  let isClosing = false;

  const snapshot = (report: ImportReport): ImportReport => ({
    ...report,
    errors: report.errors.slice(0, MAX_REPORTED_ERRORS),
  });

  function problem(plan: Plan, report: ImportReport, row: number, errors: CellError[]) {
    const { header } = plan;
    const headerOf = new Map(plan.mapping.targets.flatMap((column, i) => (column ? [[column.path, header[i]!]] : [])));
    report.errorCount += errors.length;
    for (const e of errors)
      if (report.errors.length < MAX_REPORTED_ERRORS)
        report.errors.push({ row, field: headerOf.get(e.field) ?? e.field, message: e.message });
  }

  function count(plan: Plan, report: ImportReport, outcome: SliceOutcome) {
    report.processedRows = outcome.next;
    report.created += outcome.created;
    report.updated += outcome.updated;
    for (const { row, errors } of outcome.problems) problem(plan, report, row, errors);
  }

  /** Between slices: the requests that waited go first; a closing server stops the import here. */
  async function betweenSlices() {
    await nextTurn();
    if (isClosing) throw new Interrupted(INTERRUPTED);
  }

  async function check(ctx: RequestContext, plan: Plan, report: ImportReport, options: ImportOptions) {
    let storedAt = Date.now();
    while (report.processedRows < plan.records.length) {
      await betweenSlices();
      count(plan, report, await checkSlice(database, ctx, plan, report.processedRows));
      options.onProgress?.(report);
      if (Date.now() - storedAt >= PROGRESS_EVERY_MS) {
        storedAt = Date.now();
        if (!(await inTenant(database, ctx.companyId, (tx) => storeProgress(tx, report, runner))))
          throw new LeaseLost('the import was declared abandoned');
      }
    }
  }

  async function write(ctx: RequestContext, plan: Plan, report: ImportReport, options: ImportOptions) {
    Object.assign(report, { phase: 'writing', processedRows: 0, created: 0, updated: 0 });
    while (report.processedRows < plan.records.length) {
      await betweenSlices();
      const progress = { ...report };
      await writeSlice(database, ctx, plan, report.processedRows, async (tx, outcome) => {
        count(plan, progress, outcome);
        progress.writtenRows = outcome.next;
        progress.lastWrittenRow = plan.records[outcome.next - 1]!.row;
        return storeProgress(tx, progress, runner);
      });
      Object.assign(report, progress); // only once committed
      options.onProgress?.(report);
    }
  }

  async function execute(ctx: RequestContext, plan: Plan, report: ImportReport, options: ImportOptions) {
    let isLeaseLost = false;
    try {
      await check(ctx, plan, report, options);
      if (!options.dryRun && report.errorCount === 0) await write(ctx, plan, report, options);
    } catch (error) {
      if (error instanceof WriteFailure && error.errors) problem(plan, report, error.row, error.errors);
      else {
        isLeaseLost = error instanceof LeaseLost;
        if (!(error instanceof Interrupted)) deps.log?.error({ err: error, importId: report._id }, 'import failed');
        const message =
          error instanceof Interrupted || isLeaseLost ? INTERRUPTED : 'the import stopped on an unexpected error';
        report.errorCount++;
        report.errors.push({ row: error instanceof WriteFailure ? error.row : 0, field: '(import)', message });
      }
    }
    report.state = report.errorCount ? 'failed' : 'done';
    report.finishedAt = new Date().toISOString();
    // A lost lease means another process has already marked the import failed.
    if (!isLeaseLost) await inTenant(database, ctx.companyId, (tx) => storeProgress(tx, report, runner));
    options.onProgress?.(report);
    return report;
  }

  /** Starts an import; `background` when it goes on after the answer (more than INLINE_ROWS rows). */
  async function start(
    ctx: RequestContext,
    collection: string,
    bytes: Uint8Array,
    options: ImportOptions,
  ): Promise<{ report: ImportReport; background: boolean }> {
    const resource = importResource(collection, writers);
    requireImporter(ctx, resource);
    const plan = planImport(resource, bytes, options.mapping);
    if (isClosing) throw new HttpError(503, 'Service Unavailable', 'the server is stopping');
    const report: ImportReport = {
      _id: newObjectId(),
      collection: resource.collection,
      state: 'running',
      phase: 'checking',
      dryRun: options.dryRun,
      ...(options.fileName ? { fileName: options.fileName } : {}),
      totalRows: plan.records.length,
      processedRows: 0,
      writtenRows: 0,
      created: 0,
      updated: 0,
      errorCount: 0,
      errors: [],
      createdAt: new Date().toISOString(),
    };
    await inTenant(database, ctx.companyId, (tx) => insertImport(tx, report, ctx.userId, runner));
    const work = execute(ctx, plan, report, options).finally(() => running.delete(report._id));
    running.set(report._id, { companyId: ctx.companyId, report, work });
    if (plan.records.length > IMPORT_LIMITS.inlineRows && !options.wait) {
      work.catch((error) => deps.log?.error({ err: error, importId: report._id }, 'import not recorded'));
      return { report: snapshot(report), background: true };
    }
    return { report: snapshot(await work), background: false };
  }

  /** An import's state: from memory while it runs here, else as stored (an abandoned one marked failed first). */
  async function get(ctx: RequestContext, id: string): Promise<ImportReport> {
    const live = running.get(id);
    let report = live && live.companyId === ctx.companyId ? snapshot(live.report) : undefined;
    if (!report) {
      const read = () => readInTenant(database, ctx.companyId, (tx) => findImport(tx, id));
      let stored = await read();
      if (stored && isAbandoned(database.kind, stored, runner)) {
        const abandoned = stored;
        await inTenant(database, ctx.companyId, (tx) => failAbandoned(tx, abandoned));
        stored = await read();
      }
      report = stored?.report;
    }
    if (!report) throw NotFound('import', id);
    requireImporter(ctx, importResource(report.collection));
    return report;
  }

  function assertMayImport(ctx: RequestContext, collection: string): void {
    requireImporter(ctx, importResource(collection));
  }

  /** At start-up: the imports of processes that are gone (of every company) are marked failed. */
  const failAbandonedAtStart = () => failAbandonedImports(database, runner);

  /** Closing: running imports stop at their next slice and are stored failed (interrupted). */
  async function close(): Promise<void> {
    isClosing = true;
    await Promise.allSettled([...running.values()].map((r) => r.work));
  }

  return { assertMayImport, start, get, failAbandonedAtStart, close };
}
