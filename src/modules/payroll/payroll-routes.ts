// Routes of the timesheet and the payroll export. An employee (time tracking or salaries read
// `own`) gets only their own timesheet (another user's is 404, as for their jobs); managers with
// both reads `all` get everyone's and the exports. The payroll settings are the admin area's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import type { AbsenceHooks } from '../scheduling/index.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, settingsAnswer } from '../../platform/http/route-docs.js';
import { nameSchema } from '../../platform/openapi/schema-names.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { payrollCsv, payrollLodas } from './payroll-export.js';
import { payrollService } from './payroll-service.js';
import { payrollSettingsBody } from './payroll-settings.js';
import { CSV_CONTENT_TYPE } from './rules/german-csv.js';
import { timesheetCsv, timesheetJson } from './timesheet-formats.js';
import { timesheetPdf } from './timesheet-pdf.js';

const month = Type.String({
  pattern: '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])$',
  description: "YYYY-MM, a local month in the company's time zone",
});
const file = (description: string) => ({ description, content: { 'text/csv': { schema: { type: 'string' } } } });

/** csv when asked by `format=csv` or an Accept header preferring text/csv over JSON. */
function wanted(request: FastifyRequest, format: string | undefined): string {
  if (format) return format;
  const accept = String(request.headers.accept ?? '');
  return /text\/csv/.test(accept) && !/application\/json/.test(accept) ? 'csv' : 'json';
}

const sendFile = (reply: FastifyReply, type: string, name: string, body: string | Buffer, inline = false) =>
  reply
    .type(type)
    .header('content-disposition', contentDisposition(name, inline ? 'inline' : 'attachment'))
    .send(body);

/** absences: what planning the month's jobs asks of the absences module, given by the app. */
export function registerPayrollRoutes(app: FastifyInstance, deps: { database: Database; absences: AbsenceHooks }) {
  const routes = typedRoutes(app);
  const payroll = payrollService(deps);

  routes.get(
    '/users/:id/timesheet',
    {
      schema: {
        tags: ['timesheets'],
        summary: 'Monthly timesheet of a user',
        security: SECURITY,
        description:
          'Each local day: planned jobs, presence, break, worked time, absences by kind, surcharge minutes by category, pay; the pay lines (salaries), totals and leave. JSON (default), CSV (`format=csv` or Accept: text/csv) or PDF. docs/pay-law.md (Timesheet) explains the columns.',
        params: Type.Object({ id: Type.String({ pattern: OBJECT_ID_PATTERN }) }),
        querystring: Type.Object(
          {
            month,
            format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('pdf')])),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'the timesheet',
            content: {
              'application/json': { schema: { type: 'object', additionalProperties: true } },
              'text/csv': { schema: { type: 'string' } },
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errorResponses([404]),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { sheet, company } = await payroll.timesheetOf(contextOf(request), request.params.id, query.month);
      const format = wanted(request, query.format);
      const name = `stundenzettel-${sheet.user.number}-${query.month}`;
      if (format === 'csv') return sendFile(reply, CSV_CONTENT_TYPE, `${name}.csv`, timesheetCsv([sheet]));
      if (format === 'pdf')
        return sendFile(reply, 'application/pdf', `${name}.pdf`, await timesheetPdf(sheet, company), true);
      return timesheetJson(sheet);
    },
  );

  routes.get(
    '/timesheets',
    {
      schema: {
        tags: ['timesheets'],
        summary: 'Monthly timesheets of every employee',
        security: SECURITY,
        description:
          'The timesheet rows of every user of the company for one month: CSV (default; one row per user and day and a total row per user) or JSON (an array of timesheets).',
        querystring: Type.Object(
          { month, format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])) },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'the timesheets',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/json': { schema: { type: 'array', items: { type: 'object', additionalProperties: true } } },
            },
          },
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const sheets = await payroll.timesheets(contextOf(request), query.month);
      if (query.format === 'json')
        return reply.type('application/json').send(JSON.stringify(sheets.map(timesheetJson)));
      return sendFile(reply, CSV_CONTENT_TYPE, `stundenzettel-${query.month}.csv`, timesheetCsv(sheets));
    },
  );

  routes.get(
    '/payroll/export',
    {
      schema: {
        tags: ['payroll'],
        summary: 'Payroll export of a month',
        security: SECURITY,
        description:
          'Per employee: hours and amounts by pay type and surcharge (tax-free and taxable parts) and absence days by kind. `format=csv` (default) or `lodas` (DATEV LODAS ASCII import; needs the consultant and client number, PATCH /company/payrollExportSettings). docs/pay-law.md (Payroll export) describes both.',
        querystring: Type.Object(
          { month, format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('lodas')])) },
          { additionalProperties: false },
        ),
        response: { 200: file('the export'), ...errorResponses([409]) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { employees, settings } = await payroll.payroll(contextOf(request), query.month);
      if (query.format === 'lodas') {
        return sendFile(
          reply,
          'text/plain; charset=us-ascii',
          `lodas-${query.month}.txt`,
          payrollLodas(query.month, employees, settings),
        );
      }
      return sendFile(reply, CSV_CONTENT_TYPE, `lohnexport-${query.month}.csv`, payrollCsv(query.month, employees));
    },
  );

  // Processing keys and wage types always come, defaults filled in; the DATEV numbers once set.
  const settingsResponse = {
    200: nameSchema(settingsAnswer(payrollSettingsBody, ['processingKeys', 'wageTypes']), 'PayrollExportSettings'),
    ...errorResponses(),
  };
  routes.get(
    '/company/payrollExportSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Payroll export settings (DATEV numbers, wage type mapping; defaults filled in)',
        security: SECURITY,
        response: settingsResponse,
      },
    },
    async (request) => payroll.settings(contextOf(request)),
  );
  routes.patch(
    '/company/payrollExportSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Change payroll export settings',
        security: SECURITY,
        body: nameSchema(payrollSettingsBody, 'PayrollExportSettingsPatch'),
        description:
          'Top-level fields replace the stored ones; `wageTypes` merge key by key (null removes a mapping, a default one too).',
        response: settingsResponse,
      },
    },
    async (request) => payroll.changeSettings(contextOf(request), request.body),
  );
}
