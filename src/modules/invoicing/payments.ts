// Payments against invoices. Each write recomputes the invoice: paid, partially paid, or back to
// issued; skonto counts when the payments reach the amount asked for less the skonto within the
// skonto days; what is paid beyond it is kept as overpaidAmount (a credit balance). The amount asked
// for is the gross, or on a final invoice its amountDue (gross less the partial invoices). Skonto is
// the percentage of skontoBaseAmount when positions are excluded from skonto, else of that amount.
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { Conflict, fieldError } from '../../platform/http/errors.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { objectId, opt, text } from '../../resources/engine/fields.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { toAmount, toCents } from '../../platform/money.js';
import { invoices } from './billing-documents.js';
import { skontoOf } from './rules/invoice-totals.js';
import { addDays } from './dates.js';

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

/** The invoice's payment state from its payments (pure). */
export function paymentState(input: {
  /** What the invoice asks for: the gross, or a final invoice's amountDue. */
  grossCents: number;
  skontoBaseCents?: number;
  payments: Array<{ cents: number; date: string }>;
  documentDate: string;
  skontoPercentage?: number;
  skontoDays?: number;
}) {
  const paidCents = input.payments.reduce((s, p) => s + p.cents, 0);
  const skontoCents = input.skontoPercentage
    ? skontoOf(input.skontoBaseCents ?? input.grossCents, input.skontoPercentage)
    : 0;
  const lastDate = input.payments
    .map((p) => p.date)
    .sort()
    .at(-1);
  const withinSkonto =
    skontoCents > 0 &&
    lastDate !== undefined &&
    input.skontoDays !== undefined &&
    lastDate <= addDays(input.documentDate, input.skontoDays);
  const skontoApplied = withinSkonto && paidCents >= input.grossCents - skontoCents && paidCents < input.grossCents;
  const due = skontoApplied ? input.grossCents - skontoCents : input.grossCents;
  const state = paidCents >= due ? 'paid' : paidCents > 0 ? 'partially_paid' : 'issued';
  return {
    state,
    paidCents,
    skontoApplied,
    skontoCents: skontoApplied ? skontoCents : 0,
    openCents: Math.max(0, due - paidCents),
    overpaidCents: Math.max(0, paidCents - due),
  };
}

async function settleInvoice(tx: TenantTx, ctx: RequestContext, invoiceId: string) {
  const invoice = await findRecord(tx, invoices, invoiceId, { forUpdate: true });
  if (!invoice) return;
  const rows = await tx.db
    .selectFrom('payments')
    .select(['amount_cents', sql<string>`doc->>'date'`.as('date')]) // sql: a field of the document
    .where('company_id', '=', tx.companyId)
    .where('invoice_id', '=', invoiceId)
    .execute();
  const s = paymentState({
    grossCents: invoice.doc.amountDue !== undefined ? toCents(invoice.doc.amountDue) : Number(invoice.gross_cents),
    ...(invoice.doc.skontoBaseAmount !== undefined ? { skontoBaseCents: toCents(invoice.doc.skontoBaseAmount) } : {}),
    payments: rows.map((r) => ({ cents: Number(r.amount_cents), date: r.date })),
    documentDate: invoice.doc.documentDate,
    skontoPercentage: invoice.doc.paymentTerm?.skontoPercentage,
    skontoDays: invoice.doc.paymentTerm?.skontoDays,
  });
  await updateRecord(tx, invoices, invoiceId, {
    doc: {
      ...invoice.doc,
      state: s.state,
      paidAmount: toAmount(s.paidCents),
      openAmount: toAmount(s.openCents),
      overpaidAmount: toAmount(s.overpaidCents),
      skontoApplied: s.skontoApplied,
      ...(s.skontoApplied ? { skontoAmount: toAmount(s.skontoCents) } : { skontoAmount: 0 }),
    },
    userId: ctx.userId,
    columns: { paid_cents: s.paidCents },
  });
}

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
