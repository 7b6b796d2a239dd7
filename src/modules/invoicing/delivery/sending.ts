// Sending documents by mail: the file the customer chose (invoiceDelivery.format: PDF, ZUGFeRD,
// XRechnung UBL or CII; offers and reminders always PDF) to their billing address, through the
// mail outbox. The mail and the record of the sending (`sendings[]` on the document, so an UPDATE
// event tells subscribers) are written in one transaction; the mail goes out after the commit, or
// later by the worker. The file is rendered between two short transactions: a rendering takes up
// to a second, and no row lock (nor PGlite's only connection) should wait for it.
import { type Static, Type } from 'typebox';
import type { Database } from '../../../platform/db/database.js';
import { inTenant } from '../../../platform/db/tenant.js';
import { Conflict, HttpError, NotFound, fieldError } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import type { MailAttachment } from '../../../platform/mail/mail-transport.js';
import { queueMail, type MailOutbox } from '../../../platform/mail/outbox.js';
import { customers, DOCUMENT_FORMATS, type DocumentFormat } from '../../../resources/customers.js';
import type { Resource } from '../../../resources/engine/define-resource.js';
import { opt, text } from '../../../resources/engine/fields.js';
import { findRecord, updateRecord } from '../../../resources/engine/resource-store.js';
import { invoices } from '../documents/billing-documents.js';
import { isLetter, type BillingResource, type DocumentKind } from '../documents/document-schema.js';
import type { CustomerRecord } from '../documents/issue-facts.js';
import { documentFile, fileOptions, reminderFile, type DocumentFile } from './document-files.js';
import { reminders } from '../dunning/reminders.js';
import { documentMailText, documentSubject } from './sending-texts.js';

export const sendBody = Type.Object(
  {
    to: opt(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: "overrides the customer's billing address (invoiceDelivery.email, else contact.email)",
      }),
    ),
    format: opt(
      Type.Union(
        DOCUMENT_FORMATS.map((f) => Type.Literal(f)),
        { description: "overrides the customer's invoiceDelivery.format (offers and reminders: PDF only)" },
      ),
    ),
    subject: opt(text(200, { description: 'default e.g. "Rechnung RE-2026-00001"' })),
    message: opt(text(5000, { description: 'the mail text; default a short German letter' })),
  },
  { additionalProperties: false },
);
export type SendBody = Static<typeof sendBody>;

export const sentResponse = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    documentNumber: { type: 'string' },
    mailId: { type: 'string' },
    to: { type: 'string' },
    format: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
    status: { type: 'string', description: 'sent, or pending: the mail server was not reached, the worker retries' },
  },
  required: ['_id', 'documentNumber', 'mailId', 'to', 'format', 'at', 'status'],
};

/** The record of a sending kept on the document; the mail outbox keeps every mail, the document its latest. */
const MAX_SENDINGS = 100;

interface Target {
  resource: Resource;
  id: string;
  extra?: Record<string, unknown>;
}

const attachment = (file: DocumentFile): MailAttachment => ({
  filename: file.filename,
  contentType: file.contentType,
  content: file.bytes,
});

/** The customer's chosen format and billing address; the frozen buyer's e-mail when the customer is gone. */
function deliveryOf(
  customer: CustomerRecord | undefined,
  doc: { buyer?: { email?: string } },
): { format?: DocumentFormat; email?: string } {
  if (!customer) return { email: doc.buyer?.email };
  return {
    format: customer.doc.invoiceDelivery?.format,
    email: customer.doc.invoiceDelivery?.email ?? customer.doc.contact?.email,
  };
}

function recipient(body: SendBody, email: string | undefined, customerId: string | undefined, what: string): string {
  const to = body.to ?? email;
  if (to) return to;
  const setting = `PATCH /v2/customers/${customerId ?? '{customerId}'} {"invoiceDelivery": {"email": …}}`;
  throw new HttpError(
    422,
    'Unprocessable Content',
    `The ${what} cannot be sent: the customer has no billing e-mail (invoiceDelivery.email or contact.email); set it, or give "to"`,
    [{ path: 'invoiceDelivery.email', message: `the customer's billing e-mail is missing; set it with ${setting}` }],
  );
}

export function documentSending(deps: { database: Database; mail: MailOutbox }) {
  /** Queues the mail and records it on each target in one transaction, then sends it. */
  async function commit(
    ctx: RequestContext,
    mail: Parameters<typeof queueMail>[1],
    format: DocumentFormat,
    targets: Target[],
    about: Record<string, unknown>,
  ) {
    const at = new Date().toISOString();
    const mailId = await inTenant(deps.database, ctx.companyId, async (tx) => {
      const mailId = await queueMail(tx, mail, about);
      for (const { resource, id, extra } of targets) {
        const record = await findRecord(tx, resource, id, { forUpdate: true });
        if (!record) throw NotFound(resource.name, id);
        const sending = { at, to: mail.to, format, mailId, userId: ctx.userId, ...extra };
        // A document's or a reminder's sendings (both declare the field).
        const kept = Array.isArray(record.doc.sendings) ? record.doc.sendings : [];
        const sendings = [...kept, sending].slice(-MAX_SENDINGS);
        await updateRecord(tx, resource, id, { doc: { ...record.doc, sendings }, userId: ctx.userId });
      }
      return mailId;
    });
    const sent = await deps.mail.sendNow([mailId]);
    return { mailId, to: mail.to, format, at, status: sent.includes(mailId) ? 'sent' : 'pending' };
  }

  /** POST /{invoices,credits,invoiceStornos,offers}/{id}/send */
  async function send(ctx: RequestContext, resource: BillingResource, kind: DocumentKind, id: string, body: SendBody) {
    requireLevel(ctx, 'invoicing', 'write');
    const { doc, documentNumber, delivery, options } = await inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await findRecord(tx, resource, id);
      if (!record) throw NotFound(resource.name, id);
      const { documentNumber } = record.doc; // given at issue
      if (record.doc.state === 'draft' || !documentNumber)
        throw Conflict(`A draft ${resource.name} cannot be sent; issue it first`);
      const customer = record.doc.customerId ? await findRecord(tx, customers, record.doc.customerId) : undefined;
      const signer = kind === 'offer' ? record.created_by : undefined; // an offer carries its creator's signature
      const delivery = deliveryOf(customer, record.doc);
      return { doc: record.doc, documentNumber, delivery, options: await fileOptions(tx, signer) };
    });
    const to = recipient(body, delivery.email, doc.customerId, resource.name);
    // An offer or a confirmation is a letter, not an e-invoice: the customer's e-invoice choice does not apply to it.
    const format = body.format ?? (isLetter(kind) ? 'PDF' : (delivery.format ?? 'PDF'));
    const file = await documentFile(doc, kind, format, options);
    const mail = {
      to,
      subject: body.subject ?? documentSubject(doc, kind),
      text: body.message ?? documentMailText(doc, kind, format),
      ...(doc.seller?.email ? { replyTo: doc.seller.email } : {}),
      attachments: [attachment(file)],
    };
    const result = await commit(ctx, mail, format, [{ resource, id }], { documentId: id, kind });
    return { _id: id, documentNumber, ...result };
  }

  /**
   * POST /invoiceReminders/{id}/send: the reminder letter and a copy of the invoice, both PDF (the
   * invoice again as an e-invoice could be booked twice by the buyer's system). Recorded on the
   * reminder and on the invoice (with `reminderId`), whose UPDATE event tells subscribers.
   */
  async function sendReminder(ctx: RequestContext, id: string, body: SendBody) {
    requireLevel(ctx, 'invoicing', 'write');
    if (body.format && body.format !== 'PDF') throw fieldError('format', 'a reminder is sent as PDF');
    const { reminder, invoice, delivery, options } = await inTenant(deps.database, ctx.companyId, async (tx) => {
      const reminder = await findRecord(tx, reminders, id);
      if (!reminder) throw NotFound(reminders.name, id);
      const invoice = await findRecord(tx, invoices, reminder.doc.invoiceId);
      if (!invoice) throw NotFound(invoices.name, reminder.doc.invoiceId);
      if (['paid', 'cancelled'].includes(invoice.doc.state))
        throw Conflict(`The invoice ${invoice.doc.documentNumber} is ${invoice.doc.state}; its reminder is not sent`);
      const customer = invoice.doc.customerId ? await findRecord(tx, customers, invoice.doc.customerId) : undefined;
      return {
        reminder: reminder.doc,
        invoice,
        delivery: deliveryOf(customer, invoice.doc),
        options: await fileOptions(tx),
      };
    });
    const to = recipient(body, delivery.email, invoice.doc.customerId, reminders.name);
    const letter = await reminderFile(reminder, invoice.doc, options);
    const copy = await documentFile(invoice.doc, 'invoice', 'PDF', options);
    const mail = {
      to,
      subject: body.subject ?? reminder.subject ?? `${reminder.title} zu Rechnung ${invoice.doc.documentNumber}`,
      text: body.message ?? reminder.text ?? '',
      ...(invoice.doc.seller?.email ? { replyTo: invoice.doc.seller.email } : {}),
      attachments: [attachment(letter), attachment(copy)],
    };
    const result = await commit(
      ctx,
      mail,
      'PDF',
      [
        { resource: reminders, id },
        { resource: invoices, id: invoice.id, extra: { reminderId: id } },
      ],
      { reminderId: id, invoiceId: invoice.id },
    );
    return { _id: id, documentNumber: reminder.invoiceNumber, ...result };
  }

  return { send, sendReminder };
}
