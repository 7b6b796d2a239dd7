// Money is integer cents. Rates are basis points (1 % = 100 bp). Every product of time, rate and
// percentage is computed exactly in BigInt and rounded once, half away from zero
// (kaufmännische Rundung), so the same inputs always give the same cents.

const SECONDS_PER_HOUR = 3600n;
const FULL = 10_000n; // 100 % in basis points

function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n); // floor(n/d + 1/2)
  return negative ? -rounded : rounded;
}

/** Cents earned for `seconds` at `centsPerHour`, scaled by `basisPoints` (10000 = 100 %). */
export function centsFor(seconds: number, centsPerHour: number, basisPoints = 10_000): number {
  assertInteger(seconds, 'seconds');
  assertInteger(centsPerHour, 'centsPerHour');
  assertInteger(basisPoints, 'basisPoints');
  return Number(divideRounded(BigInt(seconds) * BigInt(centsPerHour) * BigInt(basisPoints), SECONDS_PER_HOUR * FULL));
}

/** `cents × numerator / denominator`, rounded half away from zero. */
export function scaleCents(cents: number, numerator: number, denominator: number): number {
  assertInteger(cents, 'cents');
  assertInteger(numerator, 'numerator');
  assertInteger(denominator, 'denominator');
  if (denominator === 0) throw new RangeError('denominator is 0');
  return Number(divideRounded(BigInt(cents) * BigInt(numerator), BigInt(denominator)));
}

/** An API amount (e.g. 15.5 EUR) as cents; amounts carry at most two decimals, more are rounded half away from zero. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError('amount is not a finite number');
  // toPrecision removes binary noise (1.005 * 100 = 100.49999…) before rounding.
  const scaled = Number((Math.abs(amount) * 100).toPrecision(15));
  const cents = Math.floor(scaled + 0.5);
  return amount < 0 ? -cents : cents;
}

/** Cents as the API's decimal amount (two decimals). */
export function toAmount(cents: number): number {
  return cents / 100;
}

/** A percentage (25 or 12.5) as basis points. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

function assertInteger(value: number, name: string) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}
