// A customer's account statement (pure): every document, payment and skonto of the customer with
// the running balance. Its lines are the bookings on the customer's debtor account, made by the same
// functions as the DATEV export (bookings.ts), so the statement's balance is the DATEV debtor's
// balance by construction: an invoice adds its gross, a final invoice's clearing of the partial
// invoices takes their gross off, credit notes, cancellations, payments and skonto take off, a refund adds.
import type { AccountPlan } from './accounts.js';
import {
  type Booking,
  type DiscountInput,
  type DocumentInput,
  type PaymentInput,
  debtorAccount,
  debtorEffect,
  discountBookings,
  documentBookings,
  paymentBookings,
} from './bookings.js';

export type StatementLineType = DocumentInput['kind'] | 'clearing' | 'payment' | 'skonto';

export interface StatementLine {
  date: string;
  type: StatementLineType;
  documentNumber: string;
  text: string;
  /** Cents: + what the customer owes more, − less. */
  cents: number;
  /** The balance after this line, in cents. */
  balanceCents: number;
}

export interface Statement {
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
}

const ORDER: StatementLineType[] = ['invoice', 'credit', 'invoicestorno', 'clearing', 'payment', 'skonto'];

/** One line per document, per partial invoice cleared, per payment and per skonto: its bookings on the debtor summed. */
function linesOf(type: StatementLineType, bookings: Booking[], debtor: number) {
  const lines = new Map<string, Omit<StatementLine, 'balanceCents'>>();
  for (const booking of bookings) {
    const cents = debtorEffect(booking, debtor);
    if (cents === 0) continue;
    const lineType = booking.entry === 'clearing' ? 'clearing' : type;
    const key = `${lineType}|${booking.text}`;
    const line = lines.get(key) ?? {
      date: booking.date,
      type: lineType,
      documentNumber: booking.beleg1,
      text: booking.text,
      cents: 0,
    };
    line.cents += cents;
    lines.set(key, line);
  }
  return [...lines.values()];
}

/** The statement from..to; the feed holds everything of the customer up to `to` (what is before from is the opening balance). */
export function customerStatement(
  plan: AccountPlan,
  feed: { documents: DocumentInput[]; payments: PaymentInput[]; discounts: DiscountInput[] },
  from: string,
): Statement {
  const all = [
    ...feed.documents.flatMap((d) => linesOf(d.kind, documentBookings(plan, d), debtorAccount(plan, d.buyer))),
    ...feed.payments.flatMap((p) => linesOf('payment', paymentBookings(plan, p), debtorAccount(plan, p.buyer))),
    ...feed.discounts.flatMap((d) => linesOf('skonto', discountBookings(plan, d), debtorAccount(plan, d.buyer))),
  ].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      ORDER.indexOf(a.type) - ORDER.indexOf(b.type) ||
      a.documentNumber.localeCompare(b.documentNumber),
  );
  const openingCents = all.filter((l) => l.date < from).reduce((s, l) => s + l.cents, 0);
  let balance = openingCents;
  const lines = all
    .filter((l) => l.date >= from)
    .map((l) => {
      balance += l.cents;
      return { ...l, balanceCents: balance };
    });
  return { openingCents, lines, closingCents: balance };
}
