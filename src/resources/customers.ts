import { Type } from 'typebox';
import { type DocOf, defineResource } from './engine/define-resource.js';
import { address, freeObject, objectId, objectIds, opt, smsContact, text } from './engine/fields.js';

/** The files a document can be sent as: PDF, ZUGFeRD (PDF/A-3 with the CII XML), XRechnung in UBL or CII. */
export const DOCUMENT_FORMATS = ['PDF', 'ZUGFERD', 'XRECHNUNG_UBL', 'XRECHNUNG_CII'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const customers = defineResource({
  name: 'customer',
  collection: 'customers',
  table: 'customers',
  area: 'customers',
  webhookEntity: 'customer',
  acceptsNumber: true,
  schema: Type.Object({
    name: text(300),
    contactPerson: opt(text(300)),
    address: opt(address()),
    contact: opt(smsContact()),
    contract: opt(freeObject()),
    invoiceRecipientId: opt(objectId('users')),
    invoiceCCRecipientIds: opt(objectIds('users', 50)),
    hideRecipientOnDocuments: opt(Type.Boolean()),
    buyerReference: opt(text(200, { description: 'electronic-invoice routing id (Leitweg-ID)' })),
    orderReferenceId: opt(text(200)),
    vatNumber: opt(text(50)),
    debitorNumber: opt(text(50, { description: 'overrides the customer number for accounting' })),
    paymentTermId: opt(objectId('payment_terms', { description: 'overrides the company default payment term' })),
    invoiceDelivery: opt(
      Type.Object(
        {
          format: opt(
            Type.Union(
              DOCUMENT_FORMATS.map((f) => Type.Literal(f)),
              { description: 'the file invoices, credits and cancellations are sent as; default PDF' },
            ),
          ),
          email: opt(
            Type.String({
              format: 'email',
              maxLength: 254,
              description: 'billing address documents are sent to; default contact.email',
            }),
          ),
        },
        { additionalProperties: false, description: 'how documents are sent (POST /v2/invoices/{id}/send)' },
      ),
    ),
  }),
});

/** A stored customer. */
export type CustomerDoc = DocOf<typeof customers.schema>;
