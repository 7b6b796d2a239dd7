// An invoice's open item (pure), the one place its open amount, state and skonto are worked out:
//   open = asked − payments − credit notes that name it − its cancellation − skonto taken,
// where asked is the gross, or on a final invoice its amountDue (gross less the partial invoices).
// Skonto is the percentage of what is left to pay on the skonto base (the skontoBaseAmount when
// positions are excluded from skonto, else the asked amount) after the credit notes; it counts when
// the payments reach that less the skonto within the skonto days. What is paid or credited beyond
// the asked amount is a credit balance (overpaid). The state, whether it is overdue and whether the
// dunning run writes to the customer all read this open amount.
import { addDays } from '../documents/dates.js';
import { skontoOf } from './invoice-totals.js';

export interface OpenItemInput {
  /** What the invoice asks for: the gross, or a final invoice's amountDue. */
  askedCents: number;
  /** The gross skonto applies to, when positions are excluded from skonto. */
  skontoBaseCents?: number;
  payments: Array<{ cents: number; date: string }>;
  /** The gross of the issued credit notes that name the invoice (positive: what they take off). */
  creditedCents?: number;
  /** The gross of its cancellation, as a positive amount (the cancellation mirrors the invoice). */
  cancelledCents?: number;
  documentDate: string;
  skontoPercentage?: number;
  skontoDays?: number;
}

export type OpenItemState = 'issued' | 'partially_paid' | 'paid' | 'cancelled';

export interface OpenItem {
  state: OpenItemState;
  paidCents: number;
  creditedCents: number;
  cancelledCents: number;
  skontoApplied: boolean;
  skontoCents: number;
  /** The day the skonto was taken: the last payment's. */
  skontoDate?: string;
  openCents: number;
  overpaidCents: number;
}

export function openItem(input: OpenItemInput): OpenItem {
  const paidCents = input.payments.reduce((s, p) => s + p.cents, 0);
  const creditedCents = input.creditedCents ?? 0;
  const cancelledCents = input.cancelledCents ?? 0;
  // What the payments have to settle once credit notes and a cancellation are off.
  const toPay = input.askedCents - creditedCents - cancelledCents;
  const base = Math.min(input.skontoBaseCents ?? input.askedCents, input.askedCents) - creditedCents;
  const possibleSkonto = input.skontoPercentage && base > 0 ? skontoOf(base, input.skontoPercentage) : 0;
  const lastDate = input.payments
    .map((p) => p.date)
    .sort()
    .at(-1);
  const withinSkonto =
    possibleSkonto > 0 &&
    lastDate !== undefined &&
    input.skontoDays !== undefined &&
    lastDate <= addDays(input.documentDate, input.skontoDays);
  const skontoApplied = withinSkonto && paidCents >= toPay - possibleSkonto && paidCents < toPay;
  const skontoCents = skontoApplied ? possibleSkonto : 0;
  const balance = toPay - skontoCents - paidCents;
  const settledSomehow = paidCents > 0 || creditedCents > 0;
  const state: OpenItemState =
    cancelledCents > 0
      ? 'cancelled'
      : balance <= 0 && settledSomehow
        ? 'paid'
        : paidCents > 0
          ? 'partially_paid'
          : 'issued';
  return {
    state,
    paidCents,
    creditedCents,
    cancelledCents,
    skontoApplied,
    skontoCents,
    ...(skontoApplied ? { skontoDate: lastDate } : {}),
    openCents: Math.max(0, balance),
    overpaidCents: Math.max(0, -balance),
  };
}

/** Past its due date with money open: what the overdue state, the overdue filter and the dunning run mean. */
export function isOverdue(
  invoice: { state?: string; dueDate?: string; openAmount?: number; grossAmount?: number },
  date: string,
): boolean {
  if (!invoice.dueDate || !['issued', 'partially_paid'].includes(invoice.state ?? '')) return false;
  const open = invoice.openAmount ?? invoice.grossAmount ?? 0;
  return open > 0 && invoice.dueDate < date;
}
