// GET /accounting/export: the issued invoices, credits and cancellations of a period (by document
// date), its payments (by payment date) and the skonto taken in it, as a DATEV Buchungsstapel or a
// plain CSV. Managers only (read level `all` on invoicing); at most a year (366 days) at once.
import type { Database } from '../../platform/db/database.js';
import { readInTenant } from '../../platform/db/tenant.js';
import { Conflict, Forbidden, Unprocessable, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { bookedDiscounts, bookedDocuments, bookedPayments } from '../invoicing/index.js';
import { loadAccountingSettings } from './accounting-settings.js';
import { MissingAccount, discountBookings, documentBookings, paymentBookings } from './rules/bookings.js';
import { datevFile, datevPeriodProblem, toWindows1252 } from './rules/datev.js';
import { plainCsv } from './rules/plain-csv.js';

export const MAX_PERIOD_DAYS = 366;
/** DATEV imports at most 99,999 bookings per batch. */
export const MAX_DATEV_BOOKINGS = 99_999;

export type ExportFormat = 'datev' | 'csv';

export interface ExportFile {
  contentType: string;
  filename: string;
  body: Buffer;
}

const DAY = 86_400_000;
const isDate = (d: string) =>
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** 400 unless from..to are calendar dates, in order, at most MAX_PERIOD_DAYS apart. */
export function checkPeriod(from: string, to: string) {
  if (!isDate(from)) throw fieldError('from', 'is not a calendar date');
  if (!isDate(to)) throw fieldError('to', 'is not a calendar date');
  if (to < from) throw fieldError('to', 'is before from');
  if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_PERIOD_DAYS)
    throw fieldError('to', `the period is at most ${MAX_PERIOD_DAYS} days`);
}

/** 422 naming the setting for a VAT group without an account. */
export function missingAccountProblem(error: MissingAccount) {
  return Unprocessable(
    `No account in ${error.map} for the VAT group ${error.key} (document ${error.documentNumber}): set ${error.map}.${error.key} in PUT /company/accountingSettings`,
  );
}
const dotted = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.`;

export function accountingExport(deps: { database: Database }) {
  return async function exportPeriod(
    ctx: RequestContext,
    query: { from: string; to: string; format?: ExportFormat },
  ): Promise<ExportFile> {
    if (requireLevel(ctx, 'invoicing', 'read') !== 'all')
      throw Forbidden('Only managers export the accounts (read level all on invoicing)');
    const { from, to } = query;
    checkPeriod(from, to);

    const { settings, documents, payments, discounts } = await readInTenant(
      deps.database,
      ctx.companyId,
      async (tx) => ({
        settings: await loadAccountingSettings(tx),
        documents: await bookedDocuments(tx, { from, to }),
        payments: await bookedPayments(tx, { from, to }),
        discounts: await bookedDiscounts(tx, { from, to }),
      }),
    );

    if (query.format !== 'datev')
      return {
        contentType: 'text/csv; charset=utf-8',
        filename: `buchungen-${from}-${to}.csv`,
        body: Buffer.from(plainCsv(settings, documents, payments, discounts), 'utf8'),
      };

    if (settings.consultantNumber === undefined || settings.clientNumber === undefined)
      throw Conflict('DATEV needs the consultant and client number: PUT /company/accountingSettings');
    const problem = datevPeriodProblem(from, to, settings.fiscalYearStartMonth);
    if (problem) throw fieldError('to', problem);
    let bookings: ReturnType<typeof documentBookings>;
    try {
      bookings = [
        ...documents.flatMap((d) => documentBookings(settings, d)),
        ...payments.flatMap((p) => paymentBookings(settings, p)),
        ...discounts.flatMap((d) => discountBookings(settings, d)),
      ];
    } catch (error) {
      if (error instanceof MissingAccount) throw missingAccountProblem(error);
      throw error;
    }
    if (bookings.length > MAX_DATEV_BOOKINGS)
      throw Unprocessable(
        `${bookings.length} bookings; DATEV takes at most ${MAX_DATEV_BOOKINGS} in one batch: export a shorter period`,
      );
    const text = datevFile(
      {
        consultantNumber: settings.consultantNumber,
        clientNumber: settings.clientNumber,
        fiscalYearStartMonth: settings.fiscalYearStartMonth,
        accountLength: settings.accountLength,
        chart: settings.chart,
        from,
        to,
        label: `Ausgang ${dotted(from)}-${dotted(to)}${to.slice(0, 4)}`,
        lock: settings.lockBatch,
        created: new Date(),
      },
      bookings,
    );
    return {
      contentType: 'text/csv; charset=windows-1252',
      filename: `EXTF_Buchungsstapel_${from}_${to}.csv`,
      body: toWindows1252(text),
    };
  };
}
