// Vacation pay by the Referenzprinzip (§11 (1) BUrlG): a vacation day pays the average earnings of
// the 13 weeks before the vacation starts, overtime pay left out, per working day of the contract
// (working days per week × 13). Earnings are the salary lines of those weeks: work (base pay and
// surcharges) and paid absence days (their pay keeps the average whole, §11 (1) sentence 3).
// Overtime: per ISO week, the seconds beyond the contract's weekly hours; their share of that
// week's base pay is taken out. A lasting pay rise (§11 (1) sentence 2) counts for the whole period:
// a line paid below the rate of today is taken at today's rate. An employment that began inside the
// 13 weeks is averaged over its own working days. docs/pay-law.md explains it.
import { centsFor, scaleCents } from '../../../platform/money.js';

export const REFERENCE_WEEKS = 13;
const DAY = 86_400_000;

/** One salary line of the reference period: its local date, paid seconds, total and base pay in cents. */
export interface EarningLine {
  date: string;
  seconds: number;
  cents: number;
  baseCents: number;
  /** The hourly rate the line was paid at (its salaryPerHour), when it has one. */
  rateCents?: number;
}

/** The first day of the reference period: 13 weeks before the vacation's first day. */
export function referenceStart(firstDay: string): string {
  return new Date(Date.parse(`${firstDay}T00:00:00Z`) - REFERENCE_WEEKS * 7 * DAY).toISOString().slice(0, 10);
}

/** Monday of the ISO week of a date. */
function weekOf(date: string): string {
  const day = Date.parse(`${date}T00:00:00Z`);
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

/**
 * The days the reference average is divided by: the contract's working days (weekdays with hours,
 * index 0 = Monday) from `from` (inclusive) to `to` (exclusive). 13 full weeks give days a week × 13.
 */
export function contractDaysBetween(from: string, to: string, hoursByWeekday: number[]): number {
  let days = 0;
  for (let day = Date.parse(`${from}T00:00:00Z`); day < Date.parse(`${to}T00:00:00Z`); day += DAY) {
    if ((hoursByWeekday[(new Date(day).getUTCDay() + 6) % 7] ?? 0) > 0) days++;
  }
  return days;
}

/**
 * A line at today's rate when it was paid below it (§11 (1) S. 2 BUrlG: a rise that is not only
 * temporary counts for the whole reference period); base and surcharges scale alike, as surcharges
 * are percentages of the rate. A cut is not applied (§11 (1) S. 3 keeps cuts out of the average).
 */
export function atCurrentRate(line: EarningLine, currentRateCents: number | undefined): EarningLine {
  const paid = line.rateCents ?? 0;
  if (!currentRateCents || paid <= 0 || paid >= currentRateCents) return line;
  return {
    ...line,
    cents: scaleCents(line.cents, currentRateCents, paid),
    baseCents: scaleCents(line.baseCents, currentRateCents, paid),
  };
}

export interface VacationDayRate {
  earningsCents: number;
  /** What the pay rise added to the period's earnings (already in earningsCents). */
  raiseCents: number;
  overtimeCents: number;
  divisorDays: number;
  dayCents: number;
}

export function vacationDayRate(input: {
  lines: EarningLine[];
  weeklyContractSeconds: number;
  workingDaysPerWeek: number;
  /** The hourly rate of today; lines paid below it are raised to it. */
  currentRateCents?: number;
  /** Working days of a shorter reference (an employment that began inside the 13 weeks). */
  referenceDays?: number;
}): VacationDayRate {
  const weeks = new Map<string, { seconds: number; baseCents: number }>();
  let total = 0;
  let raiseCents = 0;
  for (const paid of input.lines) {
    const line = atCurrentRate(paid, input.currentRateCents);
    raiseCents += line.cents - paid.cents;
    total += line.cents;
    const week = weeks.get(weekOf(line.date)) ?? { seconds: 0, baseCents: 0 };
    week.seconds += line.seconds;
    week.baseCents += line.baseCents;
    weeks.set(weekOf(line.date), week);
  }
  let overtimeCents = 0;
  for (const week of weeks.values()) {
    const over = week.seconds - input.weeklyContractSeconds;
    if (over > 0) overtimeCents += scaleCents(week.baseCents, over, week.seconds);
  }
  const earningsCents = total - overtimeCents;
  const divisorDays = input.referenceDays ?? input.workingDaysPerWeek * REFERENCE_WEEKS;
  return {
    earningsCents,
    raiseCents,
    overtimeCents,
    divisorDays,
    dayCents: divisorDays > 0 ? scaleCents(earningsCents, 1, divisorDays) : 0,
  };
}

/**
 * The pay of one vacation day: the reference day rate times the part of the day covered; without a
 * full reference period (a new hire) the contract's seconds of that day at the current hourly rate.
 */
export function vacationDayCents(
  day: { fraction: number; contractSeconds: number },
  reference: VacationDayRate | undefined,
  hourlyCents: number,
): number {
  if (!reference) return centsFor(day.contractSeconds, hourlyCents);
  return scaleCents(reference.dayCents, Math.round(day.fraction * 100), 100);
}
