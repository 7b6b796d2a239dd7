// Runs a CSV import: parse and map the file (400/413 before anything is stored), record the
// import, then write every row through the resource engine in one transaction; after the first
// failing row each row runs under a savepoint, so every failing row is reported. A dry run, or a run
// with any failing row, rolls the whole transaction back: either every row is written or none.
// Files of more than INLINE_ROWS rows run in the background of this process (202); their progress
// is kept in memory while they run and stored when they end.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inTenant, readInTenant, type TenantTx } from '../../platform/db/tenant.js';
import { BadRequest, Forbidden, HttpError, NotFound } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { compileValidator } from '../../platform/http/validation.js';
import { newObjectId } from '../../platform/ids.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { findRecordBy } from '../../resources/engine/resource-store.js';
import { createFromBody, updateRecord } from '../../resources/engine/resource-service.js';
import { collectionColumns, importResource } from './collections.js';
import { finishImport, findImport, insertImport, MAX_REPORTED_ERRORS, type ImportReport } from './import-store.js';
import { mapColumns, type ColumnMapping } from './rules/columns.js';
import { CsvError, decodeCsv, detectDelimiter, parseCsv, type CsvRecord } from './rules/csv-read.js';
import { rowBody, type CellError } from './rules/row-body.js';

export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  maxColumns: 200,
  maxFieldLength: 10_000,
  /** Files with more rows run in the background (202). */
  inlineRows: 1000,
};

export interface ImportOptions {
  dryRun: boolean;
  mapping?: Record<string, string | null>;
  fileName?: string;
  /** Wait for the end however big the file is (the command line). */
  wait?: boolean;
  onProgress?: (report: ImportReport) => void;
}

interface Plan {
  resource: Resource;
  header: string[];
  records: CsvRecord[];
  mapping: ColumnMapping;
  germanFile: boolean;
}

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

export type ImportService = ReturnType<typeof importService>;

export function importService(deps: { database: Database; log?: { error(obj: object, msg: string): void } }) {
  // Imports running in this process, by id: their progress, readable while their transaction is open.
  const running = new Map<string, { companyId: string; report: ImportReport }>();

  const snapshot = (report: ImportReport): ImportReport => ({
    ...report,
    errors: report.errors.slice(0, MAX_REPORTED_ERRORS),
  });

  async function writeRows(
    tx: TenantTx,
    ctx: RequestContext,
    plan: Plan,
    report: ImportReport,
    options: ImportOptions,
    careful: boolean,
  ) {
    const { resource, header } = plan;
    const headerOf = new Map(plan.mapping.targets.flatMap((column, i) => (column ? [[column.path, header[i]!]] : [])));
    const problem = (row: number, errors: CellError[]) => {
      report.errorCount += errors.length;
      for (const e of errors)
        if (report.errors.length < MAX_REPORTED_ERRORS)
          report.errors.push({ row, field: headerOf.get(e.field) ?? e.field, message: e.message });
    };
    const { create, patch } = validatorsOf(resource);
    for (const record of plan.records) {
      const { body, errors } = rowBody(header, record.cells, plan.mapping, plan.germanFile);
      if (errors.length) problem(record.row, errors);
      else {
        // The record's number is the external key: a record that has it is updated, else one is created.
        const { number, ...fields } = body as { number?: number };
        const existing = number === undefined ? undefined : await findRecordBy(tx, resource, 'number', number);
        const invalid = existing ? patch(fields) : create(body);
        if (invalid.length)
          problem(
            record.row,
            invalid.map((e) => ({ field: e.path, message: e.message })),
          );
        else {
          // Once the run is bound to fail (or on the careful pass), each row gets a savepoint, so a refused
          // row is undone alone and the following rows are still checked. Before that, none: thousands of
          // subtransactions in one transaction slow PostgreSQL down.
          const guarded = careful || report.errorCount > 0;
          // sql: savepoints have no query-builder form
          if (guarded) await sql`SAVEPOINT import_row`.execute(tx.db);
          try {
            if (existing) await updateRecord(tx, ctx, resource, existing.id, fields);
            else await createFromBody(tx, ctx, resource, body);
            if (guarded) await sql`RELEASE SAVEPOINT import_row`.execute(tx.db);
            if (existing) report.updated++;
            else report.created++;
          } catch (error) {
            if (!guarded) throw error instanceof HttpError ? CAREFUL_PASS : error;
            await sql`ROLLBACK TO SAVEPOINT import_row`.execute(tx.db);
            if (!(error instanceof HttpError)) throw error;
            problem(
              record.row,
              error.errors?.length
                ? error.errors.map((e) => ({ field: e.path, message: e.message }))
                : [{ field: '(row)', message: error.message }],
            );
          }
        }
      }
      report.processedRows++;
      options.onProgress?.(report);
    }
    if (options.dryRun || report.errorCount) throw ROLLBACK;
  }

  async function execute(ctx: RequestContext, plan: Plan, report: ImportReport, options: ImportOptions) {
    // The first pass writes without savepoints; a row the engine refuses there may have left the
    // transaction unusable, so the file is then checked again from the start, carefully.
    for (let careful = false; ; careful = true) {
      try {
        await inTenant(deps.database, ctx.companyId, (tx) => writeRows(tx, ctx, plan, report, options, careful));
      } catch (error) {
        if (error === CAREFUL_PASS && !careful) {
          Object.assign(report, { processedRows: 0, created: 0, updated: 0, errorCount: 0, errors: [] });
          continue;
        }
        if (error !== ROLLBACK) {
          deps.log?.error({ err: error, importId: report._id }, 'import failed');
          report.errorCount++;
          report.errors.push({ row: 0, field: '(import)', message: 'the import stopped on an unexpected error' });
        }
      }
      break;
    }
    report.state = report.errorCount ? 'failed' : 'done';
    report.finishedAt = new Date().toISOString();
    await inTenant(deps.database, ctx.companyId, (tx) => finishImport(tx, report));
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
    const resource = importResource(collection);
    requireImporter(ctx, resource);
    const plan = planImport(resource, bytes, options.mapping);
    const report: ImportReport = {
      _id: newObjectId(),
      collection: resource.collection,
      state: 'running',
      dryRun: options.dryRun,
      ...(options.fileName ? { fileName: options.fileName } : {}),
      totalRows: plan.records.length,
      processedRows: 0,
      created: 0,
      updated: 0,
      errorCount: 0,
      errors: [],
      createdAt: new Date().toISOString(),
    };
    await inTenant(deps.database, ctx.companyId, (tx) => insertImport(tx, report, ctx.userId));
    running.set(report._id, { companyId: ctx.companyId, report });
    const work = execute(ctx, plan, report, options).finally(() => running.delete(report._id));
    if (plan.records.length > IMPORT_LIMITS.inlineRows && !options.wait) {
      work.catch((error) => deps.log?.error({ err: error, importId: report._id }, 'import not recorded'));
      return { report: snapshot(report), background: true };
    }
    return { report: snapshot(await work), background: false };
  }

  /** An import's state: from memory while it runs here, else as stored. */
  async function get(ctx: RequestContext, id: string): Promise<ImportReport> {
    const live = running.get(id);
    const report =
      live && live.companyId === ctx.companyId
        ? snapshot(live.report)
        : await readInTenant(deps.database, ctx.companyId, (tx) => findImport(tx, id));
    if (!report) throw NotFound('import', id);
    requireImporter(ctx, importResource(report.collection));
    return report;
  }

  function assertMayImport(ctx: RequestContext, collection: string): void {
    requireImporter(ctx, importResource(collection));
  }

  return { assertMayImport, start, get };
}
