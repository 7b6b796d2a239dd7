// The imports table: an import's state, counts and report.
import type { TenantTx } from '../../platform/db/tenant.js';

export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

export type ImportState = 'running' | 'done' | 'failed';

export interface ImportReport {
  _id: string;
  collection: string;
  state: ImportState;
  dryRun: boolean;
  fileName?: string;
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  errorCount: number;
  errors: ImportProblem[];
  createdAt: string;
  finishedAt?: string;
}

/** The report keeps the first problems only; errorCount counts them all. */
export const MAX_REPORTED_ERRORS = 1000;

export async function insertImport(tx: TenantTx, report: ImportReport, userId: string): Promise<void> {
  await tx.db
    .insertInto('imports')
    .values({
      company_id: tx.companyId,
      id: report._id,
      collection: report.collection,
      state: report.state,
      dry_run: report.dryRun,
      file_name: report.fileName ?? null,
      total_rows: report.totalRows,
      created_by: userId,
      created_at: report.createdAt,
    })
    .execute();
}

export async function finishImport(tx: TenantTx, report: ImportReport): Promise<void> {
  await tx.db
    .updateTable('imports')
    .set({
      state: report.state,
      processed_rows: report.processedRows,
      created_count: report.created,
      updated_count: report.updated,
      error_count: report.errorCount,
      errors: JSON.stringify(report.errors.slice(0, MAX_REPORTED_ERRORS)),
      finished_at: report.finishedAt ?? null,
    })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', report._id)
    .execute();
}

export async function findImport(tx: TenantTx, id: string): Promise<ImportReport | undefined> {
  const row = await tx.db
    .selectFrom('imports')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    _id: row.id,
    collection: row.collection,
    state: row.state as ImportState,
    dryRun: row.dry_run,
    ...(row.file_name ? { fileName: row.file_name } : {}),
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    created: row.created_count,
    updated: row.updated_count,
    errorCount: row.error_count,
    errors: row.errors as unknown as ImportProblem[],
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.finished_at ? { finishedAt: new Date(row.finished_at).toISOString() } : {}),
  };
}
