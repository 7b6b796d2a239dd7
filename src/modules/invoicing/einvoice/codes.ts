// Code lists and number formats of the e-invoice: UN/ECE Rec 20 units, UNTDID 1001 document types,
// VAT exemption reasons (BT-120) with their VATEX codes (BT-121), amounts and prices.
import type { VatCategory } from '../rules/invoice-totals.js';

/** UN/ECE Recommendation 20 unit codes for the units cleaning companies write. */
const UNITS: Record<string, string> = {
  h: 'HUR',
  std: 'HUR',
  stunde: 'HUR',
  stunden: 'HUR',
  hour: 'HUR',
  'm²': 'MTK',
  m2: 'MTK',
  qm: 'MTK',
  m: 'MTR',
  stk: 'H87',
  stück: 'H87',
  pcs: 'H87',
  piece: 'H87',
  pauschal: 'LS',
  psch: 'LS',
  month: 'MON',
  monat: 'MON',
  tag: 'DAY',
  day: 'DAY',
  km: 'KMT',
  kg: 'KGM',
  l: 'LTR',
};
export const unitCode = (unit: string | undefined) => UNITS[(unit ?? '').trim().toLowerCase()] ?? 'C62'; // C62: one (unit)

/**
 * UNTDID 1001: 380 commercial invoice, 326 partial invoice, 381 credit note, 384 corrected
 * invoice (our cancellation). A final invoice is a 380 that lists the partial invoices.
 */
export type TypeCode = '380' | '326' | '381' | '384';

/**
 * Why a category carries no VAT (BT-120, German, for the reader) and its VATEX code (BT-121, for
 * the machine). S and Z must have neither (BR-S-10, BR-Z-10). E has no code: its legal basis is
 * one of many numbers of § 4 UStG that we do not know, and the text alone satisfies BR-E-10.
 */
export const EXEMPTIONS: Partial<Record<VatCategory, { text: string; code?: string }>> = {
  E: { text: 'Steuerfrei nach § 4 UStG' },
  AE: { text: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)', code: 'VATEX-EU-AE' },
  K: { text: 'Innergemeinschaftliche Lieferung/Leistung', code: 'VATEX-EU-IC' },
  G: { text: 'Ausfuhrlieferung', code: 'VATEX-EU-G' },
  O: { text: 'Nicht steuerbar', code: 'VATEX-EU-O' },
};

/**
 * The VAT rate as written: none on O lines, allowances and charges (BR-O-05..07), but 0 in the O
 * breakdown (XRechnung requires BT-119 in every breakdown, BR-DE-14); 0 for the other untaxed categories.
 */
export function ratePercent(category: VatCategory, rate: number | undefined, breakdown = false): string | undefined {
  if (category === 'O' && !breakdown) return undefined;
  return category === 'S' ? plain(rate ?? 0) : '0';
}

/** An amount with two decimals (stored amounts are numbers with at most two). */
export const money = (amount: number) => (Math.round(amount * 100) / 100 + 0).toFixed(2);

/** A quantity or rate without trailing zeros (up to 4 decimals). */
export const plain = (n: number) => String(Number(n.toFixed(4)) + 0);

/** A unit price with at most two decimals: the price of 1, 10, 100, 1000 or 10000 units. */
export function priceWithBase(price: number): { amount: string; base: number } {
  for (const base of [1, 10, 100, 1000, 10_000]) {
    const scaled = Number((price * base).toPrecision(12));
    if (Math.abs(scaled * 100 - Math.round(scaled * 100)) < 1e-6) return { amount: scaled.toFixed(2), base };
  }
  // More decimals than the largest base absorbs: the price of 10000 units, rounded to the cent.
  return { amount: (Math.round(price * 10_000 * 100) / 100).toFixed(2), base: 10_000 };
}
