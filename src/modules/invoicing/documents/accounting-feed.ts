// What an accounting export reads of invoicing: the issued invoices, credits and cancellations of
// a period (by document date) with their VAT groups and buyer (final invoices with the partial
// invoices they settle), the payments of a period (by payment date) with the invoice they settle
// and their payment method, and the skonto taken in it (by its last payment's date). Read in the
// caller's transaction, for the whole company or one customer (the customer statement); the
// accounting module turns them into bookings.
import { sql } from 'kysely';
import type { TenantTx } from '../../../platform/db/tenant.js';
import { recordOf } from '../../../resources/engine/define-resource.js';
import { payments } from '../payments/payments.js';
import { credits, invoiceStornos, invoices } from './billing-documents.js';
import type { BillingResource, FrozenBuyer } from './document-schema.js';

export type BookedKind = 'invoice' | 'credit' | 'invoicestorno';

export interface BookedDocument {
  kind: BookedKind;
  id: string;
  documentNumber: string;
  /** YYYY-MM-DD */
  documentDate: string;
  customerId: string;
  buyer: BookedBuyer;
  /** Per VAT group as issued; amounts are negative on credits and cancellations. */
  vatBreakdown: VatGroup[];
  grossAmount: number;
  /** Cancellations: the invoice cancelled; credits: the invoice credited. */
  referencedNumber?: string;
  /** Invoices and cancellations: standard, partial or final. */
  invoiceType?: string;
  /** Final invoices and their cancellations: the partial invoices settled. */
  settledPartials?: Array<{ documentNumber: string; vatBreakdown: VatGroup[] }>;
}

type VatGroup = { category: string; rate: number; taxableAmount: number; taxAmount: number };

export interface BookedBuyer {
  name?: string;
  number?: number;
  debitorNumber?: string;
  vatNumber?: string;
  country?: string;
}

/** Skonto taken on an invoice, on the day of its last payment. */
export interface BookedDiscount {
  invoiceNumber: string;
  date: string;
  customerId: string;
  buyer: BookedBuyer;
  skontoCents: number;
  vatBreakdown: VatGroup[];
}

const buyerOf = (buyer: FrozenBuyer | null | undefined): BookedBuyer => ({
  name: buyer?.name,
  number: buyer?.number,
  debitorNumber: buyer?.debitorNumber,
  vatNumber: buyer?.vatNumber,
  country: buyer?.address?.country,
});

/** The period, and optionally one customer, the feed is read for. */
export interface FeedScope {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  customerId?: string;
}

export interface BookedPayment {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Negative for a refund. */
  amountCents: number;
  invoiceNumber?: string;
  buyer: BookedBuyer;
  paymentMethodId?: string;
  paymentMethodName?: string;
  /** UNCL 4461, e.g. 10 cash, 58 SEPA credit transfer. */
  paymentMethodCode?: string;
  reference?: string;
  /** A payment of a partial invoice: its VAT groups (the advance received). */
  partialInvoiceVat?: VatGroup[];
}

const TABLES: Array<[BookedKind, 'invoices' | 'credits' | 'invoice_stornos', BillingResource]> = [
  ['invoice', 'invoices', invoices],
  ['credit', 'credits', credits],
  ['invoicestorno', 'invoice_stornos', invoiceStornos],
];

/** Issued documents dated from..to (inclusive), by date and number. */
export async function bookedDocuments(tx: TenantTx, scope: FeedScope): Promise<BookedDocument[]> {
  const { from, to, customerId } = scope;
  const lists = await Promise.all(
    TABLES.map(async ([kind, table, resource]) => {
      let query = tx.db
        .selectFrom(table)
        .select(['id', 'document_number', 'customer_id', 'doc'])
        // sql: a date column compared with the period's bounds as dates; its text form for the answer
        .select(sql<string>`to_char(document_date, 'YYYY-MM-DD')`.as('date'))
        .where('company_id', '=', tx.companyId)
        .where('document_number', 'is not', null)
        .where(sql<boolean>`document_date BETWEEN ${from}::date AND ${to}::date`);
      if (customerId) query = query.where('customer_id', '=', customerId);
      const rows = await query.execute();
      return rows.map((r): BookedDocument => {
        const doc = recordOf(resource, r).doc;
        const referenced = kind === 'invoicestorno' ? doc.invoiceNumber : doc.creditedInvoiceNumber;
        return {
          kind,
          id: r.id,
          documentNumber: r.document_number!,
          documentDate: r.date,
          customerId: r.customer_id ?? '',
          buyer: buyerOf(doc.buyer),
          vatBreakdown: doc.vatBreakdown ?? [],
          grossAmount: doc.grossAmount ?? 0,
          ...(referenced ? { referencedNumber: referenced } : {}),
          ...(doc.invoiceType ? { invoiceType: doc.invoiceType } : {}),
          ...(doc.invoiceType === 'final' ? { partialIds: doc.partialInvoiceIds ?? [] } : {}),
        };
      });
    }),
  );
  const documents = lists
    .flat()
    .sort((a, b) => a.documentDate.localeCompare(b.documentDate) || a.documentNumber.localeCompare(b.documentNumber));
  return withSettledPartials(tx, documents as Array<BookedDocument & { partialIds?: string[] }>);
}

/** Final invoices and their cancellations with the partial invoices they settle (number and VAT groups). */
async function withSettledPartials(tx: TenantTx, documents: Array<BookedDocument & { partialIds?: string[] }>) {
  const ids = [...new Set(documents.flatMap((d) => d.partialIds ?? []))];
  const partials = ids.length
    ? await tx.db
        .selectFrom('invoices')
        .select(['id', 'document_number', 'doc'])
        .where('company_id', '=', tx.companyId)
        .where('id', 'in', ids)
        .execute()
    : [];
  return documents.map(({ partialIds, ...document }): BookedDocument => {
    if (!partialIds) return document;
    const settled = partialIds.flatMap((id) => {
      const partial = partials.find((p) => p.id === id);
      if (!partial) return [];
      return [
        {
          documentNumber: partial.document_number ?? '',
          vatBreakdown: recordOf(invoices, partial).doc.vatBreakdown ?? [],
        },
      ];
    });
    return { ...document, settledPartials: settled };
  });
}

/** Skonto taken whose day (the invoice's last payment) lies in from..to. */
export async function bookedDiscounts(tx: TenantTx, scope: FeedScope): Promise<BookedDiscount[]> {
  let query = tx.db
    .selectFrom('invoices')
    .select(['document_number', 'customer_id', 'doc'])
    .where('company_id', '=', tx.companyId)
    // sql: fields of the document (skontoDate is YYYY-MM-DD, so text order is date order)
    .where(sql<boolean>`(doc->>'skontoApplied')::boolean IS TRUE`)
    .where(sql<boolean>`doc->>'skontoDate' BETWEEN ${scope.from} AND ${scope.to}`);
  if (scope.customerId) query = query.where('customer_id', '=', scope.customerId);
  const rows = await query.execute();
  return rows
    .map((r) => {
      const doc = recordOf(invoices, r).doc;
      return {
        invoiceNumber: r.document_number ?? '',
        date: doc.skontoDate as string,
        customerId: r.customer_id ?? '',
        buyer: buyerOf(doc.buyer),
        skontoCents: Math.round((doc.skontoAmount ?? 0) * 100),
        vatBreakdown: doc.vatBreakdown ?? [],
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.invoiceNumber.localeCompare(b.invoiceNumber));
}

/** Payments dated from..to (inclusive), with their invoice's number and buyer, by date. */
export async function bookedPayments(tx: TenantTx, scope: FeedScope): Promise<BookedPayment[]> {
  const { from, to, customerId } = scope;
  let query = tx.db
    .selectFrom('payments as p')
    .leftJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'p.company_id').onRef('i.id', '=', 'p.invoice_id'))
    .leftJoin('payment_methods as m', (j) =>
      // sql: the method is referenced from the payment's document
      j.onRef('m.company_id', '=', 'p.company_id').on(sql<boolean>`m.id = p.doc->>'paymentMethodId'`),
    )
    .select([
      'p.id',
      'p.amount_cents',
      'p.doc',
      'i.document_number',
      // sql: fields of the documents
      sql<FrozenBuyer | null>`i.doc->'buyer'`.as('buyer'),
      sql<string | null>`i.doc->>'invoiceType'`.as('invoice_type'),
      sql<VatGroup[] | null>`i.doc->'vatBreakdown'`.as('invoice_vat'),
      sql<string | null>`m.doc->>'name'`.as('method_name'),
      sql<string | null>`m.doc->>'code'`.as('method_code'),
    ])
    .where('p.company_id', '=', tx.companyId)
    // sql: the payment date is a field of its document (YYYY-MM-DD, so text order is date order)
    .where(sql<boolean>`p.doc->>'date' BETWEEN ${from} AND ${to}`)
    .orderBy(sql`p.doc->>'date'`)
    .orderBy('p.number');
  if (customerId) query = query.where('i.customer_id', '=', customerId);
  const rows = await query.execute();
  return rows.map((r) => {
    const doc = recordOf(payments, r).doc;
    return {
      id: r.id,
      date: doc.date,
      amountCents: Number(r.amount_cents),
      ...(r.document_number ? { invoiceNumber: r.document_number } : {}),
      buyer: buyerOf(r.buyer),
      ...(doc.paymentMethodId ? { paymentMethodId: doc.paymentMethodId } : {}),
      ...(r.method_name ? { paymentMethodName: r.method_name } : {}),
      ...(r.method_code ? { paymentMethodCode: r.method_code } : {}),
      ...(doc.reference ? { reference: doc.reference } : {}),
      ...(r.invoice_type === 'partial' ? { partialInvoiceVat: r.invoice_vat ?? [] } : {}),
    };
  });
}
