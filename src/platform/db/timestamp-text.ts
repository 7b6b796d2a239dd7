// PostgreSQL's text of a timestamptz as a Date, for node-postgres. Every read of a record parses at least two
// (created, modified; a job with its assignment four), and pg's own parser (postgres-date) runs regular
// expressions over each: about 4 % of the API process's CPU for a company's day of jobs. PostgreSQL prints them
// as `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM]`; that shape is read here by position, to the same Date as
// postgres-date gives, and anything else (BC, infinity, years outside 1000-9999, offsets with seconds) is
// handed to postgres-date.

import pg from 'pg';

const ZERO = 48;

/** The number of the `count` digits at `at`, or -1 if one is not a digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** A timestamptz's text as a Date, or undefined when it is not of the shape above. */
export function parseTimestamptzText(text: string): Date | undefined {
  if (
    text.length < 22 ||
    text.charCodeAt(4) !== 0x2d || // -
    text.charCodeAt(7) !== 0x2d ||
    text.charCodeAt(10) !== 0x20 || // space
    text.charCodeAt(13) !== 0x3a || // :
    text.charCodeAt(16) !== 0x3a ||
    text.charCodeAt(0) === ZERO // a year below 1000 (Date.UTC reads 0-99 as 1900-1999)
  )
    return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return undefined;
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 0x2e) {
    // .ffffff: milliseconds as postgres-date computes them (1000 * parseFloat('.ffffff'), truncated by Date.UTC)
    let end = at + 1;
    while (end < text.length && text.charCodeAt(end) >= ZERO && text.charCodeAt(end) <= ZERO + 9) end++;
    if (end === at + 1) return undefined;
    ms = 1000 * Number.parseFloat(text.slice(at, end));
    at = end;
  }
  const sign = text.charCodeAt(at);
  if (sign !== 0x2b && sign !== 0x2d) return undefined; // + or -
  const offsetHours = digits(text, at + 1, 2);
  if (offsetHours < 0) return undefined;
  let offsetMinutes = 0;
  if (text.length === at + 6 && text.charCodeAt(at + 3) === 0x3a) {
    offsetMinutes = digits(text, at + 4, 2);
    if (offsetMinutes < 0) return undefined;
  } else if (text.length !== at + 3) return undefined;
  const offsetMs = (offsetHours * 3600 + offsetMinutes * 60) * 1000 * (sign === 0x2d ? -1 : 1);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMs);
}

/** A type parser for timestamptz: the shape above by position, the rest through `fallback` (postgres-date). */
export function timestamptzParser(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => parseTimestamptzText(text) ?? fallback(text);
}

/** Digits at each of these places of a UTC timestamptz's text, and these characters at the others. */
const DIGIT_PLACES = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const MARKS: ReadonlyArray<[number, number]> = [
  [4, 0x2d], // -
  [7, 0x2d],
  [10, 0x20], // space
  [13, 0x3a], // :
  [16, 0x3a],
];

/** The text of a UTC session's timestamptz between the years 1000 and 9999: `YYYY-MM-DD HH:MM:SS[.ffffff]+00`. */
function isUtcTimestampText(text: string): boolean {
  const length = text.length;
  if (length < 22 || length > 29 || text.charCodeAt(0) === ZERO) return false;
  if (!text.endsWith('+00')) return false;
  for (const [at, mark] of MARKS) if (text.charCodeAt(at) !== mark) return false;
  for (const at of DIGIT_PLACES) if (!isDigit(text.charCodeAt(at))) return false;
  if (length === 22) return true;
  if (length === 23 || text.charCodeAt(19) !== 0x2e) return false; // "." and at least one digit
  for (let at = 20; at < length - 3; at++) if (!isDigit(text.charCodeAt(at))) return false;
  return true;
}

const isDigit = (code: number) => code >= ZERO && code <= ZERO + 9;

/**
 * A timestamptz as Date.toISOString writes it, from the Date a row holds or from the database's text of it. The
 * text of a UTC session is rewritten by position (milliseconds truncated, as the Date parsed from it holds them),
 * without a Date; any other text is parsed as a row's would be, by node-postgres's timestamptz parser.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value !== 'string') return value.toISOString();
  if (!isUtcTimestampText(value)) {
    const parsed = pg.types.getTypeParser(1184, 'text')(value);
    return (parsed instanceof Date ? parsed : new Date(parsed as number)).toISOString();
  }
  const fraction = value.length === 22 ? '' : value.slice(20, value.length - 3);
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${(fraction + '000').slice(0, 3)}Z`;
}
