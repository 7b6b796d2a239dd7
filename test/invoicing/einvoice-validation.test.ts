// Every e-invoice the API hands out passes the official validation (XML Schema, EN 16931 and
// XRechnung 3.0 schematron, KoSIT acceptance): a matrix of documents (invoice, credit note,
// cancellation, partial and final invoice; each VAT category; two rates; long texts with XML
// specials and umlauts; allowances and charges; skonto) created and issued over HTTP, each
// rendered as XRechnung UBL, XRechnung CII and ZUGFeRD (the CII inside the PDF), and all validated
// in one run together with a KoSIT test case as positive control.
// test-run: own process (it waits on the validation's JVM runs; scripts/test-schedule.mjs)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp } from '../helpers/test-app.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { attachedXml, CONTROL_FILE, skipUnlessValidation, validateBatch } from '../helpers/einvoice-validator.js';
import { http } from './invoicing-helpers.js';

// The rendering does not depend on the database: the matrix runs once, on the PGlite suite.
const skip = process.env.TEST_DATABASE_URL
  ? 'the e-invoice validation matrix runs once per CI run, on the PGlite suite (rendering does not depend on the database)'
  : skipUnlessValidation();

let t: TestApp;
const { ok, raw } = http(() => t.app);
let headers: Record<string, string>;
const DATE = '2026-11-15';
const PERIOD = { from: '2026-10-01', to: '2026-10-31' };
const pos = (title: string, quantity: number, price: number, tax: number, more: Record<string, unknown> = {}) => ({
  title,
  quantity,
  price,
  tax,
  ...more,
});
const SPECIALS = 'Fenster & Rahmen <innen> "Süd" \'Nord\' – Größe, Übermaß, Äußeres, öffentlich, Straße';

/** Document name → its collection and id, for every issued document of the matrix. */
const documents: Record<string, { collection: string; id: string }> = {};

before(async () => {
  if (skip) return;
  t = await createTestApp();
  const a = await signup(t.app, 'EInvoice');
  await setUpSeller(t.app, a.headers);
  const h = a.headers;
  headers = h;
  const de = await createBuyer(t.app, h, { debitorNumber: 'D-2001' });
  const publicBuyer = await createBuyer(t.app, h, {
    name: 'Stadt Musterhausen',
    buyerReference: '04011000-12345-67',
    orderReferenceId: 'PO-4711',
  });
  const at = await createBuyer(t.app, h, {
    name: 'Wiener Büro GmbH',
    address: { street: 'Ringstraße 1', zip: '1010', city: 'Wien', country: 'AT' },
    vatNumber: 'ATU12345678',
  });
  const ch = await createBuyer(t.app, h, {
    name: 'Zürcher Handels AG',
    address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', country: 'CH' },
    vatNumber: undefined,
  });
  const viennaObject = (
    await ok(
      'POST',
      '/v2/objects/',
      h,
      {
        name: 'Filiale Wien',
        customerId: at,
        address: { street: 'Mariahilfer Straße 5', zip: '1060', city: 'Wien', country: 'AT' },
      },
      201,
    )
  )._id;
  const skonto = (
    await ok(
      'POST',
      '/v2/paymentTerms/',
      h,
      { name: '30 Tage netto, 2 % Skonto binnen 10 Tagen', netDays: 30, skontoPercentage: 2, skontoDays: 10 },
      201,
    )
  )._id;

  const issue = async (name: string, collection: string, body: Record<string, unknown>) => {
    const id = (await ok('POST', `/v2/${collection}/`, h, { documentDate: DATE, ...body }, 201))._id;
    await ok('POST', `/v2/${collection}/${id}/issue`, h);
    documents[name] = { collection, id };
    return id;
  };
  const s19 = await issue('invoice-S', 'invoices', {
    customerId: de,
    servicePeriod: PERIOD,
    positions: [pos('Unterhaltsreinigung', 1234, 0.0825, 0.19, { unit: 'm²' })],
  });
  await issue('invoice-S-19-7', 'invoices', {
    customerId: publicBuyer,
    positions: [
      pos('Glasreinigung', 2.5, 40, 0.19, { unit: 'h', discount: 0.1 }),
      pos('Fachbuch', 3, 12.5, 0.07, { unit: 'Stk' }),
    ],
  });
  await issue('invoice-Z', 'invoices', {
    customerId: de,
    positions: [pos('Nullsatz-Leistung', 1, 100, 0, { vatCategory: 'Z' })],
  });
  await issue('invoice-E', 'invoices', {
    customerId: de,
    positions: [pos('Steuerfreie Leistung', 2, 50, 0, { vatCategory: 'E' })],
  });
  await issue('invoice-AE', 'invoices', {
    customerId: de,
    positions: [pos('Bauendreinigung §13b', 8, 45, 0.19, { unit: 'h', vatCategory: 'AE' })],
  });
  await issue('invoice-K', 'invoices', {
    customerId: at,
    objectId: viennaObject,
    servicePeriod: PERIOD,
    positions: [pos('Reinigung Filiale Wien', 10, 30, 0, { unit: 'h', vatCategory: 'K' })],
  });
  await issue('invoice-G', 'invoices', {
    customerId: ch,
    positions: [pos('Reinigungsmaschine (Ausfuhr)', 1, 2500, 0, { vatCategory: 'G' })],
  });
  await issue('invoice-O', 'invoices', {
    customerId: de,
    positions: [pos('Durchlaufender Posten', 1, 80, 0, { vatCategory: 'O' })],
  });
  await issue('invoice-texts', 'invoices', {
    customerId: de,
    title: SPECIALS,
    introText: `${SPECIALS}\n${'Sehr geehrte Damen & Herren, '.repeat(60)}`,
    closingText: `Mit freundlichen Grüßen <Glanz & Co.>\n${'ä'.repeat(500)}`,
    positions: [
      pos(SPECIALS, 1, 99.99, 0.19, { description: `${SPECIALS}\n${'Treppenhaus, Keller & Dachboden; '.repeat(140)}` }),
    ],
  });
  await issue('invoice-allowance-charge', 'invoices', {
    customerId: de,
    positions: [pos('Unterhaltsreinigung', 20, 25, 0.19, { unit: 'h' }), pos('Fachbuch', 2, 20, 0.07)],
    allowancesCharges: [
      { charge: false, reason: 'Treuerabatt', reasonCode: '95', percent: 5, vatCategory: 'S', tax: 0.19 },
      { charge: true, reason: 'Kraftstoffzuschlag', reasonCode: 'FC', amount: 12.5, vatCategory: 'S', tax: 0.19 },
    ],
  });
  await issue('invoice-skonto', 'invoices', {
    customerId: de,
    paymentTermId: skonto,
    positions: [pos('Unterhaltsreinigung', 10, 30, 0.19, { unit: 'h' })],
  });
  await issue('invoice-skonto-base', 'invoices', {
    customerId: de,
    paymentTermId: skonto,
    positions: [
      pos('Unterhaltsreinigung', 10, 30, 0.19, { unit: 'h' }),
      pos('Entsorgungsgebühr', 1, 40, 0.19, { skontoExcluded: true }),
    ],
  });
  await issue('credit', 'credits', {
    customerId: de,
    creditedInvoiceId: s19,
    positions: [pos('Gutschrift Fehlstunde', 1, 50, 0.19)],
  });
  await issue('credit-negative', 'credits', {
    customerId: de,
    creditedInvoiceId: s19,
    positions: [pos('Gutschrift Minderleistung', -2, 25, 0.19, { unit: 'h' })],
  });
  const cancelled = await issue('cancelled-invoice', 'invoices', {
    customerId: de,
    positions: [pos('Glasreinigung', 3, 12.5, 0.19, { unit: 'h' }), pos('Fachbuch', 1, 10, 0.07)],
  });
  documents.cancellation = {
    collection: 'invoiceStornos',
    id: (await ok('POST', `/v2/invoices/${cancelled}/cancel`, h))._id,
  };
  const partial = await issue('invoice-partial', 'invoices', {
    customerId: de,
    invoiceType: 'partial',
    positions: [pos('1. Abschlag Bauendreinigung', 1, 1000, 0.19)],
  });
  const partial2 = await issue('invoice-partial-2', 'invoices', {
    customerId: de,
    invoiceType: 'partial',
    positions: [pos('2. Abschlag Bauendreinigung', 1, 500, 0.19)],
  });
  await issue('invoice-final', 'invoices', {
    customerId: de,
    invoiceType: 'final',
    partialInvoiceIds: [partial, partial2],
    positions: [pos('Bauendreinigung gesamt', 1, 3000, 0.19)],
  });
});
after(async () => {
  await t?.close();
});

test('every document as XRechnung UBL, XRechnung CII and ZUGFeRD is accepted by the official validation', {
  skip,
}, async (ctx) => {
  const files: Record<string, string> = {};
  for (const [name, { collection, id }] of Object.entries(documents)) {
    for (const syntax of ['ubl', 'cii']) {
      const res = await raw(`/v2/${collection}/${id}/xrechnung?syntax=${syntax}`, headers);
      assert.equal(res.status, 200, `${name} ${syntax}: ${res.body}`);
      files[`${name}.${syntax}`] = res.body;
    }
    const pdf = await raw(`/v2/${collection}/${id}/zugferd`, headers);
    assert.equal(pdf.status, 200, `${name} zugferd: ${pdf.body}`);
    files[`${name}.zugferd`] = attachedXml(pdf.bytes);
  }
  assert.ok(Object.keys(documents).length >= 19, 'the whole matrix was issued');
  const verdicts = await validateBatch(files, { 'kosit-control': CONTROL_FILE });
  assert.ok(
    verdicts['kosit-control']?.accept,
    `the KoSIT control case is accepted (the set-up works): ${JSON.stringify(verdicts['kosit-control'])}`,
  );
  for (const [name, v] of Object.entries(verdicts))
    if (v.warnings.length) ctx.diagnostic(`${name} warnings: ${v.warnings.join(', ')}`);
  const rejected = Object.entries(verdicts)
    .filter(([, v]) => !v.accept)
    .map(
      ([name, v]) =>
        `${name}: ${
          v.xsdValid
            ? ''
            : `XSD ${v.xsdMessages[0]
                ?.replace(/^.*?Schemas validity error : /, '')
                .replace(/\{[^}]*\}/g, '')
                .slice(0, 200)} `
        }${v.errors.join(', ')}`,
    );
  assert.deepEqual(rejected, [], `rejected files:\n${rejected.join('\n')}`);
  assert.equal(Object.keys(verdicts).length, Object.keys(documents).length * 3 + 1);
});
