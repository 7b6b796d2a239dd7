// The plain accounting CSV (pure): one line per document and per payment with readable columns,
// for a spreadsheet or an accounting tool other than DATEV. Amounts are signed by their effect on
// revenue: a credit note's and a cancellation's are negative. As German spreadsheets open it without
// an import dialog, written by the server's one CSV writer (platform/csv: `;`, decimal comma, CRLF,
// BOM, quoting, the formula guard); amounts go to it as number cells, so a negative amount stays a
// number and a customer's name is never run as a formula.
import { type CsvValue, csvFile, formattedNumber } from '../../../platform/csv/csv-writer.js';
import {
  KIND_LABELS,
  debtorAccount,
  moneyAccount,
  revenueSign,
  vatKey,
  type DocumentInput,
  type PaymentInput,
} from './bookings.js';
import type { AccountPlan } from './accounts.js';

export const PLAIN_COLUMNS = [
  'Art',
  'Datum',
  'Belegnummer',
  'Bezug',
  'Kundennummer',
  'Kunde',
  'Debitorenkonto',
  'Netto',
  'USt',
  'Brutto',
  'USt-Gruppen',
  'Zahlungsart',
  'Geldkonto',
];

const amount = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};
const cents = (value: number) => Math.round(value * 100);

/** An amount in cents as a number cell. */
const amountCell = (cents: number) => formattedNumber(amount(cents));

export interface PlainDocument extends DocumentInput {
  referencedNumber?: string;
}
export interface PlainPayment extends PaymentInput {
  paymentMethodName?: string;
}

function documentLine(plan: AccountPlan, doc: PlainDocument): CsvValue[] {
  const sign = revenueSign(doc.kind);
  const net = doc.vatBreakdown.reduce((s, g) => s + sign * cents(g.taxableAmount), 0);
  const vat = doc.vatBreakdown.reduce((s, g) => s + sign * cents(g.taxAmount), 0);
  const groups = doc.vatBreakdown
    .map(
      (g) =>
        `${vatKey(g.category, g.rate)}: ${amount(sign * cents(g.taxableAmount))} + ${amount(sign * cents(g.taxAmount))}`,
    )
    .join(', ');
  return [
    KIND_LABELS[doc.kind],
    doc.documentDate,
    doc.documentNumber,
    doc.referencedNumber ?? '',
    doc.buyer.debitorNumber ?? String(doc.buyer.number ?? ''),
    doc.buyer.name ?? '',
    debtorAccount(plan, doc.buyer),
    amountCell(net),
    amountCell(vat),
    amountCell(net + vat),
    groups,
    '',
    '',
  ];
}

function paymentLine(plan: AccountPlan, payment: PlainPayment): CsvValue[] {
  return [
    KIND_LABELS.payment,
    payment.date,
    '',
    payment.invoiceNumber ?? '',
    payment.buyer.debitorNumber ?? String(payment.buyer.number ?? ''),
    payment.buyer.name ?? '',
    debtorAccount(plan, payment.buyer),
    '',
    '',
    amountCell(payment.amountCents),
    '',
    payment.paymentMethodName ?? '',
    moneyAccount(plan, payment),
  ];
}

export function plainCsv(plan: AccountPlan, documents: PlainDocument[], payments: PlainPayment[]): string {
  return csvFile(PLAIN_COLUMNS, [
    ...documents.map((d) => documentLine(plan, d)),
    ...payments.map((p) => paymentLine(plan, p)),
  ]);
}
