// The printed documents: invoices, offers, credits and cancellations, reminder letters, and the
// ZUGFeRD / Factur-X PDF/A-3b that carries the CII XML. Layout and wording live in ./pdf/.
import { renderEInvoiceXml } from '../einvoice/render-xml.js';
import { documentTitle, drawDocument, drawReminder, type ReminderLetter } from './document.js';
import { newPdf, pdfBytes } from '../../../platform/pdf/layout.js';
import type { PdfKind } from './texts.js';
import { FACTURX_XMP, ZUGFERD_FILE_NAME, xmpSafe } from './zugferd.js';
import type { BillingDoc } from '../documents/document-schema.js';

export interface PdfOptions {
  /** The company's logo (PNG or JPEG), printed top right. */
  logo?: Uint8Array;
  /** The company's letterhead band, across the top of the first page instead of the sender and logo. */
  letterhead?: Uint8Array;
  /** The signature image of the offer's creator, and their name under it (offers only). */
  signature?: Uint8Array;
  signerName?: string;
}

const info = (title: string) => ({ Title: title, Producer: 'Crewbase', Creator: 'Crewbase' });

export async function renderPdf(doc: BillingDoc, kind: PdfKind, options: PdfOptions = {}): Promise<Buffer> {
  const pdf = await newPdf({ info: info(documentTitle(doc, kind)), lang: 'de-DE' });
  return pdfBytes(pdf, () => drawDocument(pdf, doc, kind, options.logo, options));
}

export async function renderReminderPdf(
  reminder: ReminderLetter,
  /** Undefined when the invoice was deleted since: the letter goes without its letterhead data. */
  invoice: BillingDoc | undefined,
  options: PdfOptions = {},
): Promise<Buffer> {
  const pdf = await newPdf({ info: info(reminder.subject ?? 'Zahlungserinnerung'), lang: 'de-DE' });
  return pdfBytes(pdf, () => drawReminder(pdf, reminder, invoice, options.logo, options));
}

/** ZUGFeRD / Factur-X (profile XRECHNUNG): the printed document as PDF/A-3b with its CII XML attached. */
export async function renderZugferd(
  doc: BillingDoc,
  kind: Exclude<PdfKind, 'offer' | 'assignmentconfirmation'>,
  options: PdfOptions = {},
): Promise<Buffer> {
  const xml = await renderEInvoiceXml(doc, kind, 'cii');
  const issued = doc.issuedAt ? new Date(doc.issuedAt) : new Date();
  const pdf = await newPdf({
    info: { ...info(xmpSafe(documentTitle(doc, kind))), CreationDate: issued },
    lang: 'de-DE',
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    displayTitle: true,
  });
  return pdfBytes(pdf, () => {
    drawDocument(pdf, doc, kind, options.logo, options);
    // pdfkit supports `relationship` (written as /AFRelationship); its type definitions lag behind.
    pdf.file(Buffer.from(xml, 'utf8'), {
      name: ZUGFERD_FILE_NAME,
      type: 'text/xml',
      relationship: 'Alternative',
      description: 'Factur-X / ZUGFeRD (XRECHNUNG)',
      creationDate: issued,
      modifiedDate: issued,
    } as PDFKit.Mixins.PDFAttachmentOptions);
    pdf.appendXML(FACTURX_XMP);
  });
}
