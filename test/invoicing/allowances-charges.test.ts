// Document-level allowances and charges (BG-20/BG-21), skonto-excluded positions and partial/final
// invoices over HTTP. Every figure is worked by hand from the rules in rules/invoice-totals.ts:
// a percent's base is the counted line nets of the same VAT category and rate, amount = base ×
// percent / 100 rounded half away from zero; per group taxable = lines − allowances + charges, VAT
// on that rounded once; net = lines − allowances + charges. Skonto base: per group
// (taxable − excluded line nets) × (1 + rate), rounded once. Final invoice: prepaid = Σ the partial
// invoices' gross, amount due = gross − prepaid.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { addDays, assertProblem, http, utcToday, type Headers } from './invoicing-helpers.js';

let t: TestApp;
const { req, ok } = http(() => t.app);
const TODAY = utcToday();
let a: Tenant;
let customerId: string;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Allowances');
  await setUpSeller(t.app, a.headers);
  customerId = await createBuyer(t.app, a.headers);
});
after(async () => {
  await t.close();
});

const pos = (quantity: number, price: number, tax: number, more: Record<string, unknown> = {}) => ({
  title: 'Reinigung',
  quantity,
  price,
  tax,
  ...more,
});
const draft = async (collection: string, body: Record<string, unknown>, h: Headers = a.headers) =>
  (await ok('POST', `/v2/${collection}/`, h, body, 201))._id as string;
const get = (collection: string, id: string) => ok('GET', `/v2/${collection}/${id}`, a.headers);
const issue = (collection: string, id: string) => ok('POST', `/v2/${collection}/${id}/issue`, a.headers);
const totals = (d: Record<string, Json>) => ({
  line: d.lineTotalAmount,
  allowance: d.allowanceTotalAmount,
  charge: d.chargeTotalAmount,
  net: d.netAmount,
  tax: d.taxAmount,
  gross: d.grossAmount,
});

const LOYALTY = { charge: false, reason: 'Treuerabatt', reasonCode: '95', percent: 5, tax: 0.19 };
const FUEL = { charge: true, reason: 'Kraftstoffzuschlag', reasonCode: 'FC', amount: 12.5, tax: 0.19 };
const SEVEN_OFF = { charge: false, reason: 'Nachlass Fachbuch', amount: 1, tax: 0.07 };

describe('allowances and charges in the totals', () => {
  let id: string;
  test('5 % loyalty discount and a 12.50 fuel surcharge at 19 %, 1.00 off the 7 % lines', async () => {
    id = await draft('invoices', {
      customerId,
      positions: [pos(1, 1234.56, 0.19), pos(2, 9.95, 0.07)],
      allowancesCharges: [LOYALTY, FUEL, SEVEN_OFF],
    });
    const d = await get('invoices', id);
    // lines 1234.56 (19 %), 2 × 9.95 = 19.90 (7 %): BT-106 1254.46
    // loyalty: base = the 19 % lines 1234.56, × 5 % = 61.728 → 61.73
    // S19: 1234.56 − 61.73 + 12.50 = 1185.33; VAT × 0.19 = 225.2127 → 225.21
    // S7: 19.90 − 1.00 = 18.90; VAT × 0.07 = 1.323 → 1.32
    // BT-107 61.73 + 1.00 = 62.73; BT-108 12.50; net 1254.46 − 62.73 + 12.50 = 1204.23; VAT 226.53; gross 1430.76
    assert.deepEqual(totals(d), {
      line: 1254.46,
      allowance: 62.73,
      charge: 12.5,
      net: 1204.23,
      tax: 226.53,
      gross: 1430.76,
    });
    assert.deepEqual(d.vatBreakdown, [
      { category: 'S', rate: 19, taxableAmount: 1185.33, taxAmount: 225.21 },
      { category: 'S', rate: 7, taxableAmount: 18.9, taxAmount: 1.32 },
    ]);
    assert.deepEqual(d.allowancesCharges, [
      { ...LOYALTY, baseAmount: 1234.56, amount: 61.73, vatCategory: 'S', computed: ['amount', 'baseAmount'] },
      { ...FUEL, vatCategory: 'S' },
      { ...SEVEN_OFF, vatCategory: 'S' },
    ]);
    assert.equal(d.skontoBaseAmount, undefined);
    assert.equal(d.invoiceType, 'standard');
  });

  test('a percent follows the lines on every save; a PATCH of other fields keeps the totals', async () => {
    await ok('PATCH', `/v2/invoices/${id}`, a.headers, { positions: [pos(2, 1234.56, 0.19), pos(2, 9.95, 0.07)] });
    let d = await get('invoices', id);
    // base 2 × 1234.56 = 2469.12, × 5 % = 123.456 → 123.46
    // S19: 2469.12 − 123.46 + 12.50 = 2358.16; VAT 448.0504 → 448.05; S7 as before 18.90 / 1.32
    // BT-106 2489.02; BT-107 124.46; net 2489.02 − 124.46 + 12.50 = 2377.06; VAT 449.37; gross 2826.43
    assert.deepEqual(totals(d), {
      line: 2489.02,
      allowance: 124.46,
      charge: 12.5,
      net: 2377.06,
      tax: 449.37,
      gross: 2826.43,
    });
    assert.equal(d.allowancesCharges[0].baseAmount, 2469.12);
    await ok('PATCH', `/v2/invoices/${id}`, a.headers, { title: 'Oktober' });
    d = await get('invoices', id);
    assert.deepEqual(totals(d), {
      line: 2489.02,
      allowance: 124.46,
      charge: 12.5,
      net: 2377.06,
      tax: 449.37,
      gross: 2826.43,
    });
    // A given base is kept: 5 % of 1000.00 = 50.00; S19 2469.12 − 50 + 12.50 = 2431.62, VAT 462.0078 → 462.01
    // net 2431.62 + 18.90 = 2450.52; VAT 463.33; gross 2913.85
    await ok('PATCH', `/v2/invoices/${id}`, a.headers, {
      allowancesCharges: [{ ...LOYALTY, baseAmount: 1000 }, FUEL, SEVEN_OFF],
    });
    d = await get('invoices', id);
    assert.deepEqual(totals(d), {
      line: 2489.02,
      allowance: 51,
      charge: 12.5,
      net: 2450.52,
      tax: 463.33,
      gross: 2913.85,
    });
    assert.deepEqual(d.allowancesCharges[0].computed, ['amount']);
    // The whole stored list sent back as it was is accepted as it was.
    await ok('PATCH', `/v2/invoices/${id}`, a.headers, { allowancesCharges: d.allowancesCharges });
    assert.deepEqual(totals(await get('invoices', id)), totals(d));
  });

  test('without allowances the totals are those of the lines; BT-107 and BT-108 are 0', async () => {
    await ok('PATCH', `/v2/invoices/${id}`, a.headers, { allowancesCharges: [] });
    const d = await get('invoices', id);
    // S19 2469.12 → 469.1328 → 469.13; S7 19.90 → 1.393 → 1.39; net 2489.02; VAT 470.52; gross 2959.54
    assert.deepEqual(totals(d), { line: 2489.02, allowance: 0, charge: 0, net: 2489.02, tax: 470.52, gross: 2959.54 });
  });

  test('a charge at a rate without lines opens its own VAT group', async () => {
    const d = await get(
      'invoices',
      await draft('invoices', {
        customerId,
        positions: [pos(1, 100, 0.19)],
        allowancesCharges: [{ charge: true, reason: 'Anfahrt', amount: 10, tax: 0.07 }],
      }),
    );
    // S19 100.00 → 19.00; S7 10.00 → 0.70; net 110.00; VAT 19.70; gross 129.70
    assert.deepEqual(d.vatBreakdown, [
      { category: 'S', rate: 19, taxableAmount: 100, taxAmount: 19 },
      { category: 'S', rate: 7, taxableAmount: 10, taxAmount: 0.7 },
    ]);
    assert.deepEqual(totals(d), { line: 100, allowance: 0, charge: 10, net: 110, tax: 19.7, gross: 129.7 });
  });

  test('a credit: a percent of negative lines is negative and survives a PATCH', async () => {
    const creditId = await draft('credits', {
      customerId,
      positions: [pos(-2, 15, 0.19)],
      allowancesCharges: [{ ...LOYALTY }],
    });
    // lines −30.00; 5 % = −1.50; taxable −30.00 + 1.50 = −28.50; VAT −5.415 → −5.42; gross −33.92
    const expected = { line: -30, allowance: -1.5, charge: 0, net: -28.5, tax: -5.42, gross: -33.92 };
    assert.deepEqual(totals(await get('credits', creditId)), expected);
    await ok('PATCH', `/v2/credits/${creditId}`, a.headers, { title: 'Gutschrift' });
    assert.deepEqual(totals(await get('credits', creditId)), expected);
  });
});

describe('bad allowances and charges → 400 naming the field', () => {
  const bad: Array<[string, Record<string, unknown>[], string]> = [
    ['both amount and percent', [{ ...LOYALTY, amount: 5 }], 'allowancesCharges.0.amount'],
    ['neither amount nor percent', [{ charge: false, reason: 'Rabatt', tax: 0.19 }], 'allowancesCharges.0.amount'],
    ['a negative amount', [FUEL, { ...FUEL, amount: -1 }], 'allowancesCharges.1.amount'],
    ['an amount with 3 decimals', [{ ...FUEL, amount: 1.234 }], 'allowancesCharges.0.amount'],
    ['a percent above 100', [{ ...LOYALTY, percent: 101 }], 'allowancesCharges.0.percent'],
    ['a percent with 5 decimals', [{ ...LOYALTY, percent: 1.23456 }], 'allowancesCharges.0.percent'],
    ['a charge code on an allowance', [{ ...LOYALTY, reasonCode: 'FC' }], 'allowancesCharges.0.reasonCode'],
    ['an allowance code on a charge', [{ ...FUEL, reasonCode: '95' }], 'allowancesCharges.0.reasonCode'],
    ['a code of no list', [{ ...LOYALTY, reasonCode: '99' }], 'allowancesCharges.0.reasonCode'],
    ['neither reason nor code', [{ charge: true, amount: 3, tax: 0.19 }], 'allowancesCharges.0.reason'],
    ['a reason of 201 characters', [{ ...FUEL, reason: 'x'.repeat(201) }], 'allowancesCharges.0.reason'],
    ['an unknown field', [{ ...FUEL, discount: 1 }], 'allowancesCharges.0.discount'],
    ['an unknown VAT category', [{ ...FUEL, vatCategory: 'X' }], 'allowancesCharges.0.vatCategory'],
    ['21 items', Array.from({ length: 21 }, () => FUEL), 'allowancesCharges'],
  ];
  for (const [name, allowancesCharges, path] of bad) {
    test(name, async () => {
      for (const collection of ['invoices', 'offers']) {
        assertProblem(
          await req('POST', `/v2/${collection}/`, a.headers, {
            customerId,
            positions: [pos(1, 10, 0.19)],
            allowancesCharges,
          }),
          400,
          path,
        );
      }
    });
  }
  test('20 items are fine; a PATCH is checked the same way', async () => {
    const id = await draft('invoices', {
      customerId,
      positions: [pos(1, 10, 0.19)],
      allowancesCharges: Array.from({ length: 20 }, () => FUEL),
    });
    // 10.00 + 20 × 12.50 = 260.00; VAT 49.40; gross 309.40
    assert.equal((await get('invoices', id)).grossAmount, 309.4);
    assertProblem(
      await req('PATCH', `/v2/invoices/${id}`, a.headers, { allowancesCharges: [{ ...LOYALTY, amount: 1 }] }),
      400,
      'allowancesCharges.0.amount',
    );
  });
});

describe('cancellation and offers', () => {
  test('a cancellation mirrors allowances and charges with negated amounts and totals', async () => {
    const id = await draft('invoices', {
      customerId,
      positions: [pos(1, 1234.56, 0.19)],
      allowancesCharges: [LOYALTY, FUEL],
    });
    await issue('invoices', id);
    const { _id: stornoId } = await ok('POST', `/v2/invoices/${id}/cancel`, a.headers);
    const storno = await get('invoiceStornos', stornoId);
    // invoice: base 1234.56 → 61.73; S19 1234.56 − 61.73 + 12.50 = 1185.33 → 225.2127 → 225.21; gross 1410.54
    assert.deepEqual(totals(storno), {
      line: -1234.56,
      allowance: -61.73,
      charge: -12.5,
      net: -1185.33,
      tax: -225.21,
      gross: -1410.54,
    });
    assert.deepEqual(storno.vatBreakdown, [{ category: 'S', rate: 19, taxableAmount: -1185.33, taxAmount: -225.21 }]);
    assert.deepEqual(storno.allowancesCharges, [
      { ...LOYALTY, baseAmount: -1234.56, amount: -61.73, vatCategory: 'S' },
      { ...FUEL, amount: -12.5, vatCategory: 'S' },
    ]);
  });

  test('an offer turned into an invoice carries its allowances and charges', async () => {
    const offerId = await draft('offers', {
      customerId,
      positions: [pos(4, 50, 0.19), pos(1, 100, 0.19, { isOptional: true })],
      allowancesCharges: [
        { charge: false, reason: 'Rabatt', percent: 10, tax: 0.19 },
        { charge: true, reason: 'Anfahrt', reasonCode: 'SAA', amount: 15, tax: 0.19 },
      ],
    });
    // lines 4 × 50.00 = 200.00 (the optional 100.00 not counted, not in the base); 10 % = 20.00
    // S19 200 − 20 + 15 = 195.00; VAT 37.05; gross 232.05
    const expected = { line: 200, allowance: 20, charge: 15, net: 195, tax: 37.05, gross: 232.05 };
    assert.deepEqual(totals(await get('offers', offerId)), expected);
    await issue('offers', offerId);
    await ok('POST', `/v2/offers/${offerId}/accept`, a.headers);
    const { _id: invoiceId } = await ok('POST', `/v2/offers/${offerId}/invoice`, a.headers);
    const invoice = await get('invoices', invoiceId);
    assert.deepEqual(totals(invoice), expected);
    assert.deepEqual(
      invoice.allowancesCharges.map((x: Record<string, Json>) => [x.charge, x.reason, x.amount]),
      [
        [false, 'Rabatt', 20],
        [true, 'Anfahrt', 15],
      ],
    );
  });
});

describe('partial and final invoices', () => {
  const partials: Record<string, string> = {};
  const pay = (invoiceId: string, amount: number, date = TODAY) =>
    ok('POST', '/v2/payments/', a.headers, { invoiceId, amount, date }, 201);
  before(async () => {
    partials.first = await draft('invoices', { customerId, invoiceType: 'partial', positions: [pos(1, 1000, 0.19)] }); // gross 1190.00
    partials.second = await draft('invoices', { customerId, invoiceType: 'partial', positions: [pos(1, 500, 0.19)] }); // gross 595.00
    await issue('invoices', partials.first);
    await issue('invoices', partials.second);
  });
  const final = (partialInvoiceIds: string[], more: Record<string, unknown> = {}) => ({
    customerId,
    invoiceType: 'final',
    partialInvoiceIds,
    positions: [pos(1, 3000, 0.19)],
    ...more,
  }); // gross 3570.00

  test('references that are not issued partial invoices of the customer are refused', async () => {
    const draftPartial = await draft('invoices', { customerId, invoiceType: 'partial', positions: [pos(1, 10, 0.19)] });
    const standard = await draft('invoices', { customerId, positions: [pos(1, 10, 0.19)] });
    await issue('invoices', standard);
    const otherCustomer = await createBuyer(t.app, a.headers, { name: 'Andere GmbH' });
    const foreign = await draft('invoices', {
      customerId: otherCustomer,
      invoiceType: 'partial',
      positions: [pos(1, 10, 0.19)],
    });
    await issue('invoices', foreign);
    assertProblem(await req('POST', '/v2/invoices/', a.headers, final([partials.first!, draftPartial])), 409);
    assertProblem(await req('POST', '/v2/invoices/', a.headers, final([standard])), 400, 'partialInvoiceIds.0');
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, final([partials.first!, foreign])),
      400,
      'partialInvoiceIds.1',
    );
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, final([partials.first!, partials.first!])),
      400,
      'partialInvoiceIds.1',
    );
    assertProblem(await req('POST', '/v2/invoices/', a.headers, final([])), 400, 'partialInvoiceIds');
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, final([partials.first!], { invoiceType: 'standard' })),
      400,
      'partialInvoiceIds',
    );
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, final([partials.first!], { invoiceType: 'closing' })),
      400,
      'invoiceType',
    );
    assertProblem(
      await req('POST', '/v2/invoices/', a.headers, final(Array.from({ length: 51 }, () => partials.first!))),
      400,
      'partialInvoiceIds',
    );
  });

  test("prepaid = the partial invoices' gross, amount due = gross − prepaid; cancelled, the partials are free again; paid against the amount due", async () => {
    const first = await draft('invoices', final([partials.first!, partials.second!]));
    const [p1, p2] = await Promise.all([get('invoices', partials.first!), get('invoices', partials.second!)]);
    let d = await get('invoices', first);
    // gross 3000.00 × 1.19 = 3570.00; prepaid 1190.00 + 595.00 = 1785.00; due 3570.00 − 1785.00 = 1785.00
    assert.deepEqual([d.invoiceType, d.grossAmount, d.prepaidAmount, d.amountDue], ['final', 3570, 1785, 1785]);
    assert.deepEqual(d.partialInvoices, [
      { number: p1.documentNumber, date: p1.documentDate },
      { number: p2.documentNumber, date: p2.documentDate },
    ]);
    // A partial invoice is settled by one final invoice only, even a draft one.
    assertProblem(await req('POST', '/v2/invoices/', a.headers, final([partials.second!])), 409);
    // Nor is a settled partial invoice cancelled under it.
    assertProblem(await req('POST', `/v2/invoices/${partials.first}/cancel`, a.headers), 409);
    await issue('invoices', first);
    assert.equal((await get('invoices', first)).openAmount, 1785);
    const { _id: stornoId } = await ok('POST', `/v2/invoices/${first}/cancel`, a.headers);
    const storno = await get('invoiceStornos', stornoId);
    assert.deepEqual([storno.grossAmount, storno.prepaidAmount, storno.amountDue], [-3570, -1785, -1785]);
    // Only the first partial now; the final invoice asks 3570.00 − 1190.00 = 2380.00.
    const second = await draft('invoices', final([partials.first!]));
    d = await get('invoices', second);
    assert.deepEqual([d.prepaidAmount, d.amountDue], [1190, 2380]);
    // Switched back to a standard invoice, the final fields go.
    await ok('PATCH', `/v2/invoices/${second}`, a.headers, { invoiceType: 'standard', partialInvoiceIds: null });
    d = await get('invoices', second);
    assert.deepEqual(
      [d.invoiceType, d.prepaidAmount, d.amountDue, d.partialInvoices],
      ['standard', undefined, undefined, []],
    );
    await ok('PATCH', `/v2/invoices/${second}`, a.headers, {
      invoiceType: 'final',
      partialInvoiceIds: [partials.first, partials.second],
    });
    await issue('invoices', second);
    await pay(second, 785);
    d = await get('invoices', second);
    assert.deepEqual([d.state, d.paidAmount, d.openAmount], ['partially_paid', 785, 1000]);
    await pay(second, 1000);
    d = await get('invoices', second);
    assert.deepEqual([d.state, d.paidAmount, d.openAmount, d.overpaidAmount], ['paid', 1785, 0, 0]);
  });
});

describe('skonto base', () => {
  let skontoCustomer: string;
  before(async () => {
    const term = (
      await ok(
        'POST',
        '/v2/paymentTerms/',
        a.headers,
        { name: '30 Tage netto, 2 % Skonto binnen 10 Tagen', netDays: 30, skontoPercentage: 2, skontoDays: 10 },
        201,
      )
    )._id;
    skontoCustomer = await createBuyer(t.app, a.headers, { name: 'Skonto GmbH', paymentTermId: term });
  });
  const POSITIONS = [
    pos(1, 1000, 0.19),
    pos(1, 200, 0.19, { title: 'Entsorgungsgebühr', skontoExcluded: true }),
    pos(1, 100, 0.07),
  ];
  // S19 1200.00 → 228.00; S7 100.00 → 7.00; gross 1535.00
  // skonto base: S19 (1200.00 − 200.00) × 1.19 = 1190.00; S7 100.00 × 1.07 = 107.00; 1297.00
  // skonto 2 % of 1297.00 = 25.94; to pay with skonto 1535.00 − 25.94 = 1509.06

  test('only with an excluded position; follows the positions', async () => {
    const id = await draft('invoices', { customerId: skontoCustomer, positions: POSITIONS });
    let d = await get('invoices', id);
    assert.deepEqual([d.grossAmount, d.skontoBaseAmount], [1535, 1297]);
    assert.equal(d.positions[1].skontoExcluded, true);
    await ok('PATCH', `/v2/invoices/${id}`, a.headers, {
      positions: POSITIONS.map(({ skontoExcluded: _s, ...p }: Record<string, unknown>) => p),
    });
    d = await get('invoices', id);
    assert.deepEqual([d.grossAmount, d.skontoBaseAmount], [1535, undefined]);
  });

  test('a payment within the skonto days applies 2 % of the skonto base, not of the gross', async () => {
    const documentDate = addDays(TODAY, -5);
    const make = async () => {
      const id = await draft('invoices', { customerId: skontoCustomer, documentDate, positions: POSITIONS });
      await issue('invoices', id);
      return id;
    };
    const withSkonto = await make();
    await ok('POST', '/v2/payments/', a.headers, { invoiceId: withSkonto, amount: 1509.06, date: TODAY }, 201);
    let d = await get('invoices', withSkonto);
    assert.deepEqual([d.state, d.skontoApplied, d.skontoAmount, d.openAmount], ['paid', true, 25.94, 0]);
    // 2 % of the gross would be 30.70 (1504.30 to pay): not enough here, 1535.00 − 1504.30 = 30.70 stays open.
    const tooLittle = await make();
    await ok('POST', '/v2/payments/', a.headers, { invoiceId: tooLittle, amount: 1504.3, date: TODAY }, 201);
    d = await get('invoices', tooLittle);
    assert.deepEqual([d.state, d.skontoApplied, d.openAmount], ['partially_paid', false, 30.7]);
  });
});
