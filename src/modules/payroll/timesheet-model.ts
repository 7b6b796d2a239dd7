// The shape of a month's timesheet and its totals. Minutes are whole minutes per day (seconds
// rounded half up per day and per line); totals are the sums of the day rows, so the sheet adds up
// as printed. Amounts are integer cents.
import type { EmploymentCheck } from './rules/marginal-employment.js';
import type { SalaryLine } from './rules/payroll-lines.js';

export interface DayAbsence {
  kind: string;
  type: number;
  days: number;
  paidMinutes: number;
}

export interface TimesheetDay {
  date: string;
  jobs: number;
  plannedMinutes: number;
  entries: number;
  unapprovedEntries: number;
  presenceMinutes: number;
  breakMinutes: number;
  workedMinutes: number;
  absences: DayAbsence[];
  /** By surcharge category: night, sunday, publicHoliday, other. */
  surchargeMinutes: Record<string, number>;
  payCents: number;
}

export interface PayLine {
  salaryId: string;
  date: string;
  type: 'work' | 'absence';
  payType: string;
  absenceKind?: string;
  /** Absence salaries: the rule that priced the day (continuedPay, holidayPay, vacationPay...). */
  payRule?: string;
  minutes: number;
  totalCents: number;
  surcharges: Array<{
    name: string;
    category: string;
    minutes: number;
    cents: number;
    taxFreeCents: number;
    taxableCents: number;
  }>;
  billed: boolean;
  errors: string[];
}

export interface TimesheetTotals {
  jobs: number;
  plannedMinutes: number;
  presenceMinutes: number;
  breakMinutes: number;
  workedMinutes: number;
  absenceDays: Record<string, number>;
  absencePaidMinutes: number;
  surchargeMinutes: Record<string, number>;
  payCents: number;
  taxFreeCents: number;
  taxableCents: number;
}

export interface Timesheet {
  user: { id: string; number: number; name: string };
  /** The month's pay against the minijob limit and the Midijob band (rules/marginal-employment.ts). */
  employment?: EmploymentCheck;
  month: string;
  timeZone: string;
  days: TimesheetDay[];
  payLines: PayLine[];
  /** The pay lines as the payroll export reads them (not part of the API answer). */
  salaryLines: SalaryLine[];
  /** Entries still running: neither worked time nor pay yet. */
  openEntries: number;
  totals: TimesheetTotals;
  /** Vacation: the contract's days per year, the booked balance of the month's year now, vacation days in the month. */
  leave: { year: number; entitlement: number | null; remaining: number | null; takenInMonth: number };
}

/** Every local date of a month, YYYY-MM-DD. */
export function monthDates(year: number, month: number): string[] {
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length: count }, (_v, i) =>
    new Date(Date.UTC(year, month - 1, i + 1)).toISOString().slice(0, 10),
  );
}

export const emptyDay = (date: string): TimesheetDay => ({
  date,
  jobs: 0,
  plannedMinutes: 0,
  entries: 0,
  unapprovedEntries: 0,
  presenceMinutes: 0,
  breakMinutes: 0,
  workedMinutes: 0,
  absences: [],
  surchargeMinutes: {},
  payCents: 0,
});

const round2 = (n: number) => Math.round(n * 100) / 100;

export function totalsOf(days: TimesheetDay[], lines: PayLine[]): TimesheetTotals {
  const sum = (pick: (d: TimesheetDay) => number) => days.reduce((s, d) => s + pick(d), 0);
  const absenceDays: Record<string, number> = {};
  const surchargeMinutes: Record<string, number> = {};
  for (const day of days) {
    for (const a of day.absences) absenceDays[a.kind] = round2((absenceDays[a.kind] ?? 0) + a.days);
    for (const [k, m] of Object.entries(day.surchargeMinutes)) surchargeMinutes[k] = (surchargeMinutes[k] ?? 0) + m;
  }
  const taxFreeCents = lines.reduce((s, l) => s + l.surcharges.reduce((t, x) => t + x.taxFreeCents, 0), 0);
  const payCents = lines.reduce((s, l) => s + l.totalCents, 0);
  return {
    jobs: sum((d) => d.jobs),
    plannedMinutes: sum((d) => d.plannedMinutes),
    presenceMinutes: sum((d) => d.presenceMinutes),
    breakMinutes: sum((d) => d.breakMinutes),
    workedMinutes: sum((d) => d.workedMinutes),
    absenceDays,
    absencePaidMinutes: sum((d) => d.absences.reduce((s, a) => s + a.paidMinutes, 0)),
    surchargeMinutes,
    payCents,
    taxFreeCents,
    taxableCents: payCents - taxFreeCents,
  };
}
