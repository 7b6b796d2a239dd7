// An assignment's iCalendar (RFC 5545) -> a validated recurrence -> occurrences in a UTC window.
// The rule is expanded in floating wall-clock time (so no occurrence is lost in a DST gap) and each
// occurrence is then placed in the assignment's zone (zoned-time.ts states the gap/overlap rule).
// The library gives up (throws) after 10,000 periods in one call, so every call here is bounded:
// windows are expanded in slices of at most a year, and a COUNT rule is resolved once into the
// UNTIL of its last occurrence (it must reach its count within COUNT_REACH_YEARS, else 400).
import { RRuleTemporal } from 'rrule-temporal';
import { HttpError, fieldError } from '../http/errors.js';
import { formatLocal, isValidTimeZone, localToUtc, offsetAt, parseLocal, utcToLocal } from './zoned-time.js';

export interface ICalendar {
  frequency?: string;
  tzid: string;
  interval?: number;
  rrule?: string;
  bySetPos?: number;
  byDay?: string[];
  byMonthDay?: string;
  byMonth?: number[];
  dtstart: string;
  dtend: string;
  exDate?: string[];
  /** Extensions for the structured form (the rrule string carries them as UNTIL and COUNT). */
  until?: string;
  count?: number;
}

export interface Recurrence {
  tzid: string;
  startLocal: number;
  durationMs: number;
  /** RRULE in floating time, UNTIL converted to the zone's wall clock. */
  floatingRule: string;
  exDates: ReadonlySet<number>;
  untilUtc?: number;
}

export interface Occurrence {
  /** The occurrence's local start (wall clock as epoch ms): its identity within the series. */
  localStart: number;
  start: number;
  end: number;
}

const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
const WEEKDAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const MAX_OCCURRENCES_PER_CALL = 20_000;
const DAY = 86_400_000;
/** One library call covers at most this much wall-clock time: at most 367 periods of any frequency. */
const SLICE_MS = 366 * DAY;
/** A COUNT rule must reach its count within this many years after dtstart. */
export const COUNT_REACH_YEARS = 30;
// Enough periods for COUNT_REACH_YEARS of a daily rule (the densest frequency).
const COUNT_MAX_ITERATIONS = Math.ceil(COUNT_REACH_YEARS * 366) + 100;
const path = (field: string) => `iCalendar.${field}`;

function parseIntList(text: string, field: string, min: number, max: number, allowNegative = false): number[] {
  return text.split(',').map((part) => {
    const n = Number(part.trim());
    if (!Number.isInteger(n) || (n === 0 && min > 0) || Math.abs(n) > max || (!allowNegative && n < min)) {
      throw fieldError(path(field), `${part} is not a valid value`);
    }
    return n;
  });
}

function parseUntil(text: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(text);
  if (!m) throw fieldError(path('rrule'), `UNTIL=${text} must be YYYYMMDDTHHMMSSZ`);
  const [y, mo, d, h = '23', mi = '59', s = '59'] = m.slice(1);
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

/** Reads an RRULE string into the structured fields. */
function parseRrule(rrule: string): Partial<ICalendar> {
  const parts = new Map<string, string>();
  for (const piece of rrule
    .replace(/^RRULE:/i, '')
    .split(';')
    .filter(Boolean)) {
    const [key, value] = piece.split('=');
    if (!key || value === undefined || value === '') throw fieldError(path('rrule'), `"${piece}" is not KEY=VALUE`);
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  const known = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'];
  for (const key of parts.keys()) if (!known.includes(key)) throw fieldError(path('rrule'), `${key} is not supported`);
  const out: Partial<ICalendar> = { frequency: parts.get('FREQ') };
  if (parts.has('INTERVAL')) out.interval = Number(parts.get('INTERVAL'));
  if (parts.has('COUNT')) out.count = Number(parts.get('COUNT'));
  if (parts.has('UNTIL')) out.until = new Date(parseUntil(parts.get('UNTIL')!)).toISOString();
  if (parts.has('BYDAY')) out.byDay = parts.get('BYDAY')!.split(',');
  if (parts.has('BYMONTHDAY')) out.byMonthDay = parts.get('BYMONTHDAY')!;
  if (parts.has('BYMONTH')) out.byMonth = parseIntList(parts.get('BYMONTH')!, 'rrule', 1, 12);
  if (parts.has('BYSETPOS')) out.bySetPos = Number(parts.get('BYSETPOS'));
  return out;
}

function untilText(utcMs: number): string {
  return `${new Date(utcMs).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

/** Builds the canonical RRULE (UNTIL in UTC, as RFC 5545 wants with a zoned DTSTART). */
function buildRule(ical: ICalendar, until?: number): string {
  const parts = [`FREQ=${ical.frequency}`];
  if (ical.interval && ical.interval !== 1) parts.push(`INTERVAL=${ical.interval}`);
  if (ical.byDay?.length) parts.push(`BYDAY=${ical.byDay.join(',')}`);
  if (ical.byMonthDay) parts.push(`BYMONTHDAY=${ical.byMonthDay}`);
  if (ical.byMonth?.length) parts.push(`BYMONTH=${ical.byMonth.join(',')}`);
  if (ical.bySetPos !== undefined) parts.push(`BYSETPOS=${ical.bySetPos}`);
  if (ical.count !== undefined) parts.push(`COUNT=${ical.count}`);
  if (until !== undefined) parts.push(`UNTIL=${untilText(until)}`);
  return parts.join(';');
}

/**
 * Validates an iCalendar and returns it normalised (rrule string and structured fields agree)
 * with its recurrence. `isRruleAuthoritative`: the client wrote the rrule string (else the fields).
 */
export function normalizeICalendar(
  input: ICalendar,
  isRruleAuthoritative: boolean,
): { ical: ICalendar; recurrence: Recurrence } {
  if (!isValidTimeZone(input.tzid)) throw fieldError(path('tzid'), `unknown time zone ${input.tzid}`);
  const startLocal = parseLocal(input.dtstart);
  if (startLocal === undefined)
    throw fieldError(path('dtstart'), 'must be a local date-time YYYY-MM-DDTHH:mm or YYYY-MM-DDTHH:mm:ss');
  const endLocal = parseLocal(input.dtend);
  if (endLocal === undefined)
    throw fieldError(path('dtend'), 'must be a local date-time YYYY-MM-DDTHH:mm or YYYY-MM-DDTHH:mm:ss');
  if (endLocal <= startLocal) throw fieldError(path('dtend'), 'must be after dtstart');
  if (endLocal - startLocal > 24 * 3_600_000) throw fieldError(path('dtend'), 'an occurrence lasts at most 24 hours');

  const structured: ICalendar =
    isRruleAuthoritative && input.rrule
      ? {
          ...input,
          frequency: undefined,
          interval: undefined,
          byDay: undefined,
          byMonthDay: undefined,
          byMonth: undefined,
          bySetPos: undefined,
          until: undefined,
          count: undefined,
          ...parseRrule(input.rrule),
        }
      : { ...input };
  const frequency = structured.frequency?.toUpperCase();
  if (!frequency || !FREQUENCIES.includes(frequency))
    throw fieldError(path(isRruleAuthoritative ? 'rrule' : 'frequency'), `must be one of ${FREQUENCIES.join(', ')}`);
  structured.frequency = frequency;
  if (
    structured.interval !== undefined &&
    (!Number.isInteger(structured.interval) || structured.interval < 1 || structured.interval > 1000)
  )
    throw fieldError(path('interval'), 'must be 1 to 1000');
  if (
    structured.count !== undefined &&
    (!Number.isInteger(structured.count) || structured.count < 1 || structured.count > 100_000)
  )
    throw fieldError(path('count'), 'must be 1 to 100000');
  structured.byDay = structured.byDay?.map((d) => d.toUpperCase());
  for (const day of structured.byDay ?? [])
    if (!WEEKDAY.test(day))
      throw fieldError(
        path('byDay'),
        `${day} is not a weekday code (MO..SU, optionally with a position like 1MO or -1FR)`,
      );
  if (structured.byMonthDay) parseIntList(structured.byMonthDay, 'byMonthDay', 1, 31, true);
  for (const m of structured.byMonth ?? [])
    if (!Number.isInteger(m) || m < 1 || m > 12) throw fieldError(path('byMonth'), `${m} is not a month`);
  if (
    structured.bySetPos !== undefined &&
    (!Number.isInteger(structured.bySetPos) || structured.bySetPos === 0 || Math.abs(structured.bySetPos) > 366)
  )
    throw fieldError(path('bySetPos'), 'must be -366..-1 or 1..366');
  let untilUtc: number | undefined;
  if (structured.until !== undefined) {
    untilUtc = Date.parse(structured.until);
    if (Number.isNaN(untilUtc)) throw fieldError(path('until'), 'must be an ISO 8601 date-time');
  }
  if (untilUtc !== undefined && structured.count !== undefined)
    throw fieldError(path('rrule'), 'UNTIL and COUNT exclude each other');

  const exDates = new Set<number>();
  for (const [i, text] of (structured.exDate ?? []).entries()) {
    const local = parseLocal(text);
    if (local === undefined)
      throw fieldError(path(`exDate.${i}`), 'must be a local date-time YYYY-MM-DDTHH:mm or YYYY-MM-DDTHH:mm:ss');
    exDates.add(local);
  }
  const rrule = buildRule(structured, untilUtc);
  const floatingUntil = untilUtc === undefined ? undefined : utcToLocal(input.tzid, untilUtc);
  const floatingRule = buildRule(structured, floatingUntil);
  const recurrence: Recurrence = {
    tzid: input.tzid,
    startLocal,
    durationMs: endLocal - startLocal,
    floatingRule,
    exDates,
    untilUtc,
  };
  ruleOf(recurrence); // refuses a rule the library cannot read
  const ical: ICalendar = {
    ...structured,
    dtstart: formatLocal(startLocal),
    dtend: formatLocal(endLocal),
    rrule,
    exDate: [...exDates].sort((a, b) => a - b).map(formatLocal),
  };
  for (const key of Object.keys(ical) as Array<keyof ICalendar>) if (ical[key] === undefined) delete ical[key];
  return { ical, recurrence };
}

/** A rule expanded by the library, and the same rule as the weekday arithmetic of simpleRule when it is one. */
interface Rule {
  library: RRuleTemporal;
  simple?: SimpleRule;
}

// Refusals are kept too: a stored rule refused today is not resolved again on every pass.
const rules = new Map<string, Rule | HttpError>();

const asRuleError = (error: unknown, what: string) =>
  error instanceof HttpError ? error : fieldError(path('rrule'), `${what} (${(error as Error).message})`);

/** A stored rule that today's validation refuses (planning skips it rather than failing for all). */
export const isRefusedRule = (error: unknown): boolean =>
  error instanceof HttpError && error.status === 400 && Boolean(error.errors?.[0]?.path.startsWith('iCalendar.'));

/** The rule to expand: the recurrence's, with COUNT replaced by the UNTIL of its last occurrence. */
function ruleOf(recurrence: Recurrence): Rule {
  const start = `DTSTART:${untilText(recurrence.startLocal)}\nRRULE:`;
  let rule = rules.get(start + recurrence.floatingRule);
  if (!rule) {
    try {
      const text = withoutCount(recurrence, start);
      rule = {
        library: new RRuleTemporal({ rruleString: start + text }),
        simple: simpleRule(text, recurrence.startLocal),
      };
    } catch (error) {
      rule = asRuleError(error, 'is not a valid recurrence rule');
    }
    if (rules.size > 5000) rules.clear();
    rules.set(start + recurrence.floatingRule, rule);
  }
  if (rule instanceof HttpError) throw rule;
  return rule;
}

/**
 * A COUNT rule as an UNTIL rule. The library counts from dtstart on every call, so a COUNT rule
 * queried far from its start would exceed its iteration limit; the UNTIL form is expanded from
 * the queried window like any other rule. Bounded work: at most COUNT_REACH_YEARS of periods.
 */
function withoutCount(recurrence: Recurrence, start: string): string {
  const count = /(?:^|;)COUNT=(\d+)/.exec(recurrence.floatingRule);
  if (!count) return recurrence.floatingRule;
  const reach = Date.UTC(new Date(recurrence.startLocal).getUTCFullYear() + COUNT_REACH_YEARS, 0, 1);
  let hits: ReturnType<RRuleTemporal['between']>;
  try {
    const counted = new RRuleTemporal({
      rruleString: start + recurrence.floatingRule,
      maxIterations: COUNT_MAX_ITERATIONS,
      cache: false,
    });
    hits = counted.between(new Date(recurrence.startLocal), new Date(reach), true);
  } catch (error) {
    throw asRuleError(error, 'is not a valid recurrence rule');
  }
  if (hits.length < Number(count[1])) {
    throw fieldError(
      path('rrule'),
      `COUNT=${count[1]} is not reached within ${COUNT_REACH_YEARS} years of dtstart (${hits.length} occurrences until ${new Date(reach).getUTCFullYear()}); use UNTIL`,
    );
  }
  return recurrence.floatingRule.replace(
    /(^|;)COUNT=\d+/,
    `$1UNTIL=${untilText(Number(hits.at(-1)!.epochMilliseconds))}`,
  );
}

/**
 * Occurrences starting in [fromUtc, toUtc), in order; the window is expanded a slice at a time. A daily or weekly
 * rule whose start is one of its days is counted out directly (simpleRule), unless `library` asks for the
 * library's expansion (the tests compare the two).
 */
export function expandOccurrences(
  recurrence: Recurrence,
  fromUtc: number,
  toUtc: number,
  { library = false } = {},
): Occurrence[] {
  const { tzid, durationMs, exDates } = recurrence;
  const margin = 2 * DAY; // covers any UTC offset
  const localFrom = Math.max(recurrence.startLocal, fromUtc + offsetAt(tzid, fromUtc) - margin);
  const localTo = toUtc + offsetAt(tzid, toUtc) + margin;
  const rule = ruleOf(recurrence);
  const occurrences: Occurrence[] = [];
  let previous = -Infinity; // slices share their ends (both inclusive)
  for (
    let sliceFrom = localFrom;
    sliceFrom <= localTo && occurrences.length < MAX_OCCURRENCES_PER_CALL;
    sliceFrom += SLICE_MS
  ) {
    const sliceTo = Math.min(localTo, sliceFrom + SLICE_MS);
    let hits: number[];
    if (rule.simple && !library) hits = simpleHits(rule.simple, recurrence.startLocal, sliceFrom, sliceTo);
    else {
      try {
        hits = rule.library
          .between(new Date(sliceFrom), new Date(sliceTo), true)
          .map((hit) => Number(hit.epochMilliseconds));
      } catch (error) {
        throw asRuleError(error, 'cannot be expanded');
      }
    }
    for (const localStart of hits) {
      if (localStart <= previous || exDates.has(localStart)) continue;
      previous = localStart;
      const start = localToUtc(tzid, localStart);
      if (start < fromUtc || start >= toUtc) continue;
      occurrences.push({ localStart, start, end: localToUtc(tzid, localStart + durationMs) });
      if (occurrences.length >= MAX_OCCURRENCES_PER_CALL) break;
    }
  }
  return occurrences;
}

/**
 * A DAILY or WEEKLY rule with at most INTERVAL, plain weekdays in BYDAY (no positions) and UNTIL, whose start
 * falls on one of its days: its occurrences are whole days from the start at the start's wall-clock time, so
 * they are counted out in floating time directly: a job window of 125,705 occurrences was expanded in 983 ms by
 * the library, 577 ms so (the rest is placing each in its zone). Weeks start on Monday, as the library's default WKST. Any other
 * rule, or a start off its days (RFC 5545 leaves that set undefined), is left to the library.
 */
interface SimpleRule {
  weekly: boolean;
  interval: number;
  /** The weekdays (0 Monday .. 6 Sunday) it keeps; undefined: every day of a daily rule. */
  days?: boolean[];
  /** The last local start it may have (UNTIL, inclusive). */
  until: number;
}

const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7; // 1970-01-01, day 0, was a Thursday
const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function simpleRule(text: string, startLocal: number): SimpleRule | undefined {
  const parts = new Map(text.split(';').map((piece) => piece.split('=') as [string, string]));
  const frequency = parts.get('FREQ');
  if ((frequency !== 'DAILY' && frequency !== 'WEEKLY') || [...parts.keys()].some((k) => !SIMPLE_PARTS.has(k)))
    return undefined;
  const until = parts.has('UNTIL') ? parseUntil(parts.get('UNTIL')!) : Number.POSITIVE_INFINITY;
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  const startDay = Math.floor(startLocal / DAY);
  let days: boolean[] | undefined;
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    const codes = byDay.split(',');
    if (codes.some((code) => !WEEKDAY_CODES.includes(code))) return undefined;
    days = WEEKDAY_CODES.map((code) => codes.includes(code));
  } else if (frequency === 'WEEKLY') days = WEEKDAY_CODES.map((_, i) => i === weekdayOf(startDay));
  if (days && !days[weekdayOf(startDay)]) return undefined;
  return { weekly: frequency === 'WEEKLY', interval, days, until };
}
const SIMPLE_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL']);

/** Whether expandOccurrences counts this recurrence's occurrences out directly (for the tests' comparison). */
export const expandsDirectly = (recurrence: Recurrence): boolean => ruleOf(recurrence).simple !== undefined;

/** A simple rule's local starts in [from, to], both inclusive (as the library's between(..., true)); from is not before the start. */
function simpleHits(rule: SimpleRule, startLocal: number, from: number, to: number): number[] {
  const hits: number[] = [];
  const startDay = Math.floor(startLocal / DAY);
  const time = startLocal - startDay * DAY;
  const last = Math.min(to, rule.until);
  // The period (day, or the week from its Monday) every INTERVAL-th one of which counts, from the start's.
  const periodDays = rule.weekly ? 7 : 1;
  const firstPeriod = rule.weekly ? startDay - weekdayOf(startDay) : startDay;
  const step = periodDays * rule.interval;
  let period = firstPeriod + Math.max(0, Math.floor((Math.floor((from - time) / DAY) - firstPeriod) / step)) * step;
  for (; period * DAY + time <= last; period += step) {
    for (let day = period; day < period + periodDays; day++) {
      const local = day * DAY + time;
      if (local < from || local > last) continue;
      if (rule.days && !rule.days[weekdayOf(day)]) continue;
      hits.push(local);
    }
  }
  return hits;
}
