// The printed document as a German cleaning company sends it, rendered directly from a stored
// document (no database): wording, layout across pages, letterhead and footer, embedded fonts, the
// logo, and the ZUGFeRD PDF/A-3b with its attachment and XMP. Text is read back with pdftotext.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPdf, renderReminderPdf, renderZugferd } from '../../src/modules/invoicing/pdf/render-pdf.js';
import { renderEInvoiceXml } from '../../src/modules/invoicing/einvoice/render-xml.js';
import { SELLER } from '../helpers/invoicing-fixtures.js';
import type { BillingDoc, Position } from '../../src/modules/invoicing/documents/document-schema.js';
import { onPdfFile, pdfFonts, pdfLines, pdfText, pngImage } from './invoicing-helpers.js';
import { PDF_TOOLS } from '../helpers/debian-tools.js';

const SPECIAL = 'Grünanlage & Außenflächen <Süd> "Tor 3" \'Ökö\'';
const DESCRIPTION = 'Fegen der Wege, Laub aufnehmen und entsorgen; Papierkörbe leeren. ';

/** An issued invoice as stored: 19 % and reverse charge, an allowance and a charge, a prepayment, a service address. */
function storedInvoice(positionCount = 3, more: Partial<BillingDoc> = {}): BillingDoc {
  const positions: Position[] = [
    { type: 'TEXT', title: 'Leistungen Oktober', quantity: 0, price: 0, tax: 0.19 },
    ...Array.from({ length: positionCount - 1 }, (_, i) => ({
      title: `Unterhaltsreinigung Haus ${i + 1}`,
      description: i === 0 ? DESCRIPTION.repeat(3) : undefined,
      quantity: 2,
      unit: 'h',
      price: 50,
      tax: 0.19,
    })),
    {
      title: SPECIAL,
      description: `Beschreibung mit ${SPECIAL}`,
      quantity: 10,
      unit: 'h',
      price: 35,
      tax: 0.19,
      vatCategory: 'AE',
    },
  ];
  const lineAmounts = positions.map((p) => (p.type === 'TEXT' ? 0 : p.quantity * p.price));
  const standard = (positionCount - 1) * 100;
  return {
    state: 'issued',
    customerId: 'c1',
    documentNumber: 'RE-2026-00042',
    documentDate: '2026-11-15',
    dueDate: '2026-11-29',
    issuedAt: '2026-11-15T10:00:00.000Z',
    servicePeriod: { from: '2026-10-01', to: '2026-10-31' },
    seller: { ...SELLER, managingDirector: 'Anna Glanz, Bernd Müller' },
    buyer: {
      name: 'Stadt Musterhausen',
      address: { street: 'Rathausplatz 2', zip: '12345', city: 'Musterhausen', country: 'DE' },
      debitorNumber: 'D-1001',
      vatNumber: 'DE987654321',
      email: 'ap@musterhausen.example',
    },
    delivery: {
      name: 'Bürohaus Mitte',
      address: { street: 'Friedrichstraße 100', zip: '10117', city: 'Berlin', country: 'DE' },
    },
    positions,
    lineAmounts,
    lineTotalAmount: standard + 350,
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
      { charge: true, reason: 'Anfahrtspauschale', reasonCode: 'FC', amount: 25, vatCategory: 'S', tax: 0.19 },
    ],
    allowanceTotalAmount: 5,
    chargeTotalAmount: 25,
    netAmount: standard + 370,
    vatBreakdown: [
      { category: 'S', rate: 19, taxableAmount: standard + 20, taxAmount: Math.round((standard + 20) * 19) / 100 },
      { category: 'AE', rate: 0, taxableAmount: 350, taxAmount: 0 },
    ],
    taxAmount: Math.round((standard + 20) * 19) / 100,
    grossAmount: standard + 370 + Math.round((standard + 20) * 19) / 100,
    paymentTerm: { name: '14 Tage netto', netDays: 14 },
    ...more,
  };
}

const text = async (doc: BillingDoc, kind: 'invoice' | 'credit' | 'invoicestorno' | 'offer' = 'invoice') =>
  pdfLines(await renderPdf(doc, kind)).join('\n');
const pageCount = (pdf: Buffer) =>
  pdfText(pdf)
    .split('\f')
    .filter((page) => page.trim()).length;

describe('wording', { skip: PDF_TOOLS }, () => {
  test('payment terms in German from the net days, the due date and skonto', async () => {
    assert.match(await text(storedInvoice()), /Zahlbar innerhalb von 14 Tagen ohne Abzug bis 29\.11\.2026\./);
    const skonto = await text(
      storedInvoice(3, {
        paymentTerm: { name: 'Skonto', netDays: 14, skontoPercentage: 2, skontoDays: 10 },
        grossAmount: 595,
      }),
    );
    assert.match(skonto, /Bei Zahlung bis 25\.11\.2026 2 % Skonto \(11,90 €\), sonst netto bis 29\.11\.2026\./);
    assert.doesNotMatch(skonto, /days|net\b/);
  });

  test('each VAT category other than the standard rate is named in the totals', async () => {
    for (const [category, wording] of [
      ['AE', 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)'],
      ['K', 'Steuerfreie innergemeinschaftliche Lieferung/Leistung'],
      ['G', 'Steuerfreie Ausfuhrlieferung'],
      ['E', 'Steuerfrei'],
      ['O', 'Nicht steuerbar'],
      ['Z', 'Nullsatz'],
    ] as const) {
      const doc = storedInvoice(2, {
        allowancesCharges: [],
        vatBreakdown: [{ category, rate: 0, taxableAmount: 450, taxAmount: 0 }],
      });
      assert.ok((await text(doc)).replace(/\n/g, ' ').includes(`${wording}: 450,00 €`), `${category}: ${wording}`);
    }
  });

  test('credit and cancellation say what they refer to', async () => {
    const credit = await text(
      storedInvoice(2, {
        documentNumber: 'GS-2026-00001',
        creditedInvoiceNumber: 'RE-2026-00042',
        creditedInvoiceDate: '2026-11-15',
        grossAmount: -119,
        dueDate: undefined,
      }),
      'credit',
    );
    assert.match(credit, /Gutschrift GS-2026-00001/);
    assert.match(
      credit.replace(/\n/g, ' '),
      /Gutschrift zu unserer Rechnung RE-2026-00042 vom 15\.11\.2026: Wir schreiben Ihnen 119,00 € gut\./,
    );
    const storno = await text(
      storedInvoice(2, {
        documentNumber: 'ST-2026-00001',
        invoiceNumber: 'RE-2026-00042',
        invoiceDate: '2026-11-15',
        grossAmount: -119,
      }),
      'invoicestorno',
    );
    assert.match(storno.replace(/\n/g, ' '), /hebt unsere Rechnung RE-2026-00042 vom 15\.11\.2026 vollständig auf/);
    assert.doesNotMatch(storno, /Zahlbar innerhalb/, 'a cancellation has no payment terms');
  });

  test('umlauts and & < > " \' read back as written', async () => {
    const all = await text(storedInvoice());
    assert.ok(
      all.split('\n').some((line) => line === `3 ${SPECIAL} 10 h 35,00 € AE 350,00 €`),
      all,
    );
    assert.ok(all.replace(/\n/g, ' ').includes(`Beschreibung mit ${SPECIAL}`), 'the description, wrapped');
    assert.ok(all.includes('Glanz & Co. Gebäudereinigung GmbH'));
  });
});

describe('layout', { skip: PDF_TOOLS }, () => {
  test('descriptions are printed under their titles, wrapped in the title column', async () => {
    const lines = pdfLines(await renderPdf(storedInvoice(), 'invoice'));
    const title = lines.findIndex((l) => /^1 Unterhaltsreinigung Haus 1 2 h 50,00 € 19 % 100,00 €$/.test(l));
    assert.ok(title >= 0, lines.join('\n'));
    assert.match(lines[title + 1]!, /^Fegen der Wege, Laub aufnehmen/);
    const description = lines.slice(title + 1, title + 6).join(' ');
    assert.ok(description.includes(DESCRIPTION.repeat(3).trim()), description);
    assert.ok(
      lines.slice(title + 1).findIndex((l) => l.startsWith('Fegen')) === 0 && lines[title + 2]!.length < 80,
      'wrapped, not one long line',
    );
  });

  test('a long invoice runs over 3 pages: the table header on each, "Seite n von 3", footer on each page', async () => {
    const pdf = await renderPdf(storedInvoice(80), 'invoice');
    assert.equal(pageCount(pdf), 3);
    const pages = pdfText(pdf)
      .split('\f')
      .filter((p) => p.trim())
      .map((p) => p.replace(/\s+/g, ' '));
    pages.forEach((page, i) => {
      assert.ok(page.includes(`Seite ${i + 1} von 3`), `page ${i + 1} is numbered`);
      assert.match(
        page,
        /Pos\. Bezeichnung Menge Einheit Einzelpreis USt Betrag/,
        `page ${i + 1} has the table header`,
      );
      assert.ok(
        page.includes('Geschäftsführer: Anna Glanz, Bernd Müller'),
        `page ${i + 1} names the managing directors`,
      );
      assert.ok(page.includes('HRB 123456 B, Amtsgericht') && page.includes('IBAN DE02120300000000202051'));
    });
    assert.ok(pages[2]!.includes('Gesamtbetrag'));
    const numbers = pdfLines(pdf)
      .map((l) => /^(\d+) Unterhaltsreinigung Haus/.exec(l)?.[1])
      .filter(Boolean)
      .map(Number);
    assert.deepEqual(
      numbers,
      Array.from({ length: 79 }, (_, i) => i + 1),
      'every position once, in order',
    );
    assert.doesNotMatch(
      pdfText(await renderPdf(storedInvoice(), 'invoice')),
      /Seite \d von/,
      'one page: no page number',
    );
  });

  test('letterhead with phone and e-mail; footer with directors, register, VAT id, tax number and bank', async () => {
    const all = await text(storedInvoice());
    assert.ok(all.includes('Tel. +49 30 123456 · E-Mail rechnung@glanz.example'), all);
    for (const expected of [
      'Geschäftsführer: Anna Glanz, Bernd Müller',
      'HRB 123456 B, Amtsgericht',
      'USt-IdNr. DE123456789',
      'Steuernummer 30/123/45678',
      'DKB',
      'BIC BYLADEM1001',
    ]) {
      assert.ok(all.includes(expected), expected);
    }
  });

  test('a buyer abroad gets the country as the last address line, by name in capitals', async () => {
    const vienna = storedInvoice(2, {
      buyer: { name: 'Wien Holding', address: { street: 'Ring 1', zip: '1010', city: 'Wien', country: 'AT' } },
    });
    assert.match(await text(vienna), /1010 Wien[^\n]*\nÖSTERREICH/);
    assert.doesNotMatch(await text(storedInvoice()), /DEUTSCHLAND/);
  });

  test('the service address is printed when it is not the billing address', async () => {
    assert.match(await text(storedInvoice()), /Leistungsort: Bürohaus Mitte, Friedrichstraße 100, 10117 Berlin/);
    const same = storedInvoice(3, {
      delivery: {
        name: 'Rathaus',
        address: { street: 'Rathausplatz 2', zip: '12345', city: 'Musterhausen', country: 'DE' },
      },
    });
    assert.doesNotMatch(await text(same), /Leistungsort/);
  });

  test('allowances and charges above the totals, then net, VAT, gross, prepayments and the amount due', async () => {
    const lines = pdfLines(await renderPdf(storedInvoice(3, { prepaidAmount: 300, amountDue: 364.6 }), 'invoice'));
    const from = lines.findIndex((l) => l.startsWith('Summe Positionen'));
    assert.deepEqual(lines.slice(from, from + 11), [
      'Summe Positionen 550,00 €',
      'abzüglich Treuerabatt 5 % von 100,00 € (USt', // with several VAT groups each names its VAT
      '19 %) -5,00 €',
      'zuzüglich Anfahrtspauschale (USt 19 %) 25,00 €',
      'Nettobetrag 570,00 €',
      'USt 19 % auf 220,00 € 41,80 €',
      'Steuerschuldnerschaft des',
      'Leistungsempfängers (§ 13b UStG): 350,00 € 0,00 €',
      'Gesamtbetrag 611,80 €',
      'abzüglich Abschlagszahlungen -300,00 €',
      'Zahlbetrag 364,60 €',
    ]);
  });

  test('a reminder letter is German and has the same letterhead and footer', async () => {
    const letter = pdfLines(
      await renderReminderPdf(
        { subject: '1. Mahnung', text: 'Bitte überweisen Sie 611,80 €.', date: '2026-12-10' },
        storedInvoice(),
      ),
    ).join('\n');
    for (const expected of [
      '1. Mahnung',
      'Bitte überweisen Sie 611,80 €.',
      'Datum 10.12.2026',
      'Rechnungsnummer RE-2026-00042',
      'Geschäftsführer: Anna Glanz',
    ])
      assert.ok(letter.includes(expected), expected);
  });
});

describe('fonts and logo', { skip: PDF_TOOLS }, () => {
  test('every font of the PDF, the reminder and the ZUGFeRD file is embedded (DejaVu Sans, regular and bold)', async () => {
    for (const pdf of [
      await renderPdf(storedInvoice(), 'invoice'),
      await renderReminderPdf({ subject: 'Mahnung', text: 'x', date: '2026-12-10' }, storedInvoice()),
      await renderZugferd(storedInvoice(), 'invoice'),
    ]) {
      const fonts = pdfFonts(pdf);
      assert.deepEqual(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort(), [
        'DejaVuSansCondensed',
        'DejaVuSansCondensed-Bold',
      ]);
      assert.ok(
        fonts.every((f) => f.embedded),
        JSON.stringify(fonts),
      );
    }
  });

  test('a logo is an image on the first page; without one there is none', async () => {
    const images = (pdf: Buffer) =>
      onPdfFile(pdf, 'pdfimages', (file) => ['-list', file])
        .split('\n')
        .slice(2)
        .filter((l) => l.trim());
    const withLogo = images(await renderPdf(storedInvoice(60), 'invoice', { logo: pngImage(300, 100) }));
    assert.equal(withLogo.length, 1, withLogo.join('\n'));
    assert.match(withLogo[0]!, /^\s*1\s+0\s+image\s+300\s+100\s+rgb/);
    assert.deepEqual(images(await renderPdf(storedInvoice(), 'invoice')), []);
  });
});

describe('ZUGFeRD / Factur-X (XRECHNUNG) as PDF/A-3b', { skip: PDF_TOOLS }, () => {
  test('the CII XML is attached as xrechnung.xml (text/xml, Alternative) and the visible invoice is ours', async () => {
    const doc = storedInvoice();
    const pdf = await renderZugferd(doc, 'invoice', { logo: pngImage(120, 40) });
    assert.equal(
      onPdfFile(pdf, 'qpdf', (file) => ['--show-attachment=xrechnung.xml', file]),
      await renderEInvoiceXml(doc, 'invoice', 'cii'),
    );
    const objects = onPdfFile(pdf, 'qpdf', (file) => ['--qdf', '--object-streams=disable', file, '-']);
    assert.match(
      objects,
      /\/AFRelationship \/Alternative\s+\/Desc [^\n]+\s+\/EF <<\s+\/F \d+ 0 R\s+>>\s+\/F \(xrechnung\.xml\)\s+\/Type \/Filespec\s+\/UF \(xrechnung\.xml\)/,
    );
    assert.match(objects, /\/Subtype \/text#2[fF]xml\s+\/Type \/EmbeddedFile/);
    assert.match(objects, /\/Type \/Catalog/);
    assert.match(objects, /1 0 obj\s+<<\s+\/AF \[\s+\d+ 0 R\s+\]/, 'the catalog lists the attachment in /AF');
    assert.match(objects, /\/OutputIntents \[/);
    assert.match(objects, /\/S \/GTS_PDFA1/);
    assert.ok(objects.startsWith('%PDF-1.7'));
    assert.ok(pdfLines(pdf).includes('Rechnung RE-2026-00042'));
  });

  test('XMP: PDF/A-3 conformance B, the Factur-X properties and their extension schema', async () => {
    const objects = onPdfFile(await renderZugferd(storedInvoice(), 'invoice'), 'qpdf', (file) => [
      '--qdf',
      '--object-streams=disable',
      file,
      '-',
    ]);
    const xmp = objects.slice(objects.indexOf('<x:xmpmeta'), objects.indexOf('</x:xmpmeta>'));
    assert.match(xmp, /<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    assert.match(xmp, /xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"/);
    for (const [name, value] of [
      ['DocumentType', 'INVOICE'],
      ['DocumentFileName', 'xrechnung.xml'],
      ['Version', '3.0'],
      ['ConformanceLevel', 'XRECHNUNG'],
    ]) {
      assert.ok(xmp.includes(`<fx:${name}>${value}</fx:${name}>`), name);
      assert.ok(
        xmp.includes(`<pdfaProperty:name>${name}</pdfaProperty:name>`),
        `the extension schema declares ${name}`,
      );
    }
    assert.match(xmp, /<pdfaSchema:prefix>fx<\/pdfaSchema:prefix>/);
    assert.match(xmp, /<xmp:CreateDate>2026-11-15T10:00:00Z<\/xmp:CreateDate>/);
  });
});
