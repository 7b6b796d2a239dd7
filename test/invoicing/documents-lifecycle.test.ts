// Invoices, offers, credits, cancellations and payments over HTTP: totals (worked by hand from the
// EN 16931 rules in rules/invoice-totals.ts: line net = quantity × price × (1 − discount) rounded
// once to the cent, VAT per (category, rate) on the category's sum, rounded half away from zero),
// the lifecycle draft → issued → (partially) paid | overdue | cancelled, gapless numbers (also with
// 200 issues at once), frozen seller and buyer, due dates from payment terms, cancellations that
// mirror the invoice, offers accepted or declined, credits, payments with skonto and overpayment,
// the list filters and the events.
// Each concern gets its own company, so that its document numbers start at 00001.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';
import { BUYER, SELLER, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { addDays, assertProblem, berlinToday, eventsUntil, http, utcToday, type Headers } from './invoicing-helpers.js';

let t: TestApp;
const { req, ok, raw } = http(() => t.app);
const MISSING = '0123456789abcdef01234567';
const TODAY = utcToday();
const YEAR = TODAY.slice(0, 4);

before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/** A customer with the address and e-mail an invoice needs (BUYER), named Harbour Ltd unless `body` says otherwise. */
async function customer(h: Headers, body: Record<string, unknown> = {}): Promise<string> {
  return (await ok('POST', '/v2/customers/', h, { ...BUYER, name: 'Harbour Ltd', ...body }, 201))._id;
}
/** A new company with complete seller data. */
async function biller(name: string): Promise<Tenant> {
  const tenant = await signup(t.app, name);
  await setUpSeller(t.app, tenant.headers);
  return tenant;
}
async function draft(h: Headers, collection: string, body: Record<string, unknown>): Promise<string> {
  return (await ok('POST', `/v2/${collection}/`, h, body, 201))._id;
}
const get = (h: Headers, collection: string, id: string) => ok('GET', `/v2/${collection}/${id}`, h);
const issue = (h: Headers, collection: string, id: string) => ok('POST', `/v2/${collection}/${id}/issue`, h);
const pos = (quantity: number, price: number, tax: number, more: Record<string, unknown> = {}) => ({
  title: 'Cleaning',
  quantity,
  price,
  tax,
  ...more,
});

// ------------------------------------------------------------------------------------ totals
describe('draft totals', () => {
  let a: Tenant;
  let customerId: string;
  before(async () => {
    a = await biller('Totals');
    customerId = await customer(a.headers);
  });

  const MIXED = [
    pos(1234, 0.0825, 0.19, { title: 'Unterhaltsreinigung', unit: 'm²' }), // 101.805 → 101.81
    pos(2.5, 40, 0.19, { title: 'Glasreinigung', unit: 'h', discount: 0.1 }), // 100 × 0.9 = 90.00
    pos(3, 33.33, 0.19, { title: 'Sonderreinigung', discount: 0.15 }), // 99.99 × 0.85 = 84.9915 → 84.99
    pos(1, 12.5, 0.19, { title: 'Material A' }), // 12.50
    pos(2, 6.25, 0.19, { title: 'Material B' }), // 12.50
    pos(3, 12.5, 0.07, { title: 'Fachbuch', unit: 'Stk' }), // 37.50 at 7 %
    pos(1, 99, 0.19, { title: 'Teppichreinigung', isOptional: true }), // shown, not counted
    pos(10, 35, 0.19, { title: 'Bauendreinigung §13b', unit: 'h', vatCategory: 'AE' }), // 350.00, no VAT
  ];
  // 19 %: 101.81 + 90.00 + 84.99 + 12.50 + 12.50 = 301.80; VAT 301.80 × 0.19 = 57.342 → 57.34
  //   (rounding each line's VAT would give 19.34 + 17.10 + 16.15 + 2.38 + 2.38 = 57.35: it must not)
  // 7 %: 37.50 × 0.07 = 2.625 → 2.63; AE: 350.00 at 0 %
  const MIXED_VAT = [
    { category: 'S', rate: 19, taxableAmount: 301.8, taxAmount: 57.34 },
    { category: 'S', rate: 7, taxableAmount: 37.5, taxAmount: 2.63 },
    { category: 'AE', rate: 0, taxableAmount: 350, taxAmount: 0 },
  ];
  const HEADING = { type: 'TEXT', title: 'Leistungen Oktober', quantity: 0, price: 0, tax: 0.19 };

  test('mixed 19 % and 7 %, discounts, an optional line and reverse charge, worked by hand', async () => {
    const id = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: MIXED });
    const doc = await get(a.headers, 'invoices', id);
    assert.equal(doc.state, 'draft');
    assert.equal(doc.currency, 'EUR');
    assert.deepEqual(doc.lineAmounts, [101.81, 90, 84.99, 12.5, 12.5, 37.5, 0, 350]);
    assert.deepEqual(doc.vatBreakdown, MIXED_VAT);
    // net 301.80 + 37.50 + 350.00 = 689.30; VAT 57.34 + 2.63 = 59.97; gross 749.27
    assert.equal(doc.netAmount, 689.3);
    assert.equal(doc.taxAmount, 59.97);
    assert.equal(doc.grossAmount, 749.27);
    assert.equal(doc.documentNumber, undefined);
    assert.equal(doc.positions[7].vatCategory, 'AE');
    assert.equal(doc.positions[6].isOptional, true);
  });

  test('a TEXT heading has line amount 0 and changes no total', async () => {
    const id = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [HEADING, ...MIXED] });
    const doc = await get(a.headers, 'invoices', id);
    assert.equal(doc.positions[0].type, 'TEXT');
    assert.deepEqual(doc.lineAmounts, [0, 101.81, 90, 84.99, 12.5, 12.5, 37.5, 0, 350]);
    assert.deepEqual([doc.netAmount, doc.taxAmount, doc.grossAmount], [689.3, 59.97, 749.27]);
  });

  test('a TEXT heading adds no VAT category of its own', async () => {
    const id = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [HEADING, ...MIXED] });
    assert.deepEqual((await get(a.headers, 'invoices', id)).vatBreakdown, MIXED_VAT);
  });

  test('a price with 5 decimals, an unknown customer and a bad VAT rate are refused', async () => {
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, { customerId, positions: [pos(1, 0.08251, 0.19)] }),
      400,
      'positions',
    );
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, { customerId, positions: [pos(1.00001, 1, 0.19)] }),
      400,
      'positions',
    );
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, { customerId: MISSING, positions: [pos(1, 10, 0.19)] }),
      400,
      'customerId',
    );
    assert.equal(
      (await req('POST', '/v2/invoices/', a.headers, { customerId, positions: [pos(1, 10, 19)] })).status,
      400,
    );
    assert.equal(
      (
        await req('POST', '/v2/invoices/', a.headers, {
          customerId,
          positions: [pos(1, 10, 0.19, { vatCategory: 'X' })],
        })
      ).status,
      400,
    );
    // The state is read-only: accepted and ignored (docs/decisions.md).
    assert.equal(
      (
        await get(
          a.headers,
          'invoices',
          await draft(a.headers, 'invoices', { customerId, positions: [pos(1, 10, 0.19)], state: 'paid' }),
        )
      ).state,
      'draft',
    );
  });

  test('PATCH of a draft recomputes the totals; a PATCH to an unknown customer is refused', async () => {
    const id = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(1, 100, 0.19)] });
    let doc = await get(a.headers, 'invoices', id);
    assert.deepEqual([doc.netAmount, doc.taxAmount, doc.grossAmount], [100, 19, 119]);
    await ok('PATCH', `/v2/invoices/${id}`, a.headers, { positions: [pos(2, 100, 0.07), pos(3, 12.5, 0.19)] });
    doc = await get(a.headers, 'invoices', id);
    // 7 %: 200.00 → 14.00; 19 %: 37.50 → 7.125 → 7.13; net 237.50, VAT 21.13, gross 258.63
    assert.deepEqual(doc.lineAmounts, [200, 37.5]);
    assert.deepEqual(doc.vatBreakdown, [
      { category: 'S', rate: 19, taxableAmount: 37.5, taxAmount: 7.13 },
      { category: 'S', rate: 7, taxableAmount: 200, taxAmount: 14 },
    ]);
    assert.deepEqual([doc.netAmount, doc.taxAmount, doc.grossAmount], [237.5, 21.13, 258.63]);
    assert.equal(doc.state, 'draft');
    assertProblem(await req('PATCH', `/v2/invoices/${id}`, a.headers, { customerId: MISSING }), 400, 'customerId');
    assertProblem(
      await req('PATCH', `/v2/invoices/${id}`, a.headers, { positions: [pos(1, 1.23456, 0.19)] }),
      400,
      'positions',
    );
    assert.equal((await get(a.headers, 'invoices', id)).grossAmount, 258.63);
  });
});

// ------------------------------------------------------------------------------------ issuing
describe('issuing invoices', () => {
  let a: Tenant;
  let customerId: string;
  let termId: string;
  const ids = {} as Record<'first' | 'second', string>;

  before(async () => {
    a = await biller('Issuing');
    const settings = await ok('PATCH', '/v2/company/invoicingSettings', a.headers, { seller: SELLER });
    assert.deepEqual(settings.seller, SELLER);
    assert.equal(settings.numberFormats.invoice, 'RE-{YYYY}-{00000}');
    termId = (await ok('POST', '/v2/paymentTerms/', a.headers, { name: '21 Tage netto', netDays: 21 }, 201))._id;
    customerId = await customer(a.headers, {
      name: 'Stadt Musterhausen',
      address: { street: 'Rathausplatz 2', zip: '12345', city: 'Musterhausen', country: 'DE' },
      vatNumber: 'DE987654321',
      buyerReference: '04011000-12345-67',
      debitorNumber: 'D-1001',
      orderReferenceId: 'PO-77',
      paymentTermId: termId,
    });
  });

  test('issue numbers RE-<year>-00001, then 00002, and freezes seller, buyer and payment term', async () => {
    ids.first = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(1, 100, 0.19)] });
    ids.second = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(2, 50, 0.19)] });
    assert.deepEqual(await issue(a.headers, 'invoices', ids.first), {
      _id: ids.first,
      documentNumber: `RE-${YEAR}-00001`,
    });
    assert.deepEqual(await issue(a.headers, 'invoices', ids.second), {
      _id: ids.second,
      documentNumber: `RE-${YEAR}-00002`,
    });
    const doc = await get(a.headers, 'invoices', ids.first);
    assert.equal(doc.state, 'issued');
    assert.equal(doc.documentNumber, `RE-${YEAR}-00001`);
    assert.equal(doc.documentDate, TODAY);
    assert.ok(Math.abs(Date.parse(doc.issuedAt) - Date.now()) < 60_000, doc.issuedAt);
    assert.deepEqual(doc.seller, SELLER);
    assert.equal(doc.buyer.customerId, customerId);
    assert.equal(doc.buyer.name, 'Stadt Musterhausen');
    assert.deepEqual(doc.buyer.address, {
      street: 'Rathausplatz 2',
      zip: '12345',
      city: 'Musterhausen',
      country: 'DE',
    });
    assert.equal(doc.buyer.vatNumber, 'DE987654321');
    assert.equal(doc.buyer.buyerReference, '04011000-12345-67');
    assert.equal(doc.buyer.debitorNumber, 'D-1001');
    assert.equal(doc.buyer.orderReferenceId, 'PO-77');
    assert.deepEqual(doc.paymentTerm, { id: termId, name: '21 Tage netto', netDays: 21 });
    assert.equal(doc.dueDate, addDays(TODAY, 21));
    assert.equal(doc.paidAmount, 0);
    assert.equal(doc.openAmount, 119);
    assert.equal(doc.grossAmount, 119);
  });

  test('changing the customer and the seller afterwards leaves the issued invoice as it was', async () => {
    await ok('PATCH', `/v2/customers/${customerId}`, a.headers, {
      name: 'Stadt Neuhausen',
      address: { street: 'Markt 9', zip: '54321', city: 'Neuhausen' },
      vatNumber: 'DE111111111',
      buyerReference: '99-99-99',
      debitorNumber: 'D-2002',
    });
    await ok('PATCH', '/v2/company/invoicingSettings', a.headers, {
      seller: { name: 'Neuer Name GmbH', iban: 'DE89370400440532013000' },
    });
    const doc = await get(a.headers, 'invoices', ids.first);
    assert.equal(doc.buyer.name, 'Stadt Musterhausen');
    assert.deepEqual(doc.buyer.address, {
      street: 'Rathausplatz 2',
      zip: '12345',
      city: 'Musterhausen',
      country: 'DE',
    });
    assert.equal(doc.buyer.vatNumber, 'DE987654321');
    assert.equal(doc.buyer.buyerReference, '04011000-12345-67');
    assert.equal(doc.buyer.debitorNumber, 'D-1001');
    assert.deepEqual(doc.seller, SELLER);
    // A draft issued now takes the new data.
    const id = await draft(a.headers, 'invoices', {
      customerId,
      documentDate: TODAY,
      positions: [pos(1, 10, 0.19)],
      buyerReference: 'LW-override',
    });
    await issue(a.headers, 'invoices', id);
    const later = await get(a.headers, 'invoices', id);
    assert.equal(later.documentNumber, `RE-${YEAR}-00003`);
    assert.equal(later.buyer.name, 'Stadt Neuhausen');
    assert.equal(later.buyer.vatNumber, 'DE111111111');
    assert.equal(later.buyer.debitorNumber, 'D-2002');
    assert.equal(
      later.buyer.buyerReference,
      'LW-override',
      "the document's own buyerReference wins over the customer's",
    );
    assert.equal(later.seller.name, 'Neuer Name GmbH');
    assert.equal(later.seller.iban, 'DE89370400440532013000');
    assert.equal(later.seller.vatId, 'DE123456789');
  });

  test('an invoice lacking what the e-invoice rules require is not issued: 422 names every missing field and where to set it, and no number is used', async () => {
    const bare = await signup(t.app, 'Bare');
    const theirs = (await ok('POST', '/v2/customers/', bare.headers, { name: 'Nur Name' }, 201))._id;
    const id = await draft(bare.headers, 'invoices', {
      customerId: theirs,
      documentDate: TODAY,
      positions: [pos(1, 100, 0.19)],
    });
    const res = await req('POST', `/v2/invoices/${id}/issue`, bare.headers);
    assertProblem(res, 422);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    assert.deepEqual(paths, [
      'seller.name',
      'seller.street',
      'seller.zip',
      'seller.city',
      'seller.phone',
      'seller.email',
      'seller.iban',
      'seller.vatId',
      'buyer.address.street',
      'buyer.address.zip',
      'buyer.address.city',
      'buyer.contact.email',
    ]);
    assert.match(res.body.errors[0].message, /PATCH \/v2\/company\/invoicingSettings/);
    assert.match(res.body.errors.at(-1).message, new RegExp(`PATCH /v2/customers/${theirs}`));
    assert.match(res.body.detail, /seller\.name, .*buyer\.contact\.email are missing/);
    assert.equal((await get(bare.headers, 'invoices', id)).state, 'draft');
    // Reverse charge needs the buyer's VAT id; with only a tax number the seller needs its register entry.
    await setUpSeller(t.app, bare.headers, { ...SELLER, vatId: undefined, registration: undefined });
    await ok('PATCH', `/v2/customers/${theirs}`, bare.headers, { address: BUYER.address, contact: BUYER.contact });
    const reverse = await draft(bare.headers, 'invoices', {
      customerId: theirs,
      documentDate: TODAY,
      positions: [pos(1, 100, 0.19, { vatCategory: 'AE' })],
    });
    assert.deepEqual(
      (await req('POST', `/v2/invoices/${reverse}/issue`, bare.headers)).body.errors.map(
        (e: { path: string }) => e.path,
      ),
      ['seller.registration', 'buyer.vatNumber'],
    );
    // Not subject to VAT (O) is never mixed with other categories on one invoice.
    const mixed = await draft(bare.headers, 'invoices', {
      customerId: theirs,
      documentDate: TODAY,
      positions: [pos(1, 100, 0, { vatCategory: 'O' }), pos(1, 10, 0.19)],
    });
    assert.ok(
      (await req('POST', `/v2/invoices/${mixed}/issue`, bare.headers)).body.errors.some(
        (e: { path: string }) => e.path === 'positions',
      ),
    );
    // Complete data: the first number of the company, none was used by the refusals.
    await ok('PATCH', `/v2/customers/${theirs}`, bare.headers, { vatNumber: 'DE811907980' });
    await setUpSeller(t.app, bare.headers);
    assert.equal((await issue(bare.headers, 'invoices', id)).documentNumber, `RE-${YEAR}-00001`);
  });

  test('an issued invoice is immutable: issue again, PATCH and DELETE answer 409', async () => {
    assertProblem(await req('POST', `/v2/invoices/${ids.first}/issue`, a.headers), 409);
    assertProblem(await req('PATCH', `/v2/invoices/${ids.first}`, a.headers, { title: 'changed' }), 409);
    assertProblem(await req('PATCH', `/v2/invoices/${ids.first}`, a.headers, { positions: [pos(1, 1, 0.19)] }), 409);
    assertProblem(await req('DELETE', `/v2/invoices/${ids.first}`, a.headers), 409);
    const doc = await get(a.headers, 'invoices', ids.first);
    assert.equal(doc.grossAmount, 119);
    assert.equal(doc.title, undefined);
    assert.equal(doc.documentNumber, `RE-${YEAR}-00001`);
    assertProblem(await req('POST', `/v2/invoices/${MISSING}/issue`, a.headers), 404);
  });

  test('a draft can be deleted; a draft without an amount position cannot be issued', async () => {
    const id = await draft(a.headers, 'invoices', { customerId, positions: [pos(1, 10, 0.19)] });
    assert.deepEqual(await ok('DELETE', `/v2/invoices/${id}`, a.headers), { deleted: true });
    assertProblem(await req('GET', `/v2/invoices/${id}`, a.headers), 404);
    const headingOnly = await draft(a.headers, 'invoices', {
      customerId,
      positions: [{ type: 'TEXT', title: 'Nur Text', quantity: 0, price: 0, tax: 0.19 }],
    });
    assertProblem(await req('POST', `/v2/invoices/${headingOnly}/issue`, a.headers), 409);
    const empty = await draft(a.headers, 'invoices', { customerId, positions: [] });
    assertProblem(await req('POST', `/v2/invoices/${empty}/issue`, a.headers), 409);
    assert.equal((await get(a.headers, 'invoices', empty)).state, 'draft');
    // No number was used up by the refused issues.
    const next = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(1, 10, 0.19)] });
    assert.equal((await issue(a.headers, 'invoices', next)).documentNumber, `RE-${YEAR}-00004`);
  });

  test("without a date the document is dated today in the company's time zone", async () => {
    const id = await draft(a.headers, 'invoices', { customerId, positions: [pos(1, 10, 0.19)] });
    const { documentNumber } = await issue(a.headers, 'invoices', id);
    const doc = await get(a.headers, 'invoices', id);
    assert.equal(doc.documentDate, berlinToday());
    assert.equal(
      documentNumber,
      `RE-${doc.documentDate.slice(0, 4)}-${doc.documentDate.slice(0, 4) === YEAR ? '00005' : '00001'}`,
    );
  });
  test('a draft whose only amount position is optional cannot be issued', async () => {
    const id = await draft(a.headers, 'invoices', { customerId, positions: [pos(1, 99, 0.19, { isOptional: true })] });
    assert.equal((await get(a.headers, 'invoices', id)).grossAmount, 0);
    assertProblem(await req('POST', `/v2/invoices/${id}/issue`, a.headers), 409);
  });
  test("the service address (the document's object) is frozen into the issued invoice", async () => {
    const objectId = (
      await ok(
        'POST',
        '/v2/objects/',
        a.headers,
        {
          name: 'Bürohaus Nord',
          customerId,
          address: { street: 'Nordring 3', zip: '12347', city: 'Musterhausen', country: 'DE' },
        },
        201,
      )
    )._id;
    const id = await draft(a.headers, 'invoices', {
      customerId,
      objectId,
      documentDate: TODAY,
      positions: [pos(1, 10, 0.19)],
    });
    await issue(a.headers, 'invoices', id);
    await ok('PATCH', `/v2/objects/${objectId}`, a.headers, {
      address: { street: 'Umgezogen 1', zip: '99999', city: 'Anderswo' },
    });
    assert.deepEqual((await get(a.headers, 'invoices', id)).delivery, {
      name: 'Bürohaus Nord',
      address: { street: 'Nordring 3', zip: '12347', city: 'Musterhausen', country: 'DE' },
    });
  });
});

describe('due dates from payment terms', () => {
  let a: Tenant;
  let plain: string;
  let withTerm: string;
  let term45: string;
  before(async () => {
    a = await biller('DueDates');
    plain = await customer(a.headers, { name: 'No Term' });
    const term21 = (await ok('POST', '/v2/paymentTerms/', a.headers, { name: '21 Tage', netDays: 21 }, 201))._id;
    term45 = (await ok('POST', '/v2/paymentTerms/', a.headers, { name: '45 Tage', netDays: 45 }, 201))._id;
    withTerm = await customer(a.headers, { name: 'With Term', paymentTermId: term21 });
  });
  const issueOn = async (customerId: string, documentDate: string, extra: Record<string, unknown> = {}) => {
    const id = await draft(a.headers, 'invoices', {
      customerId,
      documentDate,
      positions: [pos(1, 10, 0.19)],
      ...extra,
    });
    await issue(a.headers, 'invoices', id);
    return get(a.headers, 'invoices', id);
  };

  test("14 days without any term, the company's defaultPaymentDays, a default term, the customer's term, the document's term", async () => {
    let doc = await issueOn(plain, '2030-12-20');
    assert.equal(doc.dueDate, '2031-01-03'); // 20 Dec + 14 days
    assert.deepEqual(doc.paymentTerm, { name: '14 Tage netto', netDays: 14 });
    assert.equal(doc.documentNumber, 'RE-2030-00001');

    await ok('PATCH', '/v2/company/invoicingSettings', a.headers, { defaultPaymentDays: 30 });
    doc = await issueOn(plain, '2030-02-01');
    assert.equal(doc.dueDate, '2030-03-03'); // 1 Feb + 30 days (February 2030 has 28)
    assert.equal(doc.paymentTerm.netDays, 30);

    const defaultTerm = (
      await ok('POST', '/v2/paymentTerms/', a.headers, { name: '10 Tage netto', netDays: 10, default: true }, 201)
    )._id;
    doc = await issueOn(plain, '2030-01-25');
    assert.equal(doc.dueDate, '2030-02-04'); // 25 Jan + 10 days
    assert.deepEqual(doc.paymentTerm, { id: defaultTerm, name: '10 Tage netto', netDays: 10 });

    doc = await issueOn(withTerm, '2030-01-25');
    assert.equal(doc.dueDate, '2030-02-15'); // the customer's 21 days
    assert.equal(doc.paymentTerm.name, '21 Tage');

    doc = await issueOn(withTerm, '2030-01-25', { paymentTermId: term45 });
    assert.equal(doc.dueDate, '2030-03-11'); // the document's 45 days: 25 Jan + 45 = 11 Mar
    assert.equal(doc.paymentTerm.id, term45);
    assert.equal(doc.documentNumber, 'RE-2030-00005');
  });
});

// ------------------------------------------------------------------------------------ number formats
describe('number formats', () => {
  let a: Tenant;
  let customerId: string;
  before(async () => {
    a = await biller('Formats');
    customerId = await customer(a.headers);
  });
  const issueOn = async (documentDate: string) => {
    const id = await draft(a.headers, 'invoices', { customerId, documentDate, positions: [pos(1, 10, 0.19)] });
    return (await issue(a.headers, 'invoices', id)).documentNumber;
  };

  test('INV/{YY}{MM}/{0000} numbers per month from the document date', async () => {
    const settings = await ok('PATCH', '/v2/company/invoicingSettings', a.headers, {
      numberFormats: { invoice: 'INV/{YY}{MM}/{0000}' },
    });
    assert.equal(settings.numberFormats.invoice, 'INV/{YY}{MM}/{0000}');
    assert.equal(settings.numberFormats.offer, 'AN-{YYYY}-{00000}');
    assert.equal(await issueOn('2026-11-10'), 'INV/2611/0001');
    assert.equal(await issueOn('2026-12-01'), 'INV/2612/0001');
    assert.equal(await issueOn('2026-11-20'), 'INV/2611/0002');
    assert.equal(await issueOn('2027-01-31'), 'INV/2701/0001');
  });

  test('a format with two counters, an unknown token or more than 40 characters is refused', async () => {
    assertProblem(
      await req('PATCH', '/v2/company/invoicingSettings', a.headers, { numberFormats: { invoice: 'RE-{0000}-{000}' } }),
      400,
      'numberFormats.invoice',
    );
    assertProblem(
      await req('PATCH', '/v2/company/invoicingSettings', a.headers, { numberFormats: { invoice: 'RE-{YYYY}' } }),
      400,
      'numberFormats.invoice',
    );
    assertProblem(
      await req('PATCH', '/v2/company/invoicingSettings', a.headers, { numberFormats: { offer: 'AN-{DD}-{0000}' } }),
      400,
      'numberFormats.offer',
    );
    assert.equal(
      (
        await req('PATCH', '/v2/company/invoicingSettings', a.headers, {
          numberFormats: { invoice: `${'X'.repeat(35)}{00000}` },
        })
      ).status,
      400,
    );
    const settings = await ok('GET', '/v2/company/invoicingSettings', a.headers);
    assert.equal(settings.numberFormats.invoice, 'INV/{YY}{MM}/{0000}');
  });

  test('an issue that fails after taking its number gives the number back (the sequence rolls back with it)', async () => {
    await ok('PATCH', '/v2/company/invoicingSettings', a.headers, { numberFormats: { invoice: 'RE-{YYYY}-{00000}' } });
    assert.equal(await issueOn('2026-11-10'), 'RE-2026-00001');
    // A format without date tokens counts in its own sequence; this one formats its first number
    // as RE-2026-00001 again, which the unique number index refuses after the number was taken.
    await ok('PATCH', '/v2/company/invoicingSettings', a.headers, { numberFormats: { invoice: 'RE-2026-{00000}' } });
    const failing = await draft(a.headers, 'invoices', {
      customerId,
      documentDate: '2026-11-11',
      positions: [pos(1, 10, 0.19)],
    });
    assertProblem(await req('POST', `/v2/invoices/${failing}/issue`, a.headers), 409);
    const doc = await get(a.headers, 'invoices', failing);
    assert.equal(doc.state, 'draft');
    assert.equal(doc.documentNumber, undefined);
    // The same (all-time) sequence under another format: its first number is still 1.
    await ok('PATCH', '/v2/company/invoicingSettings', a.headers, { numberFormats: { invoice: 'R-{00000}' } });
    assert.equal(await issueOn('2026-11-12'), 'R-00001');
    await ok('POST', `/v2/invoices/${failing}/issue`, a.headers);
    assert.equal((await get(a.headers, 'invoices', failing)).documentNumber, 'R-00002');
  });
});

// ------------------------------------------------------------------------------------ concurrency
describe('gapless numbers under concurrency', () => {
  let a: Tenant;
  let customerId: string;
  before(async () => {
    a = await biller('Concurrency');
    customerId = await customer(a.headers);
  });

  test('200 invoices and 30 offers issued at once: invoices RE-<year>-00001..00200, offers AN-<year>-00001..00030, no gap, no duplicate', async () => {
    const make = (collection: string, n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          draft(a.headers, collection, { customerId, documentDate: TODAY, positions: [pos(1, 10, 0.19)] }),
        ),
      );
    const invoiceIds = await make('invoices', 200);
    const offerIds = await make('offers', 30);
    const results = await Promise.all([
      ...invoiceIds.map((id) => req('POST', `/v2/invoices/${id}/issue`, a.headers)),
      ...offerIds.map((id) => req('POST', `/v2/offers/${id}/issue`, a.headers)),
    ]);
    for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.body));
    const numbers = results.map((r) => r.body.documentNumber as string);
    const expectedInvoices = Array.from({ length: 200 }, (_, i) => `RE-${YEAR}-${String(i + 1).padStart(5, '0')}`);
    const expectedOffers = Array.from({ length: 30 }, (_, i) => `AN-${YEAR}-${String(i + 1).padStart(5, '0')}`);
    assert.deepEqual(numbers.slice(0, 200).sort(), expectedInvoices);
    assert.deepEqual(numbers.slice(200).sort(), expectedOffers);
    // What is stored agrees with what was answered.
    const listed = await ok('GET', '/v2/invoices/?limit=1000&status=issued', a.headers);
    assert.equal(listed.length, 200);
    const stored = new Map((listed as Json[]).map((d) => [d._id, d.documentNumber]));
    invoiceIds.forEach((id, i) => {
      assert.equal(stored.get(id), numbers[i]);
    });
  });

  test('the same draft issued 10 times at once is issued once and uses one number', async () => {
    const id = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(1, 10, 0.19)] });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => req('POST', `/v2/invoices/${id}/issue`, a.headers)),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    assert.equal(results.find((r) => r.status === 200)!.body.documentNumber, `RE-${YEAR}-00201`);
    const next = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(1, 10, 0.19)] });
    assert.equal((await issue(a.headers, 'invoices', next)).documentNumber, `RE-${YEAR}-00202`);
  });
});

// ------------------------------------------------------------------------------------ cancellations
describe('cancellations', () => {
  let a: Tenant;
  let customerId: string;
  let invoiceId: string;
  let stornoId: string;
  const STORNO_YEAR = berlinToday().slice(0, 4);
  before(async () => {
    a = await biller('Cancel');
    customerId = await customer(a.headers, { name: 'Cancel Customer', buyerReference: 'LW-1' });
  });

  test('cancel issues a cancellation ST-<year>-00001 that mirrors the invoice with negated quantities and amounts', async () => {
    invoiceId = await draft(a.headers, 'invoices', {
      customerId,
      documentDate: TODAY,
      title: 'November',
      positions: [
        pos(3, 12.5, 0.19, { unit: 'h' }), // 37.50 → VAT 7.125 → 7.13
        pos(1, 0.5, 0.07, { title: 'Mittel' }), // 0.50 → VAT 0.035 → 0.04
      ],
    });
    const { documentNumber } = await issue(a.headers, 'invoices', invoiceId);
    assert.equal(documentNumber, `RE-${YEAR}-00001`);
    const invoice = await get(a.headers, 'invoices', invoiceId);
    assert.deepEqual([invoice.netAmount, invoice.taxAmount, invoice.grossAmount], [38, 7.17, 45.17]);

    const answer = await ok('POST', `/v2/invoices/${invoiceId}/cancel`, a.headers);
    stornoId = answer._id;
    assert.equal(answer.documentNumber, `ST-${STORNO_YEAR}-00001`);
    const storno = await get(a.headers, 'invoiceStornos', stornoId);
    assert.equal(storno.state, 'issued');
    assert.equal(storno.documentNumber, `ST-${STORNO_YEAR}-00001`);
    assert.equal(storno.documentDate, berlinToday());
    assert.equal(storno.invoiceId, invoiceId);
    assert.equal(storno.invoiceNumber, `RE-${YEAR}-00001`);
    assert.equal(storno.customerId, customerId);
    assert.deepEqual(storno.buyer, invoice.buyer);
    assert.deepEqual(
      storno.positions.map((p: Json) => p.quantity),
      [-3, -1],
    );
    assert.deepEqual(
      storno.positions.map((p: Json) => p.price),
      [12.5, 0.5],
    );
    assert.deepEqual(
      storno.positions.map((p: Json) => p.unit),
      ['h', undefined],
    );
    assert.deepEqual(storno.lineAmounts, [-37.5, -0.5]);
    assert.deepEqual(storno.vatBreakdown, [
      { category: 'S', rate: 19, taxableAmount: -37.5, taxAmount: -7.13 },
      { category: 'S', rate: 7, taxableAmount: -0.5, taxAmount: -0.04 },
    ]);
    assert.equal(storno.netAmount, -38);
    assert.equal(storno.taxAmount, -7.17);
    assert.equal(storno.grossAmount, -45.17);
    assert.equal(storno.grossAmount, -invoice.grossAmount);
    assert.equal(storno.dueDate, undefined);

    const cancelled = await get(a.headers, 'invoices', invoiceId);
    assert.equal(cancelled.state, 'cancelled');
    assert.equal(cancelled.stornoId, stornoId);
    assert.equal(cancelled.openAmount, 0);
    assert.equal(cancelled.documentNumber, `RE-${YEAR}-00001`);
    assert.equal(cancelled.grossAmount, 45.17);
    const list = await ok('GET', '/v2/invoiceStornos/', a.headers);
    assert.deepEqual(
      list.map((s: Json) => s._id),
      [stornoId],
    );
  });

  test('a cancelled invoice, a draft, a paid or partly paid invoice cannot be cancelled; a cancelled one takes no payment', async () => {
    assertProblem(await req('POST', `/v2/invoices/${invoiceId}/cancel`, a.headers), 409);
    assertProblem(await req('POST', `/v2/payments/`, a.headers, { invoiceId, amount: 10, date: TODAY }), 409);
    assertProblem(await req('PATCH', `/v2/invoices/${invoiceId}`, a.headers, { title: 'x' }), 409);
    const d = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(1, 100, 0.19)] });
    assertProblem(await req('POST', `/v2/invoices/${d}/cancel`, a.headers), 409);
    await issue(a.headers, 'invoices', d);
    const paymentId = (await ok('POST', '/v2/payments/', a.headers, { invoiceId: d, amount: 20, date: TODAY }, 201))
      ._id;
    assert.equal((await get(a.headers, 'invoices', d)).state, 'partially_paid');
    assertProblem(await req('POST', `/v2/invoices/${d}/cancel`, a.headers), 409);
    await ok('POST', '/v2/payments/', a.headers, { invoiceId: d, amount: 99, date: TODAY }, 201);
    assert.equal((await get(a.headers, 'invoices', d)).state, 'paid');
    assertProblem(await req('POST', `/v2/invoices/${d}/cancel`, a.headers), 409);
    assertProblem(await req('POST', `/v2/invoices/${MISSING}/cancel`, a.headers), 404);
    // With its payments deleted again the invoice can be cancelled: ST-…-00002.
    const payments = await ok('GET', `/v2/payments/?invoiceId=${d}`, a.headers);
    assert.equal(payments.length, 2);
    assert.ok(payments.some((p: Json) => p._id === paymentId));
    for (const p of payments) await ok('DELETE', `/v2/payments/${p._id}`, a.headers);
    assert.equal((await get(a.headers, 'invoices', d)).state, 'issued');
    assert.equal((await ok('POST', `/v2/invoices/${d}/cancel`, a.headers)).documentNumber, `ST-${STORNO_YEAR}-00002`);
  });

  test('cancellations have no create, update or delete route', async () => {
    const created = await req('POST', '/v2/invoiceStornos/', a.headers, { customerId, positions: [pos(1, 10, 0.19)] });
    assert.ok([404, 405].includes(created.status), `POST /v2/invoiceStornos/: ${created.status}`);
    const patched = await req('PATCH', `/v2/invoiceStornos/${stornoId}`, a.headers, { title: 'x' });
    assert.ok([404, 405].includes(patched.status), `PATCH: ${patched.status}`);
    const deleted = await req('DELETE', `/v2/invoiceStornos/${stornoId}`, a.headers);
    assert.ok([404, 405].includes(deleted.status), `DELETE: ${deleted.status}`);
    const issued = await req('POST', `/v2/invoiceStornos/${stornoId}/issue`, a.headers);
    assert.ok([404, 405].includes(issued.status), `issue: ${issued.status}`);
    assert.equal((await get(a.headers, 'invoiceStornos', stornoId)).grossAmount, -45.17);
  });

  test('the event feed has CREATE/UPDATE/DELETE of invoices and CREATE/DELETE of payments and CREATE of cancellations', async () => {
    const deleted = await draft(a.headers, 'invoices', { customerId, positions: [pos(1, 1, 0.19)] });
    await ok('DELETE', `/v2/invoices/${deleted}`, a.headers);
    const events = await eventsUntil(
      t.app,
      a,
      (evs) =>
        evs.some((e) => e.entity === 'invoicestorno' && e.data._id === stornoId) &&
        evs.some((e) => e.entity === 'invoice' && e.type === 'DELETE'),
      'the cancellation, the payments and the deleted draft',
    );
    const of = (entity: string, type: string) => events.filter((e) => e.entity === entity && e.type === type);
    assert.ok(of('invoice', 'CREATE').some((e) => e.data._id === invoiceId && e.data.state === 'draft'));
    assert.ok(
      of('invoice', 'UPDATE').some(
        (e) => e.data._id === invoiceId && e.data.state === 'issued' && e.data.documentNumber === `RE-${YEAR}-00001`,
      ),
    );
    assert.ok(
      of('invoice', 'UPDATE').some(
        (e) => e.data._id === invoiceId && e.data.state === 'cancelled' && e.data.stornoId === stornoId,
      ),
    );
    const stornoCreated = of('invoicestorno', 'CREATE').find((e) => e.data._id === stornoId);
    assert.ok(stornoCreated, 'CREATE invoicestorno');
    assert.equal(stornoCreated.data.grossAmount, -45.17);
    assert.equal(stornoCreated.data.invoiceId, invoiceId);
    assert.equal(of('payment', 'CREATE').length, 2);
    assert.ok(of('payment', 'CREATE').some((e) => e.data.amount === 20));
    assert.equal(of('payment', 'DELETE').length, 2);
    assert.deepEqual(
      of('invoice', 'DELETE').map((e) => e.data._id),
      [deleted],
    );
    for (const e of events) assert.equal(e.companyId, a.companyId);
  });
});

describe('cancel and pay at the same time', () => {
  let a: Tenant;
  let customerId: string;
  before(async () => {
    a = await biller('CancelRace');
    customerId = await customer(a.headers);
  });

  test('a cancellation and a payment at the same time: one of them is refused', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const ids = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const id = await draft(a.headers, 'invoices', {
          customerId,
          documentDate: TODAY,
          positions: [pos(1, 100, 0.19)],
        });
        await issue(a.headers, 'invoices', id);
        return id;
      }),
    );
    const outcomes = await Promise.all(
      ids.map(async (invoice) => {
        const [cancel, payment] = await Promise.all([
          sleep(Math.random() * 6).then(() => req('POST', `/v2/invoices/${invoice}/cancel`, a.headers)),
          sleep(Math.random() * 6).then(() =>
            req('POST', '/v2/payments/', a.headers, { invoiceId: invoice, amount: 50, date: TODAY }),
          ),
        ]);
        return { invoice, cancel: cancel.status, payment: payment.status };
      }),
    );
    const broken: string[] = [];
    for (const o of outcomes) {
      assert.ok([200, 409].includes(o.cancel) && [201, 409].includes(o.payment), JSON.stringify(o));
      const doc = await get(a.headers, 'invoices', o.invoice);
      const payments = await ok('GET', `/v2/payments/?invoiceId=${o.invoice}`, a.headers);
      const consistent =
        o.cancel === 200
          ? o.payment === 409 && doc.state === 'cancelled' && payments.length === 0
          : o.payment === 201 && doc.state === 'partially_paid' && doc.stornoId === undefined && payments.length === 1;
      if (!consistent)
        broken.push(
          `${JSON.stringify(o)} → state ${doc.state}, stornoId ${doc.stornoId}, openAmount ${doc.openAmount}, ${payments.length} payments`,
        );
    }
    assert.deepEqual(broken, []);
  });
});

// ------------------------------------------------------------------------------------ offers
describe('offers', () => {
  let a: Tenant;
  let customerId: string;
  let accepted: string;
  before(async () => {
    a = await biller('Offers');
    customerId = await customer(a.headers);
  });

  test('issue numbers AN-<year>-00001; accept → accepted; accept or decline again → 409', async () => {
    accepted = await draft(a.headers, 'offers', {
      customerId,
      documentDate: TODAY,
      validUntil: addDays(TODAY, 30),
      positions: [pos(10, 25, 0.19), pos(1, 100, 0.19, { isOptional: true })],
    });
    assertProblem(await req('POST', `/v2/offers/${accepted}/accept`, a.headers), 409);
    assert.equal((await issue(a.headers, 'offers', accepted)).documentNumber, `AN-${YEAR}-00001`);
    let doc = await get(a.headers, 'offers', accepted);
    assert.equal(doc.state, 'issued');
    assert.equal(doc.validUntil, addDays(TODAY, 30));
    assert.equal(doc.dueDate, undefined);
    assert.deepEqual([doc.netAmount, doc.taxAmount, doc.grossAmount], [250, 47.5, 297.5]);
    assert.deepEqual(doc.lineAmounts, [250, 0]);
    assert.deepEqual(await ok('POST', `/v2/offers/${accepted}/accept`, a.headers), { updated: true });
    doc = await get(a.headers, 'offers', accepted);
    assert.equal(doc.state, 'accepted');
    assert.ok(Math.abs(Date.parse(doc.acceptedAt) - Date.now()) < 60_000);
    assertProblem(await req('POST', `/v2/offers/${accepted}/accept`, a.headers), 409);
    assertProblem(await req('POST', `/v2/offers/${accepted}/decline`, a.headers), 409);
    assertProblem(await req('PATCH', `/v2/offers/${accepted}`, a.headers, { title: 'x' }), 409);
    assertProblem(await req('DELETE', `/v2/offers/${accepted}`, a.headers), 409);
  });

  test('decline an issued offer → declined; accept afterwards → 409', async () => {
    const id = await draft(a.headers, 'offers', { customerId, documentDate: TODAY, positions: [pos(1, 80, 0.19)] });
    assert.equal((await issue(a.headers, 'offers', id)).documentNumber, `AN-${YEAR}-00002`);
    await ok('POST', `/v2/offers/${id}/decline`, a.headers);
    const doc = await get(a.headers, 'offers', id);
    assert.equal(doc.state, 'declined');
    assert.ok(doc.declinedAt);
    assert.equal(doc.acceptedAt, undefined);
    assertProblem(await req('POST', `/v2/offers/${id}/accept`, a.headers), 409);
    assertProblem(await req('POST', `/v2/offers/${MISSING}/accept`, a.headers), 404);
    const listed = await ok('GET', '/v2/offers/?status=declined', a.headers);
    assert.deepEqual(
      listed.map((o: Json) => o._id),
      [id],
    );
  });

  test('an offer renders to PDF but has no XRechnung or ZUGFeRD', async () => {
    const pdf = await raw(`/v2/offers/${accepted}/pdf`, a.headers);
    assert.equal(pdf.status, 200);
    assert.match(String(pdf.headers['content-type']), /^application\/pdf/);
    assert.equal(pdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(pdf.bytes.length > 1000);
    assert.equal((await req('GET', `/v2/offers/${accepted}/xrechnung`, a.headers)).status, 404);
    assert.equal((await req('GET', `/v2/offers/${accepted}/zugferd`, a.headers)).status, 404);
    const d = await draft(a.headers, 'offers', { customerId, positions: [pos(1, 1, 0.19)] });
    assertProblem(await req('GET', `/v2/offers/${d}/pdf`, a.headers), 409);
  });
});

// ------------------------------------------------------------------------------------ credits
describe('credits', () => {
  let a: Tenant;
  let customerId: string;
  let invoiceId: string;
  let creditId: string;
  before(async () => {
    a = await biller('Credits');
    customerId = await customer(a.headers, { name: 'Credit Customer', buyerReference: 'LW-CREDIT' });
    invoiceId = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(4, 50, 0.19)] });
    await issue(a.headers, 'invoices', invoiceId);
  });

  test('a credit references the invoice it credits, issues as GS-<year>-00001 and renders as type 381', async () => {
    creditId = await draft(a.headers, 'credits', {
      customerId,
      creditedInvoiceId: invoiceId,
      documentDate: TODAY,
      positions: [pos(1, 50, 0.19, { title: 'Gutschrift Fehlstunde' })],
    });
    assert.equal((await issue(a.headers, 'credits', creditId)).documentNumber, `GS-${YEAR}-00001`);
    const doc = await get(a.headers, 'credits', creditId);
    assert.equal(doc.state, 'issued');
    assert.equal(doc.creditedInvoiceId, invoiceId);
    assert.deepEqual([doc.netAmount, doc.taxAmount, doc.grossAmount], [50, 9.5, 59.5]);
    assert.equal(doc.dueDate, undefined);
    const ubl = await req('GET', `/v2/credits/${creditId}/xrechnung`, a.headers);
    assert.equal(ubl.status, 200);
    assert.match(ubl.body, /<cbc:(?:Invoice|CreditNote)TypeCode>381<\/cbc:(?:Invoice|CreditNote)TypeCode>/);
    assert.match(ubl.body, new RegExp(`<cbc:ID>GS-${YEAR}-00001</cbc:ID>`));
    assert.match(ubl.body, /<cbc:PayableAmount currencyID="EUR">59\.50<\/cbc:PayableAmount>/);
    const cii = await req('GET', `/v2/credits/${creditId}/xrechnung?syntax=cii`, a.headers);
    assert.equal(cii.status, 200);
    assert.match(
      cii.body,
      /<rsm:ExchangedDocument>\s*<ram:ID>GS-\d{4}-00001<\/ram:ID>\s*<ram:TypeCode>381<\/ram:TypeCode>/,
    );
    // The invoice it credits is unchanged.
    assert.equal((await get(a.headers, 'invoices', invoiceId)).state, 'issued');
  });

  test("the credit's e-invoice names the credited invoice (BT-25 preceding invoice reference)", async () => {
    const invoice = await get(a.headers, 'invoices', invoiceId);
    const ubl = await req('GET', `/v2/credits/${creditId}/xrechnung`, a.headers);
    assert.match(
      ubl.body,
      new RegExp(
        `<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice.documentNumber}</cbc:ID>`,
      ),
    );
  });

  test('a credit of an unknown invoice is refused', async () => {
    assertProblem(
      await req('POST', '/v2/credits/', a.headers, {
        customerId,
        creditedInvoiceId: MISSING,
        positions: [pos(1, 10, 0.19)],
      }),
      400,
      'creditedInvoiceId',
    );
  });
});

// ------------------------------------------------------------------------------------ payments
describe('payments', () => {
  let a: Tenant;
  let customerId: string;
  let skontoCustomer: string;
  let invoiceId: string;
  const paymentIds: Record<string, string> = {};
  before(async () => {
    a = await biller('Payments');
    customerId = await customer(a.headers);
    const skonto = (
      await ok(
        'POST',
        '/v2/paymentTerms/',
        a.headers,
        {
          name: '30 Tage netto, 2 % Skonto bei Zahlung binnen 10 Tagen',
          netDays: 30,
          skontoPercentage: 2,
          skontoDays: 10,
        },
        201,
      )
    )._id;
    skontoCustomer = await customer(a.headers, { name: 'Skonto Customer', paymentTermId: skonto });
    invoiceId = await draft(a.headers, 'invoices', { customerId, documentDate: TODAY, positions: [pos(1, 100, 0.19)] }); // gross 119.00
  });
  const pay = async (body: Record<string, unknown>) =>
    (await ok('POST', '/v2/payments/', a.headers, body, 201))._id as string;
  const state = async (id: string) => {
    const d = await get(a.headers, 'invoices', id);
    return {
      state: d.state,
      paidAmount: d.paidAmount,
      openAmount: d.openAmount,
      overpaidAmount: d.overpaidAmount ?? 0,
    };
  };

  test('a payment on a draft → 409; amount 0 → 400; an unknown invoice → 400', async () => {
    assertProblem(await req('POST', '/v2/payments/', a.headers, { invoiceId, amount: 50, date: TODAY }), 409);
    await issue(a.headers, 'invoices', invoiceId);
    assertProblem(await req('POST', '/v2/payments/', a.headers, { invoiceId, amount: 0, date: TODAY }), 400, 'amount');
    assertProblem(
      await req('POST', '/v2/payments/', a.headers, { invoiceId, amount: 0.004, date: TODAY }),
      400,
      'amount',
    );
    assertProblem(
      await req('POST', '/v2/payments/', a.headers, { invoiceId: MISSING, amount: 10, date: TODAY }),
      400,
      'invoiceId',
    );
    assert.equal((await req('POST', '/v2/payments/', a.headers, { invoiceId, amount: 10 })).status, 400);
    assert.equal(
      (await req('POST', '/v2/payments/', a.headers, { invoiceId, amount: 10, date: '23.11.2026' })).status,
      400,
    );
    assert.deepEqual(await state(invoiceId), { state: 'issued', paidAmount: 0, openAmount: 119, overpaidAmount: 0 });
  });

  test('partial payment → partially_paid; the rest → paid; more → overpaidAmount; deleting payments goes back', async () => {
    paymentIds.first = await pay({ invoiceId, amount: 50, date: TODAY, reference: 'RE first' });
    assert.deepEqual(await state(invoiceId), {
      state: 'partially_paid',
      paidAmount: 50,
      openAmount: 69,
      overpaidAmount: 0,
    });
    paymentIds.rest = await pay({ invoiceId, amount: 69, date: TODAY });
    assert.deepEqual(await state(invoiceId), { state: 'paid', paidAmount: 119, openAmount: 0, overpaidAmount: 0 });
    paymentIds.extra = await pay({ invoiceId, amount: 10.5, date: TODAY });
    assert.deepEqual(await state(invoiceId), { state: 'paid', paidAmount: 129.5, openAmount: 0, overpaidAmount: 10.5 });
    await ok('DELETE', `/v2/payments/${paymentIds.extra}`, a.headers);
    assert.deepEqual(await state(invoiceId), { state: 'paid', paidAmount: 119, openAmount: 0, overpaidAmount: 0 });
    await ok('DELETE', `/v2/payments/${paymentIds.rest}`, a.headers);
    assert.deepEqual(await state(invoiceId), {
      state: 'partially_paid',
      paidAmount: 50,
      openAmount: 69,
      overpaidAmount: 0,
    });
    // Changing a payment's amount settles again.
    await ok('PATCH', `/v2/payments/${paymentIds.first}`, a.headers, { amount: 119 });
    assert.deepEqual(await state(invoiceId), { state: 'paid', paidAmount: 119, openAmount: 0, overpaidAmount: 0 });
    const payment = await get(a.headers, 'payments', paymentIds.first);
    assert.equal(payment.amount, 119);
    assert.equal(payment.invoiceId, invoiceId);
    assert.equal(payment.reference, 'RE first');
    const other = await draft(a.headers, 'invoices', { customerId, positions: [pos(1, 1, 0.19)] });
    assertProblem(
      await req('PATCH', `/v2/payments/${paymentIds.first}`, a.headers, { invoiceId: other }),
      400,
      'invoiceId',
    );
  });

  test('skonto: gross × 0.98 paid within the skonto days → paid with skonto; after them → partially paid', async () => {
    // 1 × 1037.44 at 19 %: VAT 197.1136 → 197.11, gross 1234.55; skonto 2 % = 24.691 → 24.69;
    // gross less skonto = 1209.86.
    const documentDate = addDays(TODAY, -20); // due 10 days from now: not overdue
    const make = async () => {
      const id = await draft(a.headers, 'invoices', {
        customerId: skontoCustomer,
        documentDate,
        positions: [pos(1, 1037.44, 0.19)],
      });
      await issue(a.headers, 'invoices', id);
      return id;
    };
    const inTime = await make();
    let doc = await get(a.headers, 'invoices', inTime);
    assert.equal(doc.grossAmount, 1234.55);
    assert.deepEqual(doc.paymentTerm.skontoPercentage, 2);
    assert.equal(doc.dueDate, addDays(documentDate, 30));
    await pay({ invoiceId: inTime, amount: 1209.86, date: addDays(documentDate, 10) }); // the 10th day still counts
    doc = await get(a.headers, 'invoices', inTime);
    assert.equal(doc.state, 'paid');
    assert.equal(doc.skontoApplied, true);
    assert.equal(doc.skontoAmount, 24.69);
    assert.equal(doc.paidAmount, 1209.86);
    assert.equal(doc.openAmount, 0);
    assert.equal(doc.overpaidAmount, 0);

    const late = await make();
    const latePayment = await pay({ invoiceId: late, amount: 1209.86, date: addDays(documentDate, 11) });
    doc = await get(a.headers, 'invoices', late);
    assert.equal(doc.state, 'partially_paid');
    assert.equal(doc.skontoApplied, false);
    assert.equal(doc.skontoAmount, 0);
    assert.equal(doc.openAmount, 24.69);
    assert.equal(doc.paidAmount, 1209.86);
    // Moving the payment's date into the skonto days settles it with skonto.
    await ok('PATCH', `/v2/payments/${latePayment}`, a.headers, { date: addDays(documentDate, 9) });
    doc = await get(a.headers, 'invoices', late);
    assert.equal(doc.state, 'paid');
    assert.equal(doc.skontoApplied, true);
    assert.equal(doc.skontoAmount, 24.69);
    assert.equal(doc.openAmount, 0);

    // One cent short of the skonto amount is not enough.
    const short = await make();
    await pay({ invoiceId: short, amount: 1209.85, date: addDays(documentDate, 5) });
    doc = await get(a.headers, 'invoices', short);
    assert.equal(doc.state, 'partially_paid');
    assert.equal(doc.skontoApplied, false);
    assert.equal(doc.openAmount, 24.7);
  });
});

// ------------------------------------------------------------------------------------ overdue and filters
describe('overdue and list filters', () => {
  let a: Tenant;
  const c = {} as Record<'k1' | 'k2', string>;
  const i = {} as Record<'overdue' | 'current' | 'draft' | 'paid', string>;
  const ids = (list: Json[]) => list.map((d) => d._id).sort();
  const listIds = async (query: string) => ids(await ok('GET', `/v2/invoices/?${query}`, a.headers));
  before(async () => {
    a = await biller('Filters');
    c.k1 = await customer(a.headers, { name: 'K1' });
    c.k2 = await customer(a.headers, { name: 'K2' });
    // overdue: 2020-01-10 + 14 days = 2020-01-24, gross 119.00
    i.overdue = await draft(a.headers, 'invoices', {
      customerId: c.k1,
      documentDate: '2020-01-10',
      positions: [pos(1, 100, 0.19)],
    });
    await issue(a.headers, 'invoices', i.overdue);
    // current: 2 × 250 at 19 % = 500 + 95 = 595.00
    i.current = await draft(a.headers, 'invoices', {
      customerId: c.k1,
      documentDate: TODAY,
      positions: [pos(2, 250, 0.19)],
    });
    await issue(a.headers, 'invoices', i.current);
    // draft: 40 at 7 % = 40 + 2.80 = 42.80
    i.draft = await draft(a.headers, 'invoices', {
      customerId: c.k2,
      documentDate: TODAY,
      positions: [pos(1, 40, 0.07)],
    });
    // paid late: 2020-02-15, 1000 at 19 % = 1190.00, paid in full
    i.paid = await draft(a.headers, 'invoices', {
      customerId: c.k2,
      documentDate: '2020-02-15',
      positions: [pos(1, 1000, 0.19)],
    });
    await issue(a.headers, 'invoices', i.paid);
    await ok('POST', '/v2/payments/', a.headers, { invoiceId: i.paid, amount: 1190, date: '2020-04-01' }, 201);
  });

  test('an issued invoice past its due date reads as overdue and is listed by overdue=true and status=overdue', async () => {
    const doc = await get(a.headers, 'invoices', i.overdue);
    assert.equal(doc.documentNumber, 'RE-2020-00001');
    assert.equal(doc.dueDate, '2020-01-24');
    assert.equal(doc.state, 'overdue');
    assert.equal(doc.openAmount, 119);
    assert.equal((await get(a.headers, 'invoices', i.paid)).state, 'paid');
    assert.equal((await get(a.headers, 'invoices', i.current)).state, 'issued');
    assert.deepEqual(await listIds('overdue=true'), [i.overdue]);
    assert.deepEqual(await listIds('status=overdue'), [i.overdue]);
    assert.deepEqual(await listIds('overdue=false'), ids([{ _id: i.current }, { _id: i.draft }, { _id: i.paid }]));
    // A part payment leaves it overdue.
    await ok('POST', '/v2/payments/', a.headers, { invoiceId: i.overdue, amount: 19, date: TODAY }, 201);
    const partly = await get(a.headers, 'invoices', i.overdue);
    assert.equal(partly.state, 'overdue');
    assert.equal(partly.openAmount, 100);
    assert.deepEqual(await listIds('overdue=true'), [i.overdue]);
    assert.deepEqual(await listIds('status=overdue'), [i.overdue]);
  });

  test('customerIds, dateRange, number, amountFrom/amountTo and status filters', async () => {
    assert.deepEqual(await listIds(`customerIds=${c.k1}`), ids([{ _id: i.overdue }, { _id: i.current }]));
    assert.deepEqual(await listIds(`customerIds=${c.k1},${c.k2}`), ids(Object.values(i).map((_id) => ({ _id }))));
    assert.deepEqual(
      await listIds('dateRange=2020-01-01T00:00:00Z,2020-12-31T23:59:59Z'),
      ids([{ _id: i.overdue }, { _id: i.paid }]),
    );
    assert.deepEqual(await listIds('dateRange=2020-01-01T00:00:00Z,2020-01-31T23:59:59Z'), [i.overdue]);
    assert.deepEqual(await listIds('number=RE-2020'), ids([{ _id: i.overdue }, { _id: i.paid }]));
    assert.deepEqual(await listIds('number=RE-2020-00002'), [i.paid]);
    assert.deepEqual(await listIds(`number=RE-${YEAR}-00001`), [i.current]);
    assert.deepEqual(await listIds('number=%25'), [], 'a % in the number is taken literally');
    assert.deepEqual(await listIds('amountFrom=100&amountTo=600'), ids([{ _id: i.overdue }, { _id: i.current }]));
    assert.deepEqual(await listIds('amountFrom=595'), ids([{ _id: i.current }, { _id: i.paid }]));
    assert.deepEqual(await listIds('amountTo=42.80'), [i.draft]);
    assert.deepEqual(await listIds('amountFrom=42.81&amountTo=118.99'), []);
    assert.deepEqual(await listIds('status=draft'), [i.draft]);
    assert.deepEqual(await listIds('status=paid'), [i.paid]);
    assert.deepEqual(await listIds('status=draft,paid'), ids([{ _id: i.draft }, { _id: i.paid }]));
    assert.equal((await req('GET', '/v2/invoices/?status=bogus', a.headers)).status, 400);
    assert.equal((await req('GET', '/v2/invoices/?amountFrom=abc', a.headers)).status, 400);
    assert.equal((await req('GET', '/v2/invoices/?customerIds=nope', a.headers)).status, 400);
    assert.equal((await req('GET', '/v2/invoices/?dateRange=2020-01-01', a.headers)).status, 400);
  });

  test('status=draft,issued lists the draft and the issued invoice that is not overdue', async () => {
    // Another invoice past its due date, not paid at all (the first one is partly paid by now).
    const late = await draft(a.headers, 'invoices', {
      customerId: c.k2,
      documentDate: '2021-03-01',
      positions: [pos(1, 10, 0.19)],
    });
    await issue(a.headers, 'invoices', late);
    assert.equal((await get(a.headers, 'invoices', late)).state, 'overdue');
    assert.deepEqual(await listIds('status=overdue'), ids([{ _id: i.overdue }, { _id: late }]));
    const list = await ok('GET', '/v2/invoices/?status=draft,issued', a.headers);
    assert.deepEqual(ids(list), ids([{ _id: i.draft }, { _id: i.current }]));
    for (const d of list)
      assert.ok(['draft', 'issued'].includes(d.state), `state ${d.state} listed under status=draft,issued`);
  });
});
