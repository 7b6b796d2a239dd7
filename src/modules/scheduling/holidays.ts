// Public holidays of a region (country and optional state), as local dates YYYY-MM-DD, cached per year.
import Holidays from 'date-holidays';

const cache = new Map<string, ReadonlySet<string>>();

export function publicHolidays(country: string, state: string | undefined, year: number): ReadonlySet<string> {
  const key = `${country}|${state ?? ''}|${year}`;
  let dates = cache.get(key);
  if (!dates) {
    const calendar = state ? new Holidays(country, state) : new Holidays(country);
    dates = new Set(
      (calendar.getHolidays(year) || []).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)),
    );
    cache.set(key, dates);
  }
  return dates;
}

/** Country code and state from an address (`DE` when no country is given), as date-holidays expects. */
export function regionOf(address: { country?: string; state?: string } | undefined): { country: string; state?: string } {
  const country = (address?.country ?? 'DE').trim();
  const code = /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : { deutschland: 'DE', germany: 'DE', österreich: 'AT', austria: 'AT', schweiz: 'CH', switzerland: 'CH' }[country.toLowerCase()] ?? 'DE';
  const state = address?.state?.trim();
  return state ? { country: code, state: state.toUpperCase() } : { country: code };
}
