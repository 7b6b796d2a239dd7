// Routes of invoicing: invoices, offers, credits and cancellations through the engine; issuing,
// cancelling, accepting and declining; payments; the rendered documents (PDF, XRechnung UBL/CII,
// ZUGFeRD/Factur-X) and sending them by mail; the company's seller data and number formats.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { inTenant } from '../../platform/db/tenant.js';
import { Conflict, NotFound } from '../../platform/http/errors.js';
import { contextOf, requireLevel } from '../../platform/http/request-context.js';
import { optionalBody } from '../../platform/http/optional-body.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import type { DocumentFormat } from '../../resources/customers.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { freeObject, objectId } from '../../resources/engine/fields.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { credits, invoices, invoiceStornos, offers, type DocumentKind } from './billing-documents.js';
import { billingRun } from './billing-run.js';
import { invoiceTemplates } from './invoice-templates.js';
import { assignments } from '../scheduling/index.js';
import { documentLifecycle } from './document-lifecycle.js';
import {
  invoicingSettingsBody,
  loadInvoicingSettings,
  saveInvoicingSettings,
  type InvoicingSettings,
} from './invoicing-settings.js';
import { paymentMethods, payments } from './payments.js';
import { reminderRun, reminders, reminderTemplates } from './reminders.js';
import { documentFile, fileOptions, reminderFile, type DocumentFile } from './document-files.js';
import { registerLogoRoutes } from './letterhead-logo.js';
import { documentSending, sendBody, sentResponse, type SendBody } from './sending.js';

const KINDS: Array<[Resource, DocumentKind]> = [
  [invoices, 'invoice'],
  [offers, 'offer'],
  [credits, 'credit'],
  [invoiceStornos, 'invoicestorno'],
];
const done = {
  type: 'object',
  properties: { _id: { type: 'string' }, documentNumber: { type: 'string' }, updated: { type: 'boolean' } },
};

export function registerInvoicingRoutes(app: FastifyInstance, deps: { database: Database; mail: MailOutbox }) {
  for (const [resource, kind] of KINDS)
    registerResource(app, deps, resource, kind === 'invoicestorno' ? { except: ['create', 'update', 'delete'] } : {});
  registerResource(app, deps, payments);
  registerResource(app, deps, paymentMethods);
  registerResource(app, deps, reminderTemplates);
  registerResource(app, deps, invoiceTemplates);
  registerResource(app, deps, reminders, { except: ['create'] });
  const runReminders = reminderRun(deps);
  app.post(
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
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => runReminders(contextOf(request), (request.body as { date?: string }).date),
  );
  const lifecycle = documentLifecycle(deps);
  const id = (request: { params: unknown }) => (request.params as { id: string }).id;
  const action = (
    resource: Resource,
    verb: string,
    summary: string,
    run: (ctx: ReturnType<typeof contextOf>, id: string) => Promise<object | void>,
  ) =>
    app.post(
      `/${resource.collection}/:id/${verb}`,
      {
        schema: {
          tags: [resource.collection],
          summary,
          security: SECURITY,
          params: idParams(),
          response: { 200: done, ...errorResponses([404, 409]) },
        },
      },
      async (request) => (await run(contextOf(request), id(request))) ?? { updated: true },
    );

  for (const [resource, kind] of KINDS.filter(([, k]) => k !== 'invoicestorno')) {
    action(
      resource,
      'issue',
      `Issue the ${resource.name}: its number (gapless), seller and buyer are fixed from now on`,
      (ctx, i) => lifecycle.issue(ctx, resource, kind, i),
    );
  }
  action(invoices, 'cancel', 'Cancel an issued invoice by a cancellation document that mirrors it', (ctx, i) =>
    lifecycle.cancel(ctx, invoices, i),
  );
  action(offers, 'accept', 'The customer accepted the offer', async (ctx, i) => {
    await lifecycle.decide(ctx, offers, i, 'accepted');
  });
  action(offers, 'decline', 'The customer declined the offer', async (ctx, i) => {
    await lifecycle.decide(ctx, offers, i, 'declined');
  });

  action(offers, 'invoice', 'Turn an accepted offer into a draft invoice', (ctx, i) =>
    lifecycle.convertOffer(ctx, offers, invoices, i, {}),
  );
  app.post(
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
        response: { 200: done, ...errorResponses([404, 409]) },
      },
    },
    async (request) =>
      lifecycle.convertOffer(
        contextOf(request),
        offers,
        assignments,
        id(request),
        request.body as Record<string, unknown>,
      ),
  );

  /** An issued document and the company's letterhead additions (its logo); 409 for a draft. */
  async function issuedDocument(request: { params: unknown }, resource: Resource) {
    const ctx = contextOf(request as never);
    requireLevel(ctx, resource.area, 'read');
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await findRecord(tx, resource, id(request));
      if (!record) throw NotFound(resource.name, id(request));
      if (record.doc.state === 'draft') throw Conflict(`A draft ${resource.name} has no document yet; issue it first`);
      return { doc: record.doc, options: await fileOptions(tx) };
    });
  }
  /** Downloads and mail share documentFile: a PDF opens in the browser, XML is saved. */
  const sendFile = (reply: FastifyReply, file: DocumentFile) =>
    reply
      .type(file.contentType)
      .header(
        'content-disposition',
        `${file.contentType === 'application/pdf' ? 'inline' : 'attachment'}; filename="${file.filename}"`,
      )
      .send(file.bytes);
  interface Rendering {
    path: string;
    summary: string;
    format: (query: any) => DocumentFormat;
    xml?: boolean;
    querystring?: object;
  }
  const rendering = (resource: Resource, kind: DocumentKind, { path, summary, format, xml, querystring }: Rendering) =>
    app.get(
      `/${resource.collection}/:id/${path}`,
      {
        schema: {
          tags: [resource.collection],
          summary,
          security: SECURITY,
          params: idParams(),
          ...(querystring ? { querystring } : {}),
          response: {
            200: xml ? { type: 'string' } : { type: 'string', format: 'binary' },
            ...errorResponses([404, 409, 422]),
          },
        },
      },
      async (request, reply) => {
        const { doc, options } = await issuedDocument(request, resource);
        return sendFile(reply, await documentFile(doc, kind, format(request.query), options));
      },
    );

  const sending = documentSending(deps);
  for (const [resource, kind] of KINDS) {
    rendering(resource, kind, { path: 'pdf', summary: `The ${resource.name} as PDF`, format: () => 'PDF' });
    app.post(
      `/${resource.collection}/:id/send`,
      {
        ...optionalBody,
        schema: {
          tags: [resource.collection],
          security: SECURITY,
          params: idParams(),
          body: sendBody,
          response: { 200: sentResponse, ...errorResponses([404, 409, 422]) },
          summary:
            kind === 'offer'
              ? 'Mail the offer (PDF) to the customer'
              : `Mail the ${resource.name} to the customer as the file they chose (invoiceDelivery: PDF, ZUGFeRD, XRechnung UBL or CII)`,
        },
      },
      async (request) => sending.send(contextOf(request), resource, kind, id(request), request.body as SendBody),
    );
    if (kind === 'offer') continue;
    rendering(resource, kind, {
      path: 'xrechnung',
      summary: `The ${resource.name} as XRechnung (EN 16931) XML`,
      xml: true,
      querystring: Type.Object(
        { syntax: Type.Optional(Type.Union([Type.Literal('ubl'), Type.Literal('cii')], { default: 'ubl' })) },
        { additionalProperties: false },
      ),
      format: (query: { syntax?: string }) => (query.syntax === 'cii' ? 'XRECHNUNG_CII' : 'XRECHNUNG_UBL'),
    });
    rendering(resource, kind, {
      path: 'zugferd',
      summary: `The ${resource.name} as ZUGFeRD / Factur-X (PDF/A-3 with the CII XML embedded)`,
      format: () => 'ZUGFERD',
    });
  }

  const billing = billingRun(deps);
  const dateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
  app.post(
    '/assignments/:id/invoice',
    {
      schema: {
        tags: ['invoices'],
        summary: "A draft invoice from the assignment's billing positions or its hours for a period",
        security: SECURITY,
        params: idParams(),
        body: Type.Object({ from: dateOnly, to: dateOnly }, { additionalProperties: false }),
        response: { 201: { type: 'object', properties: { _id: { type: 'string' } } }, ...errorResponses([404, 409]) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await billing.invoiceAssignment(
            contextOf(request),
            id(request),
            request.body as { from: string; to: string },
          ),
        ),
  );
  app.post(
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
    async (request) => billing.generateMonth(contextOf(request), (request.body as { month: string }).month),
  );

  app.get(
    '/invoiceReminders/:id/pdf',
    {
      schema: {
        tags: ['invoiceReminders'],
        summary: 'The reminder letter as PDF',
        security: SECURITY,
        params: idParams(),
        response: { 200: { type: 'string', format: 'binary' }, ...errorResponses([404]) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      requireLevel(ctx, reminders.area, 'read');
      const { reminder, invoice, options } = await inTenant(deps.database, ctx.companyId, async (tx) => {
        const reminder = await findRecord(tx, reminders, id(request));
        if (!reminder) throw NotFound('reminder', id(request));
        return {
          reminder,
          invoice: await findRecord(tx, invoices, reminder.doc.invoiceId),
          options: await fileOptions(tx),
        };
      });
      return sendFile(reply, await reminderFile(reminder.doc, invoice?.doc ?? {}, options));
    },
  );
  app.post(
    '/invoiceReminders/:id/send',
    {
      ...optionalBody,
      schema: {
        tags: ['invoiceReminders'],
        summary: 'Mail the reminder letter with a copy of the invoice (both PDF) to the customer',
        security: SECURITY,
        params: idParams(),
        body: sendBody,
        response: { 200: sentResponse, ...errorResponses([404, 409, 422]) },
      },
    },
    async (request) => sending.sendReminder(contextOf(request), id(request), request.body as SendBody),
  );

  registerLogoRoutes(app, deps);
  app.get(
    '/company/invoicingSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Seller data and number formats of documents',
        security: SECURITY,
        response: errorResponses(),
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, 'company', 'read'); // bank account and tax ids: company settings, for administrators
      return inTenant(deps.database, ctx.companyId, (tx) => loadInvoicingSettings(tx));
    },
  );
  app.patch(
    '/company/invoicingSettings',
    {
      schema: {
        tags: ['company'],
        summary: 'Change seller data and number formats (applies to documents issued afterwards)',
        security: SECURITY,
        body: invoicingSettingsBody,
        response: errorResponses(),
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, 'company', 'write');
      return inTenant(deps.database, ctx.companyId, (tx) =>
        saveInvoicingSettings(tx, request.body as Partial<InvoicingSettings>),
      );
    },
  );
}
