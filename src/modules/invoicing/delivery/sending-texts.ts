// The German subject and text of a document mail, unless the sender gives their own.
import type { DocumentFormat } from '../../../resources/customers.js';
import type { DocumentKind } from '../documents/document-schema.js';
import { TITLES, date, eur } from '../pdf/texts.js';

/** Amounts as the letter names them (a negative credit or cancellation is named by its size). */
const amount = (n: number | undefined) => eur(Math.abs(n ?? 0));

/** What a document mail names of the issued document. */
export interface MailedDocument {
  documentNumber?: string;
  documentDate?: string;
  grossAmount?: number;
  amountDue?: number;
  dueDate?: string;
  creditedInvoiceNumber?: string;
  invoiceNumber?: string;
  validUntil?: string;
  seller?: { name?: string };
}

/** "Rechnung RE-2026-00001" */
export const documentSubject = (doc: MailedDocument, kind: DocumentKind) => `${TITLES[kind]} ${doc.documentNumber}`;

const AS_FILE: Record<DocumentFormat, string> = {
  PDF: 'als PDF-Datei',
  ZUGFERD: 'als ZUGFeRD-Rechnung (PDF-Datei mit eingebetteter elektronischer Rechnung)',
  XRECHNUNG_UBL: 'als XRechnung (UBL)',
  XRECHNUNG_CII: 'als XRechnung (CII)',
};

/** A short letter naming the document, its date and amount, the file it comes as, and what follows from it. */
export function documentMailText(doc: MailedDocument, kind: DocumentKind, format: DocumentFormat): string {
  const what = `${kind === 'offer' ? 'unser' : 'unsere'} ${TITLES[kind]} ${doc.documentNumber} vom ${date(doc.documentDate)}`;
  // A final invoice asks for its amount due (gross less the partial invoices already billed).
  const sum =
    kind === 'invoicestorno'
      ? ''
      : ` über ${amount(kind === 'invoice' ? (doc.amountDue ?? doc.grossAmount) : doc.grossAmount)}`;
  const next = {
    invoice: doc.dueDate ? `Bitte zahlen Sie bis zum ${date(doc.dueDate)}.` : '',
    credit: doc.creditedInvoiceNumber ? `Sie bezieht sich auf unsere Rechnung ${doc.creditedInvoiceNumber}.` : '',
    invoicestorno: doc.invoiceNumber ? `Sie storniert unsere Rechnung ${doc.invoiceNumber}.` : '',
    offer: doc.validUntil ? `Es gilt bis zum ${date(doc.validUntil)}.` : '',
    assignmentconfirmation: 'Wir bestätigen Ihnen damit Ihren Auftrag.',
  }[kind];
  return [
    'Sehr geehrte Damen und Herren,',
    '',
    [`mit dieser E-Mail erhalten Sie ${what}${sum} ${AS_FILE[format]}.`, next].filter(Boolean).join(' '),
    '',
    'Mit freundlichen Grüßen',
    doc.seller?.name ?? '',
  ]
    .join('\n')
    .trimEnd();
}
