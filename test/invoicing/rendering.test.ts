// The rendered documents over HTTP: the PDF (pdfkit; its content streams are inflated and the text
// runs read back), XRechnung in UBL and CII syntax checked business term by business term against
// values worked out by hand (EN 16931 BT numbers in the comments), ZUGFeRD / Factur-X (a PDF/A-3
// that embeds the CII XML, found by inflating the PDF's streams), cancellations (type 384 with a
// reference to the invoice), reverse charge (AE with an exemption reason), and tenant isolation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { assertProblem, http, pdfStreams, pdfTextRuns } from './invoicing-helpers.js';

let t: TestApp;
const { req, ok, raw } = http(() => t.app);
let a: Tenant;
let other: Tenant;
let customerId: string;
const id: Record<string, string> = {};

const SELLER = {
  name: 'Glanz & Co. Gebäudereinigung GmbH', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country: 'DE', vatId: 'DE123456789',
  email: 'rechnung@glanz.example', phone: '+49 30 123456', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', bankName: 'DKB',
};
const pos = (quantity: number, price: number, tax: number, more: Record<string, unknown> = {}) => ({ title: 'Cleaning', quantity, price, tax, ...more });
// Worked by hand (see documents-lifecycle.test.ts): 19 % lines 101.81 + 90.00 + 84.99 + 12.50 + 12.50
// = 301.80, VAT 57.342 → 57.34; 7 %: 37.50, VAT 2.625 → 2.63; AE 350.00; net 689.30, VAT 59.97,
// gross 749.27. The heading and the optional line are not e-invoice lines: lines 1..7.
const POSITIONS = [
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
function first(xml: string, name: string, from = ''): string | undefined {
  const start = from ? xml.indexOf(from) : 0;
  assert.ok(start >= 0, `${from} in the XML`);
  return new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`).exec(xml.slice(start))?.[1];
}
/** The blocks `<name>…</name>` of `xml`. */
const blocks = (xml: string, name: string) => xml.match(new RegExp(`<${name}>[\\s\\S]*?</${name}>`, 'g')) ?? [];
const section = (xml: string, name: string) => {
  const b = blocks(xml, name);
  assert.equal(b.length, 1, `one ${name}`);
  return b[0]!;
};

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Render');
  other = await signup(t.app, 'Other');
  await ok('PATCH', '/v2/company/invoicingSettings', a.headers, { seller: SELLER });
  customerId = (await ok('POST', '/v2/customers/', a.headers, {
    name: 'Stadt Musterhausen', address: { street: 'Rathausplatz 2', zip: '12345', city: 'Musterhausen', country: 'DE' },
    vatNumber: 'DE987654321', buyerReference: '04011000-12345-67', debitorNumber: 'D-1001', orderReferenceId: 'PO-4711',
    contact: { email: 'ap@musterhausen.example' },
  }, 201))._id;
  id.invoice = (await ok('POST', '/v2/invoices/', a.headers, {
    customerId, documentDate: '2026-11-15', servicePeriod: { from: '2026-10-01', to: '2026-10-31' }, positions: POSITIONS,
  }, 201))._id;
  id.draft = (await ok('POST', '/v2/invoices/', a.headers, { customerId, positions: [pos(1, 10, 0.19)] }, 201))._id;
  assert.equal((await ok('POST', `/v2/invoices/${id.invoice}/issue`, a.headers)).documentNumber, 'RE-2026-00001');
  // Reverse charge only: 8 h × 45.00 = 360.00, no VAT.
  id.reverse = (await ok('POST', '/v2/invoices/', a.headers, {
    customerId, documentDate: '2026-11-16', positions: [pos(8, 45, 0.19, { title: 'Bauendreinigung §13b', unit: 'h', vatCategory: 'AE' })],
  }, 201))._id;
  assert.equal((await ok('POST', `/v2/invoices/${id.reverse}/issue`, a.headers)).documentNumber, 'RE-2026-00002');
  // Cancelled: 3 × 12.50 at 19 % = 37.50 + 7.13 = 44.63.
  id.cancelled = (await ok('POST', '/v2/invoices/', a.headers, { customerId, documentDate: '2026-11-17', positions: [pos(3, 12.5, 0.19, { unit: 'h' })] }, 201))._id;
  assert.equal((await ok('POST', `/v2/invoices/${id.cancelled}/issue`, a.headers)).documentNumber, 'RE-2026-00003');
  const storno = await ok('POST', `/v2/invoices/${id.cancelled}/cancel`, a.headers);
  id.storno = storno._id;
  id.stornoNumber = storno.documentNumber;
  id.credit = (await ok('POST', '/v2/credits/', a.headers, { customerId, creditedInvoiceId: id.invoice, documentDate: '2026-11-18', positions: [pos(1, 20, 0.19)] }, 201))._id;
  await ok('POST', `/v2/credits/${id.credit}/issue`, a.headers);
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

describe('XRechnung UBL', () => {
  let xml: string;
  before(async () => {
    const res = await req('GET', `/v2/invoices/${id.invoice}/xrechnung`, a.headers);
    assert.equal(res.status, 200, String(res.body));
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="RE-2026-00001-ubl.xml"');
    xml = res.body;
  });

  test('document level: BT-1, BT-2, BT-3, BT-5, BT-9, BT-10, BT-13, BT-24, the invoicing period', async () => {
    assert.match(xml, /^<\?xml version="1\.0" encoding="utf-8"\?>\s*<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    assert.equal(first(xml, 'cbc:CustomizationID'), 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'); // BT-24
    assert.match(xml, /<\/cbc:ProfileID>\s*<cbc:ID>RE-2026-00001<\/cbc:ID>/); // BT-1
    assert.equal(first(xml, 'cbc:IssueDate'), '2026-11-15'); // BT-2
    assert.equal(first(xml, 'cbc:DueDate'), '2026-11-29'); // BT-9: 15 Nov + 14 days
    assert.equal(first(xml, 'cbc:InvoiceTypeCode'), '380'); // BT-3
    assert.equal(first(xml, 'cbc:DocumentCurrencyCode'), 'EUR'); // BT-5
    assert.equal(first(xml, 'cbc:BuyerReference'), '04011000-12345-67'); // BT-10: the Leitweg-ID
    assert.equal(first(xml, 'cbc:ID', '<cac:OrderReference>'), 'PO-4711'); // BT-13
    assert.equal(first(xml, 'cbc:StartDate'), '2026-10-01'); // BT-73
    assert.equal(first(xml, 'cbc:EndDate'), '2026-10-31'); // BT-74
  });

  test('seller and buyer: BT-27, BT-31, BT-34, BT-44, BT-46, BT-48, BT-49, BT-84', async () => {
    const seller = section(xml, 'cac:AccountingSupplierParty');
    assert.equal(first(seller, 'cbc:RegistrationName'), 'Glanz &amp; Co. Gebäudereinigung GmbH'); // BT-27, XML-escaped
    assert.equal(first(seller, 'cbc:CompanyID', '<cac:PartyTaxScheme>'), 'DE123456789'); // BT-31
    assert.match(seller, /<cbc:EndpointID schemeID="EM">rechnung@glanz\.example<\/cbc:EndpointID>/); // BT-34
    assert.equal(first(seller, 'cbc:StreetName'), 'Hauptstraße 1');
    assert.equal(first(seller, 'cbc:PostalZone'), '10115');
    assert.equal(first(seller, 'cbc:IdentificationCode'), 'DE');
    const buyer = section(xml, 'cac:AccountingCustomerParty');
    assert.equal(first(buyer, 'cbc:RegistrationName'), 'Stadt Musterhausen'); // BT-44
    assert.equal(first(buyer, 'cbc:ID', '<cac:PartyIdentification>'), 'D-1001'); // BT-46
    assert.equal(first(buyer, 'cbc:CompanyID', '<cac:PartyTaxScheme>'), 'DE987654321'); // BT-48
    assert.match(buyer, /<cbc:EndpointID schemeID="EM">ap@musterhausen\.example<\/cbc:EndpointID>/); // BT-49
    assert.equal(first(buyer, 'cbc:CityName'), 'Musterhausen');
    const means = section(xml, 'cac:PaymentMeans');
    assert.equal(first(means, 'cbc:PaymentMeansCode'), '58'); // BT-81 SEPA credit transfer
    assert.equal(first(means, 'cbc:PaymentID'), 'RE-2026-00001'); // BT-83
    assert.equal(first(means, 'cbc:ID', '<cac:PayeeFinancialAccount>'), 'DE02120300000000202051'); // BT-84
  });

  test('totals and VAT breakdown: BT-106, BT-109, BT-110, BT-112, BT-115, BG-23 with the AE exemption reason', async () => {
    const totals = section(xml, 'cac:LegalMonetaryTotal');
    assert.match(totals, /<cbc:LineExtensionAmount currencyID="EUR">689\.30<\/cbc:LineExtensionAmount>/); // BT-106
    assert.match(totals, /<cbc:TaxExclusiveAmount currencyID="EUR">689\.30<\/cbc:TaxExclusiveAmount>/); // BT-109
    assert.match(totals, /<cbc:TaxInclusiveAmount currencyID="EUR">749\.27<\/cbc:TaxInclusiveAmount>/); // BT-112
    assert.match(totals, /<cbc:PayableAmount currencyID="EUR">749\.27<\/cbc:PayableAmount>/); // BT-115
    const taxTotal = section(xml, 'cac:TaxTotal');
    assert.match(taxTotal, /^<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">59\.97<\/cbc:TaxAmount>/); // BT-110
    const groups = blocks(taxTotal, 'cac:TaxSubtotal').map((g) => [
      first(g, 'cbc:TaxableAmount'), first(g, 'cbc:TaxAmount'), first(g, 'cbc:ID', '<cac:TaxCategory>'), first(g, 'cbc:Percent'), first(g, 'cbc:TaxExemptionReason'),
    ]);
    assert.deepEqual(groups, [
      ['301.80', '57.34', 'S', '19', undefined], // BT-116, BT-117, BT-118, BT-119
      ['37.50', '2.63', 'S', '7', undefined],
      ['350.00', '0.00', 'AE', '0', 'Steuerschuldnerschaft des Leistungsempfängers (§13b UStG)'], // BT-120
    ]);
  });

  test('lines: BT-126 id, BT-129 quantity and BT-130 unit, BT-131 net, BT-146 price and BT-149 base quantity, BT-151 category, BT-152 rate', async () => {
    const lines = blocks(xml, 'cac:InvoiceLine').map((l) => [
      first(l, 'cbc:ID'), first(l, 'cbc:InvoicedQuantity'), /unitCode="([^"]+)"/.exec(l)?.[1], first(l, 'cbc:LineExtensionAmount'),
      first(l, 'cbc:PriceAmount'), first(l, 'cbc:BaseQuantity') ?? '1', first(l, 'cbc:ID', '<cac:ClassifiedTaxCategory>'), first(l, 'cbc:Percent'), first(l, 'cbc:Name'),
    ]);
    assert.deepEqual(lines, [
      ['1', '1234', 'MTK', '101.81', '8.25', '100', 'S', '19', 'Unterhaltsreinigung'], // 0.0825 per m² = 8.25 per 100 m²
      ['2', '2.5', 'HUR', '90.00', '36.00', '1', 'S', '19', 'Glasreinigung'], // 40.00 less 10 %
      ['3', '3', 'C62', '84.99', '2833.05', '100', 'S', '19', 'Sonderreinigung'], // 33.33 less 15 % = 28.3305
      ['4', '1', 'C62', '12.50', '12.50', '1', 'S', '19', 'Material A'],
      ['5', '2', 'C62', '12.50', '6.25', '1', 'S', '19', 'Material B'],
      ['6', '3', 'H87', '37.50', '12.50', '1', 'S', '7', 'Fachbuch'],
      ['7', '10', 'HUR', '350.00', '35.00', '1', 'AE', '0', 'Bauendreinigung'],
    ]);
    assert.doesNotMatch(xml, /Teppichreinigung|Leistungen Oktober/, 'optional and text positions are no e-invoice lines');
  });

  test('a reverse-charge invoice: category AE at 0 % with an exemption reason, no VAT', async () => {
    const res = await req('GET', `/v2/invoices/${id.reverse}/xrechnung`, a.headers);
    assert.equal(res.status, 200);
    const taxTotal = section(res.body, 'cac:TaxTotal');
    assert.match(taxTotal, /^<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">0\.00<\/cbc:TaxAmount>/);
    assert.match(taxTotal, /<cbc:TaxableAmount currencyID="EUR">360\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">0\.00<\/cbc:TaxAmount>\s*<cac:TaxCategory>\s*<cbc:ID>AE<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>\s*<cbc:TaxExemptionReason>Steuerschuldnerschaft des Leistungsempfängers \(§13b UStG\)<\/cbc:TaxExemptionReason>/);
    assert.match(res.body, /<cac:ClassifiedTaxCategory>\s*<cbc:ID>AE<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>/);
    assert.match(res.body, /<cbc:PayableAmount currencyID="EUR">360\.00<\/cbc:PayableAmount>/);
    assert.doesNotMatch(res.body, /<cbc:ID>S<\/cbc:ID>/);
  });

  test('a cancellation: type 384 with a billing reference to the invoice number, amounts negated', async () => {
    const res = await req('GET', `/v2/invoiceStornos/${id.storno}/xrechnung`, a.headers);
    assert.equal(res.status, 200);
    assert.match(res.body, new RegExp(`</cbc:ProfileID>\\s*<cbc:ID>${id.stornoNumber}</cbc:ID>`));
    assert.equal(first(res.body, 'cbc:InvoiceTypeCode'), '384');
    assert.match(res.body, /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>RE-2026-00003<\/cbc:ID>/); // BT-25
    assert.match(res.body, /<cbc:PayableAmount currencyID="EUR">-44\.63<\/cbc:PayableAmount>/);
    assert.match(res.body, /<cbc:InvoicedQuantity unitCode="HUR">-3<\/cbc:InvoicedQuantity>/);
  });

  test('syntax=xml is refused (400)', async () => {
    assert.equal((await req('GET', `/v2/invoices/${id.invoice}/xrechnung?syntax=xml`, a.headers)).status, 400);
    assert.equal((await req('GET', `/v2/invoices/${id.invoice}/xrechnung?format=cii`, a.headers)).status, 400);
  });
});

describe('XRechnung CII', () => {
  let xml: string;
  before(async () => {
    const res = await req('GET', `/v2/invoices/${id.invoice}/xrechnung?syntax=cii`, a.headers);
    assert.equal(res.status, 200, String(res.body));
    assert.equal(res.headers['content-disposition'], 'attachment; filename="RE-2026-00001-cii.xml"');
    xml = res.body;
  });

  test('header: BT-1, BT-2, BT-3, BT-5, BT-10, BT-24, seller BT-27/BT-31, buyer BT-44/BT-48, BT-9', async () => {
    assert.match(xml, /<rsm:CrossIndustryInvoice [^>]*xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/);
    assert.equal(first(xml, 'ram:ID', '<ram:GuidelineSpecifiedDocumentContextParameter>'), 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    const doc = section(xml, 'rsm:ExchangedDocument');
    assert.equal(first(doc, 'ram:ID'), 'RE-2026-00001');
    assert.equal(first(doc, 'ram:TypeCode'), '380');
    assert.match(doc, /<udt:DateTimeString format="102">20261115<\/udt:DateTimeString>/);
    assert.equal(first(xml, 'ram:InvoiceCurrencyCode'), 'EUR');
    assert.equal(first(xml, 'ram:BuyerReference'), '04011000-12345-67');
    const seller = section(xml, 'ram:SellerTradeParty');
    assert.equal(first(seller, 'ram:Name'), 'Glanz &amp; Co. Gebäudereinigung GmbH');
    assert.match(seller, /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">DE123456789<\/ram:ID>/);
    const buyer = section(xml, 'ram:BuyerTradeParty');
    assert.equal(first(buyer, 'ram:Name'), 'Stadt Musterhausen');
    assert.equal(first(buyer, 'ram:ID'), 'D-1001');
    assert.match(buyer, /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">DE987654321<\/ram:ID>/);
    assert.match(section(xml, 'ram:SpecifiedTradePaymentTerms'), /<udt:DateTimeString format="102">20261129<\/udt:DateTimeString>/);
    assert.equal(first(xml, 'ram:IBANID'), 'DE02120300000000202051');
  });

  test('totals BT-106..BT-115 and the VAT breakdown', async () => {
    const sums = section(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
    assert.equal(first(sums, 'ram:LineTotalAmount'), '689.30'); // BT-106
    assert.equal(first(sums, 'ram:TaxBasisTotalAmount'), '689.30'); // BT-109
    assert.match(sums, /<ram:TaxTotalAmount currencyID="EUR">59\.97<\/ram:TaxTotalAmount>/); // BT-110
    assert.equal(first(sums, 'ram:GrandTotalAmount'), '749.27'); // BT-112
    assert.equal(first(sums, 'ram:DuePayableAmount'), '749.27'); // BT-115
    const settlement = section(xml, 'ram:ApplicableHeaderTradeSettlement');
    const groups = blocks(settlement, 'ram:ApplicableTradeTax').map((g) => [
      first(g, 'ram:BasisAmount'), first(g, 'ram:CalculatedAmount'), first(g, 'ram:CategoryCode'), first(g, 'ram:RateApplicablePercent'), first(g, 'ram:ExemptionReason'),
    ]);
    assert.deepEqual(groups, [
      ['301.80', '57.34', 'S', '19', undefined],
      ['37.50', '2.63', 'S', '7', undefined],
      ['350.00', '0.00', 'AE', '0', 'Steuerschuldnerschaft des Leistungsempfängers (§13b UStG)'],
    ]);
  });

  test('lines: BT-126, BT-129, BT-131, BT-146 with BT-149, BT-151, BT-152', async () => {
    const lines = blocks(xml, 'ram:IncludedSupplyChainTradeLineItem').map((l) => [
      first(l, 'ram:LineID'), first(l, 'ram:BilledQuantity'), /<ram:BilledQuantity unitCode="([^"]+)"/.exec(l)?.[1], first(l, 'ram:LineTotalAmount'),
      first(l, 'ram:ChargeAmount'), first(l, 'ram:BasisQuantity') ?? '1', first(l, 'ram:CategoryCode'), first(l, 'ram:RateApplicablePercent'),
    ]);
    assert.deepEqual(lines, [
      ['1', '1234', 'MTK', '101.81', '8.25', '100', 'S', '19'],
      ['2', '2.5', 'HUR', '90.00', '36.00', '1', 'S', '19'],
      ['3', '3', 'C62', '84.99', '2833.05', '100', 'S', '19'],
      ['4', '1', 'C62', '12.50', '12.50', '1', 'S', '19'],
      ['5', '2', 'C62', '12.50', '6.25', '1', 'S', '19'],
      ['6', '3', 'H87', '37.50', '12.50', '1', 'S', '7'],
      ['7', '10', 'HUR', '350.00', '35.00', '1', 'AE', '0'],
    ]);
  });

  test('a cancellation in CII: type 384 and negated totals', async () => {
    const res = await req('GET', `/v2/invoiceStornos/${id.storno}/xrechnung?syntax=cii`, a.headers);
    assert.equal(res.status, 200);
    assert.equal(first(section(res.body, 'rsm:ExchangedDocument'), 'ram:ID'), id.stornoNumber);
    assert.equal(first(section(res.body, 'rsm:ExchangedDocument'), 'ram:TypeCode'), '384');
    assert.equal(first(res.body, 'ram:GrandTotalAmount'), '-44.63');
    assert.equal(first(res.body, 'ram:BilledQuantity'), '-3');
  });

  test('a cancellation in CII references the cancelled invoice (BT-25)', async () => {
    const res = await req('GET', `/v2/invoiceStornos/${id.storno}/xrechnung?syntax=cii`, a.headers);
    assert.equal(res.status, 200);
    assert.equal(first(section(res.body, 'rsm:ExchangedDocument'), 'ram:TypeCode'), '384');
    assert.match(res.body, /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-00003<\/ram:IssuerAssignedID>/);
    assert.equal(first(res.body, 'ram:GrandTotalAmount'), '-44.63');
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
