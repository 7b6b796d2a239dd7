// XRechnung in UBL and CII syntax over HTTP, checked business term by business term against values
// worked out by hand (EN 16931 BT numbers in the comments): cancellations (type 384 with a
// reference to the invoice) and reverse charge (AE with an exemption reason).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp, Tenant } from '../helpers/test-app.js';
import { SELLER } from '../helpers/invoicing-fixtures.js';
import { http } from './invoicing-helpers.js';
import { blocks, first, renderingFixture, section } from './rendering-fixture.js';

let t: TestApp;
const { req } = http(() => t.app);
let a: Tenant;
let id: Record<string, string>;

before(async () => {
  ({ t, a, id } = await renderingFixture());
});
after(async () => {
  await t.close();
});

describe('XRechnung UBL', () => {
  let xml: string;
  before(async () => {
    const res = await req('GET', `/v2/invoices/${id.invoice}/xrechnung`, a.headers);
    assert.equal(res.status, 200, String(res.body));
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="RE-2026-00001-ubl.xml"; filename*=UTF-8''RE-2026-00001-ubl.xml`,
    );
    xml = res.body;
  });

  test('document level: BT-1, BT-2, BT-3, BT-5, BT-9, BT-10, BT-13, BT-24, the invoicing period', async () => {
    assert.match(
      xml,
      /^<\?xml version="1\.0" encoding="utf-8"\?>\s*<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
    );
    assert.equal(
      first(xml, 'cbc:CustomizationID'),
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    ); // BT-24
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

  test('seller identifiers and contact: BT-30 register entry, BT-32 tax number, BT-33 managing director, BT-41..43; delivery BT-72', async () => {
    const seller = section(xml, 'cac:AccountingSupplierParty');
    assert.match(
      seller,
      /<cac:PartyTaxScheme>\s*<cbc:CompanyID>30\/123\/45678<\/cbc:CompanyID>\s*<cac:TaxScheme>\s*<cbc:ID>FC<\/cbc:ID>/,
    ); // BT-32
    const legal = section(seller, 'cac:PartyLegalEntity');
    assert.equal(first(legal, 'cbc:CompanyID'), SELLER.registration); // BT-30
    assert.equal(first(legal, 'cbc:CompanyLegalForm'), 'Geschäftsführung: Anna Glanz'); // BT-33
    const contact = section(seller, 'cac:Contact');
    assert.deepEqual(
      [first(contact, 'cbc:Name'), first(contact, 'cbc:Telephone'), first(contact, 'cbc:ElectronicMail')],
      ['Buchhaltung', '+49 30 123456', 'rechnung@glanz.example'],
    );
    assert.doesNotMatch(xml, /example\.invalid|>Seller<|<cbc:Telephone>-</, 'no placeholders');
    assert.equal(first(section(xml, 'cac:Delivery'), 'cbc:ActualDeliveryDate'), '2026-10-31'); // BT-72: the end of the service period
    assert.equal(first(section(xml, 'cac:PayeeFinancialAccount'), 'cbc:Name'), SELLER.name.replace('&', '&amp;')); // BT-85
    assert.equal(first(section(xml, 'cac:PaymentTerms'), 'cbc:Note'), '14 Tage netto'); // BT-20
  });

  test('a credit: a UBL CreditNote of type 381 with credited quantities and the credited invoice (BT-25, BT-26)', async () => {
    const res = await req('GET', `/v2/credits/${id.credit}/xrechnung`, a.headers);
    assert.equal(res.status, 200);
    assert.match(res.body, /<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    assert.equal(first(res.body, 'cbc:CreditNoteTypeCode'), '381');
    assert.match(res.body, /<cbc:CreditedQuantity unitCode="C62">1<\/cbc:CreditedQuantity>/);
    assert.match(
      res.body,
      /<cac:InvoiceDocumentReference>\s*<cbc:ID>RE-2026-00001<\/cbc:ID>\s*<cbc:IssueDate>2026-11-15<\/cbc:IssueDate>/,
    );
    assert.match(res.body, /<cbc:PayableAmount currencyID="EUR">23\.80<\/cbc:PayableAmount>/); // 20.00 + 19 %
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
      first(g, 'cbc:TaxableAmount'),
      first(g, 'cbc:TaxAmount'),
      first(g, 'cbc:ID', '<cac:TaxCategory>'),
      first(g, 'cbc:Percent'),
      first(g, 'cbc:TaxExemptionReason'),
    ]);
    assert.deepEqual(groups, [
      ['301.80', '57.34', 'S', '19', undefined], // BT-116, BT-117, BT-118, BT-119
      ['37.50', '2.63', 'S', '7', undefined],
      ['350.00', '0.00', 'AE', '0', 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)'], // BT-120
    ]);
  });

  test('lines: BT-126 id, BT-129 quantity and BT-130 unit, BT-131 net, BT-146 price and BT-149 base quantity, BT-151 category, BT-152 rate', async () => {
    const lines = blocks(xml, 'cac:InvoiceLine').map((l) => [
      first(l, 'cbc:ID'),
      first(l, 'cbc:InvoicedQuantity'),
      /unitCode="([^"]+)"/.exec(l)?.[1],
      first(l, 'cbc:LineExtensionAmount'),
      first(l, 'cbc:PriceAmount'),
      first(l, 'cbc:BaseQuantity') ?? '1',
      first(l, 'cbc:ID', '<cac:ClassifiedTaxCategory>'),
      first(l, 'cbc:Percent'),
      first(l, 'cbc:Name'),
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
    assert.doesNotMatch(
      xml,
      /Teppichreinigung|Leistungen Oktober/,
      'optional and text positions are no e-invoice lines',
    );
  });

  test('a reverse-charge invoice: category AE at 0 % with an exemption reason, no VAT', async () => {
    const res = await req('GET', `/v2/invoices/${id.reverse}/xrechnung`, a.headers);
    assert.equal(res.status, 200);
    const taxTotal = section(res.body, 'cac:TaxTotal');
    assert.match(taxTotal, /^<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">0\.00<\/cbc:TaxAmount>/);
    assert.match(
      taxTotal,
      /<cbc:TaxableAmount currencyID="EUR">360\.00<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">0\.00<\/cbc:TaxAmount>\s*<cac:TaxCategory>\s*<cbc:ID>AE<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>\s*<cbc:TaxExemptionReasonCode>VATEX-EU-AE<\/cbc:TaxExemptionReasonCode>\s*<cbc:TaxExemptionReason>Steuerschuldnerschaft des Leistungsempfängers \(§ 13b UStG\)<\/cbc:TaxExemptionReason>/,
    );
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
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="RE-2026-00001-cii.xml"; filename*=UTF-8''RE-2026-00001-cii.xml`,
    );
    xml = res.body;
  });

  test('header: BT-1, BT-2, BT-3, BT-5, BT-10, BT-24, seller BT-27/BT-31, buyer BT-44/BT-48, BT-9', async () => {
    assert.match(
      xml,
      /<rsm:CrossIndustryInvoice [^>]*xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/,
    );
    assert.equal(
      first(xml, 'ram:ID', '<ram:GuidelineSpecifiedDocumentContextParameter>'),
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    );
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
    assert.match(
      section(xml, 'ram:SpecifiedTradePaymentTerms'),
      /<udt:DateTimeString format="102">20261129<\/udt:DateTimeString>/,
    );
    assert.equal(first(xml, 'ram:IBANID'), 'DE02120300000000202051');
  });

  test('delivery: ram:ApplicableHeaderTradeDelivery always, with BT-72 (the end of the service period) in format 102', async () => {
    const delivery = section(xml, 'ram:ApplicableHeaderTradeDelivery');
    assert.match(
      delivery,
      /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">20261031<\/udt:DateTimeString>/,
    );
    assert.ok(
      xml.indexOf('<ram:ApplicableHeaderTradeDelivery>') < xml.indexOf('<ram:ApplicableHeaderTradeSettlement>'),
      'delivery before settlement (the schema order)',
    );
    const seller = section(xml, 'ram:SellerTradeParty');
    assert.match(
      seller,
      /<ram:SpecifiedLegalOrganization>\s*<ram:ID>HRB 123456 B, Amtsgericht Berlin-Charlottenburg<\/ram:ID>/,
    ); // BT-30
    assert.match(seller, /<ram:ID schemeID="FC">30\/123\/45678<\/ram:ID>/); // BT-32
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
      first(g, 'ram:BasisAmount'),
      first(g, 'ram:CalculatedAmount'),
      first(g, 'ram:CategoryCode'),
      first(g, 'ram:RateApplicablePercent'),
      first(g, 'ram:ExemptionReason'),
    ]);
    assert.deepEqual(groups, [
      ['301.80', '57.34', 'S', '19', undefined],
      ['37.50', '2.63', 'S', '7', undefined],
      ['350.00', '0.00', 'AE', '0', 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)'],
    ]);
  });

  test('lines: BT-126, BT-129, BT-131, BT-146 with BT-149, BT-151, BT-152', async () => {
    const lines = blocks(xml, 'ram:IncludedSupplyChainTradeLineItem').map((l) => [
      first(l, 'ram:LineID'),
      first(l, 'ram:BilledQuantity'),
      /<ram:BilledQuantity unitCode="([^"]+)"/.exec(l)?.[1],
      first(l, 'ram:LineTotalAmount'),
      first(l, 'ram:ChargeAmount'),
      first(l, 'ram:BasisQuantity') ?? '1',
      first(l, 'ram:CategoryCode'),
      first(l, 'ram:RateApplicablePercent'),
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
    // BT-26 in qdt: and format 102 (CII-DT-097), not udt: and not ISO.
    assert.match(
      res.body,
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-00003<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20261117<\/qdt:DateTimeString>/,
    );
    assert.equal(first(res.body, 'ram:GrandTotalAmount'), '-44.63');
  });
});
