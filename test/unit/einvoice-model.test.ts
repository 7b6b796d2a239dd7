// The EN 16931 model and its serializers on hand-built documents: the decisions of
// docs/einvoice.md (BT-10 order, O without VAT ids and line rates, K's deliver-to country, skonto
// lines, credit signs, partial and final invoices, allowances and charges) and XML escaping.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { toModel } from '../../src/modules/invoicing/einvoice/model.js';
import { renderEInvoiceXml } from '../../src/modules/invoicing/einvoice/render-xml.js';
import { priceWithBase } from '../../src/modules/invoicing/einvoice/codes.js';
import { escapeXml } from '../../src/modules/invoicing/einvoice/xml.js';
import type { BillingDoc } from '../../src/modules/invoicing/documents/document-schema.js';
import type { VatCategory } from '../../src/modules/invoicing/rules/invoice-totals.js';

const SELLER = {
  name: 'Glanz GmbH',
  street: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE123456789',
  registration: 'HRB 1 B',
  email: 'rechnung@glanz.example',
  phone: '+49 30 1',
  iban: 'DE02 1203 0000 0000 2020 51',
};
const BUYER = {
  name: 'Muster AG',
  address: { street: 'Weg 5', zip: '20095', city: 'Hamburg', country: 'Deutschland' },
  email: 'ap@muster.example',
  vatNumber: 'DE811907980',
  debitorNumber: '10001',
};

/** A stored invoice: one 19 % line of 100.00. */
function doc(more: Partial<BillingDoc> = {}): BillingDoc {
  return {
    state: 'issued',
    customerId: 'c1',
    documentNumber: 'RE-1',
    documentDate: '2026-11-15',
    dueDate: '2026-11-29',
    seller: SELLER,
    buyer: BUYER,
    positions: [{ title: 'Reinigung', quantity: 2, price: 50, tax: 0.19 }],
    lineAmounts: [100],
    netAmount: 100,
    taxAmount: 19,
    grossAmount: 119,
    vatBreakdown: [{ category: 'S', rate: 19, taxableAmount: 100, taxAmount: 19 }],
    paymentTerm: { name: '14 Tage netto', netDays: 14 },
    ...more,
  };
}
const untaxed = (category: VatCategory, more: Partial<BillingDoc> = {}) =>
  doc({
    positions: [{ title: 'Leistung', quantity: 1, price: 100, tax: 0, vatCategory: category }],
    lineAmounts: [100],
    taxAmount: 0,
    grossAmount: 100,
    vatBreakdown: [{ category, rate: 0, taxableAmount: 100, taxAmount: 0 }],
    ...more,
  });

describe('e-invoice model', () => {
  test("BT-10: the Leitweg-ID, else the buyer's order reference, else the document number; never the customer number", () => {
    assert.equal(
      toModel(doc({ buyer: { ...BUYER, buyerReference: '991-1-2', orderReferenceId: 'PO-1' } }), 'invoice')
        .buyerReference,
      '991-1-2',
    );
    assert.equal(toModel(doc({ buyer: { ...BUYER, orderReferenceId: 'PO-1' } }), 'invoice').buyerReference, 'PO-1');
    assert.equal(toModel(doc(), 'invoice').buyerReference, 'RE-1');
  });

  test('country names become ISO codes; the IBAN loses its spaces', () => {
    const m = toModel(doc(), 'invoice');
    assert.equal(m.buyer.address.country, 'DE');
    assert.equal(m.payment.iban, 'DE02120300000000202051');
  });

  test('O: no VAT ids of seller or buyer, no line rate, rate 0 in the breakdown, VATEX-EU-O', () => {
    const m = toModel(untaxed('O'), 'invoice');
    assert.equal(m.seller.vatId, undefined);
    assert.equal(m.buyer.vatId, undefined);
    assert.equal(m.lines[0]!.tax.rate, undefined);
    assert.deepEqual(
      [m.vat[0]!.rate, m.vat[0]!.exemptionCode, m.vat[0]!.exemptionText],
      ['0', 'VATEX-EU-O', 'Nicht steuerbar'],
    );
  });

  test('exemption reasons: E text only, AE/K/G with VATEX codes, none on S and Z', () => {
    const reason = (c: VatCategory) => {
      const v = toModel(untaxed(c), 'invoice').vat[0]!;
      return [v.exemptionCode, v.exemptionText];
    };
    assert.deepEqual(reason('E'), [undefined, 'Steuerfrei nach § 4 UStG']);
    assert.deepEqual(reason('AE'), ['VATEX-EU-AE', 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)']);
    assert.deepEqual(reason('K'), ['VATEX-EU-IC', 'Innergemeinschaftliche Lieferung/Leistung']);
    assert.deepEqual(reason('G'), ['VATEX-EU-G', 'Ausfuhrlieferung']);
    assert.deepEqual(reason('Z'), [undefined, undefined]);
    assert.deepEqual(toModel(doc(), 'invoice').vat[0]!.exemptionText, undefined);
  });

  test("K: the deliver-to address is the object's, else the buyer's (BT-80); BT-72 the period end, else the document date", () => {
    const k = untaxed('K', { buyer: { ...BUYER, address: { ...BUYER.address, country: 'AT' } } });
    assert.equal(toModel(k, 'invoice').delivery.address?.country, 'AT');
    assert.equal(
      toModel({ ...k, delivery: { name: 'Filiale', address: { city: 'Graz', country: 'AT' } } }, 'invoice').delivery
        .address?.city,
      'Graz',
    );
    assert.equal(toModel(doc(), 'invoice').delivery.address, undefined, 'no delivery address without an object or K');
    assert.equal(toModel(doc(), 'invoice').delivery.date, '2026-11-15');
    assert.equal(
      toModel(doc({ servicePeriod: { from: '2026-10-01', to: '2026-10-31' } }), 'invoice').delivery.date,
      '2026-10-31',
    );
  });

  test('BT-20: the free text, then the skonto line (with BASISBETRAG when part is excluded) ending in a line break; none on credits', () => {
    const term = { name: '30 Tage netto', netDays: 30, skontoPercentage: 2, skontoDays: 10 };
    assert.equal(
      toModel(doc({ paymentTerm: term }), 'invoice').payment.terms,
      '30 Tage netto\n#SKONTO#TAGE=10#PROZENT=2.00#\n',
    );
    assert.equal(
      toModel(doc({ paymentTerm: term, skontoBaseAmount: 83.3 }), 'invoice').payment.terms,
      '30 Tage netto\n#SKONTO#TAGE=10#PROZENT=2.00#BASISBETRAG=83.30#\n',
    );
    assert.equal(toModel(doc({ paymentTerm: term }), 'credit').payment.terms, '30 Tage netto');
  });

  test('a credit stored with negative amounts is written with positive ones; a cancellation keeps its signs', () => {
    const negative = doc({
      positions: [{ title: 'Gutschrift', quantity: -2, price: 50, tax: 0.19 }],
      lineAmounts: [-100],
      netAmount: -100,
      taxAmount: -19,
      grossAmount: -119,
      vatBreakdown: [{ category: 'S', rate: 19, taxableAmount: -100, taxAmount: -19 }],
    });
    const credit = toModel(negative, 'credit');
    assert.deepEqual(
      [
        credit.typeCode,
        credit.lines[0]!.quantity,
        credit.lines[0]!.net,
        credit.lines[0]!.price,
        credit.totals.payable,
        credit.vat[0]!.tax,
      ],
      ['381', '2', '100.00', '50.00', '119.00', '19.00'],
    );
    const storno = toModel(negative, 'invoicestorno');
    assert.deepEqual([storno.typeCode, storno.lines[0]!.quantity, storno.totals.payable], ['384', '-2', '-119.00']);
    // A negative price is never written (BR-27): the quantity turns instead.
    const priced = toModel(
      doc({ positions: [{ title: 'Abzug', quantity: 1, price: -100, tax: 0.19 }], lineAmounts: [-100] }),
      'invoice',
    );
    assert.deepEqual(
      [priced.lines[0]!.quantity, priced.lines[0]!.price, priced.lines[0]!.net],
      ['-1', '100.00', '-100.00'],
    );
  });

  test('partial invoice 326; final invoice 380 with the partial invoices (BT-25/26), prepaid BT-113 and amount due BT-115', () => {
    assert.equal(toModel(doc({ invoiceType: 'partial' }), 'invoice').typeCode, '326');
    const final = toModel(
      doc({
        invoiceType: 'final',
        prepaidAmount: 59.5,
        amountDue: 59.5,
        partialInvoices: [{ number: 'RE-0', date: '2026-10-01' }],
      }),
      'invoice',
    );
    assert.deepEqual(
      [final.typeCode, final.totals.prepaid, final.totals.payable, final.preceding],
      ['380', '59.50', '59.50', [{ number: 'RE-0', date: '2026-10-01' }]],
    );
  });

  test('a final invoice of two partial invoices: UBL lists both (BG-3); CII holds one and names both in a note', async () => {
    const final = doc({
      invoiceType: 'final',
      prepaidAmount: 59.5,
      amountDue: 59.5,
      partialInvoices: [
        { number: 'RE-7', date: '2026-10-01' },
        { number: 'RE-9', date: '2026-10-15' },
      ],
    });
    const ubl = await renderEInvoiceXml(final, 'invoice', 'ubl');
    assert.equal(ubl.match(/<cac:BillingReference>/g)?.length, 2);
    assert.match(
      ubl,
      /<cbc:PrepaidAmount currencyID="EUR">59\.50<\/cbc:PrepaidAmount>\s*<cbc:PayableAmount currencyID="EUR">59\.50</,
    );
    const cii = await renderEInvoiceXml(final, 'invoice', 'cii');
    assert.equal(cii.match(/<ram:InvoiceReferencedDocument>/g)?.length, 1);
    assert.match(
      cii,
      /<ram:Content>Vorausgegangene Rechnungen: RE-7 vom 01\.10\.2026, RE-9 vom 15\.10\.2026<\/ram:Content>/,
    );
    assert.match(cii, /<ram:TotalPrepaidAmount>59\.50<\/ram:TotalPrepaidAmount>/);
  });

  test('allowances and charges: amounts, base, percent, reason and code, category; BT-107/BT-108', () => {
    const m = toModel(
      doc({
        allowancesCharges: [
          {
            charge: false,
            reason: 'Treuerabatt',
            reasonCode: '95',
            percent: 5,
            baseAmount: 100,
            amount: 5,
            vatCategory: 'S',
            tax: 0.19,
          },
          { charge: true, reason: 'Kraftstoffzuschlag', reasonCode: 'FC', amount: 10, vatCategory: 'S', tax: 0.19 },
        ],
        lineTotalAmount: 100,
        allowanceTotalAmount: 5,
        chargeTotalAmount: 10,
        netAmount: 105,
      }),
      'invoice',
    );
    assert.deepEqual(
      m.allowancesCharges.map((a) => [
        a.charge,
        a.amount,
        a.base,
        a.percent,
        a.reason,
        a.reasonCode,
        a.tax.category,
        a.tax.rate,
      ]),
      [
        [false, '5.00', '100.00', '5', 'Treuerabatt', '95', 'S', '19'],
        [true, '10.00', undefined, undefined, 'Kraftstoffzuschlag', 'FC', 'S', '19'],
      ],
    );
    assert.deepEqual(
      [m.totals.lines, m.totals.allowances, m.totals.charges, m.totals.net],
      ['100.00', '5.00', '10.00', '105.00'],
    );
  });

  test('texts are escaped in both syntaxes (& < > " \' and umlauts as UTF-8)', async () => {
    const title = 'Fenster & Türen <innen> "Süd" \'Nord\' ß';
    for (const syntax of ['ubl', 'cii'] as const) {
      const xml = await renderEInvoiceXml(
        doc({ positions: [{ title, quantity: 2, price: 50, tax: 0.19 }] }),
        'invoice',
        syntax,
      );
      assert.ok(xml.includes('Fenster &amp; Türen &lt;innen&gt; &quot;Süd&quot; &apos;Nord&apos; ß'), syntax);
      assert.ok(!xml.includes(title), syntax);
    }
    assert.equal(escapeXml('a\u0001b\u000Bc'), 'abc', 'characters XML cannot carry are dropped');
  });

  test('priceWithBase: two decimals on a base quantity of 1, 10, 100, 1000 or 10000', () => {
    assert.deepEqual(priceWithBase(40), { amount: '40.00', base: 1 });
    assert.deepEqual(priceWithBase(0.0825), { amount: '8.25', base: 100 });
    assert.deepEqual(priceWithBase(28.3305), { amount: '2833.05', base: 100 });
    assert.deepEqual(priceWithBase(0.12345), { amount: '123.45', base: 1000 });
    assert.deepEqual(priceWithBase(0.12345678), { amount: '1234.57', base: 10_000 }); // rounded at the largest base
  });
});
