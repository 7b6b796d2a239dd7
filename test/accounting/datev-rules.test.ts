// The pure rules of the accounting export, with hand-worked values: DATEV's number, date and text
// fields, the batch header, fiscal years, Windows-1252, and which accounts a booking goes to.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AccountPlan } from '../../src/modules/accounting/rules/accounts.js';
import {
  MissingAccount,
  debtorAccount,
  documentBookings,
  moneyAccount,
  paymentBookings,
  vatKey,
} from '../../src/modules/accounting/rules/bookings.js';
import {
  DATEV_COLUMNS,
  belegdatum,
  belegfeld,
  datevAmount,
  datevFile,
  datevHeader,
  datevPeriodProblem,
  datevRow,
  fiscalYearStart,
  quoted,
  toWindows1252,
} from '../../src/modules/accounting/rules/datev.js';

const plan: AccountPlan = {
  chart: 'SKR03',
  accountLength: 4,
  revenueAccounts: { S19: 8400, S7: 8300, AE: 8337 },
  skontoAccounts: { S19: 8736 },
  advanceAccounts: { S19: 1718 },
  advanceClearingAccount: 1593,
  debtors: { scheme: 'perCustomer', base: 10000, collectiveAccount: 10000 },
  bankAccount: 1200,
  cashAccount: 1000,
  paymentMethodAccounts: { '0123456789abcdef01234567': 1360 },
};

describe('DATEV fields', () => {
  test('amounts: no sign, decimal comma, two decimals, no thousands separator', () => {
    assert.equal(datevAmount(11900), '119,00');
    assert.equal(datevAmount(-2380), '23,80');
    assert.equal(datevAmount(5), '0,05');
    assert.equal(datevAmount(123456789), '1234567,89');
  });

  test('Belegdatum is DDMM with leading zeros; Belegfeld 1 keeps DATEV characters, the last 36', () => {
    assert.equal(belegdatum('2026-03-05'), '0503');
    assert.equal(belegdatum('2026-11-23'), '2311');
    assert.equal(belegfeld('RE-2026/00001'), 'RE-2026/00001');
    assert.equal(belegfeld('RE 2026_00001.ä'), 'RE202600001');
    assert.equal(belegfeld(`X${'1'.repeat(40)}`), '1'.repeat(36));
  });

  test('text fields are quoted with quotes doubled, line breaks flattened, cut to their length', () => {
    assert.equal(quoted('Müller "Glanz"\r\nGmbH'), '"Müller ""Glanz"" GmbH"');
    assert.equal(quoted('abcdef', 3), '"abc"');
  });

  test('fiscal years and the period of one batch', () => {
    assert.equal(fiscalYearStart('2026-11-23', 1), '2026-01-01');
    assert.equal(fiscalYearStart('2026-03-31', 4), '2025-04-01');
    assert.equal(fiscalYearStart('2026-04-01', 4), '2026-04-01');
    assert.equal(datevPeriodProblem('2026-01-01', '2026-12-31', 1), undefined);
    assert.match(datevPeriodProblem('2025-12-01', '2026-01-31', 1)!, /one calendar year/);
    assert.match(datevPeriodProblem('2026-03-01', '2026-04-30', 4)!, /one fiscal year/);
  });

  test('Windows-1252: Latin-1 letters as one byte, € as 0x80, what it lacks as ?', () => {
    assert.deepEqual([...toWindows1252('Aä€ß–→')], [0x41, 0xe4, 0x80, 0xdf, 0x96, 0x3f]);
  });
});

describe('DATEV batch', () => {
  const batch = {
    consultantNumber: 29098,
    clientNumber: 55003,
    fiscalYearStartMonth: 1,
    accountLength: 4,
    chart: 'SKR03' as const,
    from: '2026-11-01',
    to: '2026-11-30',
    label: 'Ausgang 01.11.-30.11.2026',
    lock: false,
    created: new Date(Date.UTC(2026, 10, 27, 9, 5, 7, 42)),
  };

  test('the header record, field by field', () => {
    assert.equal(
      datevHeader(batch),
      '"EXTF";700;21;"Buchungsstapel";13;20261127090507042;;"RE";"";"";29098;55003;20260101;4;20261101;20261130;"Ausgang 01.11.-30.11.2026";"";1;0;0;"EUR";;"";;;"03";;;"";""',
    );
    assert.equal(datevHeader(batch).split(';').length, 31);
    assert.match(datevHeader({ ...batch, chart: 'SKR04', lock: true }), /;1;0;1;"EUR";;"";;;"04";/);
  });

  test('125 columns; a booking fills amount, side, currency, accounts, date, Belegfeld 1 and text', () => {
    assert.equal(DATEV_COLUMNS.length, 125);
    assert.equal(DATEV_COLUMNS[13], 'Buchungstext');
    assert.equal(DATEV_COLUMNS[113], 'Festschreibung');
    assert.equal(DATEV_COLUMNS[124], 'Abw. Skontokonto');
    const row = datevRow({
      cents: 11900,
      side: 'S',
      account: 10001,
      contra: 8400,
      date: '2026-11-23',
      beleg1: 'RE-2026-00001',
      text: 'Rechnung RE-2026-00001 Müller',
    });
    assert.equal(
      row,
      `119,00;"S";"EUR";;;;10001;8400;"";2311;"RE-2026-00001";;;"Rechnung RE-2026-00001 Müller"${';'.repeat(111)}`,
    );
    assert.equal(row.split(';').length, 125);
  });

  test('the file: header, headings, bookings, every line ending with CRLF', () => {
    const lines = datevFile(batch, []).split('\r\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[2], '');
    assert.ok(lines[1]!.startsWith('Umsatz (ohne Soll/Haben-Kz);Soll/Haben-Kennzeichen;WKZ Umsatz;Kurs;'));
  });
});

describe('accounts of a booking', () => {
  const buyer = { name: 'Müller GmbH', number: 1, debitorNumber: '1' };

  test('debtor: base + the numeric debtor number, else the customer number; out of range or collective: the collective account', () => {
    assert.equal(debtorAccount(plan, buyer), 10001);
    assert.equal(debtorAccount(plan, { number: 7, debitorNumber: '4711' }), 14711);
    assert.equal(debtorAccount(plan, { number: 7, debitorNumber: 'D-1001' }), 10007);
    assert.equal(debtorAccount(plan, { number: 7, debitorNumber: '95000' }), 10000, '105000 has six digits');
    assert.equal(debtorAccount({ ...plan, debtors: { ...plan.debtors, scheme: 'collective' } }, buyer), 10000);
  });

  test('VAT group keys and money accounts', () => {
    assert.equal(vatKey('S', 19), 'S19');
    assert.equal(vatKey('S', 5.5), 'S5.5');
    assert.equal(vatKey('AE', 0), 'AE');
    assert.equal(moneyAccount(plan, {}), 1200);
    assert.equal(moneyAccount(plan, { paymentMethodCode: '10' }), 1000);
    assert.equal(moneyAccount(plan, { paymentMethodId: '0123456789abcdef01234567', paymentMethodCode: '10' }), 1360);
  });

  test('an invoice is S per VAT group; a credit note and a cancellation are H; a payment S, a refund H', () => {
    const groups = [
      { category: 'S', rate: 19, taxableAmount: 200, taxAmount: 38 },
      { category: 'S', rate: 7, taxableAmount: 50, taxAmount: 3.5 },
    ];
    const invoice = { kind: 'invoice' as const, documentNumber: 'RE-1', documentDate: '2026-11-23', buyer };
    assert.deepEqual(
      documentBookings(plan, { ...invoice, vatBreakdown: groups }).map((b) => [b.cents, b.side, b.account, b.contra]),
      [
        [23800, 'S', 10001, 8400],
        [5350, 'S', 10001, 8300],
      ],
    );
    const credit = { ...invoice, kind: 'credit' as const, vatBreakdown: [groups[0]!] };
    assert.deepEqual(documentBookings(plan, credit)[0]!.side, 'H');
    const storno = {
      ...invoice,
      kind: 'invoicestorno' as const,
      vatBreakdown: [{ category: 'S', rate: 19, taxableAmount: -200, taxAmount: -38 }],
    };
    assert.deepEqual(
      documentBookings(plan, storno).map((b) => [b.cents, b.side]),
      [[23800, 'H']],
    );
    assert.throws(
      () =>
        documentBookings(plan, {
          ...invoice,
          vatBreakdown: [{ category: 'S', rate: 16, taxableAmount: 1, taxAmount: 0.16 }],
        }),
      (e) => e instanceof MissingAccount && e.key === 'S16',
    );
    const payment = { date: '2026-11-24', amountCents: 11900, invoiceNumber: 'RE-1', buyer };
    assert.deepEqual(
      paymentBookings(plan, payment).map((b) => [b.cents, b.side, b.account, b.contra, b.beleg1, b.text]),
      [[11900, 'S', 1200, 10001, 'RE-1', 'Zahlung RE-1 Müller GmbH']],
    );
    assert.equal(paymentBookings(plan, { ...payment, amountCents: -500 })[0]!.side, 'H');
    assert.deepEqual(paymentBookings(plan, { ...payment, amountCents: 0 }), []);
  });
});
