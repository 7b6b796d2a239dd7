// The German wording of the printed documents: number and date formats, titles, the notes each VAT
// category requires (§14 Abs. 4 UStG, §14a UStG) and the payment terms written out from the term's
// days and skonto, so the text always matches the due date and the e-invoice.
import { toAmount, toCents } from '../../../platform/money.js';
import { skontoOf } from '../rules/invoice-totals.js';
import type { BillingDoc } from '../documents/document-schema.js';

export const TITLES = {
  invoice: 'Rechnung',
  offer: 'Angebot',
  credit: 'Gutschrift',
  invoicestorno: 'Stornorechnung',
  assignmentconfirmation: 'Auftragsbestätigung',
} as const;
export type PdfKind = keyof typeof TITLES;

// One formatter each: toLocaleString builds a new one per call, which showed in a rendering's profile.
const money = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 4 });
export const eur = (n: number) => `${money.format(n)} €`;
/** Unit prices keep their four decimals (0,0825 € per m²). */
export const unitPrice = (n: number) => `${price.format(n)} €`;
export const qty = (n: number) => number.format(n);
export const date = (iso?: string) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What the invoice must say about a VAT category other than the standard rate. */
export const CATEGORY_TEXTS: Record<string, string> = {
  AE: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)',
  K: 'Steuerfreie innergemeinschaftliche Lieferung/Leistung',
  G: 'Steuerfreie Ausfuhrlieferung',
  E: 'Steuerfrei',
  O: 'Nicht steuerbar',
  Z: 'Nullsatz',
  L: 'Kanarische Inseln (IGIC)',
  M: 'Ceuta und Melilla (IPSI)',
};

/** The label of a VAT group in the totals. */
export function vatLabel(v: { category: string; rate: number; taxableAmount: number }) {
  if (v.category === 'S') return `USt ${qty(v.rate)} % auf ${eur(v.taxableAmount)}`;
  return `${CATEGORY_TEXTS[v.category] ?? v.category}: ${eur(v.taxableAmount)}`;
}

type Doc = BillingDoc;

/** The payment terms as a sentence: net days and due date, skonto with its date and amount. */
export function paymentTermsText(doc: Doc, kind: PdfKind): string | undefined {
  const term = doc.paymentTerm;
  if (!term || !['invoice', 'offer', 'assignmentconfirmation'].includes(kind)) return undefined;
  const netDays = Number(term.netDays ?? 0);
  const days = (n: number) => (n === 1 ? '1 Tag' : `${n} Tagen`);
  if (kind !== 'invoice' || !doc.documentDate) {
    const net =
      netDays > 0
        ? `innerhalb von ${days(netDays)} nach Rechnungsstellung ohne Abzug`
        : 'sofort nach Rechnungsstellung ohne Abzug';
    const skonto =
      term.skontoPercentage && term.skontoDays
        ? `; bei Zahlung innerhalb von ${days(term.skontoDays)} ${qty(term.skontoPercentage)} % Skonto`
        : '';
    return `Zahlungsbedingungen: zahlbar ${net}${skonto}.`;
  }
  const due = doc.dueDate ?? addDays(doc.documentDate, netDays);
  if (term.skontoPercentage && term.skontoDays) {
    const base = doc.skontoBaseAmount ?? doc.amountDue ?? doc.grossAmount ?? 0;
    const discount = toAmount(skontoOf(toCents(base), term.skontoPercentage));
    const skontoDate = addDays(doc.documentDate, term.skontoDays);
    const partly = doc.skontoBaseAmount != null ? ` auf ${eur(base)}` : '';
    return `Bei Zahlung bis ${date(skontoDate)} ${qty(term.skontoPercentage)} % Skonto${partly} (${eur(discount)}), sonst netto bis ${date(due)}.`;
  }
  return netDays > 0
    ? `Zahlbar innerhalb von ${days(netDays)} ohne Abzug bis ${date(due)}.`
    : `Zahlbar sofort ohne Abzug (bis ${date(due)}).`;
}

/** The sentence that says what a credit or a cancellation refers to and what follows from it. */
export function referenceText(doc: Doc, kind: PdfKind): string | undefined {
  const amount = eur(Math.abs(doc.amountDue ?? doc.grossAmount ?? 0));
  if (kind === 'invoicestorno' && doc.invoiceNumber) {
    const of = doc.invoiceDate ? ` vom ${date(doc.invoiceDate)}` : '';
    return `Diese Stornorechnung hebt unsere Rechnung ${doc.invoiceNumber}${of} vollständig auf. Der Betrag von ${amount} ist nicht mehr zu zahlen; bereits Gezahltes erstatten wir.`;
  }
  if (kind === 'credit') {
    const of = doc.creditedInvoiceNumber
      ? ` zu unserer Rechnung ${doc.creditedInvoiceNumber}${doc.creditedInvoiceDate ? ` vom ${date(doc.creditedInvoiceDate)}` : ''}`
      : '';
    return `Gutschrift${of}: Wir schreiben Ihnen ${amount} gut.`;
  }
  return undefined;
}
