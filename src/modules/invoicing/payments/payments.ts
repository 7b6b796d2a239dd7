// Payments against invoices. Each write settles the invoice again (settlement.ts, by the open-item
// rule in rules/open-amount.ts): paid, partially paid or back to issued, skonto taken or not, what
// is paid beyond the open amount kept as overpaidAmount (a credit balance).
import { Type } from 'typebox';
import { Conflict, fieldError } from '../../../platform/http/errors.js';
import { defineResource } from '../../../resources/engine/define-resource.js';
import { objectId, opt, text } from '../../../resources/engine/fields.js';
import { findRecord } from '../../../resources/engine/resource-store.js';
import { toCents } from '../../../platform/money.js';
import { invoices } from '../documents/billing-documents.js';
import { settleInvoice } from './settlement.js';

export const paymentMethods = defineResource({
  name: 'payment method',
  collection: 'paymentMethods',
  table: 'payment_methods',
  area: 'invoicing',
  schema: Type.Object({
    name: text(100),
    code: opt(
      Type.String({
        pattern: '^\\d{1,3}$',
        description: 'UNCL 4461 payment means code, e.g. 58 SEPA credit transfer, 59 SEPA direct debit',
      }),
    ),
  }),
});

export const payments = defineResource({
  name: 'payment',
  collection: 'payments',
  table: 'payments',
  area: 'invoicing',
  webhookEntity: 'payment',
  schema: Type.Object({
    invoiceId: objectId('invoices'),
    amount: Type.Number({ minimum: -1e9, maximum: 1e9, description: 'negative for a refund' }),
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    paymentMethodId: opt(objectId('payment_methods')),
    reference: opt(text(300)),
    note: opt(text(2000)),
  }),
  columns: { invoiceId: 'invoice_id' },
  hooks: {
    async prepare(tx, _ctx, { doc, previous }) {
      if (previous && previous.doc.invoiceId !== doc.invoiceId)
        throw fieldError('invoiceId', 'a payment cannot move to another invoice; delete it and book a new one');
      // Locked: a payment and a cancellation of the same invoice do not pass each other.
      const invoice = await findRecord(tx, invoices, doc.invoiceId, { forUpdate: true });
      if (!invoice) throw fieldError('invoiceId', 'no such invoice');
      if (!['issued', 'partially_paid', 'paid'].includes(invoice.doc.state))
        throw Conflict(`Payments go to issued invoices; this one is ${invoice.doc.state}`);
      const cents = toCents(doc.amount);
      if (cents === 0) throw fieldError('amount', 'must not be 0');
      return { doc: { ...doc, amount: cents / 100 }, columns: { amount_cents: cents } };
    },
    afterWrite: (tx, ctx, { doc }) => settleInvoice(tx, ctx, doc.invoiceId),
    afterDelete: (tx, ctx, record) => settleInvoice(tx, ctx, record.doc.invoiceId),
  },
});
