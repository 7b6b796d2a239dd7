// Routes of the rendered documents: PDF, XRechnung (UBL or CII) and ZUGFeRD downloads of issued
// invoices, offers, credits and cancellations, mailing them, and the reminder letters.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Database } from '../../../platform/db/database.js';
import { contentDisposition } from '../../../platform/http/content-disposition.js';
import { optionalBody } from '../../../platform/http/optional-body.js';
import { contextOf } from '../../../platform/http/request-context.js';
import { SECURITY, errorResponses, fileResponse, idParams } from '../../../platform/http/route-docs.js';
import { typedRoutes } from '../../../platform/http/typed-routes.js';
import type { MailOutbox } from '../../../platform/mail/outbox.js';
import type { DocumentFormat } from '../../../resources/customers.js';
import { isLetter, type BillingResource, type DocumentKind } from '../documents/document-schema.js';
import { documentDownloads } from './document-downloads.js';
import type { DocumentFile } from './document-files.js';
import { documentSending, sendBody, sentResponse } from './sending.js';

/** Downloads and mail share documentFile: a PDF opens in the browser, XML is saved. */
const sendFile = (reply: FastifyReply, file: DocumentFile) =>
  reply
    .type(file.contentType)
    .header(
      'content-disposition',
      contentDisposition(file.filename, file.contentType === 'application/pdf' ? 'inline' : 'attachment'),
    )
    .send(file.bytes);

const syntaxQuery = Type.Object(
  { syntax: Type.Optional(Type.Union([Type.Literal('ubl'), Type.Literal('cii')], { default: 'ubl' })) },
  { additionalProperties: false },
);
/** The XRechnung syntax a query asks for (UBL unless `syntax=cii`). */
const xrechnungFormat = (query: unknown): DocumentFormat =>
  typeof query === 'object' && query !== null && 'syntax' in query && query.syntax === 'cii'
    ? 'XRECHNUNG_CII'
    : 'XRECHNUNG_UBL';

interface Rendering {
  path: string;
  summary: string;
  format: (query: unknown) => DocumentFormat;
  xml?: boolean;
  querystring?: TSchema;
}

type Deps = { database: Database; mail: MailOutbox };

/** The downloads and the send action of each kind of document (offers and confirmations: PDF only). */
export function registerDocumentFileRoutes(
  app: FastifyInstance,
  deps: Deps,
  kinds: Array<[BillingResource, DocumentKind]>,
) {
  const routes = typedRoutes(app);
  const downloads = documentDownloads(deps);
  const sending = documentSending(deps);
  const rendering = (
    resource: BillingResource,
    kind: DocumentKind,
    { path, summary, format, xml, querystring }: Rendering,
  ) =>
    routes.get(
      `/${resource.collection}/:id/${path}`,
      {
        schema: {
          tags: [resource.collection],
          summary,
          security: SECURITY,
          params: idParams(),
          ...(querystring ? { querystring } : {}),
          response: {
            200: xml
              ? fileResponse(['application/xml'], 'The XML (UTF-8)')
              : fileResponse(['application/pdf'], 'The PDF'),
            ...errorResponses([404, 409, 422]),
          },
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await downloads.issuedFile(contextOf(request), resource, kind, request.params.id, format(request.query)),
        ),
    );

  for (const [resource, kind] of kinds) {
    rendering(resource, kind, { path: 'pdf', summary: `The ${resource.name} as PDF`, format: () => 'PDF' });
    routes.post(
      `/${resource.collection}/:id/send`,
      {
        ...optionalBody,
        schema: {
          tags: [resource.collection],
          security: SECURITY,
          params: idParams(),
          body: sendBody,
          response: { 200: sentResponse, ...errorResponses([404, 409, 422]) },
          summary: isLetter(kind)
            ? `Mail the ${resource.name} (PDF) to the customer`
            : `Mail the ${resource.name} to the customer as the file they chose (invoiceDelivery: PDF, ZUGFeRD, XRechnung UBL or CII)`,
        },
      },
      async (request) => sending.send(contextOf(request), resource, kind, request.params.id, request.body),
    );
    if (isLetter(kind)) continue;
    rendering(resource, kind, {
      path: 'xrechnung',
      summary: `The ${resource.name} as XRechnung (EN 16931) XML`,
      xml: true,
      querystring: syntaxQuery,
      format: xrechnungFormat,
    });
    rendering(resource, kind, {
      path: 'zugferd',
      summary: `The ${resource.name} as ZUGFeRD / Factur-X (PDF/A-3 with the CII XML embedded)`,
      format: () => 'ZUGFERD',
    });
  }
}

/** The reminder letter: download and mail. */
export function registerReminderLetterRoutes(app: FastifyInstance, deps: Deps) {
  const routes = typedRoutes(app);
  const downloads = documentDownloads(deps);
  const sending = documentSending(deps);
  routes.get(
    '/invoiceReminders/:id/pdf',
    {
      schema: {
        tags: ['invoiceReminders'],
        summary: 'The reminder letter as PDF',
        security: SECURITY,
        params: idParams(),
        response: { 200: fileResponse(['application/pdf'], 'The PDF'), ...errorResponses([404]) },
      },
    },
    async (request, reply) => sendFile(reply, await downloads.reminderLetter(contextOf(request), request.params.id)),
  );
  routes.post(
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
    async (request) => sending.sendReminder(contextOf(request), request.params.id, request.body),
  );
}
