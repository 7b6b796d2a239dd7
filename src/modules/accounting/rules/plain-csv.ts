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
  splitOverGroups,
  moneyAccount,
  documentSign,
  vatKey,
  type DiscountInput,
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
  const sign = documentSign(doc);
  const net = doc.vatBreakdown.reduce((s, g) => s + sign * cents(g.taxableAmount), 0);
  const vat = doc.vatBreakdown.reduce((s, g) => s + sign * cents(g.taxAmount), 0);
  const groups = doc.vatBreakdown
    .map(
      (g) =>
        `${vatKey(g.category, g.rate, doc.buyer)}: ${amount(sign * cents(g.taxableAmount))} + ${amount(sign * cents(g.taxAmount))}`,
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

/** Skonto taken: a reduction of revenue, net and VAT as split over the invoice's VAT groups. */
function discountLine(plan: AccountPlan, discount: DiscountInput): CsvValue[] {
  const parts = splitOverGroups(discount.skontoCents, discount.vatBreakdown);
  const vat = parts.reduce((s, p) => s + p.vatCents, 0);
  return [
    KIND_LABELS.skonto,
    discount.date,
    '',
    discount.invoiceNumber,
    discount.buyer.debitorNumber ?? String(discount.buyer.number ?? ''),
    discount.buyer.name ?? '',
    debtorAccount(plan, discount.buyer),
    amountCell(-(discount.skontoCents - vat)),
    amountCell(-vat),
    amountCell(-discount.skontoCents),
    parts
      .map(
        (p) =>
          `${vatKey(p.group.category, p.group.rate, discount.buyer)}: ${amount(-(p.cents - p.vatCents))} + ${amount(-p.vatCents)}`,
      )
      .join(', '),
    '',
    '',
  ];
}

export function plainCsv(
  plan: AccountPlan,
  documents: PlainDocument[],
  payments: PlainPayment[],
  discounts: DiscountInput[] = [],
): string {
  return csvFile(PLAIN_COLUMNS, [
    ...documents.map((d) => documentLine(plan, d)),
    ...payments.map((p) => paymentLine(plan, p)),
    ...discounts.map((d) => discountLine(plan, d)),
  ]);
}
