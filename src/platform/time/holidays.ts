// Public holidays of a region, as local dates YYYY-MM-DD, cached per year; and which region's
// holidays apply: always those of the place of work (docs/pay-law.md, "Which region's holidays").
import { holidayCalendar } from './holiday-calendar.js';
import { readRegion, type Region } from '../regions.js';

const cache = new Map<string, ReadonlySet<string>>();

/** The public holidays of a country (and state: `BY` or the stored `DE-BY`) in a year. */
export function publicHolidays(country: string, state: string | undefined, year: number): ReadonlySet<string> {
  const code = state?.replace(/^[A-Za-z]{2}-/, '').toUpperCase();
  const key = `${country}|${code ?? ''}|${year}`;
  let dates = cache.get(key);
  if (!dates) {
    const calendar = code ? holidayCalendar(country, code) : holidayCalendar(country);
    dates = new Set(
      (calendar.getHolidays(year) || []).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)),
    );
    cache.set(key, dates);
  }
  return dates;
}

/** Whether a local date is a public holiday in a region. */
export const isPublicHolidayIn = (region: Region) => (date: string) =>
  publicHolidays(region.country, region.state, Number(date.slice(0, 4))).has(date);

type Place = { country?: string; state?: string } | string | undefined;

/**
 * The region whose public holidays apply at a place of work: for a job the object's address, for
 * leave the employee's `contract.workRegion` (never the home address). A place naming its
 * subdivision is that subdivision; a place naming no region, or only the company's own country,
 * takes the company's holiday region; a place in another country takes that country's holidays.
 */
export function placeOfWorkRegion(place: Place, companyRegion: Place): Region {
  const company = readRegion(companyRegion) ?? { country: 'DE' };
  const region = readRegion(place);
  if (!region || (!region.state && region.country === company.country)) return company;
  return region;
}
