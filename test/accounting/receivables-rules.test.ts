// The money rules of issue 31, hand-worked (arithmetic in the comments, worked out before the
// run): EU reverse charge vs domestic § 13b, skonto per VAT rate with its VAT part and the
// BU-Schlüssel off the automatic accounts, partial and final invoices booked so that revenue counts
// once, and the customer statement whose balance is the DATEV debtor's.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { withDefaults } from '../../src/modules/accounting/accounting-settings.js';
import {
  type Booking,
  type DocumentInput,
  debtorEffect,
  discountBookings,
  documentBookings,
  paymentBookings,
  splitOverGroups,
} from '../../src/modules/accounting/rules/bookings.js';
import { EU_VAT_ID, datevRow } from '../../src/modules/accounting/rules/datev.js';
import { customerStatement } from '../../src/modules/accounting/rules/statement.js';

const SKR03 = withDefaults({});
const SKR04 = withDefaults({ chart: 'SKR04' });
const DEBTOR = 10001; // 10000 + customer number 1
const domestic = { name: 'Muster GmbH', number: 1, country: 'DE', vatNumber: 'DE811907980' };
const austrian = { name: 'Wien Facility GmbH', number: 1, country: 'AT', vatNumber: 'ATU 1234 5678' };
const s19 = (net: number) => ({ category: 'S', rate: 19, taxableAmount: net, taxAmount: Math.round(net * 19) / 100 });
const s7 = (net: number) => ({ category: 'S', rate: 7, taxableAmount: net, taxAmount: Math.round(net * 7) / 100 });
const ae = (net: number) => ({ category: 'AE', rate: 0, taxableAmount: net, taxAmount: 0 });
const doc = (more: Partial<DocumentInput>): DocumentInput => ({
  kind: 'invoice',
  documentNumber: 'RE-1',
  documentDate: '2026-03-02',
  buyer: domestic,
  vatBreakdown: [],
  ...more,
});
const pick = (b: Booking) => [b.cents, b.side, b.account, b.contra, b.buKey ?? '', b.euVatId ?? ''];
/** An account's balance over bookings, debit positive. */
const balance = (bookings: Booking[], account: number) => bookings.reduce((s, b) => s + debtorEffect(b, account), 0);

describe('reverse charge', () => {
  test('to a business in another EU country: 8336 / 4336 with the VAT id in column 40', () => {
    // 1,000.00 net, no VAT: 1,000.00 on the debtor against 8336; the id without its spaces.
    const [booking] = documentBookings(SKR03, doc({ buyer: austrian, vatBreakdown: [ae(1000)] }));
    assert.deepEqual(pick(booking!), [100000, 'S', DEBTOR, 8336, '', 'ATU12345678']);
    const fields = datevRow(booking!).split(';');
    assert.equal(EU_VAT_ID, 39, 'column 40 of 125');
    assert.equal(fields[39], '"ATU12345678"');
    assert.equal(documentBookings(SKR04, doc({ buyer: austrian, vatBreakdown: [ae(1000)] }))[0]!.contra, 4336);
  });

  test('domestic § 13b: 8337 / 4337, no EU field', () => {
    const [booking] = documentBookings(SKR03, doc({ vatBreakdown: [ae(1000)] }));
    assert.deepEqual(pick(booking!), [100000, 'S', DEBTOR, 8337, '', '']);
    assert.equal(datevRow(booking!).split(';')[39], '');
    assert.equal(documentBookings(SKR04, doc({ vatBreakdown: [ae(1000)] }))[0]!.contra, 4337);
  });

  test('without an address country the VAT id prefix decides', () => {
    const buyer = { number: 1, vatNumber: 'FR40303265045' };
    assert.equal(documentBookings(SKR03, doc({ buyer, vatBreakdown: [ae(10)] }))[0]!.contra, 8336);
  });
});

describe('skonto', () => {
  const discount = (skontoCents: number, vatBreakdown: DocumentInput['vatBreakdown']) => ({
    invoiceNumber: 'RE-1',
    date: '2026-03-05',
    buyer: domestic,
    skontoCents,
    vatBreakdown,
  });

  test('2 % on 476.00 = 9.52: 8.00 + 1.52 VAT, H on the debtor against 8736 (automatic, no BU)', () => {
    // 9.52 × 19 / 119 = 1.52 VAT, 9.52 − 1.52 = 8.00 net.
    assert.deepEqual(
      splitOverGroups(952, [s19(400)]).map((p) => [p.cents, p.vatCents]),
      [[952, 152]],
    );
    assert.deepEqual(discountBookings(SKR03, discount(952, [s19(400)])).map(pick), [[952, 'H', DEBTOR, 8736, '', '']]);
    assert.deepEqual(discountBookings(SKR04, discount(952, [s19(400)])).map(pick), [[952, 'H', DEBTOR, 4736, '', '']]);
  });

  test('7 %: 2 % on 107.00 = 2.14 (2.00 + 0.14) to 8731 / 4731', () => {
    // 2.14 × 7 / 107 = 0.14.
    assert.deepEqual(
      splitOverGroups(214, [s7(100)]).map((p) => [p.cents, p.vatCents]),
      [[214, 14]],
    );
    assert.equal(discountBookings(SKR03, discount(214, [s7(100)]))[0]!.contra, 8731);
    assert.equal(discountBookings(SKR04, discount(214, [s7(100)]))[0]!.contra, 4731);
  });

  test('mixed rates: 2 % on 291.50 = 5.83, split 4.76 (19 %) and 1.07 (7 %)', () => {
    // 238.00 / 291.50 × 5.83 = 4.7599… → 4.76 (VAT 4.76 × 19/119 = 0.76); the rest 5.83 − 4.76 = 1.07 (VAT 0.07).
    assert.deepEqual(
      splitOverGroups(583, [s19(200), s7(50)]).map((p) => [p.cents, p.vatCents]),
      [
        [476, 76],
        [107, 7],
      ],
    );
    assert.deepEqual(discountBookings(SKR03, discount(583, [s19(200), s7(50)])).map(pick), [
      [476, 'H', DEBTOR, 8736, '', ''],
      [107, 'H', DEBTOR, 8731, '', ''],
    ]);
  });

  test('a skonto account that is not automatic carries the BU-Schlüssel 3 (19 %) or 2 (7 %)', () => {
    const own = withDefaults({ skontoAccounts: { S19: 8730, S7: 8730 } });
    assert.deepEqual(
      discountBookings(own, discount(583, [s19(200), s7(50)])).map((b) => [b.contra, b.buKey]),
      [
        [8730, '3'],
        [8730, '2'],
      ],
    );
    assert.equal(datevRow(discountBookings(own, discount(952, [s19(400)]))[0]!).split(';')[8], '"3"');
  });
});

describe('partial and final invoices', () => {
  // Partial invoice 1,000.00 + 190.00 = 1,190.00, paid; the final invoice bills the whole work,
  // 3,000.00 + 570.00 = 3,570.00, less 1,190.00 prepaid = 2,380.00 due.
  const partial = doc({ documentNumber: 'AR-1', invoiceType: 'partial', vatBreakdown: [s19(1000)] });
  const final = doc({
    documentNumber: 'SR-1',
    documentDate: '2026-06-30',
    invoiceType: 'final',
    vatBreakdown: [s19(3000)],
    settledPartials: [{ documentNumber: 'AR-1', vatBreakdown: [s19(1000)] }],
  });
  const payment = {
    date: '2026-03-10',
    amountCents: 119000,
    invoiceNumber: 'AR-1',
    buyer: domestic,
    partialInvoiceVat: [s19(1000)],
  };
  const all = [
    ...documentBookings(SKR03, partial),
    ...paymentBookings(SKR03, payment),
    ...documentBookings(SKR03, final),
  ];

  test('the bookings: partial on the clearing account, its payment onto 1718, the final with the advance cleared', () => {
    assert.deepEqual(all.map(pick), [
      [119000, 'S', DEBTOR, 1593, '', ''], // Abschlagsrechnung: debtor an Verrechnungskonto erhaltene Anzahlungen
      [119000, 'S', 1200, DEBTOR, '', ''], // Zahlung: Bank an Debitor
      [119000, 'S', 1593, 1718, '', ''], // the advance received: 1593 an 1718 (AM, 190.00 VAT)
      [357000, 'S', DEBTOR, 8400, '', ''], // Schlussrechnung: the whole work, 3,000.00 + 570.00
      [119000, 'H', DEBTOR, 1718, '', ''], // Verrechnung: 1718 an Debitor (AM, the 190.00 VAT reversed)
    ]);
  });

  test('revenue 3,570.00 gross once (not 4,760.00), advances and clearing at 0, debtor 2,380.00', () => {
    // 8400 is credited: −balance. Before the fix the partial went to 8400 too: 1,190.00 + 3,570.00 = 4,760.00.
    assert.equal(-balance(all, 8400), 357000);
    assert.equal(balance(all, 1718), 0, '−1,190.00 + 1,190.00');
    assert.equal(balance(all, 1593), 0, '−1,190.00 + 1,190.00');
    assert.equal(balance(all, DEBTOR), 238000, '1,190.00 − 1,190.00 + 3,570.00 − 1,190.00');
  });

  test('SKR04: the clearing account 1495 and advances 3272', () => {
    const skr04 = [
      ...documentBookings(SKR04, partial),
      ...paymentBookings(SKR04, payment),
      ...documentBookings(SKR04, final),
    ];
    assert.deepEqual(
      skr04.map((b) => [b.account, b.contra]),
      [
        [DEBTOR, 1495],
        [1800, DEBTOR],
        [1495, 3272],
        [DEBTOR, 4400],
        [DEBTOR, 3272],
      ],
    );
  });

  test('a cancelled final invoice reverses the clearing too', () => {
    // The cancellation carries the final invoice's amounts negated and names the partial invoices as issued (positive).
    const storno = doc({
      ...final,
      kind: 'invoicestorno',
      vatBreakdown: [s19(-3000)],
      settledPartials: [{ documentNumber: 'AR-1', vatBreakdown: [s19(1000)] }],
    });
    // −3,570.00 off the debtor, +1,190.00 back on: −2,380.00.
    assert.equal(balance(documentBookings(SKR03, storno), DEBTOR), -238000);
  });
});

describe('credit notes', () => {
  test('a credit note of 23.80 lowers the debtor, stored with positive or negative amounts alike', () => {
    const positive = documentBookings(SKR03, doc({ kind: 'credit', vatBreakdown: [s19(20)] }));
    const negative = documentBookings(SKR03, doc({ kind: 'credit', vatBreakdown: [s19(-20)] }));
    // 20.00 + 3.80 = 23.80 H on the debtor against 8400.
    assert.deepEqual(positive.map(pick), [[2380, 'H', DEBTOR, 8400, '', '']]);
    assert.deepEqual(negative.map(pick), positive.map(pick));
  });
});

describe('customer statement', () => {
  test('119.00, credit note 23.80, 95.20 paid: 119.00, 95.20, 0.00; equals the debtor', () => {
    const documents = [
      doc({ vatBreakdown: [s19(100)] }),
      doc({ kind: 'credit', documentNumber: 'GS-1', documentDate: '2026-03-03', vatBreakdown: [s19(20)] }),
    ];
    const payments = [{ date: '2026-03-05', amountCents: 9520, invoiceNumber: 'RE-1', buyer: domestic }];
    const statement = customerStatement(SKR03, { documents, payments, discounts: [] }, '2026-03-01');
    assert.deepEqual(
      statement.lines.map((l) => [l.type, l.cents, l.balanceCents]),
      [
        ['invoice', 11900, 11900],
        ['credit', -2380, 9520],
        ['payment', -9520, 0],
      ],
    );
    const bookings = [...documents.flatMap((d) => documentBookings(SKR03, d)), ...paymentBookings(SKR03, payments[0]!)];
    assert.equal(statement.closingCents, balance(bookings, DEBTOR));
  });

  test('opening balance, skonto, partial and final: closing equals the debtor', () => {
    // Before March: 119.00 open. In March: 476.00, paid 466.48 with skonto 9.52; partial 1,190.00 paid;
    // final 3,570.00 with 1,190.00 cleared. Closing: 119.00 + 0 + 2,380.00 = 2,499.00.
    const documents = [
      doc({ documentNumber: 'RE-0', documentDate: '2026-02-10', vatBreakdown: [s19(100)] }),
      doc({ documentNumber: 'RE-2', vatBreakdown: [s19(400)] }),
      doc({ documentNumber: 'AR-1', invoiceType: 'partial', vatBreakdown: [s19(1000)] }),
      doc({
        documentNumber: 'SR-1',
        documentDate: '2026-03-30',
        invoiceType: 'final',
        vatBreakdown: [s19(3000)],
        settledPartials: [{ documentNumber: 'AR-1', vatBreakdown: [s19(1000)] }],
      }),
    ];
    const payments = [
      { date: '2026-03-05', amountCents: 46648, invoiceNumber: 'RE-2', buyer: domestic },
      {
        date: '2026-03-10',
        amountCents: 119000,
        invoiceNumber: 'AR-1',
        buyer: domestic,
        partialInvoiceVat: [s19(1000)],
      },
    ];
    const discounts = [
      { invoiceNumber: 'RE-2', date: '2026-03-05', buyer: domestic, skontoCents: 952, vatBreakdown: [s19(400)] },
    ];
    const statement = customerStatement(SKR03, { documents, payments, discounts }, '2026-03-01');
    assert.equal(statement.openingCents, 11900);
    assert.deepEqual(
      statement.lines.map((l) => [l.date, l.type, l.documentNumber, l.cents]),
      [
        ['2026-03-02', 'invoice', 'AR-1', 119000],
        ['2026-03-02', 'invoice', 'RE-2', 47600],
        ['2026-03-05', 'payment', 'RE-2', -46648],
        ['2026-03-05', 'skonto', 'RE-2', -952],
        ['2026-03-10', 'payment', 'AR-1', -119000],
        ['2026-03-30', 'invoice', 'SR-1', 357000],
        ['2026-03-30', 'clearing', 'SR-1', -119000],
      ],
    );
    assert.equal(statement.closingCents, 249900);
    const bookings = [
      ...documents.flatMap((d) => documentBookings(SKR03, d)),
      ...payments.flatMap((p) => paymentBookings(SKR03, p)),
      ...discounts.flatMap((d) => discountBookings(SKR03, d)),
    ];
    assert.equal(balance(bookings, DEBTOR), 249900);
  });
});
