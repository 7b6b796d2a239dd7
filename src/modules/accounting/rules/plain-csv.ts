// The plain accounting CSV (pure): one line per document and per payment with readable columns,
// for a spreadsheet or an accounting tool other than DATEV. Amounts are signed by their effect on
// revenue: a credit note's and a cancellation's are negative. As German spreadsheets open it without
// an import dialog: `;` between fields, decimal comma, CRLF, UTF-8 with a byte-order mark. A field
// holding `;`, `"` or a line break is quoted (RFC 4180); a text starting with = + - @ gets a leading
// apostrophe (a negative amount excepted), so a spreadsheet never runs a customer's name as a formula.
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

function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text) && !/^-\d+,\d{2}$/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface PlainDocument extends DocumentInput {
  referencedNumber?: string;
}
export interface PlainPayment extends PaymentInput {
  paymentMethodName?: string;
}

function documentLine(plan: AccountPlan, doc: PlainDocument): Array<string | number> {
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
    amount(net),
    amount(vat),
    amount(net + vat),
    groups,
    '',
    '',
  ];
}

function paymentLine(plan: AccountPlan, payment: PlainPayment): Array<string | number> {
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
    amount(payment.amountCents),
    '',
    payment.paymentMethodName ?? '',
    moneyAccount(plan, payment),
  ];
}

export function plainCsv(plan: AccountPlan, documents: PlainDocument[], payments: PlainPayment[]): string {
  const rows = [
    PLAIN_COLUMNS,
    ...documents.map((d) => documentLine(plan, d)),
    ...payments.map((p) => paymentLine(plan, p)),
  ];
  return `\uFEFF${rows.map((row) => `${row.map(field).join(';')}\r\n`).join('')}`;
}
