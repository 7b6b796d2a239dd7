// The printed document (PDF): letterhead, the buyer's address, the positions, the VAT breakdown,
// payment terms and bank details. Built with pdfkit's standard fonts, so nothing is fetched.
import type PDFKit from 'pdfkit';

const TITLES = { invoice: 'Rechnung', offer: 'Angebot', credit: 'Gutschrift', invoicestorno: 'Stornorechnung' } as const;
const eur = (n: number) => `${n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
/** Unit prices keep their four decimals (0,0825 € per m²). */
const unitPrice = (n: number) => `${n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} €`;
const qty = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 4 });
const date = (iso?: string) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

type Pdf = InstanceType<typeof PDFKit>;

// pdfkit (and its fonts) loads on the first document, not when the server starts.
let pdfkit: Promise<typeof PDFKit> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((module) => module.default));

/** An A4 document drawn by `draw`, as bytes. */
async function pdfBytes(title: string, draw: (pdf: Pdf) => void): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Producer: 'Crewbase' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    draw(pdf);
    pdf.end();
  });
}

/** The seller's letterhead and the buyer's address window. */
function letterhead(pdf: Pdf, seller: Record<string, any>, buyer: Record<string, any>) {
  pdf.font('Helvetica-Bold').fontSize(14).text(seller.name ?? '', 50, 50);
  pdf.font('Helvetica').fontSize(8).text([seller.street, [seller.zip, seller.city].filter(Boolean).join(' ')].filter(Boolean).join(' · '), 50, 68);
  pdf.fontSize(10).text([buyer.name, buyer.contactPerson, buyer.address?.street, [buyer.address?.zip, buyer.address?.city].filter(Boolean).join(' ')].filter(Boolean).join('\n'), 50, 110);
}

/** The footer line in the bottom margin of the current page. */
function footer(pdf: Pdf, parts: Array<string | undefined>) {
  pdf.page.margins.bottom = 0; // the footer sits in the bottom margin, on this page
  pdf.font('Helvetica').fontSize(7).text(parts.filter(Boolean).join(' · '), 50, 790, { width: 495, align: 'center' });
}

export function renderPdf(doc: Record<string, any>, kind: keyof typeof TITLES): Promise<Buffer> {
  return pdfBytes(`${TITLES[kind]} ${doc.documentNumber ?? ''}`, (pdf) => {
    const seller = doc.seller ?? {};
    const buyer = doc.buyer ?? {};
    letterhead(pdf, seller, buyer);
    const facts: Array<[string, string]> = [
      ['Nummer', doc.documentNumber ?? 'Entwurf'], ['Datum', date(doc.documentDate)], ['Kundennummer', buyer.debitorNumber ?? ''],
      ...(doc.dueDate ? [['Fällig am', date(doc.dueDate)] as [string, string]] : []),
      ...(doc.servicePeriod ? [['Leistungszeitraum', `${date(doc.servicePeriod.from)} – ${date(doc.servicePeriod.to)}`] as [string, string]] : []),
      ...(buyer.buyerReference ? [['Leitweg-ID', buyer.buyerReference] as [string, string]] : []),
      ...(doc.invoiceNumber ? [['zu Rechnung', doc.invoiceNumber] as [string, string]] : []),
    ];
    facts.forEach(([label, value], i) => pdf.fontSize(9).text(`${label}: ${value}`, 350, 110 + i * 13, { width: 200 }));

    pdf.font('Helvetica-Bold').fontSize(16).text(`${TITLES[kind]} ${doc.documentNumber ?? ''}`, 50, 220);
    let y = 250;
    if (doc.introText) { pdf.font('Helvetica').fontSize(10).text(doc.introText, 50, y, { width: 495 }); y = pdf.y + 10; }
    const columns = [50, 80, 300, 350, 400, 460];
    pdf.font('Helvetica-Bold').fontSize(9);
    ['Pos', 'Bezeichnung', 'Menge', 'Einheit', 'Preis', 'Betrag'].forEach((h, i) => pdf.text(h, columns[i]!, y, { width: i === 1 ? 215 : 85 }));
    y += 16;
    pdf.font('Helvetica').fontSize(9);
    (doc.positions as Array<Record<string, any>>).forEach((p, i) => {
      if (y > 740) { pdf.addPage(); y = 50; }
      const amount = doc.lineAmounts?.[i] ?? 0;
      pdf.text(String(i + 1), columns[0]!, y);
      pdf.text(`${p.title}${p.isOptional ? ' (optional)' : ''}${p.discount ? ` (-${qty(p.discount * 100)} %)` : ''}`, columns[1]!, y, { width: 215 });
      const rowEnd = pdf.y;
      if (p.type !== 'TEXT') {
        pdf.text(qty(p.quantity), columns[2]!, y); pdf.text(p.unit ?? '', columns[3]!, y);
        pdf.text(unitPrice(p.price), columns[4]!, y); pdf.text(eur(amount), columns[5]!, y);
      }
      y = Math.max(rowEnd, y + 12) + 4;
    });
    y += 8;
    const total = (label: string, value: string, bold = false) => {
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(label, 330, y).text(value, 460, y);
      y += 15;
    };
    total('Nettobetrag', eur(doc.netAmount ?? 0));
    for (const v of doc.vatBreakdown ?? []) total(v.category === 'S' ? `USt ${qty(v.rate)} % auf ${eur(v.taxableAmount)}` : `${v.category}: ${eur(v.taxableAmount)} ohne USt`, eur(v.taxAmount));
    total('Gesamtbetrag', eur(doc.grossAmount ?? 0), true);
    if ((doc.vatBreakdown ?? []).some((v: { category: string }) => v.category === 'AE')) {
      pdf.font('Helvetica').fontSize(8).text('Steuerschuldnerschaft des Leistungsempfängers (§13b UStG).', 50, y + 5); y += 20;
    }
    if (doc.paymentTerm?.name) { pdf.font('Helvetica').fontSize(9).text(`Zahlungsbedingungen: ${doc.paymentTerm.name}`, 50, y + 10, { width: 495 }); }
    if (doc.closingText) pdf.fontSize(9).text(doc.closingText, 50, pdf.y + 10, { width: 495 });
    footer(pdf, [seller.name, seller.vatId ? `USt-IdNr. ${seller.vatId}` : seller.taxNumber ? `St.-Nr. ${seller.taxNumber}` : '',
      seller.bankName, seller.iban ? `IBAN ${seller.iban}` : '', seller.bic ? `BIC ${seller.bic}` : '', seller.registration]);
  });
}

/** A reminder letter: letterhead, the buyer's address, the subject and the text. */
export function renderReminderPdf(reminder: Record<string, any>, invoice: Record<string, any>): Promise<Buffer> {
  return pdfBytes(reminder.subject, (pdf) => {
    const seller = invoice.seller ?? {};
    letterhead(pdf, seller, invoice.buyer ?? {});
    pdf.fontSize(9).text(`Datum: ${date(reminder.date)}`, 350, 110);
    pdf.font('Helvetica-Bold').fontSize(14).text(reminder.subject, 50, 220, { width: 495 });
    pdf.font('Helvetica').fontSize(10).text(reminder.text, 50, pdf.y + 15, { width: 495 });
    footer(pdf, [seller.name, seller.bankName, seller.iban ? `IBAN ${seller.iban}` : '', seller.bic ? `BIC ${seller.bic}` : '']);
  });
}
