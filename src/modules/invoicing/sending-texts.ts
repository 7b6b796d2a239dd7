// The German subject and text of a document mail, unless the sender gives their own.
import type { DocumentFormat } from '../../resources/customers.js';
import type { DocumentKind } from './billing-documents.js';

const TITLES: Record<DocumentKind, string> = { invoice: 'Rechnung', offer: 'Angebot', credit: 'Gutschrift', invoicestorno: 'Stornorechnung' };
const eur = (n: number) => `${Math.abs(n).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const date = (iso?: string) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

/** "Rechnung RE-2026-00001" */
export const documentSubject = (doc: Record<string, any>, kind: DocumentKind) => `${TITLES[kind]} ${doc.documentNumber}`;

const AS_FILE: Record<DocumentFormat, string> = {
  PDF: 'als PDF-Datei',
  ZUGFERD: 'als ZUGFeRD-Rechnung (PDF-Datei mit eingebetteter elektronischer Rechnung)',
  XRECHNUNG_UBL: 'als XRechnung (UBL)',
  XRECHNUNG_CII: 'als XRechnung (CII)',
};

/** A short letter naming the document, its date, amount and (invoices) due date, and the file it comes as. */
export function documentMailText(doc: Record<string, any>, kind: DocumentKind, format: DocumentFormat): string {
  const what = `${kind === 'offer' ? 'unser' : 'unsere'} ${TITLES[kind]} ${doc.documentNumber} vom ${date(doc.documentDate)}`;
  const detail = {
    invoice: ` über ${eur(doc.grossAmount ?? 0)}${doc.dueDate ? `, zahlbar bis zum ${date(doc.dueDate)}` : ''}`,
    credit: ` über ${eur(doc.grossAmount ?? 0)}${doc.creditedInvoiceNumber ? ` zur Rechnung ${doc.creditedInvoiceNumber}` : ''}`,
    invoicestorno: doc.invoiceNumber ? `, mit der die Rechnung ${doc.invoiceNumber} storniert wird` : '',
    offer: ` über ${eur(doc.grossAmount ?? 0)}${doc.validUntil ? `, gültig bis zum ${date(doc.validUntil)}` : ''}`,
  }[kind];
  return [
    'Sehr geehrte Damen und Herren,',
    '',
    `anbei erhalten Sie ${what}${detail} ${AS_FILE[format]}.`,
    '',
    'Mit freundlichen Grüßen',
    doc.seller?.name ?? '',
  ].join('\n').trimEnd();
}
