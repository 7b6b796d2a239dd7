// What the timesheet and payroll routes do: the permission checks (a timesheet shows time tracking
// and pay, so the lower of the two read levels counts), the transaction and the reads. The routes
// choose the format and speak HTTP.
import type { Database } from '../../platform/db/database.js';
import type { AbsenceHooks } from '../scheduling/index.js';
import { companyName } from '../../platform/db/companies.js';
import { inTenant } from '../../platform/db/tenant.js';
import { Forbidden, NotFound } from '../../platform/http/errors.js';
import { type RequestContext, requireLevel } from '../../platform/http/request-context.js';
import { isOwnOrAll } from '../../resources/engine/access-checks.js';
import { type EmployeePayroll, payrollOf } from './payroll-export.js';
import {
  loadPayrollSettings,
  type PayrollExportSettings,
  type payrollSettingsBody,
  savePayrollSettings,
} from './payroll-settings.js';
import { loadTimesheets } from './timesheet.js';
import type { Timesheet } from './timesheet-model.js';
import type { Static } from 'typebox';

/** The lower of the two read levels: a timesheet shows time tracking and pay. */
function readLevel(ctx: RequestContext): 'own' | 'all' {
  const levels = [requireLevel(ctx, 'timeTracking', 'read'), requireLevel(ctx, 'salaries', 'read')];
  return levels.includes('own') ? 'own' : 'all';
}

/** Everyone's timesheets and the exports need both reads at `all`. */
function requireReadAll(ctx: RequestContext) {
  if (readLevel(ctx) !== 'all')
    throw Forbidden('Exports of every employee need time tracking and salaries read rights for all');
}

export function payrollService(deps: { database: Database; absences: AbsenceHooks }) {
  const { database } = deps;
  return {
    /** A user's timesheet of a month and the company's name (for the PDF); another's at `own` is 404. */
    async timesheetOf(
      ctx: RequestContext,
      userId: string,
      month: string,
    ): Promise<{ sheet: Timesheet; company: string }> {
      if (!isOwnOrAll(ctx, readLevel(ctx), userId)) throw NotFound('user', userId);
      const { sheet, company } = await inTenant(database, ctx.companyId, async (tx) => {
        const [found] = await loadTimesheets(tx, deps.absences, month, [userId]);
        return { sheet: found, company: (await companyName(tx)) ?? '' };
      });
      if (!sheet) throw NotFound('user', userId);
      return { sheet, company };
    },

    /** Every employee's timesheet of a month. */
    timesheets(ctx: RequestContext, month: string): Promise<Timesheet[]> {
      requireReadAll(ctx);
      return inTenant(database, ctx.companyId, (tx) => loadTimesheets(tx, deps.absences, month));
    },

    /** The payroll lines of every employee of a month, and the export settings. */
    async payroll(
      ctx: RequestContext,
      month: string,
    ): Promise<{ employees: EmployeePayroll[]; settings: PayrollExportSettings }> {
      requireReadAll(ctx);
      const { sheets, settings } = await inTenant(database, ctx.companyId, async (tx) => ({
        sheets: await loadTimesheets(tx, deps.absences, month),
        settings: await loadPayrollSettings(tx),
      }));
      return { employees: payrollOf(sheets, settings), settings };
    },

    settings(ctx: RequestContext): Promise<PayrollExportSettings> {
      requireLevel(ctx, 'company', 'read');
      return inTenant(database, ctx.companyId, (tx) => loadPayrollSettings(tx));
    },

    changeSettings(ctx: RequestContext, patch: Static<typeof payrollSettingsBody>): Promise<PayrollExportSettings> {
      requireLevel(ctx, 'company', 'write');
      return inTenant(database, ctx.companyId, (tx) => savePayrollSettings(tx, patch));
    },
  };
}
