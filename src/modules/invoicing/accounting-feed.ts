// What an accounting export reads of invoicing: the issued invoices, credits and cancellations of
// a period (by document date) with their VAT groups and buyer, and the payments of a period (by
// payment date) with the invoice they settle and their payment method. Read in the caller's
// transaction; the accounting module turns them into bookings.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { LooseDoc } from '../../resources/engine/define-resource.js';

export type BookedKind = 'invoice' | 'credit' | 'invoicestorno';

export interface BookedDocument {
  kind: BookedKind;
  id: string;
  documentNumber: string;
  /** YYYY-MM-DD */
  documentDate: string;
  customerId: string;
  buyer: { name?: string; number?: number; debitorNumber?: string };
  /** Per VAT group as issued; amounts are negative on credits and cancellations. */
  vatBreakdown: Array<{ category: string; rate: number; taxableAmount: number; taxAmount: number }>;
  grossAmount: number;
  /** Cancellations: the invoice cancelled; credits: the invoice credited. */
  referencedNumber?: string;
}

export interface BookedPayment {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Negative for a refund. */
  amountCents: number;
  invoiceNumber?: string;
  buyer: { name?: string; number?: number; debitorNumber?: string };
  paymentMethodId?: string;
  paymentMethodName?: string;
  /** UNCL 4461, e.g. 10 cash, 58 SEPA credit transfer. */
  paymentMethodCode?: string;
  reference?: string;
}

const TABLES: Array<[BookedKind, 'invoices' | 'credits' | 'invoice_stornos']> = [
  ['invoice', 'invoices'],
  ['credit', 'credits'],
  ['invoicestorno', 'invoice_stornos'],
];

/** Issued documents dated from..to (inclusive), by date and number. */
export async function bookedDocuments(tx: TenantTx, from: string, to: string): Promise<BookedDocument[]> {
  const lists = await Promise.all(
    TABLES.map(async ([kind, table]) => {
      const rows = await tx.db
        .selectFrom(table)
        .select(['id', 'document_number', 'customer_id', 'doc'])
        // sql: a date column compared with the period's bounds as dates; its text form for the answer
        .select(sql<string>`to_char(document_date, 'YYYY-MM-DD')`.as('date'))
        .where('company_id', '=', tx.companyId)
        .where('document_number', 'is not', null)
        .where(sql<boolean>`document_date BETWEEN ${from}::date AND ${to}::date`)
        .execute();
      return rows.map((r): BookedDocument => {
        const doc = r.doc as LooseDoc;
        const referenced = kind === 'invoicestorno' ? doc.invoiceNumber : doc.creditedInvoiceNumber;
        return {
          kind,
          id: r.id,
          documentNumber: r.document_number!,
          documentDate: r.date,
          customerId: r.customer_id ?? '',
          buyer: { name: doc.buyer?.name, number: doc.buyer?.number, debitorNumber: doc.buyer?.debitorNumber },
          vatBreakdown: doc.vatBreakdown ?? [],
          grossAmount: doc.grossAmount ?? 0,
          ...(referenced ? { referencedNumber: referenced } : {}),
        };
      });
    }),
  );
  return lists
    .flat()
    .sort((a, b) => a.documentDate.localeCompare(b.documentDate) || a.documentNumber.localeCompare(b.documentNumber));
}

/** Payments dated from..to (inclusive), with their invoice's number and buyer, by date. */
export async function bookedPayments(tx: TenantTx, from: string, to: string): Promise<BookedPayment[]> {
  const rows = await tx.db
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
      sql<LooseDoc | null>`i.doc->'buyer'`.as('buyer'),
      sql<string | null>`m.doc->>'name'`.as('method_name'),
      sql<string | null>`m.doc->>'code'`.as('method_code'),
    ])
    .where('p.company_id', '=', tx.companyId)
    // sql: the payment date is a field of its document (YYYY-MM-DD, so text order is date order)
    .where(sql<boolean>`p.doc->>'date' BETWEEN ${from} AND ${to}`)
    .orderBy(sql`p.doc->>'date'`)
    .orderBy('p.number')
    .execute();
  return rows.map((r) => {
    const doc = r.doc as LooseDoc;
    const buyer = r.buyer ?? {};
    return {
      id: r.id,
      date: doc.date,
      amountCents: Number(r.amount_cents),
      ...(r.document_number ? { invoiceNumber: r.document_number } : {}),
      buyer: { name: buyer.name, number: buyer.number, debitorNumber: buyer.debitorNumber },
      ...(doc.paymentMethodId ? { paymentMethodId: doc.paymentMethodId } : {}),
      ...(r.method_name ? { paymentMethodName: r.method_name } : {}),
      ...(r.method_code ? { paymentMethodCode: r.method_code } : {}),
      ...(doc.reference ? { reference: doc.reference } : {}),
    };
  });
}
