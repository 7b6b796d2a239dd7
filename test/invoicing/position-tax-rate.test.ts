// A billing position's taxRate is the spec's TaxRate (a copy of a tax-rate record), typed in the
// document's schema and in the OpenAPI document instead of a free object.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { createBuyer } from '../helpers/invoicing-fixtures.js';
import { assertProblem, http } from './invoicing-helpers.js';

let t: TestApp;
const { req, ok } = http(() => t.app);
let a: Tenant;
let customerId: string;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Tax rate copies');
  customerId = await createBuyer(t.app, a.headers);
});
after(() => t.close());

const position = (taxRate: unknown) => ({ title: 'Reinigung', quantity: 1, price: 10, tax: 0.19, taxRate });

describe("a position's taxRate", () => {
  test('a tax-rate record as GET answers it is taken as the copy and read back', async () => {
    const created = await ok('POST', '/v2/taxRates/', a.headers, { type: 'VAT', rate: 0.19, default: true }, 201);
    const record = await ok('GET', `/v2/taxRates/${created._id}`, a.headers);
    const id = (await ok('POST', '/v2/invoices/', a.headers, { customerId, positions: [position(record)] }, 201))._id;
    const invoice = await ok('GET', `/v2/invoices/${id}`, a.headers);
    assert.equal(invoice.positions[0].taxRate.rate, 0.19);
    assert.equal(invoice.positions[0].taxRate._id, record._id);
  });

  test('an unknown field, a rate outside 0..1 or a copy without a rate is refused with the field named', async () => {
    for (const taxRate of [{ rate: 0.19, colour: 'red' }, { rate: 19 }, { type: 'VAT' }]) {
      const res = await req('POST', '/v2/invoices/', a.headers, { customerId, positions: [position(taxRate)] });
      assertProblem(res, 400);
      assert.match(JSON.stringify(res.body.errors), /taxRate/, JSON.stringify(taxRate));
    }
  });

  test('the OpenAPI document types it with the spec fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
    const text = JSON.stringify(doc.components.schemas);
    assert.doesNotMatch(text, /"taxRate":\{[^{}]*"additionalProperties":true/, 'no free taxRate');
    assert.match(text, /"taxRate":\{[^{}]*"properties":\{"type":/);
  });
});
