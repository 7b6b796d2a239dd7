// Statements imported once (CAMT.053 and CSV), receipts matched to the open invoice their text
// names (a payment is booked), the rest left for a person to assign.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCamt053, parseCsv } from '../../src/modules/invoicing/rules/bank-statements.js';
import { call, createTestApp, signup, type TestApp } from '../helpers/test-app.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signup>>;
let customerId: string;

const post = (url: string, body?: unknown) => call(t.app, 'POST', url, admin.headers, body);
const get = async (url: string) => (await call(t.app, 'GET', url, admin.headers)).body;

async function issuedInvoice(price: number): Promise<{ id: string; number: string }> {
  const id = (
    await post('/v2/invoices/', { customerId, positions: [{ title: 'Reinigung', quantity: 1, price, tax: 0.19 }] })
  ).body._id;
  return { id, number: (await post(`/v2/invoices/${id}/issue`)).body.documentNumber };
}

const camt = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${entries}</Stmt></BkToCstmrStmt></Document>`;
const entry = (
  amount: string,
  indicator: 'CRDT' | 'DBIT',
  date: string,
  text: string,
  name = 'HV West',
) => `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>
<BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${text.length}-${amount}</EndToEndId></Refs>
<RltdPties><Dbtr><Nm>${name}</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct></RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Bank GmbH');
  await setUpSeller(t.app, admin.headers);
  customerId = await createBuyer(t.app, admin.headers, { name: 'HV West' });
});
after(() => t.close());

describe('statement parsing', () => {
  test('CAMT.053: signed amounts, dates, counterparty, remittance and reference', () => {
    const entries = parseCamt053(
      camt(
        entry('119.00', 'CRDT', '2026-11-18', 'RE-2026-00001 danke') + entry('45.50', 'DBIT', '2026-11-19', 'Material'),
      ),
    );
    assert.deepEqual(entries[0], {
      bookingDate: '2026-11-18',
      valueDate: '2026-11-18',
      amountCents: 11900,
      currency: 'EUR',
      counterpartyName: 'HV West',
      counterpartyIban: 'DE89370400440532013000',
      remittance: 'RE-2026-00001 danke',
      reference: 'E2E-19-119.00',
    });
    assert.equal(entries[1]!.amountCents, -4550);
    assert.throws(() => parseCamt053('<x/>'), /not a CAMT.053/);
  });
  test('CSV: English or German headers, decimal commas with semicolons, quoted fields', () => {
    assert.deepEqual(parseCsv('date,amount,name,purpose\n2026-11-18,1234.56,"West, HV",RE-1'), [
      {
        bookingDate: '2026-11-18',
        amountCents: 123456,
        currency: 'EUR',
        counterpartyName: 'West, HV',
        remittance: 'RE-1',
      },
    ]);
    assert.deepEqual(
      parseCsv('Buchungstag;Betrag;Verwendungszweck\n18.11.2026;-1.234,50;"Miete ""Nov"""').map((e) => [
        e.bookingDate,
        e.amountCents,
        e.remittance,
      ]),
      [['2026-11-18', -123450, 'Miete "Nov"']],
    );
    assert.throws(() => parseCsv('foo,bar\n1,2'), /date and an amount/);
    assert.throws(() => parseCsv('date,amount\n2026-11-18,12.345'), /line 2/);
  });
});

describe('import and matching', () => {
  test('a receipt naming one open invoice books a payment; others stay unmatched or ambiguous; a second import adds nothing', async () => {
    // A paid invoice is no candidate: this one is paid by the first entry of the same statement.
    const a = await issuedInvoice(100); // 119.00 gross
    const b = await issuedInvoice(50); // 59.50 gross
    const c = await issuedInvoice(30);
    const content = camt(
      entry('119.00', 'CRDT', '2026-11-18', `Rechnung ${a.number}`) +
        entry('20.00', 'CRDT', '2026-11-18', 'ohne Nummer') +
        entry('5.00', 'CRDT', '2026-11-18', `nochmal ${a.number}`) +
        entry('10.00', 'CRDT', '2026-11-19', `${b.number} und ${c.number}`) +
        entry('45.50', 'DBIT', '2026-11-19', 'Material'),
    );
    const imported = await post('/v2/bankingTransactions/import', { format: 'camt053', content });
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    assert.deepEqual(
      [
        imported.body.imported,
        imported.body.matched,
        imported.body.unmatched,
        imported.body.ambiguous,
        imported.body.duplicates,
      ],
      [5, 1, 2, 1, 0],
    );
    const invoiceA = await get(`/v2/invoices/${a.id}`);
    assert.deepEqual([invoiceA.state, invoiceA.paidAmount], ['paid', 119]);
    const [matched, unmatched, again5, ambiguous, outgoing] = await Promise.all(
      imported.body.ids.map((id: string) => get(`/v2/bankingTransactions/${id}`)),
    );
    assert.equal(again5.matchState, 'unmatched', 'its invoice was paid by the entry before');
    assert.deepEqual([matched.matchState, matched.invoiceId, matched.amount], ['matched', a.id, 119]);
    assert.ok(matched.paymentId);
    assert.equal(unmatched.matchState, 'unmatched');
    assert.deepEqual([ambiguous.matchState, [...ambiguous.candidates].sort()], ['ambiguous', [b.id, c.id].sort()]);
    assert.deepEqual([outgoing.matchState, outgoing.amount], ['outgoing', -45.5]);

    const again = await post('/v2/bankingTransactions/import', { format: 'camt053', content });
    assert.deepEqual([again.body.imported, again.body.duplicates], [0, 5]);

    // A person assigns the unmatched 20.00 to invoice b.
    const assigned = await post(`/v2/bankingTransactions/${unmatched._id}/assign`, { invoiceId: b.id });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    assert.deepEqual(
      [(await get(`/v2/invoices/${b.id}`)).state, (await get(`/v2/invoices/${b.id}`)).paidAmount],
      ['partially_paid', 20],
    );
    assert.equal((await post(`/v2/bankingTransactions/${unmatched._id}/assign`, { invoiceId: b.id })).status, 409);
    assert.equal((await post(`/v2/bankingTransactions/${'f'.repeat(24)}/assign`, { invoiceId: b.id })).status, 404);
  });

  test('unreadable statements are 400 and import nothing', async () => {
    const before = (await call(t.app, 'GET', '/v2/bankingTransactions/', admin.headers)).headers['x-total-count'];
    const bad = await post('/v2/bankingTransactions/import', { format: 'csv', content: 'date,amount\nyesterday,1.00' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.detail, /line 2/);
    assert.equal(
      (await post('/v2/bankingTransactions/import', { format: 'camt053', content: 'not xml <' })).status,
      400,
    );
    assert.equal((await post('/v2/bankingTransactions/import', { format: 'mt940', content: 'x' })).status, 400);
    assert.equal(
      (await call(t.app, 'GET', '/v2/bankingTransactions/', admin.headers)).headers['x-total-count'],
      before,
    );
  });
});
