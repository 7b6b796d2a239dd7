// Minijob and Midijob (Übergangsbereich) by the month's pay, for the payroll office's check:
// - §8 (1a) SGB IV: the Geringfügigkeitsgrenze is the minimum wage × 130 / 3, rounded up to a whole
//   euro (2026: 13.90 → 602.33 → 603 EUR; 2027: 14.60 → 632.67 → 633 EUR).
// - §8 (1b) SGB IV: an unforeseeable exceeding keeps the minijob if it happens in no more than two
//   calendar months of the Zeitjahr (the 12 months ending with the month) and each time by no more
//   than the limit itself (pay at most twice the limit).
// - §20 (2) SGB IV: the Übergangsbereich (Midijob) runs from above the limit to 2,000 EUR a month.
// Flags only: the employer decides and reports; docs/pay-law.md explains it.
import { GENERAL_MINIMUM_WAGE, rowOn } from '../../pay/index.js';

export const EMPLOYMENT_TYPES = ['fullTime', 'partTime', 'minijob', 'midijob', 'workingStudent'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** §20 (2) SGB IV since 2024-01-01: the upper end of the Übergangsbereich. */
export const MIDIJOB_UPPER_CENTS = 200_000;
/** §8 (1b) SGB IV: at most this many months of unforeseeable exceeding in the Zeitjahr. */
export const UNFORESEEABLE_MONTHS = 2;

/** The Geringfügigkeitsgrenze of a month in cents: minimum wage × 130 / 3, rounded up to whole euros. */
export function minijobLimitCents(month: string): number | undefined {
  const wage = rowOn(GENERAL_MINIMUM_WAGE, `${month}-01`)?.perHour;
  if (wage === undefined) return undefined;
  const wageCents = Math.round(wage * 100);
  return Math.ceil((wageCents * 130) / 3 / 100) * 100;
}

/** The months before a month, back to the start of its Zeitjahr (12 months ending with it). */
function inZeitjahr(month: string, other: string): boolean {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const diff = index(month) - index(other);
  return diff >= 0 && diff < 12;
}

export type EmploymentFlag =
  | 'MINIJOB_LIMIT_EXCEEDED'
  | 'MINIJOB_UNFORESEEABLE_EXCEEDING'
  | 'MIDIJOB_BAND'
  | 'MIDIJOB_ABOVE_BAND';

export interface EmploymentCheck {
  type?: EmploymentType;
  limitCents?: number;
  midijobUpperCents: number;
  payCents: number;
  flags: EmploymentFlag[];
}

/**
 * The month's check. A minijob over the limit is flagged exceeded, unless the month is recorded as
 * an unforeseeable exceeding, no more than two such months fall in its Zeitjahr and the pay is at
 * most twice the limit. Pay in the Übergangsbereich is flagged MIDIJOB_BAND for every type (a
 * minijob there has left the minijob); a Midijob above 2,000 EUR is flagged too.
 */
export function checkEmployment(input: {
  month: string;
  payCents: number;
  type?: EmploymentType;
  /** Months (YYYY-MM) the employer recorded as unforeseeable exceeding (§8 (1b) SGB IV). */
  unforeseeable?: readonly string[];
}): EmploymentCheck {
  const limitCents = minijobLimitCents(input.month);
  const check: EmploymentCheck = {
    ...(input.type ? { type: input.type } : {}),
    ...(limitCents !== undefined ? { limitCents } : {}),
    midijobUpperCents: MIDIJOB_UPPER_CENTS,
    payCents: input.payCents,
    flags: [],
  };
  if (limitCents === undefined) return check;
  const over = input.payCents > limitCents;
  const inBand = over && input.payCents <= MIDIJOB_UPPER_CENTS;
  if (input.type === 'minijob' && over) {
    const recorded = (input.unforeseeable ?? []).filter((m) => inZeitjahr(input.month, m));
    const excused =
      recorded.includes(input.month) && recorded.length <= UNFORESEEABLE_MONTHS && input.payCents <= 2 * limitCents;
    check.flags.push(excused ? 'MINIJOB_UNFORESEEABLE_EXCEEDING' : 'MINIJOB_LIMIT_EXCEEDED');
    if (!excused && inBand) check.flags.push('MIDIJOB_BAND');
    return check;
  }
  if (inBand && input.type !== 'minijob') check.flags.push('MIDIJOB_BAND');
  if (input.type === 'midijob' && input.payCents > MIDIJOB_UPPER_CENTS) check.flags.push('MIDIJOB_ABOVE_BAND');
  return check;
}
