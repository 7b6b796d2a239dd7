// GET /v2/accounting/export over HTTP: the DATEV Buchungsstapel (header fields one by one, the
// headings, hand-checked bookings of an invoice, a mixed-VAT invoice, a credit note, a cancellation
// and payments to bank and cash, Windows-1252 and CRLF), the plain CSV, the settings, the period
// rules, who may export, and tenant isolation. Documents are dated today (a cancellation always
// is), so the period is this month up to today.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import { assertProblem, berlinToday, http } from '../invoicing/invoicing-helpers.js';

let t: TestApp;
const { req, ok, raw } = http(() => t.app);
let a: Tenant;
let other: Tenant;
const today = berlinToday();
const year = today.slice(0, 4);
const ddmm = `${today.slice(8, 10)}${today.slice(5, 7)}`;
const from = `${today.slice(0, 8)}01`;
const number: Record<string, string> = {};
const NAME = 'Müller Gebäudeservice GmbH';
const pos = (quantity: number, price: number, tax: number, more: Record<string, unknown> = {}) => ({
  title: 'Reinigung',
  quantity,
  price,
  tax,
  ...more,
});
const exportUrl = (format: string, f = from, to = today) => `/v2/accounting/export?from=${f}&to=${to}&format=${format}`;

async function issue(headers: Record<string, string>, kind: 'invoices' | 'credits', body: Record<string, unknown>) {
  const id = (await ok('POST', `/v2/${kind}/`, headers, { documentDate: today, ...body }, 201))._id;
  const issued = await ok('POST', `/v2/${kind}/${id}/issue`, headers);
  return { id, documentNumber: issued.documentNumber as string };
}

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Accounting');
  other = await signup(t.app, 'Other');
  await setUpSeller(t.app, a.headers);
  // The company's first customer: number 1, so debtor 10000 + 1.
  const customerId = await createBuyer(t.app, a.headers, { name: NAME });
  // 1 × 100.00 at 19 %: 100.00 + 19.00 = 119.00.
  const first = await issue(a.headers, 'invoices', { customerId, positions: [pos(1, 100, 0.19)] });
  number.invoice = first.documentNumber;
  // 200.00 at 19 % (+ 38.00 = 238.00) and 50.00 at 7 % (+ 3.50 = 53.50).
  const mixed = await issue(a.headers, 'invoices', {
    customerId,
    positions: [pos(2, 100, 0.19), pos(5, 10, 0.07)],
  });
  number.mixed = mixed.documentNumber;
  // A credit note of 20.00 at 19 % = 23.80 against the first invoice.
  number.credit = (
    await issue(a.headers, 'credits', { customerId, creditedInvoiceId: first.id, positions: [pos(1, 20, 0.19)] })
  ).documentNumber;
  // 3 × 12.50 at 19 % = 37.50 + 7.13 = 44.63, cancelled: the cancellation carries −44.63.
  const cancelled = await issue(a.headers, 'invoices', { customerId, positions: [pos(3, 12.5, 0.19)] });
  number.cancelled = cancelled.documentNumber;
  number.storno = (await ok('POST', `/v2/invoices/${cancelled.id}/cancel`, a.headers)).documentNumber;
  // The first invoice paid by transfer (no method: the bank), 50.00 of the second in cash (code 10).
  const cash = (await ok('POST', '/v2/paymentMethods/', a.headers, { name: 'Bar', code: '10' }, 201))._id;
  await ok('POST', '/v2/payments/', a.headers, { invoiceId: first.id, amount: 119, date: today }, 201);
  await ok(
    'POST',
    '/v2/payments/',
    a.headers,
    { invoiceId: mixed.id, amount: 50, date: today, paymentMethodId: cash },
    201,
  );
});
after(async () => {
  await t.close();
});

/** The lines of a Windows-1252 file (latin1 reads its letters; € aside, which none of these holds). */
const linesOf = (bytes: Buffer) => bytes.toString('latin1').split('\r\n');
const empty = (n: number) => ';'.repeat(n);

describe('settings', () => {
  test('GET gives the SKR03 defaults; PUT replaces, checks account lengths; administrators only', async () => {
    const defaults = await ok('GET', '/v2/company/accountingSettings', a.headers);
    assert.equal(defaults.chart, 'SKR03');
    assert.equal(defaults.accountLength, 4);
    assert.equal(defaults.fiscalYearStartMonth, 1);
    assert.deepEqual(defaults.debtors, { scheme: 'perCustomer', base: 10000, collectiveAccount: 10000 });
    assert.equal(defaults.revenueAccounts.S19, 8400);
    assert.equal(defaults.revenueAccounts.S7, 8300);
    assert.equal(defaults.bankAccount, 1200);
    assert.equal(defaults.cashAccount, 1000);
    assert.equal(defaults.consultantNumber, undefined);

    const skr04 = await ok('PUT', '/v2/company/accountingSettings', a.headers, { chart: 'SKR04' });
    assert.equal(skr04.revenueAccounts.S19, 4400);
    assert.equal(skr04.bankAccount, 1800);
    const longer = await ok('PUT', '/v2/company/accountingSettings', a.headers, { accountLength: 5 });
    assert.equal(longer.revenueAccounts.S19, 84000);
    assert.equal(longer.debtors.base, 100000);

    assertProblem(
      await req('PUT', '/v2/company/accountingSettings', a.headers, { bankAccount: 12000 }),
      400,
      'bankAccount',
    );
    assertProblem(
      await req('PUT', '/v2/company/accountingSettings', a.headers, {
        debtors: { scheme: 'collective', collectiveAccount: 999 },
      }),
      400,
      'debtors.collectiveAccount',
    );
    assertProblem(await req('PUT', '/v2/company/accountingSettings', a.headers, { consultantNumber: 12 }), 400);
    assertProblem(
      await req('PUT', '/v2/company/accountingSettings', a.headers, { revenueAccounts: { X1: 8400 } }),
      400,
    );
    const manager = await createUser(t.app, a.headers, (await groupIdsOf(t.app, a.headers)).objectmanager);
    assertProblem(await req('PUT', '/v2/company/accountingSettings', manager.headers, { chart: 'SKR03' }), 403);
  });
});

describe('DATEV Buchungsstapel', () => {
  test('without consultant and client number: 409', async () => {
    await ok('PUT', '/v2/company/accountingSettings', a.headers, {});
    assertProblem(await req('GET', exportUrl('datev'), a.headers), 409);
  });

  test('header, headings and hand-checked bookings; Windows-1252, CRLF', async () => {
    await ok('PUT', '/v2/company/accountingSettings', a.headers, { consultantNumber: 29098, clientNumber: 55003 });
    const res = await raw(exportUrl('datev'), a.headers);
    assert.equal(res.status, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=windows-1252');
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="EXTF_Buchungsstapel_${from}_${today}.csv"; filename*=UTF-8''EXTF_Buchungsstapel_${from}_${today}.csv`,
    );
    // ü is one byte, 0xFC, not UTF-8's two; every line ends with CRLF.
    assert.ok(res.bytes.includes(Buffer.from([0xfc])));
    assert.ok(!res.bytes.includes(Buffer.from('ü', 'utf8')));
    assert.equal(res.bytes.toString('latin1').replace(/\r\n/g, '').includes('\n'), false);
    const lines = linesOf(res.bytes);
    assert.equal(lines.at(-1), '', 'the last line ends with CRLF too');

    const header = lines[0]!.split(';');
    assert.equal(header.length, 31);
    assert.equal(header[0], '"EXTF"');
    assert.equal(header[1], '700');
    assert.equal(header[2], '21');
    assert.equal(header[3], '"Buchungsstapel"');
    assert.equal(header[4], '13');
    assert.match(header[5]!, /^\d{17}$/);
    assert.equal(header[5]!.slice(0, 8), new Date().toISOString().slice(0, 10).replaceAll('-', ''));
    assert.equal(header[7], '"RE"');
    assert.equal(header[10], '29098');
    assert.equal(header[11], '55003');
    assert.equal(header[12], `${year}0101`);
    assert.equal(header[13], '4');
    assert.equal(header[14], from.replaceAll('-', ''));
    assert.equal(header[15], today.replaceAll('-', ''));
    assert.equal(header[16], `"Ausgang 01.${today.slice(5, 7)}.-${today.slice(8, 10)}.${today.slice(5, 7)}.${year}"`);
    assert.equal(header[18], '1');
    assert.equal(header[19], '0');
    assert.equal(header[20], '0', 'not locked');
    assert.equal(header[21], '"EUR"');
    assert.equal(header[26], '"03"');

    const headings = lines[1]!.split(';');
    assert.equal(headings.length, 125);
    assert.deepEqual(headings.slice(0, 14), [
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
      'Kurs',
      'Basis-Umsatz',
      'WKZ Basis-Umsatz',
      'Konto',
      'Gegenkonto (ohne BU-Schlüssel)',
      'BU-Schlüssel',
      'Belegdatum',
      'Belegfeld 1',
      'Belegfeld 2',
      'Skonto',
      'Buchungstext',
    ]);

    const bookings = lines.slice(2, -1);
    for (const line of bookings) assert.equal(line.split(';').length, 125, line);
    const row = (amount: string, side: string, account: number, contra: number, beleg: string, text: string) =>
      `${amount};"${side}";"EUR";;;;${account};${contra};"";${ddmm};"${beleg}";;;"${text}"${empty(111)}`;
    const n = number;
    assert.deepEqual(
      bookings.sort(),
      [
        row('119,00', 'S', 10001, 8400, n.invoice!, `Rechnung ${n.invoice} ${NAME}`),
        row('238,00', 'S', 10001, 8400, n.mixed!, `Rechnung ${n.mixed} ${NAME}`),
        row('53,50', 'S', 10001, 8300, n.mixed!, `Rechnung ${n.mixed} ${NAME}`),
        row('23,80', 'H', 10001, 8400, n.credit!, `Gutschrift ${n.credit} ${NAME}`),
        row('44,63', 'S', 10001, 8400, n.cancelled!, `Rechnung ${n.cancelled} ${NAME}`),
        row('44,63', 'H', 10001, 8400, n.storno!, `Storno ${n.storno} ${NAME}`),
        row('119,00', 'S', 1200, 10001, n.invoice!, `Zahlung ${n.invoice} ${NAME}`),
        row('50,00', 'S', 1000, 10001, n.mixed!, `Zahlung ${n.mixed} ${NAME}`),
      ].sort(),
    );
  });

  test('settings apply: SKR04, a collective debtor, an account per payment method, Festschreibung', async () => {
    const methods = await ok('GET', '/v2/paymentMethods/', a.headers);
    const cash = methods.find((m: { name: string }) => m.name === 'Bar')._id;
    await ok('PUT', '/v2/company/accountingSettings', a.headers, {
      consultantNumber: 29098,
      clientNumber: 55003,
      chart: 'SKR04',
      debtors: { scheme: 'collective', collectiveAccount: 12345 },
      paymentMethodAccounts: { [cash]: 1610 },
      lockBatch: true,
    });
    const lines = linesOf((await raw(exportUrl('datev'), a.headers)).bytes);
    const header = lines[0]!.split(';');
    assert.equal(header[20], '1');
    assert.equal(header[26], '"04"');
    const fields = lines.slice(2, -1).map((l) => l.split(';').slice(0, 8).join(';'));
    assert.ok(fields.includes('119,00;"S";"EUR";;;;12345;4400'), fields.join('\n'));
    assert.ok(fields.includes('53,50;"S";"EUR";;;;12345;4300'));
    assert.ok(fields.includes('119,00;"S";"EUR";;;;1800;12345'));
    assert.ok(fields.includes('50,00;"S";"EUR";;;;1610;12345'));
  });

  test('a period DATEV cannot take in one batch, a bad date or more than 366 days: 400', async () => {
    assertProblem(await req('GET', exportUrl('datev', `${Number(year) - 1}-12-01`, today), a.headers), 400, 'to');
    assertProblem(await req('GET', exportUrl('csv', '2026-02-30', '2026-03-01'), a.headers), 400, 'from');
    assertProblem(await req('GET', exportUrl('csv', '2026-03-02', '2026-03-01'), a.headers), 400, 'to');
    assertProblem(await req('GET', exportUrl('csv', '2025-01-01', '2026-01-02'), a.headers), 400, 'to');
    assertProblem(await req('GET', exportUrl('xml'), a.headers), 400);
    assertProblem(await req('GET', '/v2/accounting/export?from=2026-01-01', a.headers), 400);
    assert.equal((await req('GET', exportUrl('csv', '2025-01-01', '2026-01-01'), a.headers)).status, 200, '366 days');
  });
});

describe('plain CSV', () => {
  test('UTF-8 with BOM, one line per document and payment, amounts signed by their effect', async () => {
    await ok('PUT', '/v2/company/accountingSettings', a.headers, {});
    const res = await raw(exportUrl('csv'), a.headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    const text = res.bytes.toString('utf8');
    assert.ok(text.startsWith('\uFEFFArt;Datum;Belegnummer;Bezug;Kundennummer;Kunde;Debitorenkonto;Netto;USt;Brutto;'));
    const lines = text.slice(1).split('\r\n').slice(1, -1);
    assert.equal(lines.length, 7, lines.join('\n'));
    const n = number;
    assert.ok(
      lines.includes(`Rechnung;${today};${n.invoice};;1;${NAME};10001;100,00;19,00;119,00;S19: 100,00 + 19,00;;`),
    );
    assert.ok(
      lines.includes(
        `Rechnung;${today};${n.mixed};;1;${NAME};10001;250,00;41,50;291,50;S19: 200,00 + 38,00, S7: 50,00 + 3,50;;`,
      ),
    );
    assert.ok(
      lines.includes(
        `Gutschrift;${today};${n.credit};${n.invoice};1;${NAME};10001;-20,00;-3,80;-23,80;S19: -20,00 + -3,80;;`,
      ),
    );
    assert.ok(
      lines.includes(
        `Storno;${today};${n.storno};${n.cancelled};1;${NAME};10001;-37,50;-7,13;-44,63;S19: -37,50 + -7,13;;`,
      ),
    );
    assert.ok(lines.includes(`Zahlung;${today};;${n.invoice};1;${NAME};10001;;;119,00;;;1200`));
    assert.ok(lines.includes(`Zahlung;${today};;${n.mixed};1;${NAME};10001;;;50,00;;Bar;1000`));
  });
});

describe('access and tenancy', () => {
  test('managers of invoicing export; an employee gets 403; another company sees none of it', async () => {
    const groups = await groupIdsOf(t.app, a.headers);
    const employee = await createUser(t.app, a.headers, groups.employee);
    assertProblem(await req('GET', exportUrl('csv'), employee.headers), 403);
    const manager = await createUser(t.app, a.headers, groups.objectmanager);
    assert.equal((await raw(exportUrl('csv'), manager.headers)).status, 200);
    const theirs = (await raw(exportUrl('csv'), other.headers)).bytes.toString('utf8');
    assert.equal(theirs.split('\r\n').length, 2, 'only the headings');
  });

  test('a VAT group without a revenue account: 422 naming the key', async () => {
    await setUpSeller(t.app, other.headers);
    const customerId = await createBuyer(t.app, other.headers);
    await issue(other.headers, 'invoices', { customerId, positions: [pos(1, 100, 0.16)] });
    await ok('PUT', '/v2/company/accountingSettings', other.headers, { consultantNumber: 1001, clientNumber: 1 });
    const res = await req('GET', exportUrl('datev'), other.headers);
    assertProblem(res, 422);
    assert.match(res.body.detail, /revenueAccounts\.S16/);
    await ok('PUT', '/v2/company/accountingSettings', other.headers, {
      consultantNumber: 1001,
      clientNumber: 1,
      revenueAccounts: { S16: 8410 },
    });
    const lines = linesOf((await raw(exportUrl('datev'), other.headers)).bytes);
    assert.equal(lines[2]!.split(';').slice(0, 8).join(';'), '116,00;"S";"EUR";;;;10001;8410');
  });
});
