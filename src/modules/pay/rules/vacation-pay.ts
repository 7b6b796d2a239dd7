// Vacation pay by the Referenzprinzip (§11 (1) BUrlG): a vacation day pays the average earnings of
// the 13 weeks before the vacation starts, overtime pay left out, per working day of the contract
// (working days per week × 13). Earnings are the salary lines of those weeks: work (base pay and
// surcharges) and paid absence days (their pay keeps the average whole, §11 (1) sentence 3).
// Overtime: per ISO week, the seconds beyond the contract's weekly hours; their share of that
// week's base pay is taken out. docs/pay-law.md explains it.
import { centsFor, scaleCents } from '../../../platform/money.js';

export const REFERENCE_WEEKS = 13;
const DAY = 86_400_000;

/** One salary line of the reference period: its local date, paid seconds, total and base pay in cents. */
export interface EarningLine {
  date: string;
  seconds: number;
  cents: number;
  baseCents: number;
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

export interface VacationDayRate {
  earningsCents: number;
  overtimeCents: number;
  divisorDays: number;
  dayCents: number;
}

export function vacationDayRate(input: {
  lines: EarningLine[];
  weeklyContractSeconds: number;
  workingDaysPerWeek: number;
}): VacationDayRate {
  const weeks = new Map<string, { seconds: number; baseCents: number }>();
  let total = 0;
  for (const line of input.lines) {
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
  const divisorDays = input.workingDaysPerWeek * REFERENCE_WEEKS;
  return {
    earningsCents,
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
