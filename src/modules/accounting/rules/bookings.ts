// From issued documents and payments to bookings (pure). A document is booked once per VAT group:
// its gross (taxable + VAT) on the customer's debtor account against the revenue account of the
// group's VAT category and rate, S for an invoice. A cancellation carries the invoice's amounts
// negated and a credit note positive amounts that reduce what the customer owes: both book H
// (revenueSign). A payment is booked on the money account of its payment method against the
// debtor account, S for money received, H for a refund. Accounts come from the company's settings
// (defaults per chart of accounts, SKR03 or SKR04, in accounts.ts).
import type { AccountPlan } from './accounts.js';

export type Side = 'S' | 'H';

export interface Booking {
  /** Positive, in cents. */
  cents: number;
  side: Side;
  account: number;
  contra: number;
  /** YYYY-MM-DD */
  date: string;
  /** The document number (a payment: its invoice's). */
  beleg1: string;
  text: string;
}

export interface DocumentInput {
  kind: 'invoice' | 'credit' | 'invoicestorno';
  documentNumber: string;
  documentDate: string;
  buyer: { name?: string; number?: number; debitorNumber?: string };
  vatBreakdown: Array<{ category: string; rate: number; taxableAmount: number; taxAmount: number }>;
}

export interface PaymentInput {
  date: string;
  amountCents: number;
  invoiceNumber?: string;
  buyer: { name?: string; number?: number; debitorNumber?: string };
  paymentMethodId?: string;
  paymentMethodCode?: string;
}

export const KIND_LABELS: Record<DocumentInput['kind'] | 'payment', string> = {
  invoice: 'Rechnung',
  credit: 'Gutschrift',
  invoicestorno: 'Storno',
  payment: 'Zahlung',
};

/** A revenue account is missing for a VAT group: the export names the key to configure. */
export class MissingAccount extends Error {
  constructor(
    readonly key: string,
    readonly documentNumber: string,
  ) {
    super(`no revenue account for ${key} (document ${documentNumber})`);
  }
}

/** The key of a VAT group in the revenue account map: S19, S7 (standard rate by percent), else the category (AE, K, G, E, Z, O). */
export const vatKey = (category: string, ratePercent: number) =>
  category === 'S' ? `S${Number(ratePercent.toFixed(2))}` : category;

const cents = (amount: number) => Math.round(amount * 100);

/** +1 when the document's positive amounts are revenue (invoices, cancellations), −1 for credit notes. */
export const revenueSign = (kind: DocumentInput['kind']) => (kind === 'credit' ? -1 : 1);

/** The customer's debtor account: base + their debtor number, or the collective account. */
export function debtorAccount(plan: AccountPlan, buyer: DocumentInput['buyer']): number {
  if (plan.debtors.scheme === 'collective') return plan.debtors.collectiveAccount;
  const own = buyer.debitorNumber && /^\d{1,9}$/.test(buyer.debitorNumber) ? Number(buyer.debitorNumber) : buyer.number;
  const account = own === undefined ? undefined : plan.debtors.base + own;
  // Personal accounts have one digit more than the general ledger's; beyond that range: the collective account.
  return account !== undefined && account < 10 ** (plan.accountLength + 1) ? account : plan.debtors.collectiveAccount;
}

const text = (parts: Array<string | undefined>) =>
  parts
    .filter(Boolean)
    .join(' ')
    .replace(/[\r\n\t]+/g, ' ')
    .slice(0, 60);

export function documentBookings(plan: AccountPlan, doc: DocumentInput): Booking[] {
  const debtor = debtorAccount(plan, doc.buyer);
  const bookings: Booking[] = [];
  for (const group of doc.vatBreakdown) {
    const gross = revenueSign(doc.kind) * (cents(group.taxableAmount) + cents(group.taxAmount));
    if (gross === 0) continue;
    const key = vatKey(group.category, group.rate);
    const revenue = plan.revenueAccounts[key];
    if (revenue === undefined) throw new MissingAccount(key, doc.documentNumber);
    bookings.push({
      cents: Math.abs(gross),
      side: gross > 0 ? 'S' : 'H',
      account: debtor,
      contra: revenue,
      date: doc.documentDate,
      beleg1: doc.documentNumber,
      text: text([KIND_LABELS[doc.kind], doc.documentNumber, doc.buyer.name]),
    });
  }
  return bookings;
}

/** The money account of a payment: the method's configured account, else cash for UNCL 4461 code 10, else the bank. */
export function moneyAccount(plan: AccountPlan, payment: Pick<PaymentInput, 'paymentMethodId' | 'paymentMethodCode'>) {
  const configured = payment.paymentMethodId ? plan.paymentMethodAccounts[payment.paymentMethodId] : undefined;
  return configured ?? (payment.paymentMethodCode === '10' ? plan.cashAccount : plan.bankAccount);
}

export function paymentBookings(plan: AccountPlan, payment: PaymentInput): Booking[] {
  if (payment.amountCents === 0) return [];
  return [
    {
      cents: Math.abs(payment.amountCents),
      side: payment.amountCents > 0 ? 'S' : 'H',
      account: moneyAccount(plan, payment),
      contra: debtorAccount(plan, payment.buyer),
      date: payment.date,
      beleg1: payment.invoiceNumber ?? '',
      text: text([KIND_LABELS.payment, payment.invoiceNumber, payment.buyer.name]),
    },
  ];
}
