// Receivables over HTTP (issue 31): a credit note naming an invoice lowers its open amount, so that
// after the credit note and a payment of the rest the invoice is paid, nothing is open and the
// dunning run writes no reminder; skonto taken; a credit note only names an issued invoice of its
// customer, and an invoice with credit notes is credited further, not cancelled. The customer
// statement (GET /v2/customers/{id}/statement) ends at the balance of the customer's debtor account
// in the DATEV export, for every customer of these cases; EU reverse charge, skonto, and partial and
// final invoices in the DATEV file. Documents are dated in March 2026, in the past, so that the due
// dates have passed (a cancellation is dated today, so the period runs to today).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { BUYER, createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import { assertProblem, berlinToday, http } from '../invoicing/invoicing-helpers.js';

let t: TestApp;
const { req, ok, raw } = http(() => t.app);
let a: Tenant;
let customerId: string;
let otherCustomerId: string;
const DATE = '2026-03-02';
const pos = (quantity: number, price: number, tax = 0.19) => ({ title: 'Unterhaltsreinigung', quantity, price, tax });

async function issue(kind: 'invoices' | 'credits', body: Record<string, unknown>, documentDate = DATE) {
  const id = (await ok('POST', `/v2/${kind}/`, a.headers, { documentDate, ...body }, 201))._id as string;
  const issued = await ok('POST', `/v2/${kind}/${id}/issue`, a.headers);
  return { id, documentNumber: issued.documentNumber as string };
}
const pay = (invoiceId: string, amount: number, date = '2026-03-05') =>
  ok('POST', '/v2/payments/', a.headers, { invoiceId, amount, date }, 201);
const invoice = (id: string) => ok('GET', `/v2/invoices/${id}`, a.headers);

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Receivables');
  await setUpSeller(t.app, a.headers);
  customerId = await createBuyer(t.app, a.headers, { name: 'Hausverwaltung Nord' });
  otherCustomerId = await createBuyer(t.app, a.headers, { name: 'Praxis Süd' });
});
after(() => t.close());

describe('open amount', () => {
  test('invoice 119.00, credit note 23.80 naming it, 95.20 paid: paid, 0 open, no reminder', async () => {
    // 1 × 100.00 + 19 % = 119.00, due 14 days later (2026-03-16).
    const credited = await issue('invoices', { customerId, positions: [pos(1, 100)] });
    // Control: the same invoice without a credit note, 95.20 paid: 23.80 open, overdue, reminded.
    const control = await issue('invoices', { customerId, positions: [pos(1, 100)] });
    // 20.00 + 19 % = 23.80.
    await issue('credits', { customerId, creditedInvoiceId: credited.id, positions: [pos(1, 20)] });
    let after = await invoice(credited.id);
    assert.equal(after.creditedAmount, 23.8);
    assert.equal(after.openAmount, 95.2, '119.00 − 23.80');
    assert.equal(after.state, 'overdue', 'due 2026-03-16, 95.20 still open');
    await pay(credited.id, 95.2);
    await pay(control.id, 95.2);
    after = await invoice(credited.id);
    assert.equal(after.state, 'paid');
    assert.equal(after.openAmount, 0);
    assert.equal(after.paidAmount, 95.2);
    const open = await invoice(control.id);
    assert.equal(open.state, 'overdue');
    assert.equal(open.openAmount, 23.8);

    // 2026-03-16 + 7 days = 2026-03-23: the first reminder is due on 2026-03-24.
    const run = await ok('POST', '/v2/invoiceReminders/run', a.headers, { date: '2026-03-24' });
    const reminders = await Promise.all(
      run.created.map((id: string) => ok('GET', `/v2/invoiceReminders/${id}`, a.headers)),
    );
    assert.deepEqual(
      reminders.map((r) => [r.invoiceId, r.openAmount]),
      [[control.id, 23.8]],
      'only the control invoice, for its 23.80',
    );
    // The overdue filter reads the same: the credited invoice is not listed.
    const overdue = await ok('GET', '/v2/invoices/?status=overdue', a.headers);
    const ids = (overdue.data ?? overdue).map((i: { _id: string }) => i._id);
    assert.ok(ids.includes(control.id));
    assert.ok(!ids.includes(credited.id));
  });

  test('skonto 2 % on 476.00: 466.48 paid in time settles it, 9.52 skonto', async () => {
    const term = (
      await ok(
        'POST',
        '/v2/paymentTerms/',
        a.headers,
        { name: '2 % 10 Tage, 30 netto', netDays: 30, skontoPercentage: 2, skontoDays: 10 },
        201,
      )
    )._id;
    // 4 × 100.00 = 400.00 + 76.00 = 476.00; 2 % = 9.52; 476.00 − 9.52 = 466.48 on day 3.
    const inv = await issue('invoices', { customerId, paymentTermId: term, positions: [pos(4, 100)] });
    await pay(inv.id, 466.48);
    const after = await invoice(inv.id);
    assert.equal(after.state, 'paid');
    assert.equal(after.openAmount, 0);
    assert.equal(after.skontoApplied, true);
    assert.equal(after.skontoAmount, 9.52);
    assert.equal(after.skontoDate, '2026-03-05');
  });

  test('a credit note names an issued invoice of its customer; an invoice with one is not cancelled', async () => {
    const draft = (await ok('POST', '/v2/invoices/', a.headers, { customerId, positions: [pos(1, 10)] }, 201))._id;
    const toDraft = (
      await ok('POST', '/v2/credits/', a.headers, { customerId, creditedInvoiceId: draft, positions: [pos(1, 1)] }, 201)
    )._id;
    assertProblem(await req('POST', `/v2/credits/${toDraft}/issue`, a.headers), 409);
    const inv = await issue('invoices', { customerId, positions: [pos(1, 50)] });
    const foreign = (
      await ok(
        'POST',
        '/v2/credits/',
        a.headers,
        { customerId: otherCustomerId, creditedInvoiceId: inv.id, positions: [pos(1, 1)] },
        201,
      )
    )._id;
    assertProblem(await req('POST', `/v2/credits/${foreign}/issue`, a.headers), 400, 'creditedInvoiceId');
    await issue('credits', { customerId, creditedInvoiceId: inv.id, positions: [pos(1, 5)] });
    assertProblem(await req('POST', `/v2/invoices/${inv.id}/cancel`, a.headers), 409);
    // 50.00 + 9.50 = 59.50 − 5.95 credited = 53.55 open.
    assert.equal((await invoice(inv.id)).openAmount, 53.55);
    // A credit note stored with negative amounts takes off as much: −1 × 10.00 + 19 % = −11.90 → 47.60 open.
    const negative = await issue('invoices', { customerId: otherCustomerId, positions: [pos(1, 50)] });
    await issue('credits', { customerId: otherCustomerId, creditedInvoiceId: negative.id, positions: [pos(-1, 10)] });
    assert.equal((await invoice(negative.id)).openAmount, 47.6, '59.50 − 11.90');
  });
});

/** The DATEV bookings of 2026 up to today: amount in cents, S/H, account, contra, BU, Belegfeld 1, EU VAT id. */
async function datevRows() {
  await ok('PUT', '/v2/company/accountingSettings', a.headers, { consultantNumber: 29098, clientNumber: 55003 });
  const file = await raw(`/v2/accounting/export?from=2026-01-01&to=${berlinToday()}&format=datev`, a.headers);
  assert.equal(file.status, 200, file.body);
  return file.bytes
    .toString('latin1')
    .split('\r\n')
    .slice(2, -1)
    .map((line) => {
      const f = line.split(';');
      const unquote = (v: string) => v.replace(/^"|"$/g, '');
      return {
        cents: Math.round(Number(f[0]!.replace(',', '.')) * 100),
        side: unquote(f[1]!),
        account: Number(f[6]),
        contra: Number(f[7]),
        bu: unquote(f[8]!),
        beleg: unquote(f[10]!),
        euVatId: unquote(f[39]!),
      };
    });
}
type Row = Awaited<ReturnType<typeof datevRows>>[number];
/** A debtor's balance over the DATEV rows, in cents: S on it adds, H takes off (and the other way as contra). */
const debtorBalance = (rows: Row[], debtor: number) =>
  rows.reduce((sum, r) => {
    const signed = r.side === 'S' ? r.cents : -r.cents;
    return sum + (r.account === debtor ? signed : r.contra === debtor ? -signed : 0);
  }, 0);
const statementOf = (id: string, from = '2026-01-01') =>
  ok('GET', `/v2/customers/${id}/statement?from=${from}&to=${berlinToday()}`, a.headers);
const cents = (amount: number) => Math.round(amount * 100);

describe('customer statement and DATEV', () => {
  let euCustomer: string;
  let euInvoice: string;
  let projectCustomer: string;
  let partial: { id: string; documentNumber: string };
  let final: { id: string; documentNumber: string };

  before(async () => {
    // Cleaning for a business in Vienna (§ 3a (2) UStG): 1,000.00, no German VAT.
    euCustomer = await createBuyer(t.app, a.headers, {
      name: 'Wien Facility GmbH',
      address: { street: 'Ring 1', zip: '1010', city: 'Wien', country: 'AT' },
      vatNumber: 'ATU12345678',
    });
    euInvoice = (
      await issue('invoices', {
        customerId: euCustomer,
        positions: [{ ...pos(1, 1000, 0), vatCategory: 'AE' }],
      })
    ).documentNumber;
    // A project: partial invoice 1,000.00 + 190.00 = 1,190.00, paid; the final invoice 3,000.00 + 570.00 = 3,570.00,
    // 1,190.00 prepaid, 2,380.00 due, 1,000.00 paid: 1,380.00 open.
    projectCustomer = await createBuyer(t.app, a.headers, { ...BUYER, name: 'Projekt Bau GmbH' });
    partial = await issue('invoices', {
      customerId: projectCustomer,
      invoiceType: 'partial',
      positions: [pos(1, 1000)],
    });
    await pay(partial.id, 1190, '2026-03-10');
    final = await issue(
      'invoices',
      { customerId: projectCustomer, invoiceType: 'final', partialInvoiceIds: [partial.id], positions: [pos(3, 1000)] },
      '2026-03-30',
    );
    await pay(final.id, 1000, '2026-04-02');
  });

  test('the statement of the first customer: every document and payment, its closing balance the DATEV debtor', async () => {
    const statement = await statementOf(customerId);
    // Open: the control invoice 23.80 and the last invoice 53.55 = 77.35; the credited one and the skonto one 0.
    assert.equal(statement.openingBalance, 0);
    assert.equal(statement.closingBalance, 77.35);
    const last = statement.lines.at(-1);
    assert.equal(last.balance, statement.closingBalance);
    const rows = await datevRows();
    assert.equal(debtorBalance(rows, statement.debtorAccount), cents(statement.closingBalance));
    // Per invoice the statement's lines sum to its open amount: the credited invoice to 0.
    const list = await ok('GET', `/v2/invoices/?customerIds=${customerId}&limit=100`, a.headers);
    for (const inv of list.data ?? list) {
      if (!inv.documentNumber || inv.state === 'cancelled') continue;
      const own = statement.lines.filter(
        (l: { documentNumber: string; type: string }) => l.documentNumber === inv.documentNumber,
      );
      // The invoice, its payments and skonto carry its number; its credit notes their own.
      const sum = own.reduce((s: number, l: { amount: number }) => s + cents(l.amount), 0);
      assert.equal(
        sum - cents(inv.creditedAmount ?? 0),
        cents(inv.openAmount),
        `${inv.documentNumber}: lines − credit notes = open`,
      );
    }
  });

  test('skonto: 9.52 H on the debtor against 8736, no BU; the debtor of that invoice at 0', async () => {
    const rows = await datevRows();
    const skonto = rows.filter((r) => r.contra === 8736);
    assert.deepEqual(
      skonto.map((r) => [r.cents, r.side, r.bu]),
      [[952, 'H', '']],
    );
    const beleg = skonto[0]!.beleg;
    const { debtorAccount } = await statementOf(customerId);
    // 476.00 − 466.48 − 9.52 = 0.
    assert.equal(
      debtorBalance(
        rows.filter((r) => r.beleg === beleg),
        debtorAccount,
      ),
      0,
    );
  });

  test('EU reverse charge: 8336 with the VAT id in column 40; statement = debtor', async () => {
    const rows = await datevRows();
    const booking = rows.find((r) => r.beleg === euInvoice.replace(/[^A-Za-z0-9$&%*+\-/]/g, ''));
    assert.ok(booking);
    assert.deepEqual(
      [booking.cents, booking.side, booking.contra, booking.euVatId],
      [100000, 'S', 8336, 'ATU12345678'],
    );
    assert.ok(!rows.some((r) => r.contra === 8337), 'nothing to domestic § 13b');
    const statement = await statementOf(euCustomer);
    assert.equal(statement.closingBalance, 1000);
    assert.equal(debtorBalance(rows, statement.debtorAccount), 100000);
  });

  test('partial and final invoice: revenue 3,570.00 once, advances cleared; statement 1,380.00 = debtor', async () => {
    const rows = await datevRows();
    const statement = await statementOf(projectCustomer);
    const debtor = statement.debtorAccount;
    const mine = rows.filter((r) => r.account === debtor || r.contra === debtor || r.account === 1593);
    // 8400 gets the final invoice only; before, the partial's 1,190.00 went there too (4,760.00).
    assert.equal(
      mine.filter((r) => r.contra === 8400).reduce((s, r) => s + r.cents, 0),
      357000,
    );
    assert.deepEqual(
      mine.filter((r) => [1593, 1718].includes(r.contra)).map((r) => [r.cents, r.side, r.account, r.contra]),
      [
        // The export lists the documents, then the payments.
        [119000, 'S', debtor, 1593], // the partial invoice
        [119000, 'H', debtor, 1718], // cleared by the final invoice
        [119000, 'S', 1593, 1718], // the partial invoice's payment: an advance received
      ],
    );
    // 1,190.00 − 1,190.00 + 3,570.00 − 1,190.00 − 1,000.00 = 1,380.00, the final invoice's open amount.
    assert.equal(statement.closingBalance, 1380);
    assert.equal(debtorBalance(rows, debtor), 138000);
    assert.equal((await invoice(final.id)).openAmount, 1380);
    assert.deepEqual(
      statement.lines.map((l: { type: string; amount: number; balance: number }) => [l.type, l.amount, l.balance]),
      [
        ['invoice', 1190, 1190],
        ['payment', -1190, 0],
        ['invoice', 3570, 3570],
        ['clearing', -1190, 2380],
        ['payment', -1000, 1380],
      ],
    );
  });

  test('a cancelled final invoice books its clearing back: statement 1,190.00 = debtor', async () => {
    const customer = await createBuyer(t.app, a.headers, { ...BUYER, name: 'Projekt Zwei GmbH' });
    const p = await issue('invoices', { customerId: customer, invoiceType: 'partial', positions: [pos(1, 1000)] });
    const f = await issue('invoices', {
      customerId: customer,
      invoiceType: 'final',
      partialInvoiceIds: [p.id],
      positions: [pos(3, 1000)],
    });
    await ok('POST', `/v2/invoices/${f.id}/cancel`, a.headers);
    const statement = await statementOf(customer);
    // 1,190.00 + 3,570.00 − 1,190.00 (clearing) − 3,570.00 (cancellation) + 1,190.00 (clearing back) = 1,190.00.
    assert.deepEqual(
      statement.lines.map((l: { type: string; amount: number }) => [l.type, l.amount]),
      [
        ['invoice', 1190],
        ['invoice', 3570],
        ['clearing', -1190],
        ['invoicestorno', -3570],
        ['clearing', 1190],
      ],
    );
    assert.equal(statement.closingBalance, 1190);
    assert.equal((await invoice(p.id)).openAmount, 1190);
    assert.equal(debtorBalance(await datevRows(), statement.debtorAccount), 119000);
  });

  test('the period: an opening balance before from; 400 for a bad period, 404, 403 for an employee', async () => {
    const april = await statementOf(projectCustomer, '2026-04-01');
    // Everything up to 2026-03-31: 2,380.00; April: the payment of 1,000.00.
    assert.equal(april.openingBalance, 2380);
    assert.deepEqual(
      april.lines.map((l: { type: string; amount: number }) => [l.type, l.amount]),
      [['payment', -1000]],
    );
    assertProblem(
      await req('GET', `/v2/customers/${projectCustomer}/statement?from=2026-05-01&to=2026-04-01`, a.headers),
      400,
      'to',
    );
    assertProblem(
      await req('GET', `/v2/customers/${projectCustomer}/statement?from=2025-01-01&to=2026-04-01`, a.headers),
      400,
      'to',
    );
    assertProblem(
      await req('GET', '/v2/customers/0123456789abcdef01234567/statement?from=2026-01-01&to=2026-04-01', a.headers),
      404,
    );
    const employee = await createUser(t.app, a.headers, (await groupIdsOf(t.app, a.headers)).employee);
    assertProblem(
      await req('GET', `/v2/customers/${projectCustomer}/statement?from=2026-01-01&to=2026-04-01`, employee.headers),
      403,
    );
    // Another company does not see the customer.
    const other = await signup(t.app, 'Other');
    assertProblem(
      await req('GET', `/v2/customers/${projectCustomer}/statement?from=2026-01-01&to=2026-04-01`, other.headers),
      404,
    );
  });
});
