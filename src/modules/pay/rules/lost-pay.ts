// Continued pay in illness (§4 (1) EFZG) and holiday pay (§2 (1) EFZG) follow the
// Lohnausfallprinzip: the employee gets what the planned shifts of the day would have paid,
// surcharges included, computed by the same rules as worked time. §3b EStG exempts only surcharges
// for work actually done, so every surcharge here is taxable (tax-free cap 0). docs/pay-law.md.
import type { BreakRule } from './breaks.js';
import {
  calculateSalary,
  hourlyRateCents,
  type Contract,
  type PayType,
  type SurchargeLine,
} from './salary-calculation.js';
import type { SurchargeRule } from './surcharge-frames.js';

/** A planned shift that was not worked: its window (UTC ms) and its planned working seconds. */
export interface PlannedShift {
  from: number;
  to: number;
  seconds: number;
}

export interface LostPay {
  seconds: number;
  salaryPerHourCents: number;
  baseCents: number;
  /** All taxable: taxFreeCents 0, taxableCents = cents. */
  surcharges: SurchargeLine[];
  cents: number;
}

// The planned seconds are paid as planned: the window's other time is the planned break, no rule adds to it.
const NO_BREAK_RULE: BreakRule = { mode: 'gliding', steps: [] };

export function lostPay(
  shifts: PlannedShift[],
  input: {
    contract: Contract;
    payType?: PayType;
    rules: SurchargeRule[];
    timeZone: string;
    isPublicHoliday(date: string): boolean;
  },
): LostPay {
  const result: LostPay = {
    seconds: 0,
    salaryPerHourCents: hourlyRateCents(input.contract, input.payType),
    baseCents: 0,
    surcharges: [],
    cents: 0,
  };
  for (const shift of shifts) {
    const presence = Math.floor(shift.to / 1000) - Math.floor(shift.from / 1000);
    const calc = calculateSalary({
      entry: {
        timeStart: shift.from,
        timeEnd: shift.to,
        recordedBreak: Math.max(0, presence - shift.seconds),
        addedTime: Math.max(0, shift.seconds - presence),
      },
      contract: input.contract,
      payType: input.payType,
      rules: input.rules,
      isPublicHoliday: input.isPublicHoliday,
      settings: { timeZone: input.timeZone, breakRule: NO_BREAK_RULE, taxFreeBaseCapCents: 0 },
    });
    result.seconds += calc.workingTime;
    result.baseCents += calc.baseCents;
    result.surcharges.push(...calc.surcharges);
    result.cents += calc.totalCents;
  }
  return result;
}
