// The recurrence editor's choices <-> an assignment's iCalendar (the API's structured fields; the server
// builds the RRULE from them and expands it, so the preview and the jobs follow one rule: recurrence.ts there).
// Local dates and times are the company's wall clock, written as text, never through the browser's zone.

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface RecurrenceChoice {
  /** First day, YYYY-MM-DD. */
  startDate: string;
  /** Time of day, HH:mm. */
  time: string;
  /** Minutes an occurrence lasts. */
  minutes: number;
  frequency: 'WEEKLY' | 'MONTHLY';
  interval: number;
  /** WEEKLY: the weekdays. */
  days: Weekday[];
  /** MONTHLY: the nth (1..4, -1 the last) weekday of the month. */
  monthPosition: number;
  monthDay: Weekday;
  /** Dates skipped, YYYY-MM-DD. */
  exceptions: string[];
  /** Last day (YYYY-MM-DD) or ''. */
  until: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` plus minutes, as wall-clock arithmetic (no zone: a local time is not an instant). */
export function addMinutes(local: string, minutes: number): string {
  const ms = Date.parse(`${local}:00Z`) + minutes * 60_000;
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export function toICalendar(choice: RecurrenceChoice, tzid: string) {
  const dtstart = `${choice.startDate}T${choice.time}`;
  return {
    tzid,
    frequency: choice.frequency,
    interval: choice.interval,
    byDay: choice.frequency === 'WEEKLY' ? choice.days : [`${choice.monthPosition}${choice.monthDay}`],
    dtstart,
    dtend: addMinutes(dtstart, choice.minutes),
    exDate: choice.exceptions.map((day) => `${day}T${choice.time}`),
    // The end of the last day in UTC: occurrences start at a time of day, well before it in any European zone.
    ...(choice.until ? { until: `${choice.until}T23:59:59Z` } : {}),
  };
}

interface StoredICalendar {
  frequency?: string | null;
  interval?: number | null;
  byDay?: string[] | null;
  dtstart?: string;
  dtend?: string;
  exDate?: string[] | null;
  until?: string | null;
}

/** An assignment's stored iCalendar as the editor's choices (other rules than these two fall back to weekly). */
export function fromICalendar(ical: StoredICalendar): RecurrenceChoice {
  const dtstart = ical.dtstart ?? '';
  const [startDate = '', time = '00:00'] = dtstart.split('T');
  const minutes = Math.round((Date.parse(`${ical.dtend}Z`) - Date.parse(`${dtstart}Z`)) / 60_000);
  const positioned = /^(-?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(ical.byDay?.[0] ?? '');
  const monthly = ical.frequency === 'MONTHLY' && positioned;
  return {
    startDate,
    time: time.slice(0, 5),
    minutes: minutes > 0 ? minutes : 60,
    frequency: monthly ? 'MONTHLY' : 'WEEKLY',
    interval: ical.interval ?? 1,
    days: monthly ? [] : ((ical.byDay ?? []).filter((d) => WEEKDAYS.includes(d as Weekday)) as Weekday[]),
    monthPosition: monthly ? Number(positioned[1]) : 1,
    monthDay: monthly ? (positioned[2] as Weekday) : 'MO',
    exceptions: (ical.exDate ?? []).map((d) => d.slice(0, 10)),
    until: ical.until ? ical.until.slice(0, 10) : '',
  };
}

/** Monday of the week of `date` (YYYY-MM-DD), as YYYY-MM-DD. */
export function mondayOf(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday).toISOString().slice(0, 10);
}
