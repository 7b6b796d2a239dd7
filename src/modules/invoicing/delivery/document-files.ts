// One place that turns an issued document into a file, for the download routes and for sending
// alike: the PDF, ZUGFeRD (the PDF as PDF/A-3 with the CII XML inside), XRechnung in UBL or CII.
// An e-invoice is only rendered from complete data: a document issued before the rule may lack
// some, and then the answer is a 422 naming the fields, never an invalid file.
import type { TenantTx } from '../../../platform/db/tenant.js';
import { fieldError } from '../../../platform/http/errors.js';
import type { DocumentFormat } from '../../../resources/customers.js';
import { isLetter, type BillingDoc, type DocumentKind } from '../documents/document-schema.js';
import { renderEInvoiceXml } from '../einvoice/render-xml.js';
import { loadPrintAssets } from '../assets/assets.js';
import { userFullNames } from '../../users/index.js';
import { renderPdf, renderReminderPdf, renderZugferd, type PdfOptions } from '../pdf/render-pdf.js';
import { assertCompleteData } from '../rules/required-data.js';
import type { ReminderDoc } from '../dunning/reminders.js';

export interface DocumentFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** What the letter carries besides the document's own data: the company's logo and letterhead band, a signature. */
export type FileOptions = PdfOptions;

/**
 * The company's images, read in the caller's transaction; with `signerId` (the creator of an offer)
 * also that user's signature image and name.
 */
export async function fileOptions(tx: TenantTx, signerId?: string | null): Promise<FileOptions> {
  const { signature, ...company } = await loadPrintAssets(tx, signerId);
  if (!signature || !signerId) return company;
  const signerName = (await userFullNames(tx, [signerId])).get(signerId);
  return { ...company, signature, ...(signerName ? { signerName } : {}) };
}

/** A file name of letters, digits, dot, dash and underscore (a number format or a title may hold others). */
export const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

export async function documentFile(
  doc: BillingDoc,
  kind: DocumentKind,
  format: DocumentFormat,
  options: FileOptions = {},
): Promise<DocumentFile> {
  const name = fileName(String(doc.documentNumber ?? 'document'));
  if (format === 'PDF')
    return { filename: `${name}.pdf`, contentType: 'application/pdf', bytes: await renderPdf(doc, kind, options) };
  if (isLetter(kind)) throw fieldError('format', 'an offer or assignment confirmation is only rendered as PDF');
  assertCompleteData(doc, kind, 'rendered as an e-invoice');
  if (format === 'ZUGFERD')
    return {
      filename: `${name}-zugferd.pdf`,
      contentType: 'application/pdf',
      bytes: await renderZugferd(doc, kind, options),
    };
  const syntax = format === 'XRECHNUNG_CII' ? 'cii' : 'ubl';
  const xml = await renderEInvoiceXml(doc, kind, syntax);
  return {
    filename: `${name}-${syntax}.xml`,
    contentType: 'application/xml; charset=utf-8',
    bytes: Buffer.from(xml, 'utf8'),
  };
}

/** A reminder letter (its invoice supplies the letterhead and the amounts). */
export async function reminderFile(
  reminder: ReminderDoc,
  /** Undefined when the invoice was deleted since. */
  invoice: BillingDoc | undefined,
  options: FileOptions = {},
): Promise<DocumentFile> {
  const name = fileName(`${reminder.title ?? 'Mahnung'}-${reminder.invoiceNumber ?? invoice?.documentNumber ?? ''}`);
  return {
    filename: `${name}.pdf`,
    contentType: 'application/pdf',
    bytes: await renderReminderPdf(reminder, invoice, options),
  };
}
