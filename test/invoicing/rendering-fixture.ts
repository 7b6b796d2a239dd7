// The documents both rendering suites look at: one company with full seller data, a public buyer
// (Leitweg-ID), an invoice with mixed VAT (19 %, 7 %, reverse charge, a heading and an optional
// line), a reverse-charge invoice, a cancelled invoice with its cancellation, and a credit; and a
// second company for tenant isolation. The amounts are worked by hand below.
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { SELLER } from '../helpers/invoicing-fixtures.js';
import { http } from './invoicing-helpers.js';

export { SELLER };
export const pos = (quantity: number, price: number, tax: number, more: Record<string, unknown> = {}) => ({
  title: 'Cleaning',
  quantity,
  price,
  tax,
  ...more,
});

// Worked by hand (see documents-lifecycle.test.ts): 19 % lines 101.81 + 90.00 + 84.99 + 12.50 + 12.50
// = 301.80, VAT 57.342 → 57.34; 7 %: 37.50, VAT 2.625 → 2.63; AE 350.00; net 689.30, VAT 59.97,
// gross 749.27. The heading and the optional line are not e-invoice lines: lines 1..7.
export const POSITIONS = [
  { type: 'TEXT', title: 'Leistungen Oktober', quantity: 0, price: 0, tax: 0.19 },
  pos(1234, 0.0825, 0.19, { title: 'Unterhaltsreinigung', unit: 'm²' }),
  pos(2.5, 40, 0.19, { title: 'Glasreinigung', unit: 'h', discount: 0.1 }),
  pos(3, 33.33, 0.19, { title: 'Sonderreinigung', discount: 0.15 }),
  pos(1, 12.5, 0.19, { title: 'Material A' }),
  pos(2, 6.25, 0.19, { title: 'Material B' }),
  pos(3, 12.5, 0.07, { title: 'Fachbuch', unit: 'Stk' }),
  pos(1, 99, 0.19, { title: 'Teppichreinigung', isOptional: true }),
  pos(10, 35, 0.19, { title: 'Bauendreinigung', unit: 'h', vatCategory: 'AE' }),
];

/** The text of the first element `name` in `xml` (after `from`, when given). */
export function first(xml: string, name: string, from = ''): string | undefined {
  const start = from ? xml.indexOf(from) : 0;
  assert.ok(start >= 0, `${from} in the XML`);
  return new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`).exec(xml.slice(start))?.[1];
}
/** The blocks `<name>…</name>` of `xml`. */
export const blocks = (xml: string, name: string) => xml.match(new RegExp(`<${name}>[\\s\\S]*?</${name}>`, 'g')) ?? [];
export const section = (xml: string, name: string) => {
  const b = blocks(xml, name);
  assert.equal(b.length, 1, `one ${name}`);
  return b[0]!;
};

export interface RenderingFixture {
  t: TestApp;
  a: Tenant;
  other: Tenant;
  customerId: string;
  id: Record<string, string>;
}

/** Creates the app, the companies and the documents; close with `fixture.t.close()`. */
export async function renderingFixture(): Promise<RenderingFixture> {
  const t = await createTestApp();
  const { ok } = http(() => t.app);
  const id: Record<string, string> = {};
  const a = await signup(t.app, 'Render');
  const other = await signup(t.app, 'Other');
  await ok('PATCH', '/v2/company/invoicingSettings', a.headers, { seller: SELLER });
  const customerId = (
    await ok(
      'POST',
      '/v2/customers/',
      a.headers,
      {
        name: 'Stadt Musterhausen',
        address: { street: 'Rathausplatz 2', zip: '12345', city: 'Musterhausen', country: 'DE' },
        vatNumber: 'DE987654321',
        buyerReference: '04011000-12345-67',
        debitorNumber: 'D-1001',
        orderReferenceId: 'PO-4711',
        contact: { email: 'ap@musterhausen.example' },
      },
      201,
    )
  )._id;
  id.invoice = (
    await ok(
      'POST',
      '/v2/invoices/',
      a.headers,
      {
        customerId,
        documentDate: '2026-11-15',
        servicePeriod: { from: '2026-10-01', to: '2026-10-31' },
        positions: POSITIONS,
      },
      201,
    )
  )._id;
  id.draft = (await ok('POST', '/v2/invoices/', a.headers, { customerId, positions: [pos(1, 10, 0.19)] }, 201))._id;
  assert.equal((await ok('POST', `/v2/invoices/${id.invoice}/issue`, a.headers)).documentNumber, 'RE-2026-00001');
  // Reverse charge only: 8 h × 45.00 = 360.00, no VAT.
  id.reverse = (
    await ok(
      'POST',
      '/v2/invoices/',
      a.headers,
      {
        customerId,
        documentDate: '2026-11-16',
        positions: [pos(8, 45, 0.19, { title: 'Bauendreinigung §13b', unit: 'h', vatCategory: 'AE' })],
      },
      201,
    )
  )._id;
  assert.equal((await ok('POST', `/v2/invoices/${id.reverse}/issue`, a.headers)).documentNumber, 'RE-2026-00002');
  // Cancelled: 3 × 12.50 at 19 % = 37.50 + 7.13 = 44.63.
  id.cancelled = (
    await ok(
      'POST',
      '/v2/invoices/',
      a.headers,
      { customerId, documentDate: '2026-11-17', positions: [pos(3, 12.5, 0.19, { unit: 'h' })] },
      201,
    )
  )._id;
  assert.equal((await ok('POST', `/v2/invoices/${id.cancelled}/issue`, a.headers)).documentNumber, 'RE-2026-00003');
  const storno = await ok('POST', `/v2/invoices/${id.cancelled}/cancel`, a.headers);
  id.storno = storno._id;
  id.stornoNumber = storno.documentNumber;
  id.credit = (
    await ok(
      'POST',
      '/v2/credits/',
      a.headers,
      { customerId, creditedInvoiceId: id.invoice, documentDate: '2026-11-18', positions: [pos(1, 20, 0.19)] },
      201,
    )
  )._id;
  await ok('POST', `/v2/credits/${id.credit}/issue`, a.headers);
  return { t, a, other, customerId, id };
}
