// The accounting export and its settings, and a customer's account statement.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams, settingsAnswer } from '../../platform/http/route-docs.js';
import { nameSchema } from '../../platform/openapi/schema-names.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { MAX_PERIOD_DAYS, accountingExport, type ExportFile } from './accounting-export.js';
import { accountingSettings, accountingSettingsBody } from './accounting-settings.js';
import { customerStatements } from './customer-statement.js';

/** The file as an attachment (the bytes as they are: Windows-1252 or UTF-8). */
const sendFile = (reply: FastifyReply, file: ExportFile) =>
  reply.type(file.contentType).header('content-disposition', contentDisposition(file.filename)).send(file.body);

const date = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export function registerAccountingRoutes(app: FastifyInstance, deps: { database: Database }) {
  const routes = typedRoutes(app);
  const exportPeriod = accountingExport(deps);
  const settings = accountingSettings(deps);
  // Everything but the DATEV numbers is filled in with the chart's defaults (accounting-settings.ts withDefaults).
  const settingsResponse = {
    200: nameSchema(
      settingsAnswer(
        accountingSettingsBody,
        [
          'fiscalYearStartMonth',
          'accountLength',
          'chart',
          'revenueAccounts',
          'skontoAccounts',
          'advanceAccounts',
          'advanceClearingAccount',
          'debtors',
          'bankAccount',
          'cashAccount',
          'paymentMethodAccounts',
          'lockBatch',
        ],
        { debtors: ['scheme', 'base', 'collectiveAccount'] },
      ),
      'AccountingSettings',
    ),
    ...errorResponses(),
  };

  routes.get(
    '/accounting/export',
    {
      schema: {
        tags: ['accounting'],
        summary: 'Accounting export of a period (DATEV Buchungsstapel or CSV)',
        security: SECURITY,
        description: `The issued invoices, credits and cancellations dated in the period and the payments made in it. \`format=datev\`: a DATEV-Format Buchungsstapel (EXTF 700, format version 13; Windows-1252, \`;\`, CRLF), one booking per document and VAT group (gross on the debtor account against the revenue account of the group) and one per payment (money account of the payment method against the debtor account), accounts from GET /company/accountingSettings; the period must lie in one calendar and fiscal year, and the consultant and client number be set (409). \`format=csv\` (default): UTF-8, one line per document and payment. At most ${MAX_PERIOD_DAYS} days. Managers only (read level all on invoicing).`,
        querystring: Type.Object(
          {
            from: date('first day, YYYY-MM-DD (document date, payment date)'),
            to: date('last day, YYYY-MM-DD'),
            format: Type.Optional(Type.Union([Type.Literal('datev'), Type.Literal('csv')])),
          },
          { additionalProperties: false },
        ),
        response: {
          200: { description: 'the export', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errorResponses([409, 422]),
        },
      },
    },
    async (request, reply) => sendFile(reply, await exportPeriod(contextOf(request), request.query)),
  );

  const statement = customerStatements(deps);
  const money = { type: 'number' };
  routes.get(
    '/customers/:id/statement',
    {
      schema: {
        tags: ['customers'],
        summary: "The customer's account statement: documents, payments and skonto with the running balance",
        security: SECURITY,
        description: `Every issued invoice, credit note and cancellation of the customer dated from..to, every payment of their invoices and every skonto taken, each with the balance after it, from the opening balance of all before \`from\`. A final invoice shows the partial invoices it settles cleared off (type clearing). The lines are the bookings on the customer's debtor account of the accounting export (the same rules), so the closing balance equals the DATEV debtor's balance. At most ${MAX_PERIOD_DAYS} days. Managers only (read level all on invoicing).`,
        params: idParams(),
        querystring: Type.Object(
          { from: date('first day, YYYY-MM-DD'), to: date('last day, YYYY-MM-DD') },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'object',
            properties: {
              customerId: { type: 'string' },
              customerName: { type: 'string' },
              debtorAccount: { type: 'integer' },
              from: { type: 'string' },
              to: { type: 'string' },
              openingBalance: money,
              lines: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    date: { type: 'string' },
                    type: {
                      type: 'string',
                      enum: ['invoice', 'credit', 'invoicestorno', 'clearing', 'payment', 'skonto'],
                    },
                    documentNumber: { type: 'string' },
                    text: { type: 'string' },
                    amount: { ...money, description: '+ owed more, − owed less' },
                    balance: money,
                  },
                  required: ['date', 'type', 'documentNumber', 'text', 'amount', 'balance'],
                },
              },
              closingBalance: money,
            },
            required: [
              'customerId',
              'customerName',
              'debtorAccount',
              'from',
              'to',
              'openingBalance',
              'lines',
              'closingBalance',
            ],
          },
          ...errorResponses([404, 422]),
        },
      },
    },
    async (request) => statement(contextOf(request), request.params.id, request.query),
  );

  routes.get(
    '/company/accountingSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Accounting export settings (DATEV numbers, accounts; defaults filled in)',
        security: SECURITY,
        response: settingsResponse,
      },
    },
    async (request) => settings.read(contextOf(request)),
  );
  routes.put(
    '/company/accountingSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Replace the accounting export settings',
        description:
          'Replaces the stored settings; what is left out takes its default (SKR03 accounts, 4-digit accounts, fiscal year from January, debtor 10000 + customer number). General-ledger accounts have at most accountLength digits, debtor accounts exactly one more (400).',
        security: SECURITY,
        body: nameSchema(accountingSettingsBody, 'AccountingSettingsInput'),
        response: settingsResponse,
      },
    },
    async (request) => settings.replace(contextOf(request), request.body),
  );
}
