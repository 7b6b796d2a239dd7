// A year's leave entitlement (BUrlG): the statutory minimum (§3: 24 working days on a six-day
// week) and the contract's extra days, both converted to the employee's working days per week
// and cut pro rata for entry and exit (§5 (1)), rounded per §5 (2). Pure; docs/pay-law.md.

/** Statutory minimum: 24 Werktage, counted on a six-day week (§3 (1), (2) BUrlG). */
export const STATUTORY_DAYS = 24;
const STATUTORY_BASIS = 6;

/** One stretch of the year with the same working week (a change within the year splits it). */
export interface WorkingWeek {
  /** First day, YYYY-MM-DD; the first stretch may start before the year. */
  from: string;
  daysPerWeek: number;
}

export interface EntitlementInput {
  year: number;
  /** First and last day of employment (YYYY-MM-DD); open ends when absent. */
  startDate?: string;
  endDate?: string;
  /** The contract's yearly days (`vacationDays`) and the working week they are meant for. */
  contractDays: number;
  contractBasis: number;
  /** Ordered by `from`; at least one. */
  weeks: WorkingWeek[];
}

export interface Entitlement {
  statutory: number;
  /** Contractual days above the statutory minimum (0 when the contract gives no more). */
  contractualExtra: number;
  total: number;
  /** Full months of employment in the year when cut pro rata (§5 (1)); null for the full year. */
  months: number | null;
  basis: string;
}

const DAY = 86_400_000;
const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day before the same date `n` months later (a month of employment from `start`). */
function monthEnd(start: string, n: number): number {
  const d = new Date(day(start));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target.getTime() - DAY;
}

/** Full months of employment from `from` to `to` (inclusive days), §5 (1) BUrlG. */
export function fullMonths(from: string, to: string): number {
  let n = 0;
  while (n < 12 && monthEnd(from, n + 1) <= day(to)) n++;
  return n;
}

/** §5 (2) BUrlG: a fraction of at least half a day is rounded up; a smaller one stays as it is. */
export function roundLeave(days: number): number {
  const whole = Math.floor(days + 1e-9);
  const fraction = days - whole;
  return fraction >= 0.5 - 1e-9 ? whole + 1 : Math.round(days * 100) / 100;
}

/**
 * The months that count: null when the full year is owed. §4: full leave after six months
 * (Wartezeit); §5 (1) a: a hire whose six months do not end before the year's end (1 July or
 * later, BAG 9 AZR 179/15) gets 1/12 per full month; b: a leaver before the six months; c: a
 * leaver after them in the first half of the year.
 */
function proRataMonths(input: EntitlementInput): { months: number | null; from: string; to: string } {
  const yearStart = `${input.year}-01-01`;
  const yearEnd = `${input.year}-12-31`;
  const from = input.startDate && input.startDate > yearStart ? input.startDate : yearStart;
  const to = input.endDate && input.endDate < yearEnd ? input.endDate : yearEnd;
  const start = input.startDate ?? '0001-01-01';
  // The six months end on the day before the same date six months later.
  const waited = (until: string) => monthEnd(start, 6) <= day(until);
  const hiredThisYear = !!input.startDate && input.startDate > yearStart;
  const leavesThisYear = !!input.endDate && input.endDate < yearEnd;
  if (hiredThisYear && !waited(iso(day(yearEnd) - DAY))) return { months: fullMonths(from, to), from, to };
  if (leavesThisYear && (!waited(to) || to <= `${input.year}-06-30`)) {
    return { months: fullMonths(from, to), from, to };
  }
  return { months: null, from, to };
}

/** Share of each working week in the employed part of the year: Σ daysPerWeek × days / all days. */
function averageDaysPerWeek(weeks: WorkingWeek[], from: string, to: string): number {
  const end = day(to) + DAY;
  let weighted = 0;
  weeks.forEach((week, i) => {
    // The first stretch holds from the start, whatever its date.
    const a = i === 0 ? day(from) : Math.max(day(week.from), day(from));
    const b = Math.min(i + 1 < weeks.length ? day(weeks[i + 1]!.from) : end, end);
    if (b > a) weighted += week.daysPerWeek * (b - a);
  });
  return weighted / (end - day(from));
}

export function leaveEntitlement(input: EntitlementInput): Entitlement {
  const { months, from, to } = proRataMonths(input);
  const perWeek = averageDaysPerWeek(input.weeks, from, to);
  const share = months === null ? 1 : months / 12;
  const convert = (days: number, basis: number) => (basis > 0 ? (days * perWeek) / basis : 0) * share;
  const round = (days: number) => (months === null ? Math.round(days * 100) / 100 : roundLeave(days));
  const statutory = round(convert(STATUTORY_DAYS, STATUTORY_BASIS));
  const total = Math.max(statutory, round(convert(input.contractDays, input.contractBasis)));
  return {
    statutory,
    contractualExtra: Math.round((total - statutory) * 100) / 100,
    total,
    months,
    basis: months === null ? '§3 BUrlG, full year' : `§5 (1) BUrlG: ${months}/12, rounded per §5 (2)`,
  };
}
