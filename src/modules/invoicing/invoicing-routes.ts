// Routes of invoicing: invoices, offers, credits and cancellations through the engine; issuing,
// cancelling, accepting and declining; payments; the rendered documents (PDF, XRechnung UBL/CII,
// ZUGFeRD/Factur-X); the company's seller data and number formats.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { Conflict, NotFound } from '../../platform/http/errors.js';
import { contextOf, requireLevel } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { credits, invoices, invoiceStornos, offers, type DocumentKind } from './billing-documents.js';
import { documentLifecycle } from './document-lifecycle.js';
import { invoicingSettingsBody, loadInvoicingSettings, saveInvoicingSettings, type InvoicingSettings } from './invoicing-settings.js';
import { paymentMethods, payments } from './payments.js';
import { renderEInvoice } from './render-einvoice.js';
import { renderPdf } from './render-pdf.js';

const KINDS: Array<[Resource, DocumentKind]> = [[invoices, 'invoice'], [offers, 'offer'], [credits, 'credit'], [invoiceStornos, 'invoicestorno']];
const done = { type: 'object', properties: { _id: { type: 'string' }, documentNumber: { type: 'string' }, updated: { type: 'boolean' } } };

export function registerInvoicingRoutes(app: FastifyInstance, deps: { database: Database }) {
  for (const [resource, kind] of KINDS) registerResource(app, deps, resource, kind === 'invoicestorno' ? { except: ['create', 'update', 'delete'] } : {});
  registerResource(app, deps, payments);
  registerResource(app, deps, paymentMethods);
  const lifecycle = documentLifecycle(deps);
  const id = (request: { params: unknown }) => (request.params as { id: string }).id;
  const action = (resource: Resource, verb: string, summary: string, run: (ctx: ReturnType<typeof contextOf>, id: string) => Promise<object | void>) =>
    app.post(`/${resource.collection}/:id/${verb}`, {
      schema: { tags: [resource.collection], summary, security: SECURITY, params: idParams(), response: { 200: done, ...errorResponses([404, 409]) } },
    }, async (request) => (await run(contextOf(request), id(request))) ?? { updated: true });

  for (const [resource, kind] of KINDS.filter(([, k]) => k !== 'invoicestorno')) {
    action(resource, 'issue', `Issue the ${resource.name}: its number (gapless), seller and buyer are fixed from now on`, (ctx, i) => lifecycle.issue(ctx, resource, kind, i));
  }
  action(invoices, 'cancel', 'Cancel an issued invoice by a cancellation document that mirrors it', (ctx, i) => lifecycle.cancel(ctx, invoices, i));
  action(offers, 'accept', 'The customer accepted the offer', async (ctx, i) => { await lifecycle.decide(ctx, offers, i, 'accepted'); });
  action(offers, 'decline', 'The customer declined the offer', async (ctx, i) => { await lifecycle.decide(ctx, offers, i, 'declined'); });

  async function issuedDocument(request: { params: unknown }, resource: Resource) {
    const ctx = contextOf(request as never);
    requireLevel(ctx, resource.area, 'read');
    const record = await inTenant(deps.database, ctx.companyId, (tx) => findRecord(tx, resource, id(request)));
    if (!record) throw NotFound(resource.name, id(request));
    if (record.doc.state === 'draft') throw Conflict(`A draft ${resource.name} has no document yet; issue it first`);
    return record.doc;
  }

  for (const [resource, kind] of KINDS) {
    app.get(`/${resource.collection}/:id/pdf`, {
      schema: { tags: [resource.collection], summary: `The ${resource.name} as PDF`, security: SECURITY, params: idParams(), response: { 200: { type: 'string', format: 'binary' }, ...errorResponses([404, 409]) } },
    }, async (request, reply) => {
      const doc = await issuedDocument(request, resource);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${doc.documentNumber}.pdf"`).send(await renderPdf(doc, kind));
    });
    if (kind === 'offer') continue;
    app.get(`/${resource.collection}/:id/xrechnung`, {
      schema: {
        tags: [resource.collection], summary: `The ${resource.name} as XRechnung (EN 16931) XML`, security: SECURITY, params: idParams(),
        querystring: Type.Object({ syntax: Type.Optional(Type.Union([Type.Literal('ubl'), Type.Literal('cii')], { default: 'ubl' })) }, { additionalProperties: false }),
        response: { 200: { type: 'string' }, ...errorResponses([404, 409]) },
      },
    }, async (request, reply) => {
      const doc = await issuedDocument(request, resource);
      const syntax = (request.query as { syntax?: string }).syntax ?? 'ubl';
      const xml = await renderEInvoice(doc, kind as 'invoice', syntax === 'cii' ? 'XRECHNUNG-CII' : 'XRECHNUNG-UBL');
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${doc.documentNumber}-${syntax}.xml"`).send(xml);
    });
    app.get(`/${resource.collection}/:id/zugferd`, {
      schema: { tags: [resource.collection], summary: `The ${resource.name} as ZUGFeRD / Factur-X (PDF/A-3 with the CII XML embedded)`, security: SECURITY, params: idParams(), response: { 200: { type: 'string', format: 'binary' }, ...errorResponses([404, 409]) } },
    }, async (request, reply) => {
      const doc = await issuedDocument(request, resource);
      const pdf = await renderEInvoice(doc, kind as 'invoice', 'Factur-X-XRechnung', await renderPdf(doc, kind));
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${doc.documentNumber}-zugferd.pdf"`).send(Buffer.from(pdf as Uint8Array));
    });
  }

  app.get('/company/invoicingSettings', {
    schema: { tags: ['company'], summary: 'Seller data and number formats of documents', security: SECURITY, response: errorResponses() },
  }, async (request) => {
    const ctx = contextOf(request);
    requireLevel(ctx, 'invoicing', 'read');
    return inTenant(deps.database, ctx.companyId, (tx) => loadInvoicingSettings(tx));
  });
  app.patch('/company/invoicingSettings', {
    schema: { tags: ['company'], summary: 'Change seller data and number formats (applies to documents issued afterwards)', security: SECURITY, body: invoicingSettingsBody, response: errorResponses() },
  }, async (request) => {
    const ctx = contextOf(request);
    requireLevel(ctx, 'company', 'write');
    return inTenant(deps.database, ctx.companyId, (tx) => saveInvoicingSettings(tx, request.body as Partial<InvoicingSettings>));
  });
}
