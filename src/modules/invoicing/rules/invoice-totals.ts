// Invoice arithmetic as EN 16931 computes it, in integer cents:
//   line net (BT-131) = quantity × price × (1 − discount), rounded once to the cent;
//   per VAT category and rate: the taxable amount (BT-116) is the sum of its line nets, the VAT
//   (BT-117) is that sum × rate, rounded once to the cent (not a sum of rounded line taxes);
//   document totals are sums of those: net (BT-109), VAT (BT-110), gross (BT-112).
// Document-level allowances (BG-20) and charges (BG-21) each carry a VAT category and rate:
//   amount (BT-92/BT-99) is given, or round(base × percent / 100), where the base (BT-93/BT-100),
//   when not given, is the sum of the counted line nets of the SAME category and rate (a discount
//   "5 % on the 19 % lines"; EN 16931 leaves the base open, this is our rule);
//   lines (BT-106) = Σ line nets; allowances (BT-107), charges (BT-108) = Σ amounts;
//   net (BT-109) = BT-106 − BT-107 + BT-108; per group the taxable amount (BT-116) = its lines
//   + its charges − its allowances, VAT (BT-117) on that, rounded once. A group may hold only an
//   allowance or charge and no line.
// Skonto base (gross amount skonto applies to, XRechnung BASISBETRAG): only when a counted position
//   is skontoExcluded; per group round((taxable − excluded line nets) × (100 + rate) / 100), summed.
//   Document-level allowances and charges stay in it. Without exclusions it would equal the gross.
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
  /** Not discountable by skonto (a pass-through cost, a fee). */
  skontoExcluded?: boolean;
}

/** A document-level allowance (charge false) or charge, amounts in cents. */
export interface AllowanceCharge {
  charge: boolean;
  /** 5 = 5 %, up to 4 decimals; used when amountCents is absent. */
  percent?: number;
  /** The base of the percent; default: the counted line nets of the same category and rate. */
  baseCents?: number;
  /** When given it is the amount, whatever percent and base say (a cancellation's negated amount). */
  amountCents?: number;
  /** VAT rate as a fraction. */
  tax: number;
  category?: VatCategory;
}

export interface LineTotal {
  netCents: number;
  category: VatCategory;
  ratePercent: number;
  counted: boolean;
}
export interface VatBreakdown {
  category: VatCategory;
  ratePercent: number;
  taxableCents: number;
  taxCents: number;
}
export interface AllowanceChargeTotal {
  charge: boolean;
  category: VatCategory;
  ratePercent: number;
  baseCents?: number;
  amountCents: number;
}
export interface InvoiceTotals {
  lines: LineTotal[];
  allowancesCharges: AllowanceChargeTotal[];
  vat: VatBreakdown[];
  lineCents: number;
  allowanceCents: number;
  chargeCents: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
  /** Only when a counted position is skontoExcluded. */
  skontoBaseCents?: number;
}

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

/** Reverse charge, exempt and zero-rated amounts carry no VAT whatever rate was given. */
function ratePercentOf(category: VatCategory, tax: number): number {
  return category === 'S' ? Number((tax * 100).toPrecision(12)) : 0;
}

const groupKey = (category: VatCategory, ratePercent: number) => `${category}|${ratePercent}`;

export function invoiceTotals(positions: Position[], allowancesCharges: AllowanceCharge[] = []): InvoiceTotals {
  const lines = positions.map((p): LineTotal => {
    const category = categoryOf(p);
    return { netCents: lineNetCents(p), category, ratePercent: ratePercentOf(category, p.tax), counted: !p.isOptional };
  });
  const counted = lines.filter((l) => l.counted);
  const groups = new Map<string, VatBreakdown & { excludedCents: number }>();
  const groupOf = (category: VatCategory, ratePercent: number) => {
    const key = groupKey(category, ratePercent);
    const group = groups.get(key) ?? { category, ratePercent, taxableCents: 0, taxCents: 0, excludedCents: 0 };
    groups.set(key, group);
    return group;
  };
  lines.forEach((line, i) => {
    if (!line.counted) return;
    const group = groupOf(line.category, line.ratePercent);
    group.taxableCents += line.netCents;
    if (positions[i]!.skontoExcluded) group.excludedCents += line.netCents;
  });
  // The default base is the group's line sum, before any allowance or charge.
  const lineSums = new Map([...groups].map(([key, g]) => [key, g.taxableCents]));
  const documentLevel = allowancesCharges.map((ac): AllowanceChargeTotal => {
    const category = ac.category ?? (ac.tax > 0 ? 'S' : 'Z');
    const ratePercent = ratePercentOf(category, ac.tax);
    const baseCents =
      ac.baseCents ?? (ac.percent !== undefined ? (lineSums.get(groupKey(category, ratePercent)) ?? 0) : undefined);
    const amountCents =
      ac.amountCents ?? Number(roundDiv(BigInt(baseCents ?? 0) * fixed4(ac.percent ?? 0, 'percent'), 100n * SCALE));
    groupOf(category, ratePercent).taxableCents += ac.charge ? amountCents : -amountCents;
    return { charge: ac.charge, category, ratePercent, ...(baseCents !== undefined ? { baseCents } : {}), amountCents };
  });
  const sorted = [...groups.values()].sort(
    (a, b) => b.ratePercent - a.ratePercent || a.category.localeCompare(b.category),
  );
  const rateOf = (g: VatBreakdown) => fixed4(g.ratePercent / 100, 'rate');
  const vat = sorted.map(({ excludedCents: _e, ...g }) => ({
    ...g,
    taxCents: Number(roundDiv(BigInt(g.taxableCents) * rateOf(g), SCALE)),
  }));
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  const lineCents = sum(counted.map((l) => l.netCents));
  const allowanceCents = sum(documentLevel.filter((a) => !a.charge).map((a) => a.amountCents));
  const chargeCents = sum(documentLevel.filter((a) => a.charge).map((a) => a.amountCents));
  const netCents = lineCents - allowanceCents + chargeCents;
  const taxCents = sum(vat.map((g) => g.taxCents));
  const skontoBaseCents = positions.some((p) => p.skontoExcluded && !p.isOptional)
    ? sum(sorted.map((g) => Number(roundDiv(BigInt(g.taxableCents - g.excludedCents) * (SCALE + rateOf(g)), SCALE))))
    : undefined;
  return {
    lines,
    allowancesCharges: documentLevel,
    vat,
    lineCents,
    allowanceCents,
    chargeCents,
    netCents,
    taxCents,
    grossCents: netCents + taxCents,
    ...(skontoBaseCents !== undefined ? { skontoBaseCents } : {}),
  };
}

/** The skonto on `baseCents` at `percentage` (2 = 2 %), rounded once half away from zero: what payments allow and the PDF prints. */
export function skontoOf(baseCents: number, percentage: number): number {
  return Number(roundDiv(BigInt(baseCents) * fixed4(percentage / 100, 'skonto percentage'), SCALE));
}
