// Settling an invoice: after every payment, credit note naming it and cancellation, its open item
// (rules/open-amount.ts) is worked out again from what is stored and written to the invoice, so
// that the state, open amount, overdue, dunning, the customer statement and the books agree.
import { sql } from 'kysely';
import type { TenantTx } from '../../../platform/db/tenant.js';
import type { RequestContext } from '../../../platform/http/request-context.js';
import { toAmount, toCents } from '../../../platform/money.js';
import { findRecord, updateRecord } from '../../../resources/engine/resource-store.js';
import { invoices } from '../documents/billing-documents.js';
import { openItem } from '../rules/open-amount.js';

/**
 * The gross of the issued credit notes that name the invoice (positive: what they take off it); a
 * credit note stored with negative amounts takes off as much as a positive one (its e-invoice is turned round too).
 */
export async function creditedCentsOf(tx: TenantTx, invoiceId: string): Promise<number> {
  const row = await tx.db
    .selectFrom('credits')
    .select(sql<string>`coalesce(sum(abs(gross_cents)), 0)`.as('cents')) // sql: a sum over the issued credit notes
    .where('company_id', '=', tx.companyId)
    .where('document_number', 'is not', null)
    .where(sql<boolean>`doc->>'creditedInvoiceId' = ${invoiceId}`) // sql: the reference is a field of the document
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

export async function settleInvoice(tx: TenantTx, ctx: RequestContext, invoiceId: string) {
  const invoice = await findRecord(tx, invoices, invoiceId, { forUpdate: true });
  if (!invoice?.doc.documentNumber || !invoice.doc.documentDate) return; // both set at issue
  const payments = await tx.db
    .selectFrom('payments')
    .select(['amount_cents', sql<string>`doc->>'date'`.as('date')]) // sql: a field of the document
    .where('company_id', '=', tx.companyId)
    .where('invoice_id', '=', invoiceId)
    .execute();
  const storno = invoice.doc.stornoId
    ? await tx.db
        .selectFrom('invoice_stornos')
        .select('gross_cents')
        .where('company_id', '=', tx.companyId)
        .where('id', '=', invoice.doc.stornoId)
        .executeTakeFirst()
    : undefined;
  const s = openItem({
    askedCents: invoice.doc.amountDue !== undefined ? toCents(invoice.doc.amountDue) : Number(invoice.gross_cents),
    ...(invoice.doc.skontoBaseAmount !== undefined ? { skontoBaseCents: toCents(invoice.doc.skontoBaseAmount) } : {}),
    payments: payments.map((r) => ({ cents: Number(r.amount_cents), date: r.date })),
    creditedCents: await creditedCentsOf(tx, invoiceId),
    cancelledCents: storno ? -Number(storno.gross_cents) : 0,
    documentDate: invoice.doc.documentDate,
    skontoPercentage: invoice.doc.paymentTerm?.skontoPercentage,
    skontoDays: invoice.doc.paymentTerm?.skontoDays,
  });
  const { skontoDate: _d, ...doc } = invoice.doc;
  await updateRecord(tx, invoices, invoiceId, {
    doc: {
      ...doc,
      state: s.state,
      paidAmount: toAmount(s.paidCents),
      creditedAmount: toAmount(s.creditedCents),
      openAmount: toAmount(s.openCents),
      overpaidAmount: toAmount(s.overpaidCents),
      skontoApplied: s.skontoApplied,
      skontoAmount: toAmount(s.skontoCents),
      ...(s.skontoDate ? { skontoDate: s.skontoDate } : {}),
    },
    userId: ctx.userId,
    columns: { paid_cents: s.paidCents },
  });
}
