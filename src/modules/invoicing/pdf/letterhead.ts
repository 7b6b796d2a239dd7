// The letter around a document: the sender with phone and e-mail (and the logo, top right), the
// recipient's address window, the facts block (number, dates, references), and on every page the
// footer with what a GmbH's business letter must name (§35a GmbHG: register court and number, the
// managing directors), the tax ids and the bank account; "Seite n von m" when there are several pages.
import { PAGE, WIDTH, hline, lineHeight, put, style, wrap, type Pdf } from '../../../platform/pdf/layout.js';
import { jpegFrame, pngSize } from '../../../platform/images/formats.js';

/** The seller as frozen into a document (the company's invoicing settings at issue). */
export interface Seller {
  name?: string;
  street?: string;
  zip?: string;
  city?: string;
  phone?: string;
  email?: string;
  managingDirector?: string;
  registration?: string;
  vatId?: string;
  taxNumber?: string;
  bankName?: string;
  iban?: string;
  bic?: string;
}
interface PostalAddress {
  co?: string;
  street?: string;
  zip?: string;
  city?: string;
  country?: string;
}
/** The buyer as frozen into a document. */
export interface Buyer {
  name?: string;
  contactPerson?: string;
  address?: PostalAddress;
}

const joined = (parts: Array<string | undefined | null>, separator: string) => parts.filter(Boolean).join(separator);
const cityLine = (a: { zip?: string; city?: string } | undefined) => joined([a?.zip, a?.city], ' ');
const regionNames = new Intl.DisplayNames(['de'], { type: 'region' });

/** A country other than Germany as the last address line, in capitals (DIN 5008): AT → ÖSTERREICH. */
function foreignCountry(code: string | undefined) {
  if (!code || code.toUpperCase() === 'DE') return undefined;
  try {
    return regionNames.of(code.toUpperCase())?.toUpperCase() ?? code;
  } catch {
    return code; // not a region code: printed as stored
  }
}

/** The logo in a 160 × 60 box at the top right; an image pdfkit cannot read leaves the space empty. */
function logo(pdf: Pdf, image: Uint8Array | undefined) {
  if (!image) return;
  try {
    pdf.image(Buffer.from(image), PAGE.right - 160, 40, { fit: [160, 60], align: 'right' });
  } catch {
    // A stored logo was checked when it was uploaded; should it still not decode, the letter goes out without it.
  }
}

const BAND = { top: 30, height: 100 };

/** The letterhead band across the top, between the margins, at most 100 pt high; returns its bottom (undefined when not drawn). */
function band(pdf: Pdf, image: Uint8Array | undefined): number | undefined {
  if (!image) return undefined;
  const bytes = Buffer.from(image);
  const size = pngSize(bytes) ?? jpegFrame(bytes);
  if (!size?.width) return undefined;
  try {
    pdf.image(bytes, PAGE.left, BAND.top, { fit: [WIDTH, BAND.height], align: 'center' });
  } catch {
    return undefined; // checked at upload; should it not decode, the printed sender block stands in
  }
  // pdfkit leaves y where it was for an image placed at a position: the band's height from its size.
  return BAND.top + Math.min(BAND.height, (WIDTH * size.height) / size.width);
}

/**
 * Sender, logo, the recipient's address and the facts at the right; returns where the content may start.
 * `facts` are label/value pairs; `extra` are lines under the address (the service address). A
 * letterhead band (`bandImage`) takes the place of the sender block and the logo.
 */
export function letterhead(
  pdf: Pdf,
  seller: Seller,
  buyer: Buyer,
  facts: Array<[string, string]>,
  extra: string[] = [],
  image?: Uint8Array,
  bandImage?: Uint8Array,
): number {
  const bandBottom = band(pdf, bandImage);
  const y = bandBottom ?? senderBlock(pdf, seller, image);

  // The address window of a DIN 5008 letter (form B): the sender in small print above the recipient.
  const windowTop = Math.max(y + 12, 125);
  style(pdf, { size: 6.5, color: '#444444' });
  put(
    pdf,
    wrap(pdf, joined([seller.name, seller.street, cityLine(seller)], ' · '), 280)[0] ?? '',
    PAGE.left,
    windowTop,
  ); // one line, clear of the facts
  const address = buyer.address ?? {};
  const recipient = [
    buyer.name,
    buyer.contactPerson,
    address.co && `c/o ${address.co}`,
    address.street,
    cityLine(address),
    foreignCountry(address.country),
  ].filter(Boolean) as string[];
  style(pdf, { size: 10 });
  let left = windowTop + 12;
  for (const line of recipient.flatMap((l) => wrap(pdf, l, 270))) {
    put(pdf, line, PAGE.left, left);
    left += lineHeight(pdf);
  }
  style(pdf, { size: 8.5 });
  if (extra.length) left += 6;
  for (const line of extra.flatMap((l) => wrap(pdf, l, 270))) {
    put(pdf, line, PAGE.left, left);
    left += lineHeight(pdf);
  }

  let right = windowTop;
  style(pdf, { size: 8.5 });
  for (const [label, value] of facts) {
    style(pdf, { size: 8.5, color: '#444444' });
    put(pdf, label, 340, right);
    style(pdf, { size: 8.5 });
    const lines = wrap(pdf, value, PAGE.right - 425);
    lines.forEach((line, i) => {
      put(pdf, line, 425, right + i * lineHeight(pdf));
    });
    right += lines.length * lineHeight(pdf);
  }
  return Math.max(left, right, 230) + 18;
}

/** The company's name, address and contact at the top left, the logo at the right; returns the bottom. */
function senderBlock(pdf: Pdf, seller: Seller, image: Uint8Array | undefined): number {
  logo(pdf, image);
  const senderWidth = image ? WIDTH - 175 : WIDTH;
  style(pdf, { bold: true, size: 14 });
  const nameLines = wrap(pdf, seller.name ?? '', senderWidth);
  nameLines.forEach((line, i) => {
    put(pdf, line, PAGE.left, 45 + i * 17);
  });
  let y = 45 + nameLines.length * 17 + 2;
  style(pdf, { size: 8, color: '#444444' });
  for (const line of [
    joined([seller.street, cityLine(seller)], ' · '),
    joined([seller.phone && `Tel. ${seller.phone}`, seller.email && `E-Mail ${seller.email}`], ' · '),
  ].filter(Boolean)) {
    put(pdf, line, PAGE.left, y);
    y += 11;
  }
  return y;
}

/** The footer of one page: three columns (company and contact, register and tax, bank) and the page number. */
export function footer(pdf: Pdf, seller: Seller, page: number, pages: number) {
  if (pages > 1) {
    style(pdf, { size: 8, color: '#444444' });
    put(pdf, `Seite ${page} von ${pages}`, PAGE.left, PAGE.bottom + 4, { width: WIDTH, align: 'right' });
  }
  hline(pdf, PAGE.footerTop);
  const directors = seller.managingDirector ? `Geschäftsführer: ${seller.managingDirector}` : undefined;
  const columns: string[][] = [
    [
      seller.name,
      seller.street,
      cityLine(seller),
      seller.phone && `Tel. ${seller.phone}`,
      seller.email && `E-Mail ${seller.email}`,
    ],
    [
      directors,
      seller.registration,
      seller.vatId && `USt-IdNr. ${seller.vatId}`,
      seller.taxNumber && `Steuernummer ${seller.taxNumber}`,
    ],
    [seller.bankName, seller.iban && `IBAN ${seller.iban}`, seller.bic && `BIC ${seller.bic}`],
  ].map((c) => c.filter(Boolean) as string[]);
  // Widths: the address column holds the longest lines (e-mail), the bank column the shortest.
  const widths = [185, 175, WIDTH - 20 - 185 - 175];
  style(pdf, { size: 7, color: '#333333' });
  let x = PAGE.left;
  columns.forEach((lines, i) => {
    let y = PAGE.footerTop + 5;
    for (const line of lines.flatMap((l) => wrap(pdf, l, widths[i]!)).slice(0, 8)) {
      put(pdf, line, x, y);
      y += 8.5;
    }
    x += widths[i]! + 10;
  });
  style(pdf);
}
