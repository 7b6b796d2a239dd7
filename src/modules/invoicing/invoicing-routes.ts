// Routes of invoicing: invoices, offers, credits and cancellations through the engine; issuing,
// cancelling, accepting and declining; payments; the rendered documents (PDF, XRechnung UBL/CII,
// ZUGFeRD/Factur-X) and sending them by mail; the company's seller data and number formats.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { contextOf } from '../../platform/http/request-context.js';
import {
  ID_RESPONSE,
  SECURITY,
  UPDATED_RESPONSE,
  errorResponses,
  idParams,
  settingsAnswer,
} from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { nameSchema } from '../../platform/openapi/schema-names.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { freeObject, objectId } from '../../resources/engine/fields.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import type { Scheduling } from '../scheduling/index.js';
import { assignmentConfirmations, credits, invoices, invoiceStornos, offers } from './documents/billing-documents.js';
import { registerConfirmationRoutes } from './documents/confirmation-routes.js';
import type { BillingResource, DocumentKind } from './documents/document-schema.js';
import { billingRun } from './documents/billing-run.js';
import { registerDocumentFileRoutes, registerReminderLetterRoutes } from './delivery/document-file-routes.js';
import { documentLifecycle } from './documents/document-lifecycle.js';
import { invoiceTemplates } from './documents/invoice-templates.js';
import { invoicingSettings, invoicingSettingsBody } from './invoicing-settings.js';
import { registerAssetRoutes } from './assets/asset-routes.js';
import { paymentMethods, payments } from './payments/payments.js';
import { reminderRun, reminders, reminderTemplates } from './dunning/reminders.js';

const KINDS: Array<[BillingResource, DocumentKind]> = [
  [invoices, 'invoice'],
  [offers, 'offer'],
  [credits, 'credit'],
  [invoiceStornos, 'invoicestorno'],
  [assignmentConfirmations, 'assignmentconfirmation'],
];
/** An issued document (or the cancellation an invoice's cancel created): its id and number. */
const numbered = {
  type: 'object',
  properties: { _id: { type: 'string' }, documentNumber: { type: 'string' } },
  required: ['_id', 'documentNumber'],
};

export function registerInvoicingRoutes(
  app: FastifyInstance,
  // An offer becomes an assignment through scheduling's wired resource (its writes plan jobs around absences).
  deps: { config: Config; database: Database; mail: MailOutbox; scheduling: Pick<Scheduling, 'assignments'> },
) {
  for (const [resource, kind] of KINDS)
    registerResource(app, deps, resource, kind === 'invoicestorno' ? { except: ['create', 'update', 'delete'] } : {});
  registerResource(app, deps, payments);
  registerResource(app, deps, paymentMethods);
  registerResource(app, deps, reminderTemplates);
  registerResource(app, deps, invoiceTemplates);
  registerResource(app, deps, reminders, { except: ['create'] });
  const routes = typedRoutes(app);
  const runReminders = reminderRun(deps);
  routes.post(
    '/invoiceReminders/run',
    {
      schema: {
        tags: ['invoiceReminders'],
        summary: 'Dunning run: the next reminder of every overdue invoice whose waiting days have passed',
        security: SECURITY,
        body: Type.Object(
          {
            date: Type.Optional(
              Type.String({
                pattern: '^\\d{4}-\\d{2}-\\d{2}$',
                description: "default today in the company's time zone",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'object',
            properties: { date: { type: 'string' }, created: { type: 'array', items: { type: 'string' } } },
            required: ['date', 'created'],
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => runReminders(contextOf(request), request.body.date),
  );
  const lifecycle = documentLifecycle(deps);
  const action = (
    resource: Resource,
    verb: string,
    summary: string,
    result: object,
    run: (ctx: ReturnType<typeof contextOf>, id: string) => Promise<object>,
  ) =>
    routes.post(
      `/${resource.collection}/:id/${verb}`,
      {
        schema: {
          tags: [resource.collection],
          summary,
          security: SECURITY,
          params: idParams(),
          response: { 200: result, ...errorResponses([404, 409]) },
        },
      },
      async (request) => run(contextOf(request), request.params.id),
    );

  for (const [resource, kind] of KINDS.filter(([, k]) => k !== 'invoicestorno')) {
    action(
      resource,
      'issue',
      `Issue the ${resource.name}: its number (gapless), seller and buyer are fixed from now on`,
      numbered,
      (ctx, i) => lifecycle.issue(ctx, resource, kind, i),
    );
  }
  action(
    invoices,
    'cancel',
    'Cancel an issued invoice by a cancellation document that mirrors it',
    numbered,
    (ctx, i) => lifecycle.cancel(ctx, invoices, i),
  );
  action(offers, 'accept', 'The customer accepted the offer', UPDATED_RESPONSE, async (ctx, i) => {
    await lifecycle.decide(ctx, offers, i, 'accepted');
    return { updated: true };
  });
  action(offers, 'decline', 'The customer declined the offer', UPDATED_RESPONSE, async (ctx, i) => {
    await lifecycle.decide(ctx, offers, i, 'declined');
    return { updated: true };
  });

  action(offers, 'invoice', 'Turn an accepted offer into a draft invoice', ID_RESPONSE, (ctx, i) =>
    lifecycle.convertOffer(ctx, offers, invoices, i, {}),
  );
  routes.post(
    '/offers/:id/assignment',
    {
      schema: {
        tags: ['offers'],
        summary: 'Turn an accepted offer into an assignment that bills its positions',
        security: SECURITY,
        params: idParams(),
        body: Type.Object(
          { objectId: objectId('objects'), iCalendar: freeObject(20) },
          { additionalProperties: false },
        ),
        response: { 200: ID_RESPONSE, ...errorResponses([404, 409]) },
      },
    },
    async (request) =>
      lifecycle.convertOffer(contextOf(request), offers, deps.scheduling.assignments, request.params.id, request.body),
  );

  registerDocumentFileRoutes(app, deps, KINDS);
  registerConfirmationRoutes(app, deps);

  const billing = billingRun(deps);
  const dateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
  routes.post(
    '/assignments/:id/invoice',
    {
      schema: {
        tags: ['invoices'],
        summary: "A draft invoice from the assignment's billing positions or its hours for a period",
        security: SECURITY,
        params: idParams(),
        body: Type.Object({ from: dateOnly, to: dateOnly }, { additionalProperties: false }),
        response: { 201: ID_RESPONSE, ...errorResponses([404, 409]) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await billing.invoiceAssignment(contextOf(request), request.params.id, request.body)),
  );
  routes.post(
    '/invoices/generate',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Monthly run: draft invoices for every billable assignment',
        security: SECURITY,
        body: Type.Object(
          { month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }) },
          { additionalProperties: false },
        ),
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses() },
      },
    },
    async (request) => billing.generateMonth(contextOf(request), request.body.month),
  );

  registerReminderLetterRoutes(app, deps);
  registerAssetRoutes(app, deps);
  const settings = invoicingSettings(deps);
  // Seller and number formats are always there (defaults filled in); dunning levels only once set.
  const settingsResponse = {
    200: nameSchema(
      settingsAnswer(invoicingSettingsBody, ['seller', 'numberFormats', 'defaultPaymentDays'], {
        numberFormats: ['invoice', 'offer', 'credit', 'invoicestorno', 'assignmentconfirmation'],
      }),
      'InvoicingSettings',
    ),
    ...errorResponses(),
  };
  routes.get(
    '/company/invoicingSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Seller data and number formats of documents',
        security: SECURITY,
        response: settingsResponse,
      },
    },
    async (request) => settings.read(contextOf(request)),
  );
  routes.patch(
    '/company/invoicingSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Change seller data and number formats (applies to documents issued afterwards)',
        security: SECURITY,
        body: nameSchema(invoicingSettingsBody, 'InvoicingSettingsPatch'),
        response: settingsResponse,
      },
    },
    async (request) => settings.change(contextOf(request), request.body),
  );
}
