// The holiday calendar (date-holidays), loaded when first asked for: loading it (every country's rules) took
// a tenth of a second or more at each start, and only questions about holidays and regions need it.
import type Holidays from 'date-holidays';
import { lazyRequire } from '../lazy-require.js';

const calendarClass = lazyRequire<typeof Holidays>('date-holidays');

/** `new Holidays()`, `new Holidays(country)` or `new Holidays(country, state)` of date-holidays. */
export function holidayCalendar(country?: string, state?: string): Holidays {
  const Calendar = calendarClass();
  if (country === undefined) return new Calendar();
  return state === undefined ? new Calendar(country) : new Calendar(country, state);
}
