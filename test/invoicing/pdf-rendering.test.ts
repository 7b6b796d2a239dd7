// The printed documents over HTTP: the PDF (its text read back with pdftotext), ZUGFeRD / Factur-X
// (a PDF/A-3 that embeds the CII XML), the company logo's routes, and tenant isolation of every
// rendering. The layout itself is tested on directly rendered documents in pdf-layout.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp, Tenant } from '../helpers/test-app.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createKey } from '../helpers/principals.js';
import { assertProblem, http, onPdfFile, pdfFonts, pdfLines, pdfText, pngImage } from './invoicing-helpers.js';
import { first, pos, renderingFixture, section } from './rendering-fixture.js';
import { PDF_TOOLS } from '../helpers/debian-tools.js';

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

  test('an issued invoice is a PDF with letterhead, buyer, positions, VAT breakdown, totals, payment terms and bank details', {
    skip: PDF_TOOLS,
  }, async () => {
    const res = await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(
      res.headers['content-disposition'],
      `inline; filename="RE-2026-00001.pdf"; filename*=UTF-8''RE-2026-00001.pdf`,
    );
    assert.ok(res.bytes.length > 1000, `${res.bytes.length} bytes`);
    assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(res.bytes.subarray(-32).toString('latin1'), /startxref\s+\d+\s+%%EOF\s*$/);
    const text = pdfLines(res.bytes).join('\n');
    for (const expected of [
      'Glanz & Co. Gebäudereinigung GmbH',
      'Hauptstraße 1 · 10115 Berlin',
      'Tel. +49 30 123456 · E-Mail rechnung@glanz.example',
      'Stadt Musterhausen',
      'Rathausplatz 2',
      '12345 Musterhausen',
      'Rechnungsnummer RE-2026-00001',
      'Datum 15.11.2026',
      'Kundennummer D-1001',
      'Fällig am 29.11.2026',
      'Leistungszeitraum 01.10.2026 – 31.10.2026',
      'Leitweg-ID 04011000-12345-67',
      'Ihre Bestellung PO-4711',
      'Rechnung RE-2026-00001',
      'Leistungen Oktober',
      '1 Unterhaltsreinigung 1.234 m² 0,0825 € 19 % 101,81 €',
      '2 Glasreinigung (-10 %) 2,5 h 40,00 € 19 % 90,00 €',
      '3 Sonderreinigung (-15 %) 3 33,33 € 19 % 84,99 €',
      '7 Teppichreinigung (optional) 1 99,00 € 19 % (99,00 €)',
      '8 Bauendreinigung 10 h 35,00 € AE 350,00 €',
      'Nettobetrag 689,30 €',
      'USt 19 % auf 301,80 € 57,34 €',
      'USt 7 % auf 37,50 € 2,63 €',
      'Leistungsempfängers (§ 13b UStG): 350,00 € 0,00 €',
      'Gesamtbetrag 749,27 €',
      'Zahlbar innerhalb von 14 Tagen ohne Abzug bis 29.11.2026.',
      'Geschäftsführer: Anna Glanz',
      'HRB 123456 B, Amtsgericht',
      'USt-IdNr. DE123456789',
      'DKB',
      'IBAN DE02120300000000202051',
      'BIC BYLADEM1001',
    ])
      assert.ok(text.includes(expected), `the PDF shows "${expected}":\n${text}`);
    assert.match(text, /^6 Fachbuch 3 Stk 12,50 € 7 ?% 37,50 €$/m); // pdftotext may not see the narrow space after a lone digit
    assert.doesNotMatch(text, /days net|Nullsatz/, 'German only, and only the VAT categories the invoice has');
  });

  test('a short invoice is one page with its footer (VAT id, bank details) and no page number', {
    skip: PDF_TOOLS,
  }, async () => {
    const res = await raw(`/v2/credits/${id.credit}/pdf`, a.headers); // one position
    const pages = pdfText(res.bytes)
      .split('\f')
      .filter((page) => page.trim());
    assert.equal(pages.length, 1, pages.join('\n---\n'));
    assert.ok(pages[0]!.includes('USt-IdNr. DE123456789') && pages[0]!.includes('IBAN DE02120300000000202051'));
    assert.doesNotMatch(pages[0]!, /Seite \d/);
  });

  test('cancellation, credit and reverse-charge invoice render to PDF', { skip: PDF_TOOLS }, async () => {
    for (const [url, title] of [
      [`/v2/invoiceStornos/${id.storno}/pdf`, `Stornorechnung ${id.stornoNumber}`],
      [`/v2/credits/${id.credit}/pdf`, 'Gutschrift GS-2026-00001'],
      [`/v2/invoices/${id.reverse}/pdf`, 'Rechnung RE-2026-00002'],
    ]) {
      const res = await raw(url!, a.headers);
      assert.equal(res.status, 200, url);
      assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok(pdfLines(res.bytes).includes(title!), `${url} shows ${title}`);
    }
    const storno = pdfLines((await raw(`/v2/invoiceStornos/${id.storno}/pdf`, a.headers)).bytes).join('\n');
    assert.match(storno, /zu Rechnung RE-2026-00003/);
    assert.match(storno, /Gesamtbetrag (?:-|−)44,63 €/);
    assert.match(storno.replace(/\n/g, ' '), /hebt unsere Rechnung RE-2026-00003 vom 17\.11\.2026 vollständig auf/);
    const credit = pdfLines((await raw(`/v2/credits/${id.credit}/pdf`, a.headers)).bytes).join(' ');
    assert.match(credit, /Gutschrift zu unserer Rechnung RE-2026-00001 vom 15\.11\.2026/);
  });
});

describe('ZUGFeRD / Factur-X', { skip: PDF_TOOLS }, () => {
  test('a PDF/A-3 that embeds the CII XML (profile XRECHNUNG, attachment xrechnung.xml), every font embedded', async () => {
    const res = await raw(`/v2/invoices/${id.invoice}/zugferd`, a.headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(
      res.headers['content-disposition'],
      `inline; filename="RE-2026-00001-zugferd.pdf"; filename*=UTF-8''RE-2026-00001-zugferd.pdf`,
    );
    assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    // The XRECHNUNG profile of ZUGFeRD 2.x names the attachment xrechnung.xml (the other profiles factur-x.xml).
    const embedded = onPdfFile(res.bytes, 'qpdf', (file) => ['--show-attachment=xrechnung.xml', file]);
    assert.match(embedded, /<rsm:CrossIndustryInvoice/);
    assert.equal(first(section(embedded, 'rsm:ExchangedDocument'), 'ram:ID'), 'RE-2026-00001');
    assert.equal(first(embedded, 'ram:GrandTotalAmount'), '749.27');
    assert.equal(first(embedded, 'ram:BuyerReference'), '04011000-12345-67');
    const objects = onPdfFile(res.bytes, 'qpdf', (file) => ['--qdf', '--object-streams=disable', file, '-']);
    assert.match(objects, /\/AFRelationship \/Alternative/);
    assert.match(objects, /\/Subtype \/text#2[fF]xml/);
    const metadata = objects.slice(objects.indexOf('<x:xmpmeta'), objects.indexOf('</x:xmpmeta>'));
    assert.match(metadata, /pdfaid:part[^0-9]{0,3}3/);
    assert.match(metadata, /ConformanceLevel[^A-Z]{0,3}XRECHNUNG/);
    assert.match(metadata, /DocumentFileName[^a-z]{0,3}xrechnung\.xml/);
    assert.match(metadata, /urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#/);
    assert.ok(pdfLines(res.bytes).includes('Rechnung RE-2026-00001'), 'the visible page is our invoice');
    const fonts = pdfFonts(res.bytes);
    assert.ok(fonts.length > 0 && fonts.every((f) => f.embedded), JSON.stringify(fonts));
  });

  test('a cancellation and a credit render to ZUGFeRD too', async () => {
    for (const url of [`/v2/invoiceStornos/${id.storno}/zugferd`, `/v2/credits/${id.credit}/zugferd`]) {
      const res = await raw(url, a.headers);
      assert.equal(res.status, 200, url);
      assert.match(
        onPdfFile(res.bytes, 'qpdf', (file) => ['--show-attachment=xrechnung.xml', file]),
        /<rsm:CrossIndustryInvoice/,
        url,
      );
    }
  });
});

describe('logo', { skip: PDF_TOOLS }, () => {
  const url = '/v2/company/invoicingSettings/logo';
  const put = (headers: Record<string, string>, type: string, body: Buffer) =>
    t.app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': type }, payload: body });
  const images = (pdf: Buffer) =>
    onPdfFile(pdf, 'pdfimages', (file) => ['-list', file])
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());

  test('PUT a PNG: GET returns it and the PDFs show it; DELETE removes it', async () => {
    assertProblem(await req('GET', url, a.headers), 404);
    const png = pngImage(240, 80);
    const res = await put(a.headers, 'image/png', png);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { contentType: 'image/png', bytes: png.length });
    const back = await raw(url, a.headers);
    assert.equal(back.headers['content-type'], 'image/png');
    assert.deepEqual(back.bytes, png);
    for (const path of [`/v2/invoices/${id.invoice}/pdf`, `/v2/invoices/${id.invoice}/zugferd`]) {
      const list = images((await raw(path, a.headers)).bytes);
      assert.equal(list.length, 1, `${path}: ${list.join('\n')}`);
      assert.match(list[0]!, /^\s*1\s+0\s+image\s+240\s+80\s+rgb/);
    }
    assert.equal((await raw(url, other.headers)).status, 404, 'another company has no logo');
    assert.deepEqual(await ok('DELETE', url, a.headers), { deleted: true });
    assertProblem(await req('GET', url, a.headers), 404);
    assert.deepEqual(images((await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers)).bytes), []);
  });

  test('only PNG or JPEG by their bytes, at most 256 KiB and 4 million pixels, printable; administrators only', async () => {
    assertProblem(await put(a.headers, 'image/png', Buffer.alloc(256 * 1024 + 1, 1)).then(asReply), 413);
    assertProblem(await put(a.headers, 'image/png', Buffer.from('GIF89a\x01\x00\x01\x00')).then(asReply), 415);
    assertProblem(await put(a.headers, 'image/gif', Buffer.from('GIF89a')).then(asReply), 415);
    assertProblem(await req('PUT', url, a.headers, { logo: 'x' }), 415);
    assertProblem(await put(a.headers, 'image/jpeg', pngImage(10, 10)).then(asReply), 400);
    const damaged = pngImage(50, 20);
    damaged.fill(0, 60, 90); // inside the image data
    assertProblem(await put(a.headers, 'image/png', damaged).then(asReply), 400);
    const cmyk = Buffer.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x14, 0x08, 0x00, 0x10, 0x00, 0x10, 0x04, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4,
      0x11, 0, 0xff, 0xd9,
    ]);
    assertProblem(await put(a.headers, 'image/jpeg', cmyk).then(asReply), 400);
    // Too many pixels: refused from the header, before the few bytes of image data are inflated.
    const huge = pngImage(10, 10);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    const hugePng = await put(a.headers, 'image/png', huge);
    assertProblem(asReply(hugePng), 400);
    assert.match(hugePng.json().detail, /10000 × 10000 pixels/);
    const hugeJpeg = Buffer.from(cmyk);
    hugeJpeg.set([0x27, 0x10, 0x27, 0x10, 0x03], 7); // 10000 × 10000, RGB
    assert.match((await put(a.headers, 'image/jpeg', hugeJpeg)).json().detail, /10000 × 10000 pixels/);
    const noHeader = pngImage(10, 10);
    noHeader.write('IHDX', 12, 'latin1');
    assertProblem(await put(a.headers, 'image/png', noHeader).then(asReply), 400);
    const noPixels = pngImage(10, 10);
    noPixels.writeUInt32BE(0, 16);
    assertProblem(await put(a.headers, 'image/png', noPixels).then(asReply), 400);
    const readKey = await createKey(t.app, a.headers, 'read');
    assertProblem(await put(readKey.headers, 'image/png', pngImage(10, 10)).then(asReply), 403);
    assertProblem(await req('DELETE', url, readKey.headers), 403);
    assertProblem(await req('GET', url, a.headers), 404); // nothing refused was stored
  });
});

/** An injected response in the shape assertProblem reads. */
function asReply(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, headers: res.headers, body } as never;
}

describe('tenant isolation', () => {
  test('another company gets 404 for the documents, their renderings and their actions', async () => {
    const urls = [
      `/v2/invoices/${id.invoice}`,
      `/v2/invoices/${id.invoice}/pdf`,
      `/v2/invoices/${id.invoice}/xrechnung`,
      `/v2/invoices/${id.invoice}/xrechnung?syntax=cii`,
      `/v2/invoices/${id.invoice}/zugferd`,
      `/v2/invoiceStornos/${id.storno}`,
      `/v2/invoiceStornos/${id.storno}/pdf`,
      `/v2/invoiceStornos/${id.storno}/xrechnung`,
      `/v2/invoiceStornos/${id.storno}/zugferd`,
      `/v2/credits/${id.credit}`,
      `/v2/credits/${id.credit}/pdf`,
      `/v2/credits/${id.credit}/xrechnung`,
      `/v2/credits/${id.credit}/zugferd`,
      `/v2/invoices/${id.draft}`,
      `/v2/invoices/${id.draft}/pdf`,
    ];
    for (const url of urls) assertProblem(await req('GET', url, other.headers), 404);
    assertProblem(await req('POST', `/v2/invoices/${id.draft}/issue`, other.headers), 404);
    assertProblem(await req('POST', `/v2/invoices/${id.reverse}/cancel`, other.headers), 404);
    assertProblem(await req('PATCH', `/v2/invoices/${id.draft}`, other.headers, { title: 'x' }), 404);
    assertProblem(await req('DELETE', `/v2/invoices/${id.draft}`, other.headers), 404);
    assertProblem(
      await req('POST', '/v2/payments/', other.headers, { invoiceId: id.reverse, amount: 10, date: '2026-11-20' }),
      400,
      'invoiceId',
    );
    assert.deepEqual(await ok('GET', '/v2/invoices/', other.headers), []);
    assert.deepEqual(await ok('GET', '/v2/invoiceStornos/', other.headers), []);
    // The other company numbers its own invoices from 1 and its customer is not ours.
    assertProblem(
      await req('POST', '/v2/invoices/', other.headers, { customerId, positions: [pos(1, 10, 0.19)] }),
      400,
      'customerId',
    );
    await setUpSeller(t.app, other.headers);
    const theirCustomer = await createBuyer(t.app, other.headers, { name: 'Theirs' });
    const theirs = (
      await ok(
        'POST',
        '/v2/invoices/',
        other.headers,
        { customerId: theirCustomer, documentDate: '2026-11-20', positions: [pos(1, 10, 0.19)] },
        201,
      )
    )._id;
    assert.equal((await ok('POST', `/v2/invoices/${theirs}/issue`, other.headers)).documentNumber, 'RE-2026-00001');
    // And our documents are unchanged and still ours.
    assert.equal((await ok('GET', `/v2/invoices/${id.draft}`, a.headers)).state, 'draft');
    assert.equal((await ok('GET', `/v2/invoices/${id.reverse}`, a.headers)).state !== 'cancelled', true);
  });
});
