// The printed documents over HTTP: the PDF (its text read back), ZUGFeRD / Factur-X (a PDF/A-3
// that embeds the CII XML), and tenant isolation of every rendering.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp, Tenant } from '../helpers/test-app.js';
import { assertProblem, http, pdfStreams, pdfTextRuns } from './invoicing-helpers.js';
import { blocks, first, pos, renderingFixture, section } from './rendering-fixture.js';

let t: TestApp;
const { req, ok, raw } = http(() => t.app);
let a: Tenant;
let other: Tenant;
let customerId: string;
let id: Record<string, string>;

before(async () => {
  ({ t, a, other, customerId, id } = await renderingFixture());
});
after(async () => {
  await t.close();
});

describe('PDF', () => {
  test('a draft has no PDF (409)', async () => {
    assertProblem(await req('GET', `/v2/invoices/${id.draft}/pdf`, a.headers), 409);
    assertProblem(await req('GET', `/v2/invoices/${id.draft}/xrechnung`, a.headers), 409);
    assertProblem(await req('GET', `/v2/invoices/${id.draft}/zugferd`, a.headers), 409);
  });

  test('an issued invoice is a PDF with letterhead, buyer, positions, VAT breakdown, totals, payment terms and bank details', async () => {
    const res = await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], 'inline; filename="RE-2026-00001.pdf"');
    assert.ok(res.bytes.length > 1000, `${res.bytes.length} bytes`);
    assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(res.bytes.subarray(-32).toString('latin1'), /startxref\s+\d+\s+%%EOF\s*$/);
    const runs = pdfTextRuns(res.bytes);
    const text = runs.join('\n');
    for (const expected of [
      'Glanz & Co. Gebäudereinigung GmbH', 'Hauptstraße 1 · 10115 Berlin', 'Stadt Musterhausen', 'Rathausplatz 2', '12345 Musterhausen',
      'Nummer: RE-2026-00001', 'Datum: 15.11.2026', 'Kundennummer: D-1001', 'Fällig am: 29.11.2026', 'Leistungszeitraum: 01.10.2026 – 31.10.2026',
      'Leitweg-ID: 04011000-12345-67', 'Rechnung RE-2026-00001',
      'Leistungen Oktober', 'Unterhaltsreinigung', '1.234', 'm²', '101,81 €', '2,5', 'h', '40,00 €', '90,00 €',
      '33,33 €', '84,99 €', 'Teppichreinigung (optional)', '99,00 €', 'Bauendreinigung', '35,00 €', '350,00 €',
      'Nettobetrag', '689,30 €', 'USt 19 % auf 301,80 €', '57,34 €', 'USt 7 % auf 37,50 €', '2,63 €', 'AE: 350,00 € ohne USt',
      'Gesamtbetrag', '749,27 €', 'Steuerschuldnerschaft des Leistungsempfängers (§13b UStG).', 'Zahlungsbedingungen: 14 days net',
    ]) assert.ok(runs.includes(expected) || text.includes(expected), `the PDF shows "${expected}":\n${text}`);
    const footer = text.replace(/\n/g, ' ');
    for (const expected of ['USt-IdNr. DE123456789', 'DKB', 'IBAN DE02120300000000202051', 'BIC BYLADEM1001']) assert.ok(footer.includes(expected), `footer has ${expected}`);
  });

  test('a unit price with more than two decimals is printed in full', async () => {
    const runs = pdfTextRuns((await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers)).bytes);
    assert.ok(runs.some((r) => /^0,0825\s?€$/.test(r)), runs.join(' | '));
    assert.ok(!runs.includes('0,08 €'), 'no rounded unit price');
  });

  test('a discount is printed as "(−10 %)"', async () => {
    const runs = pdfTextRuns((await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers)).bytes);
    assert.ok(runs.some((r) => /^Glasreinigung \((?:-|–|−)10 %\)$/.test(r)), runs.filter((r) => r.startsWith('Glas')).map((r) => JSON.stringify(r)).join(' | '));
    assert.ok(runs.some((r) => /^Sonderreinigung \((?:-|–|−)15 %\)$/.test(r)));
  });

  test('a short invoice is one page with its footer (VAT id, bank details) on it', async () => {
    const res = await raw(`/v2/credits/${id.credit}/pdf`, a.headers); // one position
    const pages = res.bytes.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
    const contents = pdfStreams(res.bytes).map((s) => s.toString('latin1')).filter((s) => /\bTJ\b/.test(s));
    assert.equal(pages.length, 1, `${pages.length} pages, text on them: ${contents.map((c) => pdfTextRuns(Buffer.from(`stream\n${c}\nendstream`, 'latin1')).join(' | ')).join(' || ')}`);
  });

  test('the totals list only the VAT categories the invoice has', async () => {
    const runs = pdfTextRuns((await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers)).bytes);
    assert.ok(!runs.some((r) => r.startsWith('Z:')), runs.filter((r) => r.startsWith('Z:')).join(' | '));
  });

  test('cancellation, credit and reverse-charge invoice render to PDF', async () => {
    for (const [url, title] of [
      [`/v2/invoiceStornos/${id.storno}/pdf`, `Stornorechnung ${id.stornoNumber}`],
      [`/v2/credits/${id.credit}/pdf`, 'Gutschrift GS-2026-00001'],
      [`/v2/invoices/${id.reverse}/pdf`, 'Rechnung RE-2026-00002'],
    ]) {
      const res = await raw(url!, a.headers);
      assert.equal(res.status, 200, url);
      assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      const runs = pdfTextRuns(res.bytes);
      assert.ok(runs.includes(title!), `${url} shows ${title}: ${runs.join(' | ')}`);
    }
    const storno = pdfTextRuns((await raw(`/v2/invoiceStornos/${id.storno}/pdf`, a.headers)).bytes);
    assert.ok(storno.includes('zu Rechnung: RE-2026-00003'), storno.join(' | '));
    assert.ok(storno.includes('-44,63 €') || storno.includes('−44,63 €'), storno.join(' | '));
  });
});

describe('ZUGFeRD / Factur-X', () => {
  test('a PDF/A-3 that embeds the CII XML (profile XRECHNUNG, attachment xrechnung.xml)', async () => {
    const res = await raw(`/v2/invoices/${id.invoice}/zugferd`, a.headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], 'inline; filename="RE-2026-00001-zugferd.pdf"');
    assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(res.bytes.subarray(-32).toString('latin1'), /%%EOF\s*$/);
    const rawText = res.bytes.toString('latin1');
    assert.ok(rawText.includes('factur-x'), 'names factur-x');
    // The XRECHNUNG profile of ZUGFeRD 2.x names the attachment xrechnung.xml (the other profiles factur-x.xml).
    assert.match(rawText, /\/Type\s*\/Filespec\s*\/F\s*\(xrechnung\.xml\)[^]*?\/AFRelationship\s*\/Alternative/);
    assert.match(rawText, /\/Type\s*\/EmbeddedFile\s*\/Subtype\s*\/text#2Fxml/);
    const streams = pdfStreams(res.bytes).map((s) => s.toString('utf8'));
    const embedded = streams.find((s) => s.includes('<rsm:CrossIndustryInvoice'));
    assert.ok(embedded, 'a stream holds the CII XML');
    assert.equal(first(section(embedded, 'rsm:ExchangedDocument'), 'ram:ID'), 'RE-2026-00001');
    assert.equal(first(embedded, 'ram:GrandTotalAmount'), '749.27');
    assert.equal(first(embedded, 'ram:BuyerReference'), '04011000-12345-67');
    const metadata = streams.find((s) => s.includes('<x:xmpmeta') || s.includes('pdfaid:part'));
    assert.ok(metadata, 'XMP metadata');
    assert.match(metadata, /pdfaid:part[^0-9]{0,3}3/);
    assert.match(metadata, /ConformanceLevel[^A-Z]{0,3}XRECHNUNG/);
    assert.match(metadata, /DocumentFileName[^a-z]{0,3}xrechnung\.xml/);
    assert.match(metadata, /urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#/);
    assert.match(rawText, /\/AFRelationship\s*\/Alternative/);
    // The visible page is our invoice.
    assert.ok(pdfTextRuns(res.bytes).includes('Rechnung RE-2026-00001'));
  });

  test('a cancellation and a credit render to ZUGFeRD too', async () => {
    for (const url of [`/v2/invoiceStornos/${id.storno}/zugferd`, `/v2/credits/${id.credit}/zugferd`]) {
      const res = await raw(url, a.headers);
      assert.equal(res.status, 200, url);
      assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok(pdfStreams(res.bytes).some((s) => s.includes('CrossIndustryInvoice')), url);
    }
  });
});

describe('tenant isolation', () => {
  test('another company gets 404 for the documents, their renderings and their actions', async () => {
    const urls = [
      `/v2/invoices/${id.invoice}`, `/v2/invoices/${id.invoice}/pdf`, `/v2/invoices/${id.invoice}/xrechnung`,
      `/v2/invoices/${id.invoice}/xrechnung?syntax=cii`, `/v2/invoices/${id.invoice}/zugferd`,
      `/v2/invoiceStornos/${id.storno}`, `/v2/invoiceStornos/${id.storno}/pdf`, `/v2/invoiceStornos/${id.storno}/xrechnung`, `/v2/invoiceStornos/${id.storno}/zugferd`,
      `/v2/credits/${id.credit}`, `/v2/credits/${id.credit}/pdf`, `/v2/credits/${id.credit}/xrechnung`, `/v2/credits/${id.credit}/zugferd`,
      `/v2/invoices/${id.draft}`, `/v2/invoices/${id.draft}/pdf`,
    ];
    for (const url of urls) assertProblem(await req('GET', url, other.headers), 404);
    assertProblem(await req('POST', `/v2/invoices/${id.draft}/issue`, other.headers), 404);
    assertProblem(await req('POST', `/v2/invoices/${id.reverse}/cancel`, other.headers), 404);
    assertProblem(await req('PATCH', `/v2/invoices/${id.draft}`, other.headers, { title: 'x' }), 404);
    assertProblem(await req('DELETE', `/v2/invoices/${id.draft}`, other.headers), 404);
    assertProblem(await req('POST', '/v2/payments/', other.headers, { invoiceId: id.reverse, amount: 10, date: '2026-11-20' }), 400, 'invoiceId');
    assert.deepEqual(await ok('GET', '/v2/invoices/', other.headers), []);
    assert.deepEqual(await ok('GET', '/v2/invoiceStornos/', other.headers), []);
    // The other company numbers its own invoices from 1 and its customer is not ours.
    assertProblem(await req('POST', '/v2/invoices/', other.headers, { customerId, positions: [pos(1, 10, 0.19)] }), 400, 'customerId');
    const theirCustomer = (await ok('POST', '/v2/customers/', other.headers, { name: 'Theirs' }, 201))._id;
    const theirs = (await ok('POST', '/v2/invoices/', other.headers, { customerId: theirCustomer, documentDate: '2026-11-20', positions: [pos(1, 10, 0.19)] }, 201))._id;
    assert.equal((await ok('POST', `/v2/invoices/${theirs}/issue`, other.headers)).documentNumber, 'RE-2026-00001');
    // And our documents are unchanged and still ours.
    assert.equal((await ok('GET', `/v2/invoices/${id.draft}`, a.headers)).state, 'draft');
    assert.equal((await ok('GET', `/v2/invoices/${id.reverse}`, a.headers)).state !== 'cancelled', true);
  });
});
