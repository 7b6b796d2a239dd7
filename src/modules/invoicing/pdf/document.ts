// One billing document on paper: letterhead and facts, the title, the intro, the positions, the
// totals, what the document refers to (credits, cancellations), the payment terms and the closing.
import { Flow, PAGE, WIDTH, finishPages, type Pdf } from '../../../platform/pdf/layout.js';
import { footer, letterhead } from './letterhead.js';
import { issuerSignature, type LetterArt } from './issuer-signature.js';
import { positionsTable, totals } from './positions.js';
import { TITLES, date, paymentTermsText, referenceText, type PdfKind } from './texts.js';
import type { BillingDoc } from '../documents/document-schema.js';
import type { ReminderDoc } from '../dunning/reminders.js';
import { signatureBlock } from './signature.js';

type Doc = BillingDoc;
/** What a reminder letter prints of its reminder. */
export type ReminderLetter = Pick<ReminderDoc, 'date' | 'subject' | 'text'>;

const NUMBER_LABELS: Record<PdfKind, string> = {
  invoice: 'Rechnungsnummer',
  offer: 'Angebotsnummer',
  credit: 'Gutschriftsnummer',
  invoicestorno: 'Stornonummer',
  assignmentconfirmation: 'Auftragsnummer',
};
const same = (a?: string, b?: string) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The facts at the right of the address: number, dates, customer number and references. */
function facts(doc: Doc, kind: PdfKind): Array<[string, string]> {
  const buyer = doc.buyer ?? {};
  const period = doc.servicePeriod;
  const rows: Array<[string, string | undefined]> = [
    [NUMBER_LABELS[kind], doc.documentNumber ?? 'Entwurf'],
    ['Datum', date(doc.documentDate)],
    ['Kundennummer', buyer.debitorNumber ?? (buyer.number !== undefined ? String(buyer.number) : undefined)],
    ['Ihre USt-IdNr.', buyer.vatNumber],
    [
      period?.from && period.to && period.from !== period.to ? 'Leistungszeitraum' : 'Leistungsdatum',
      period?.from
        ? period.to && period.to !== period.from
          ? `${date(period.from)} – ${date(period.to)}`
          : date(period.from)
        : undefined,
    ],
    ['Fällig am', kind === 'invoice' ? date(doc.dueDate) : undefined],
    ['Leitweg-ID', buyer.buyerReference],
    ['Ihre Bestellung', buyer.orderReferenceId],
    [
      'zu Rechnung',
      kind === 'invoicestorno' ? doc.invoiceNumber : kind === 'credit' ? doc.creditedInvoiceNumber : undefined,
    ],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/** "Leistungsort: …" when the service address (the object) is not the billing address. */
function serviceAddress(doc: Doc): string[] {
  const delivery = doc.delivery;
  const at = delivery?.address;
  const billing = doc.buyer?.address ?? {};
  if (!at || (same(at.street, billing.street) && same(at.zip, billing.zip) && same(at.city, billing.city))) return [];
  const place = [delivery.name, at.street, [at.zip, at.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [`Leistungsort: ${place}`];
}

export function documentTitle(doc: Doc, kind: PdfKind) {
  return `${TITLES[kind]} ${doc.documentNumber ?? 'Entwurf'}`;
}

/** Draws the whole document into `pdf` (every page, footers included). */
export function drawDocument(pdf: Pdf, doc: Doc, kind: PdfKind, logo?: Uint8Array, art: LetterArt = {}) {
  const seller = doc.seller ?? {};
  const top = letterhead(pdf, seller, doc.buyer ?? {}, facts(doc, kind), serviceAddress(doc), logo, art.letterhead);
  const flow = new Flow(pdf, top);
  flow.block(documentTitle(doc, kind), PAGE.left, WIDTH, { bold: true, size: 14 }, 8);
  if (doc.title && doc.title !== TITLES[kind]) flow.block(doc.title, PAGE.left, WIDTH, { bold: true, size: 10 }, 6);
  if (doc.introText) flow.block(doc.introText, PAGE.left, WIDTH, { size: 9.5 }, 10);
  positionsTable(flow, doc);
  totals(flow, doc);
  for (const text of [referenceText(doc, kind), paymentTermsText(doc, kind), doc.closingText]) {
    if (text) flow.block(text, PAGE.left, WIDTH, { size: 9.5 }, 6);
  }
  if (kind === 'offer') issuerSignature(flow, art);
  signatureBlock(flow, doc.signature);
  finishPages(pdf, (page, count) => footer(pdf, seller, page, count));
}

/** A reminder letter: letterhead, the reminder's subject and text (undefined invoice: deleted since). */
export function drawReminder(
  pdf: Pdf,
  reminder: ReminderLetter,
  invoice: Doc | undefined,
  logo?: Uint8Array,
  art: LetterArt = {},
) {
  const seller = invoice?.seller ?? {};
  const rows: Array<[string, string]> = [['Datum', date(reminder.date)]];
  if (invoice?.documentNumber) rows.push(['Rechnungsnummer', invoice.documentNumber]);
  if (invoice?.buyer?.debitorNumber) rows.push(['Kundennummer', invoice.buyer.debitorNumber]);
  const flow = new Flow(pdf, letterhead(pdf, seller, invoice?.buyer ?? {}, rows, [], logo, art.letterhead));
  flow.block(reminder.subject ?? '', PAGE.left, WIDTH, { bold: true, size: 14 }, 10);
  flow.block(reminder.text ?? '', PAGE.left, WIDTH, { size: 10 });
  finishPages(pdf, (page, count) => footer(pdf, seller, page, count));
}
