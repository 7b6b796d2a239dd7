// The pay of one time-tracking entry: a pure function of the entry, the contract, the pay type,
// the surcharge rules, the public holidays and the company's settings. Every amount is integer
// cents; each line (base pay, each surcharge share) is rounded once, half away from zero, and the
// total is the sum of the rounded lines. docs/decisions.md (Time tracking and pay) explains it.
import { deductedBreakSeconds, requiredBreakSeconds, type BreakRule } from './breaks.js';
import { centsFor, percentToBasisPoints, scaleCents, toCents } from '../../../platform/money.js';
import { surchargeShares, type Interval, type SurchargeRule } from './surcharge-frames.js';

export interface PayEntry {
  /** UTC epoch milliseconds; seconds below a whole second are dropped. */
  timeStart: number;
  timeEnd: number;
  /** Break the employee or a manager recorded (seconds). */
  recordedBreak?: number;
  /** Seconds a manager added. */
  addedTime?: number;
  /** Driving time paid at the base rate (seconds). */
  drivingTime?: number;
}

export interface Contract {
  /** Hourly wage, or monthly salary for `monthly`, as a decimal amount (e.g. 15.5). */
  salary?: number;
  salaryType?: 'hourly' | 'monthly';
  /** Contract hours per week, for the hourly rate of a monthly salary (default 40). */
  weeklyHours?: number;
}

export interface PayType {
  name: string;
  /** Percent of the contract rate paid (100 = the rate itself). */
  rateFactor?: number;
  /** Whether surcharges apply to work of this pay type (default true). */
  surcharges?: boolean;
}

export interface PaySettings {
  timeZone: string;
  breakRule?: BreakRule;
  /** Working time is rounded up to a multiple of this many seconds (0 or absent: no rounding). */
  roundUpToSeconds?: number;
  /** Lowest hourly wage allowed on the entry's date, in cents. */
  minimumWageCents?: number;
  /** Tax-free surcharges are computed on at most this hourly base (§3b (2) EStG: 50 EUR), in cents. */
  taxFreeBaseCapCents?: number;
}

export interface SurchargeLine {
  surchargeId: string;
  name: string;
  /** Percent. */
  surcharge: number;
  date: string;
  seconds: number;
  activeTimeFrames: Interval[];
  cents: number;
  /** Part computed on the base up to the tax-free cap; the rest is taxable. */
  taxFreeCents: number;
  taxableCents: number;
  category: string;
}

export interface SalaryCalculation {
  presence: number;
  break: number;
  minBreakTime: number;
  roundUpSeconds: number;
  roundedUp: boolean;
  addedTime: number;
  drivingTime: number;
  /** Paid working time in seconds: presence − break + rounding + added time. */
  workingTime: number;
  salaryPerHourCents: number;
  baseCents: number;
  surcharges: SurchargeLine[];
  totalCents: number;
  nightWorkingTime: number;
  sundayWorkingTime: number;
  publicHolidayWorkingTime: number;
  errors: string[];
}

export const PAY_ERRORS = {
  BELOW_MINIMUM_WAGE: 'the hourly rate is below the minimum wage configured for the company',
  NO_HOURLY_RATE: "the user's contract has no salary, so the entry is paid 0",
} as const;

const DEFAULT_WEEKLY_HOURS = 40;

/**
 * Cents per hour: the hourly wage times the pay type's factor, or a monthly salary × 3 / (13 × weekly
 * hours). The hourly rate of a monthly salary is rounded to the cent before the factor applies, as
 * a payslip shows it.
 */
export function hourlyRateCents(contract: Contract, payType?: PayType): number {
  const salary = toCents(contract.salary ?? 0);
  const factor = percentToBasisPoints(payType?.rateFactor ?? 100);
  if (contract.salaryType === 'monthly') {
    // Weekly hours may have decimals (38.5): work in hundredths of an hour.
    const weeklyHundredths = Math.round((contract.weeklyHours ?? DEFAULT_WEEKLY_HOURS) * 100);
    return scaleCents(scaleCents(salary, 3 * 100, 13 * weeklyHundredths), factor, 10_000);
  }
  return scaleCents(salary, factor, 10_000);
}

/** The worked intervals: the entry without its break, which is placed in the middle of the presence. */
export function workedIntervals(start: number, end: number, breakSeconds: number): Interval[] {
  if (breakSeconds <= 0) return [{ from: start, to: end }];
  const breakStart = start + Math.floor((end - start - breakSeconds * 1000) / 2000) * 1000;
  return [
    { from: start, to: breakStart },
    { from: breakStart + breakSeconds * 1000, to: end },
  ].filter((i) => i.to > i.from);
}

export function calculateSalary(input: {
  entry: PayEntry;
  contract: Contract;
  payType?: PayType;
  rules: SurchargeRule[];
  isPublicHoliday(date: string): boolean;
  settings: PaySettings;
}): SalaryCalculation {
  const { entry, contract, payType, settings } = input;
  const start = Math.floor(entry.timeStart / 1000) * 1000;
  const end = Math.floor(entry.timeEnd / 1000) * 1000;
  if (!(end >= start)) throw new RangeError('timeEnd is before timeStart');
  const presence = (end - start) / 1000;
  const minBreakTime = requiredBreakSeconds(presence, settings.breakRule);
  const breakSeconds = deductedBreakSeconds(presence, entry.recordedBreak, settings.breakRule);
  const worked = presence - breakSeconds;
  const unit = settings.roundUpToSeconds ?? 0;
  const roundUpSeconds = unit > 0 && worked % unit !== 0 ? unit - (worked % unit) : 0;
  const addedTime = entry.addedTime ?? 0;
  const drivingTime = entry.drivingTime ?? 0;
  const workingTime = worked + roundUpSeconds + addedTime;

  const rate = hourlyRateCents(contract, payType);
  const monthly = contract.salaryType === 'monthly';
  // A monthly salary already pays the hours; the entry adds only its surcharges.
  const baseCents = monthly ? 0 : centsFor(workingTime + drivingTime, rate);
  const capped = Math.min(rate, settings.taxFreeBaseCapCents ?? rate);
  const applies = payType?.surcharges !== false;
  const shares = applies
    ? surchargeShares(workedIntervals(start, end, breakSeconds), start, input.rules, {
        timeZone: settings.timeZone,
        isPublicHoliday: input.isPublicHoliday,
      })
    : [];
  const surcharges = shares.map((share): SurchargeLine => {
    const bp = percentToBasisPoints(share.rule.rate);
    const cents = centsFor(share.seconds, rate, bp);
    const taxFreeCents = Math.min(cents, centsFor(share.seconds, capped, bp));
    return {
      surchargeId: share.rule.id,
      name: share.rule.name,
      surcharge: share.rule.rate,
      date: share.date,
      seconds: share.seconds,
      activeTimeFrames: share.frames,
      cents,
      taxFreeCents,
      taxableCents: cents - taxFreeCents,
      category: share.rule.category ?? 'other',
    };
  });
  const secondsOf = (category: string) =>
    surcharges.filter((s) => s.category === category).reduce((sum, s) => sum + s.seconds, 0);
  const errors: string[] = [];
  if (toCents(contract.salary ?? 0) === 0) errors.push('NO_HOURLY_RATE');
  else if (settings.minimumWageCents !== undefined && rate < settings.minimumWageCents)
    errors.push('BELOW_MINIMUM_WAGE');
  return {
    presence,
    break: breakSeconds,
    minBreakTime,
    roundUpSeconds,
    roundedUp: roundUpSeconds > 0,
    addedTime,
    drivingTime,
    workingTime,
    salaryPerHourCents: rate,
    baseCents,
    surcharges,
    totalCents: baseCents + surcharges.reduce((sum, s) => sum + s.cents, 0),
    nightWorkingTime: secondsOf('night'),
    sundayWorkingTime: secondsOf('sunday'),
    publicHolidayWorkingTime: secondsOf('publicHoliday'),
    errors,
  };
}
