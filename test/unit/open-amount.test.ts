// The open-item rule (rules/open-amount.ts), hand-worked: open = asked − payments − credit notes
// naming the invoice − its cancellation − skonto taken. The arithmetic is in the comments.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isOverdue, openItem, type OpenItemInput } from '../../src/modules/invoicing/rules/open-amount.js';

const DATE = '2026-03-02';
const paid = (cents: number, date = '2026-03-05') => ({ cents, date });
const term = { skontoPercentage: 2, skontoDays: 10 };

describe('open item', () => {
  const cases: Array<[string, OpenItemInput, Partial<ReturnType<typeof openItem>>]> = [
    // The case: 119.00, a credit note of 23.80 naming it, the rest 119.00 − 23.80 = 95.20 paid → 0 open.
    [
      'credit note + payment of the rest',
      { askedCents: 11900, creditedCents: 2380, payments: [paid(9520)], documentDate: DATE },
      { state: 'paid', openCents: 0, overpaidCents: 0, creditedCents: 2380, paidCents: 9520 },
    ],
    // Before the fix the credit note was ignored: 119.00 − 95.20 = 23.80 stayed open. Now without the payment: 95.20 open.
    [
      'credit note alone',
      { askedCents: 11900, creditedCents: 2380, payments: [], documentDate: DATE },
      { state: 'issued', openCents: 9520 },
    ],
    // A credit note for the whole 119.00: nothing owed, settled without money.
    [
      'credit note for the whole invoice',
      { askedCents: 11900, creditedCents: 11900, payments: [], documentDate: DATE },
      { state: 'paid', openCents: 0 },
    ],
    // 119.00 − 50.00 = 69.00 open.
    [
      'part paid',
      { askedCents: 11900, payments: [paid(5000)], documentDate: DATE },
      { state: 'partially_paid', openCents: 6900 },
    ],
    // 119.00 + 23.80 credited, 119.00 paid: 23.80 overpaid, a credit balance.
    [
      'paid in full, then credited',
      { askedCents: 11900, creditedCents: 2380, payments: [paid(11900)], documentDate: DATE },
      { state: 'paid', openCents: 0, overpaidCents: 2380 },
    ],
    // A cancellation mirrors the gross: 119.00 − 119.00 = 0, cancelled.
    [
      'cancelled',
      { askedCents: 11900, cancelledCents: 11900, payments: [], documentDate: DATE },
      { state: 'cancelled', openCents: 0 },
    ],
    // Skonto 2 % of 476.00 = 9.52; 476.00 − 9.52 = 466.48 paid on day 3 of 10 → paid, 9.52 skonto.
    [
      'skonto taken in time',
      { askedCents: 47600, payments: [paid(46648)], documentDate: DATE, ...term },
      { state: 'paid', skontoApplied: true, skontoCents: 952, skontoDate: '2026-03-05', openCents: 0 },
    ],
    // The same payment on day 11 (2026-03-13 > 2026-03-12): no skonto, 9.52 open.
    [
      'skonto days passed',
      { askedCents: 47600, payments: [paid(46648, '2026-03-13')], documentDate: DATE, ...term },
      { state: 'partially_paid', skontoApplied: false, skontoCents: 0, openCents: 952 },
    ],
    // Credit note 119.00 on 476.00: 357.00 left; skonto 2 % of 357.00 = 7.14; 357.00 − 7.14 = 349.86 paid → paid.
    [
      'skonto on what the credit note leaves',
      { askedCents: 47600, creditedCents: 11900, payments: [paid(34986)], documentDate: DATE, ...term },
      { state: 'paid', skontoCents: 714, openCents: 0 },
    ],
    // A final invoice asks for its amountDue: 3,570.00 − 1,190.00 = 2,380.00; 2,380.00 paid → paid.
    [
      'final invoice amountDue',
      { askedCents: 238000, payments: [paid(238000)], documentDate: DATE },
      { state: 'paid', openCents: 0 },
    ],
    // A refund takes a payment back: 119.00 − 119.00 + 19.00 = 19.00 open.
    [
      'refund',
      { askedCents: 11900, payments: [paid(11900), paid(-1900)], documentDate: DATE },
      { state: 'partially_paid', openCents: 1900 },
    ],
  ];
  for (const [name, input, expected] of cases)
    test(name, () => {
      const result = openItem(input);
      for (const [key, value] of Object.entries(expected))
        assert.equal(result[key as keyof typeof result], value, `${name}: ${key}`);
    });
});

describe('overdue and dunning read the open amount', () => {
  const cases: Array<[string, Parameters<typeof isOverdue>[0], boolean]> = [
    ['open and past due', { state: 'partially_paid', dueDate: '2026-03-16', openAmount: 23.8 }, true],
    ['due today is not overdue', { state: 'issued', dueDate: '2026-03-20', openAmount: 119 }, false],
    ['paid by credit note and payment', { state: 'paid', dueDate: '2026-03-16', openAmount: 0 }, false],
    ['issued, nothing open (an older record)', { state: 'issued', dueDate: '2026-03-16', openAmount: 0 }, false],
    ['cancelled', { state: 'cancelled', dueDate: '2026-03-16', openAmount: 0 }, false],
    ['no open amount stored: the gross', { state: 'issued', dueDate: '2026-03-16', grossAmount: 119 }, true],
  ];
  for (const [name, invoice, expected] of cases)
    test(name, () => assert.equal(isOverdue(invoice, '2026-03-20'), expected));
});
