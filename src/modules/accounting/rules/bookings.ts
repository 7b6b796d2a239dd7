// From issued documents and payments to bookings (pure). A document is booked once per VAT group:
// its gross (taxable + VAT) on the customer's debtor account against the revenue account of the
// group's VAT category and rate, S for an invoice. A cancellation carries the invoice's amounts
// negated and a credit note positive amounts that reduce what the customer owes: both book H
// (revenueSign). A payment is booked on the money account of its payment method against the
// debtor account, S for money received, H for a refund. Accounts come from the company's settings
// (defaults per chart of accounts, SKR03 or SKR04, in accounts.ts).
// Reverse charge (AE) to a business in another EU country (§ 3a (2) UStG) goes to its own revenue
// account (AE-EU, reported in the Zusammenfassende Meldung) with the buyer's VAT id in the EU field.
// Skonto taken is booked H on the debtor against the skonto account of each VAT group, split in
// proportion to the groups' gross; the automatic accounts correct the VAT, another account carries
// the BU-Schlüssel. Partial invoices (Abschlagsrechnungen) are no revenue: booked on the debtor
// against the advance clearing account, their payments move that amount onto the advance payments
// received (Erhaltene Anzahlungen, with its VAT); the final invoice books the whole work as revenue
// and clears the advances it settles off the debtor, so revenue is counted once.
import { type AccountPlan, taxKey } from './accounts.js';

export type Side = 'S' | 'H';

/** What a booking stands for on the customer's account: the statement's lines. */
export type Entry = 'document' | 'clearing' | 'payment' | 'skonto' | 'advance';

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
  /** DATEV BU-Schlüssel (tax key); empty on automatic accounts. */
  buKey?: string;
  /** DATEV "EU-Land u. UStID (Bestimmung)": the buyer's VAT id on an EU reverse-charge booking. */
  euVatId?: string;
  entry?: Entry;
}

export interface VatGroup {
  category: string;
  rate: number;
  taxableAmount: number;
  taxAmount: number;
}

export interface Buyer {
  name?: string;
  number?: number;
  debitorNumber?: string;
  vatNumber?: string;
  /** ISO 3166-1 alpha-2 of the buyer's address. */
  country?: string;
}

export interface DocumentInput {
  kind: 'invoice' | 'credit' | 'invoicestorno';
  documentNumber: string;
  documentDate: string;
  buyer: Buyer;
  vatBreakdown: VatGroup[];
  /** Invoices and their cancellations: standard, partial or final. */
  invoiceType?: string;
  /** Final invoices (and their cancellations): the partial invoices settled, with their VAT groups. */
  settledPartials?: Array<{ documentNumber: string; vatBreakdown: VatGroup[] }>;
}

export interface PaymentInput {
  date: string;
  amountCents: number;
  invoiceNumber?: string;
  buyer: Buyer;
  paymentMethodId?: string;
  paymentMethodCode?: string;
  /** A payment of a partial invoice: that invoice's VAT groups, for the advance received. */
  partialInvoiceVat?: VatGroup[];
}

/** Skonto taken on an invoice: its amount, the day (its last payment) and the invoice's VAT groups. */
export interface DiscountInput {
  invoiceNumber: string;
  date: string;
  buyer: Buyer;
  skontoCents: number;
  vatBreakdown: VatGroup[];
}

export const KIND_LABELS: Record<DocumentInput['kind'] | 'payment' | 'skonto' | 'partial', string> = {
  invoice: 'Rechnung',
  credit: 'Gutschrift',
  invoicestorno: 'Storno',
  payment: 'Zahlung',
  skonto: 'Skonto',
  partial: 'Abschlagsrechnung',
};

/** A revenue account is missing for a VAT group: the export names the key to configure. */
export class MissingAccount extends Error {
  constructor(
    readonly key: string,
    readonly documentNumber: string,
    readonly map: 'revenueAccounts' | 'skontoAccounts' | 'advanceAccounts' = 'revenueAccounts',
  ) {
    super(`no account in ${map} for ${key} (document ${documentNumber})`);
  }
}

const EU_COUNTRIES = new Set(
  'AT BE BG CY CZ DK EE EL ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** The buyer's country: its address's, else the prefix of its VAT id. */
const countryOf = (buyer: Buyer) => (buyer.country ?? buyer.vatNumber?.slice(0, 2) ?? '').toUpperCase();

/** A buyer in another EU member state than Germany. */
export const inOtherEuCountry = (buyer: Buyer) => EU_COUNTRIES.has(countryOf(buyer));

/**
 * The key of a VAT group in the account maps: S19, S7 (standard rate by percent), AE-EU for reverse
 * charge to a buyer in another EU country, else the category (AE: domestic § 13b, K, G, E, Z, O).
 */
export const vatKey = (category: string, ratePercent: number, buyer?: Buyer) =>
  category === 'S'
    ? `S${Number(ratePercent.toFixed(2))}`
    : category === 'AE' && buyer && inOtherEuCountry(buyer)
      ? 'AE-EU'
      : category;

/** The VAT id for DATEV's EU field: letters and digits, with the country prefix, at most 15. */
export function euVatId(buyer: Buyer): string | undefined {
  const id = buyer.vatNumber?.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!id) return undefined;
  return (/^[A-Z]{2}/.test(id) ? id : `${countryOf(buyer)}${id}`).slice(0, 15);
}

/**
 * An amount split over VAT groups in proportion to their gross (the last group takes the rounding
 * rest), each part with the VAT it holds: part × rate / (100 + rate), rounded half up.
 */
export function splitOverGroups(totalCents: number, groups: VatGroup[]) {
  const grossOf = (g: VatGroup) => cents(g.taxableAmount) + cents(g.taxAmount);
  const taxed = groups.filter((g) => grossOf(g) !== 0);
  const whole = taxed.reduce((s, g) => s + grossOf(g), 0);
  if (whole === 0) return [];
  let left = totalCents;
  return taxed.map((group, i) => {
    const part = i === taxed.length - 1 ? left : Math.round((totalCents * grossOf(group)) / whole);
    left -= part;
    const vatCents = group.category === 'S' ? Math.round((part * group.rate) / (100 + group.rate)) : 0;
    return { group, cents: part, vatCents };
  });
}

const cents = (amount: number) => Math.round(amount * 100);

/** +1 when the document's positive amounts are revenue (invoices, cancellations), −1 for credit notes. */
export const revenueSign = (kind: DocumentInput['kind']) => (kind === 'credit' ? -1 : 1);

/**
 * The sign a document's amounts are booked with: revenueSign, except that a credit note stored with
 * negative amounts is turned round (as its e-invoice is): a credit note always lowers what is owed.
 */
export function documentSign(doc: Pick<DocumentInput, 'kind' | 'vatBreakdown'>) {
  const gross = doc.vatBreakdown.reduce((s, g) => s + cents(g.taxableAmount) + cents(g.taxAmount), 0);
  return doc.kind === 'credit' && gross < 0 ? 1 : revenueSign(doc.kind);
}

/** The customer's debtor account: base + their debtor number, or the collective account. */
export function debtorAccount(plan: AccountPlan, buyer: Buyer): number {
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

function accountOf(plan: AccountPlan, map: 'revenueAccounts' | 'advanceAccounts', key: string, number: string) {
  const account = plan[map][key];
  if (account === undefined) throw new MissingAccount(key, number, map);
  return account;
}

export function documentBookings(plan: AccountPlan, doc: DocumentInput): Booking[] {
  const debtor = debtorAccount(plan, doc.buyer);
  const sign = documentSign(doc);
  const partial = doc.invoiceType === 'partial';
  const label = !partial
    ? KIND_LABELS[doc.kind]
    : doc.kind === 'invoice'
      ? KIND_LABELS.partial
      : `${KIND_LABELS[doc.kind]} ${KIND_LABELS.partial}`;
  const bookings: Booking[] = [];
  for (const group of doc.vatBreakdown) {
    const gross = sign * (cents(group.taxableAmount) + cents(group.taxAmount));
    if (gross === 0) continue;
    const key = vatKey(group.category, group.rate, doc.buyer);
    // A partial invoice is no revenue yet: on the clearing account until its payment is an advance received.
    const contra = partial ? plan.advanceClearingAccount : accountOf(plan, 'revenueAccounts', key, doc.documentNumber);
    const eu = !partial && key === 'AE-EU' ? euVatId(doc.buyer) : undefined;
    bookings.push({
      cents: Math.abs(gross),
      side: gross > 0 ? 'S' : 'H',
      account: debtor,
      contra,
      date: doc.documentDate,
      beleg1: doc.documentNumber,
      text: text([label, doc.documentNumber, doc.buyer.name]),
      ...(eu ? { euVatId: eu } : {}),
      entry: 'document',
    });
  }
  // A final invoice clears the advances of the partial invoices it settles off the debtor; its
  // cancellation (which names the same partial invoices, with their amounts as issued) books it back.
  const clearingSign = doc.kind === 'invoicestorno' ? -1 : 1;
  for (const settled of doc.invoiceType === 'final' ? (doc.settledPartials ?? []) : []) {
    for (const group of settled.vatBreakdown) {
      const gross = clearingSign * (cents(group.taxableAmount) + cents(group.taxAmount));
      if (gross === 0) continue;
      const key = vatKey(group.category, group.rate, doc.buyer);
      const account = accountOf(plan, 'advanceAccounts', key, settled.documentNumber);
      bookings.push({
        cents: Math.abs(gross),
        side: gross > 0 ? 'H' : 'S',
        account: debtor,
        contra: account,
        buKey: taxKey(plan, 'advanceAccounts', key, account),
        date: doc.documentDate,
        beleg1: doc.documentNumber,
        text: text(['Verrechnung', KIND_LABELS.partial, settled.documentNumber]),
        entry: 'clearing',
      });
    }
  }
  return bookings;
}

/** Skonto taken: H on the debtor against the skonto account of each VAT group (the VAT corrected with it). */
export function discountBookings(plan: AccountPlan, discount: DiscountInput): Booking[] {
  const debtor = debtorAccount(plan, discount.buyer);
  return splitOverGroups(discount.skontoCents, discount.vatBreakdown)
    .filter((part) => part.cents !== 0)
    .map(({ group, cents: part }) => {
      const key = vatKey(group.category, group.rate, discount.buyer);
      const account = plan.skontoAccounts[key];
      if (account === undefined) throw new MissingAccount(key, discount.invoiceNumber, 'skontoAccounts');
      const eu = key === 'AE-EU' ? euVatId(discount.buyer) : undefined;
      return {
        cents: Math.abs(part),
        side: part > 0 ? 'H' : 'S',
        account: debtor,
        contra: account,
        buKey: taxKey(plan, 'skontoAccounts', key, account),
        date: discount.date,
        beleg1: discount.invoiceNumber,
        text: text([KIND_LABELS.skonto, discount.invoiceNumber, discount.buyer.name]),
        ...(eu ? { euVatId: eu } : {}),
        entry: 'skonto',
      } satisfies Booking;
    });
}

/** The money account of a payment: the method's configured account, else cash for UNCL 4461 code 10, else the bank. */
export function moneyAccount(plan: AccountPlan, payment: Pick<PaymentInput, 'paymentMethodId' | 'paymentMethodCode'>) {
  const configured = payment.paymentMethodId ? plan.paymentMethodAccounts[payment.paymentMethodId] : undefined;
  return configured ?? (payment.paymentMethodCode === '10' ? plan.cashAccount : plan.bankAccount);
}

export function paymentBookings(plan: AccountPlan, payment: PaymentInput): Booking[] {
  if (payment.amountCents === 0) return [];
  // Money for a partial invoice is an advance received: off the clearing account onto the advance account of its VAT group.
  const advances = splitOverGroups(payment.amountCents, payment.partialInvoiceVat ?? [])
    .filter((part) => part.cents !== 0)
    .map(({ group, cents: part }): Booking => {
      const key = vatKey(group.category, group.rate, payment.buyer);
      const account = accountOf(plan, 'advanceAccounts', key, payment.invoiceNumber ?? '');
      return {
        cents: Math.abs(part),
        side: part > 0 ? 'S' : 'H',
        account: plan.advanceClearingAccount,
        contra: account,
        buKey: taxKey(plan, 'advanceAccounts', key, account),
        date: payment.date,
        beleg1: payment.invoiceNumber ?? '',
        text: text(['Anzahlung', payment.invoiceNumber, payment.buyer.name]),
        entry: 'advance',
      };
    });
  return [
    {
      cents: Math.abs(payment.amountCents),
      side: payment.amountCents > 0 ? 'S' : 'H',
      account: moneyAccount(plan, payment),
      contra: debtorAccount(plan, payment.buyer),
      date: payment.date,
      beleg1: payment.invoiceNumber ?? '',
      text: text([KIND_LABELS.payment, payment.invoiceNumber, payment.buyer.name]),
      entry: 'payment',
    },
    ...advances,
  ];
}

/** What a booking does to the debtor account `debtor`, in cents: + owed more, − owed less, 0 not on it. */
export function debtorEffect(booking: Booking, debtor: number): number {
  const signed = booking.side === 'S' ? booking.cents : -booking.cents;
  if (booking.account === debtor) return signed;
  if (booking.contra === debtor) return -signed;
  return 0;
}
