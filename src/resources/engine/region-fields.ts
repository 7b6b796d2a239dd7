// Region fields (address.state, a contract's workRegion...): declared with `x-region` by
// subdivision() in fields.ts; before every write the engine checks them here. The spec's
// `address.state` (`x-region-as-sent`) keeps the form it was sent in (`BY`, `DE-BY`, `Bayern`);
// the server's own region fields are stored as `DE-BY`. Text naming no subdivision is a 400.
import { BadRequest, fieldError, type FieldError } from '../../platform/http/errors.js';
import {
  countryCode,
  isKnownRegion,
  parseRegionText,
  parseSubdivision,
  subdivisionCode,
  type Region,
} from '../../platform/regions.js';
import type { JsonSchema } from './schema-shapes.js';

/** Marks a region field; its value names the sibling field holding the country (true: none, DE). */
export const REGION_KEYWORD = 'x-region';
/** Marks a region field stored as sent (code or the state's name) rather than as `DE-BY`. */
export const REGION_AS_SENT = 'x-region-as-sent';

type Json = JsonSchema;

/** The stored form (`DE-BY`) of a written region code, relative to an address's country; undefined when it names none. */
export function normaliseSubdivision(value: string, country?: string): string | undefined {
  const region = parseSubdivision(value, countryCode(country));
  return region?.state ? subdivisionCode({ country: region.country, state: region.state }) : undefined;
}

/**
 * `doc` with its region fields in the stored form, or a 400 naming each field that holds no known
 * subdivision. A value the record held unchanged before (`previous`, older data) is kept as it is:
 * reading tolerates it, and a record is not locked by a field its change does not touch.
 */
export function normaliseRegions(schema: object, doc: Json, previous?: Json): Json {
  const errors: FieldError[] = [];
  const result = walk(schema as Json, doc, previous, [], errors) as Json;
  if (errors.length) throw BadRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
  return result;
}

/** The value at `key` of a previous value, when it was an object or array. */
const beforeAt = (before: unknown, key: string | number): unknown =>
  before !== null && typeof before === 'object' ? (before as Record<string | number, unknown>)[key] : undefined;

function walk(schema: Json, value: unknown, before: unknown, path: string[], errors: FieldError[]): unknown {
  if (!schema || typeof schema !== 'object') return value;
  if (Array.isArray(value)) {
    return schema.items
      ? value.map((item, i) => walk(schema.items, item, beforeAt(before, i), [...path, String(i)], errors))
      : value;
  }
  if (!value || typeof value !== 'object' || !schema.properties) return value;
  let copy = value as Json;
  const set = (key: string, next: unknown) => {
    if (next !== copy[key]) copy = { ...copy, [key]: next };
  };
  for (const [key, child] of Object.entries(schema.properties as Json)) {
    if (!Object.hasOwn(value, key)) continue;
    const current = (value as Json)[key];
    const countryField = child?.[REGION_KEYWORD];
    if (countryField === undefined) {
      set(key, walk(child, current, beforeAt(before, key), [...path, key], errors));
    } else if (typeof current === 'string') {
      const country = typeof countryField === 'string' ? (value as Json)[countryField] : undefined;
      const asSent = child[REGION_AS_SENT] === true;
      const normalised = asSent
        ? parseRegionText(current, countryCode(country))?.state && current
        : normaliseSubdivision(current, country);
      if (normalised) set(key, normalised);
      else if (beforeAt(before, key) !== current)
        errors.push({
          path: [...path, key].join('.'),
          message: asSent
            ? `names no known state or region: ${current} (e.g. BY, DE-BY or Bayern)`
            : `not an ISO 3166-2 subdivision: ${current} (e.g. BY or DE-BY)`,
        });
    }
  }
  return copy;
}

/**
 * A region written as `{country, state}` (the company's holiday region, a query), checked against
 * the holiday calendar like GET /holidays: 400 naming `<path>.country` or `<path>.state` otherwise.
 */
export function checkRegion(region: { country: string; state?: string }, path = ''): Region {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const country = region.country.toUpperCase();
  if (!isKnownRegion({ country })) throw fieldError(at('country'), `no holiday calendar for ${region.country}`);
  if (region.state === undefined) return { country };
  const parsed = parseSubdivision(region.state, country);
  if (!parsed)
    throw fieldError(at('state'), `not an ISO 3166-2 subdivision of ${country}: ${region.state} (e.g. BY or DE-BY)`);
  return parsed;
}

/** The stored form of a checked `{country, state}` region: the state as `DE-BY`. */
export function storedRegion(
  region: { country: string; state?: string },
  path: string,
): { country: string; state?: string } {
  const checked = checkRegion(region, path);
  return checked.state
    ? { country: checked.country, state: subdivisionCode({ country: checked.country, state: checked.state }) }
    : checked;
}
