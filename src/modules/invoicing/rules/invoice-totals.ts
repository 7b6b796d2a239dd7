// Invoice arithmetic as EN 16931 computes it, in integer cents:
//   line net (BT-131) = quantity × price × (1 − discount), rounded once to the cent;
//   per VAT category and rate: the taxable amount (BT-116) is the sum of its line nets, the VAT
//   (BT-117) is that sum × rate, rounded once to the cent (not a sum of rounded line taxes);
//   document totals are sums of those: net (BT-109), VAT (BT-110), gross (BT-112).
// Optional positions (offers) are shown but not counted. Quantities may have up to 4 decimals,
// prices up to 4 (unit prices of cleaning per m² often have more than 2), discounts up to 4.
// Rounding: half away from zero. docs/decisions.md (Invoicing) explains it.

/** EN 16931 VAT category codes (UNCL 5305) that a cleaning company uses. */
export const VAT_CATEGORIES = {
  S: 'standard rate',
  Z: 'zero rated',
  E: 'exempt',
  AE: 'reverse charge (§13b UStG: the customer owes the VAT)',
  K: 'intra-community supply',
  G: 'export outside the EU',
  O: 'not subject to VAT',
} as const;
export type VatCategory = keyof typeof VAT_CATEGORIES;

export interface Position {
  quantity: number;
  /** Net unit price in the currency (e.g. 1.2345). */
  price: number;
  /** Fraction, 0.1 = 10 %. */
  discount?: number;
  /** VAT rate as a fraction, 0.19 = 19 %. */
  tax: number;
  /** VAT category; S when the rate is above 0, else Z. */
  category?: VatCategory;
  isOptional?: boolean;
}

export interface LineTotal { netCents: number; category: VatCategory; ratePercent: number; counted: boolean }
export interface VatBreakdown { category: VatCategory; ratePercent: number; taxableCents: number; taxCents: number }
export interface InvoiceTotals { lines: LineTotal[]; vat: VatBreakdown[]; netCents: number; taxCents: number; grossCents: number }

const SCALE = 10_000n; // 4 decimals for quantity, price and discount

function fixed4(value: number, what: string): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`${what} is not a finite number`);
  const scaled = Number((value * 10_000).toPrecision(15));
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) throw new RangeError(`${what} has more than 4 decimals: ${value}`);
  return BigInt(Math.round(scaled));
}

function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const rounded = (n * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

export function categoryOf(p: Position): VatCategory {
  return p.category ?? (p.tax > 0 ? 'S' : 'Z');
}

/** The line's net amount in cents: quantity × price × (1 − discount), rounded once. */
export function lineNetCents(p: Position): number {
  const quantity = fixed4(p.quantity, 'quantity');
  const price = fixed4(p.price, 'price');
  const keep = SCALE - fixed4(p.discount ?? 0, 'discount');
  // quantity·price·keep carry 12 decimals; cents carry 2.
  return Number(roundDiv(quantity * price * keep * 100n, SCALE * SCALE * SCALE));
}

export function invoiceTotals(positions: Position[]): InvoiceTotals {
  const lines = positions.map((p): LineTotal => {
    const category = categoryOf(p);
    // Reverse charge, exempt and zero-rated lines carry no VAT whatever rate was given.
    const ratePercent = ['S'].includes(category) ? Number((p.tax * 100).toPrecision(12)) : 0;
    return { netCents: lineNetCents(p), category, ratePercent, counted: !p.isOptional };
  });
  const groups = new Map<string, VatBreakdown>();
  for (const line of lines.filter((l) => l.counted)) {
    const key = `${line.category}|${line.ratePercent}`;
    const group = groups.get(key) ?? { category: line.category, ratePercent: line.ratePercent, taxableCents: 0, taxCents: 0 };
    group.taxableCents += line.netCents;
    groups.set(key, group);
  }
  const vat = [...groups.values()].map((g) => ({
    ...g, taxCents: Number(roundDiv(BigInt(g.taxableCents) * fixed4(g.ratePercent / 100, 'rate'), SCALE)),
  })).sort((a, b) => b.ratePercent - a.ratePercent || a.category.localeCompare(b.category));
  const netCents = vat.reduce((s, g) => s + g.taxableCents, 0);
  const taxCents = vat.reduce((s, g) => s + g.taxCents, 0);
  return { lines, vat, netCents, taxCents, grossCents: netCents + taxCents };
}
