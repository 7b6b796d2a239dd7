// Region codes: ISO 3166-2 subdivisions (`DE-BY`) as the holiday calendar (date-holidays) knows
// them. The spec's `address.state` keeps what was sent (`BY`, `DE-BY` or the name `Bayern`); the
// server's own region fields store `DE-BY`. Reading accepts every form, so a stored region never
// silently loses its holidays, and a filter on one form finds the others (regionForms).
import { holidayCalendar } from './time/holiday-calendar.js';
import { warmAfterStart } from './warm-up.js';

/** A country (ISO 3166-1 alpha-2) and optionally its subdivision, as the holiday calendar names it (`BY`). */
export interface Region {
  country: string;
  state?: string;
}

/** Every country's calendar, made when first asked (date-holidays loads then: holiday-calendar.ts). */
let loaded: ReturnType<typeof holidayCalendar> | undefined;
const calendar = () => (loaded ??= holidayCalendar());
const COUNTRY_NAMES: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
};

// Kept once asked: the calendar builds its lists anew at every call (about 90 µs for a check of DE-BY), and
// regions are checked per write of an address and per pay calculation. Bounded: only known countries are kept.
let countries: Record<string, string> | undefined;
const knownCountries = () => (countries ??= calendar().getCountries());
const states = new Map<string, Record<string, string> | undefined>();

/** The subdivisions of a country with their names, or undefined for a country without a calendar. */
function statesOf(country: string): Record<string, string> | undefined {
  if (!Object.hasOwn(knownCountries(), country)) return undefined;
  if (!states.has(country)) states.set(country, calendar().getStates(country));
  return states.get(country);
}
warmAfterStart('holiday calendar', () => statesOf('DE'));

/** A country and subdivision both in the calendar (a country alone when no state is given). */
export function isKnownRegion(region: Region): boolean {
  if (!Object.hasOwn(knownCountries(), region.country)) return false;
  const known = statesOf(region.country);
  return !region.state || (known !== undefined && Object.hasOwn(known, region.state));
}

/** The country code of an address's free-text country (`DE`, `de`, `Deutschland`), or undefined. */
export function countryCode(country: string | undefined): string | undefined {
  const value = country?.trim();
  if (!value) return undefined;
  return /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : COUNTRY_NAMES[value.toLowerCase()];
}

/**
 * A subdivision code, strictly: `BY` (in `country`, default DE) or `DE-BY`, any case, known to the
 * calendar. A prefix must agree with `country` when both are given. Undefined for anything else.
 */
export function parseSubdivision(value: string, country?: string): Region | undefined {
  const match = /^(?:([A-Za-z]{2})-)?([A-Za-z0-9]{1,3})$/.exec(value.trim());
  if (!match) return undefined;
  const prefix = match[1]?.toUpperCase();
  if (prefix && country && prefix !== country) return undefined;
  const region = { country: prefix ?? country ?? 'DE', state: match[2]!.toUpperCase() };
  return isKnownRegion(region) ? region : undefined;
}

/** The one stored form of a subdivision: `DE-BY`. */
export const subdivisionCode = (region: Required<Region>) => `${region.country}-${region.state}`;

/**
 * The region a stored place names (an address, or a bare code such as a work region), tolerant of
 * older forms: a code with or without its country, or the subdivision's name (`Bayern`). A state
 * that names nothing is ignored (the country's nationwide holidays). Undefined when nothing is named.
 */
export function readRegion(place: { country?: string; state?: string } | string | undefined): Region | undefined {
  const { country: countryText, state: stateText } =
    typeof place === 'string' ? { state: place, country: undefined } : (place ?? {});
  const country = countryCode(countryText);
  const state = stateText?.trim();
  if (state) {
    const parsed = parseSubdivision(state, country) ?? byName(state, country ?? 'DE');
    if (parsed) return parsed;
  }
  return countryText?.trim() ? { country: country ?? 'DE' } : undefined;
}

/** A subdivision given by its code (parseSubdivision) or by its name in `country` (default DE), any case. */
export function parseRegionText(value: string, country?: string): Region | undefined {
  return parseSubdivision(value, country) ?? byName(value.trim(), country ?? 'DE');
}

/**
 * Every form naming the subdivision a filter value names, lower-cased: `be`, `de-be`, `berlin`.
 * A value naming none is its own only form, so the filter still finds exactly what it says.
 */
export function regionForms(value: string): string[] {
  const region = parseRegionText(value);
  const forms = new Set([value.trim().toLowerCase()]);
  if (region?.state) {
    forms.add(region.state.toLowerCase());
    forms.add(subdivisionCode({ country: region.country, state: region.state }).toLowerCase());
    const name = statesOf(region.country)?.[region.state];
    if (name) forms.add(name.toLowerCase());
  }
  return [...forms];
}

function byName(name: string, country: string): Region | undefined {
  const wanted = name.toLowerCase();
  const found = Object.entries(statesOf(country) ?? {}).find(([, stateName]) => stateName.toLowerCase() === wanted);
  return found ? { country, state: found[0] } : undefined;
}
