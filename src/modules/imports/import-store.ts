// The imports table: an import's state, phase, counts and report, and the lease of the process
// running it (runner, heartbeat_at).
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';

export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

export type ImportState = 'running' | 'done' | 'failed';
/** The phase running, or the last one reached: checking (every row tried and undone), writing (slice by slice). */
export type ImportPhase = 'checking' | 'writing';

export interface ImportReport {
  _id: string;
  collection: string;
  state: ImportState;
  phase: ImportPhase;
  dryRun: boolean;
  fileName?: string;
  totalRows: number;
  /** Rows checked (phase checking), then rows written (phase writing). */
  processedRows: number;
  /** Rows stored for good: the first writtenRows rows of the file, through lastWrittenRow. */
  writtenRows: number;
  lastWrittenRow?: number;
  created: number;
  updated: number;
  errorCount: number;
  errors: ImportProblem[];
  createdAt: string;
  finishedAt?: string;
}

/** The report keeps the first problems only; errorCount counts them all. */
export const MAX_REPORTED_ERRORS = 1000;

export async function insertImport(tx: TenantTx, report: ImportReport, userId: string, runner: string): Promise<void> {
  await tx.db
    .insertInto('imports')
    .values({
      company_id: tx.companyId,
      id: report._id,
      collection: report.collection,
      state: report.state,
      phase: report.phase,
      dry_run: report.dryRun,
      file_name: report.fileName ?? null,
      total_rows: report.totalRows,
      created_by: userId,
      created_at: report.createdAt,
      runner,
      heartbeat_at: sql`now()`,
    })
    .execute();
}

/**
 * Stores the state, phase and counts and renews the lease, if `runner` still holds it (the import
 * is running under it); false when not: the import was declared abandoned meanwhile.
 */
export async function storeProgress(tx: TenantTx, report: ImportReport, runner: string): Promise<boolean> {
  const result = await tx.db
    .updateTable('imports')
    .set({
      state: report.state,
      phase: report.phase,
      processed_rows: report.processedRows,
      written_rows: report.writtenRows,
      last_written_row: report.lastWrittenRow ?? null,
      created_count: report.created,
      updated_count: report.updated,
      error_count: report.errorCount,
      errors: JSON.stringify(report.errors.slice(0, MAX_REPORTED_ERRORS)),
      finished_at: report.finishedAt ?? null,
      heartbeat_at: sql`now()`,
    })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', report._id)
    .where('state', '=', 'running')
    .where('runner', '=', runner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findImport(tx: TenantTx, id: string): Promise<StoredImport | undefined> {
  const row = await tx.db
    .selectFrom('imports')
    .selectAll()
    .select(sql<number>`extract(epoch from now() - heartbeat_at)`.as('lease_age'))
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const report: ImportReport = {
    _id: row.id,
    collection: row.collection,
    state: row.state as ImportState,
    phase: row.phase as ImportPhase,
    dryRun: row.dry_run,
    ...(row.file_name ? { fileName: row.file_name } : {}),
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    writtenRows: row.written_rows,
    ...(row.last_written_row ? { lastWrittenRow: row.last_written_row } : {}),
    created: row.created_count,
    updated: row.updated_count,
    errorCount: row.error_count,
    errors: row.errors as unknown as ImportProblem[],
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.finished_at ? { finishedAt: new Date(row.finished_at).toISOString() } : {}),
  };
  return { report, runner: row.runner, leaseAgeSeconds: row.lease_age === null ? Infinity : Number(row.lease_age) };
}

export interface StoredImport {
  report: ImportReport;
  runner: string | null;
  /** Seconds since the runner last renewed its lease. */
  leaseAgeSeconds: number;
}
