// The timestamptz parser read by position gives the same Date as postgres-date (pg's own) for every text
// PostgreSQL prints, and hands every other shape to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { isoTimestamp, parseTimestamptzText, timestamptzParser } from '../../src/platform/db/timestamp-text.js';

/** pg's own timestamptz parser (pg-types takes it from postgres-date, which has no types of its own). */
const parseDate = createRequire(import.meta.url)('postgres-date') as (text: string) => Date | number | null;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** How PostgreSQL prints an instant in a zone of `offsetMinutes`, with `fraction` digits of the microseconds. */
function printed(ms: number, offsetMinutes: number, fraction: string): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${pad(Math.floor(abs / 60))}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction ? `.${fraction}` : ''}${offset}`;
}

test('every shape PostgreSQL prints gives the Date postgres-date gives', () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const offsets = [0, 60, 120, -300, 330, 345, -570, 840, -720];
  let fast = 0;
  for (let i = 0; i < 20_000; i++) {
    const ms = Date.UTC(1000, 0, 1) + Math.floor(random() * (Date.UTC(9999, 0, 1) - Date.UTC(1000, 0, 1)));
    const digits = Math.floor(random() * 7); // PostgreSQL leaves out trailing zeros: 0 to 6 digits
    const fraction = String(Math.floor(random() * 1_000_000))
      .padStart(6, '0')
      .slice(0, digits);
    const text = printed(ms, offsets[i % offsets.length]!, fraction);
    const expected = parseDate(text) as Date;
    const got = parseTimestamptzText(text);
    if (got) fast++;
    assert.equal((got ?? expected).getTime(), expected.getTime(), text);
  }
  assert.equal(fast, 20_000, 'all of them read by position');
  assert.equal(parseTimestamptzText('2026-03-29 01:30:00.5+00')?.toISOString(), '2026-03-29T01:30:00.500Z');
  assert.equal(parseTimestamptzText('2026-03-29 03:30:00.123456+02')?.toISOString(), '2026-03-29T01:30:00.123Z');
});

test('other shapes go to postgres-date', () => {
  const parse = timestamptzParser(parseDate);
  for (const text of [
    'infinity',
    '-infinity',
    '0044-03-15 12:00:00+00',
    '0044-03-15 12:00:00+00 BC',
    '12026-01-01 00:00:00+00',
    '1890-01-01 00:00:00+00:53:28',
    '2026-01-05 06:00:00',
    '2026-01-05',
  ]) {
    assert.equal(parseTimestamptzText(text), undefined, text);
    const expected = parseDate(text);
    const got = parse(text);
    assert.equal(
      got instanceof Date ? got.getTime() : got,
      expected instanceof Date ? expected.getTime() : expected,
      text,
    );
  }
});

test('isoTimestamp writes a UTC text as the Date parsed from it would be written, and parses any other', () => {
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 20_000; i++) {
    const ms = Date.UTC(1000, 0, 1) + Math.floor(random() * (Date.UTC(9999, 0, 1) - Date.UTC(1000, 0, 1)));
    const fraction = String(Math.floor(random() * 1_000_000))
      .padStart(6, '0')
      .slice(0, Math.floor(random() * 7));
    const text = printed(ms, i % 3 === 0 ? 0 : [60, -330, 345][i % 3]!, fraction);
    assert.equal(isoTimestamp(text), (parseDate(text) as Date).toISOString(), text);
  }
  assert.equal(isoTimestamp('2026-03-29 01:30:00.5+00'), '2026-03-29T01:30:00.500Z');
  assert.equal(isoTimestamp('2026-03-29 01:30:00+00'), '2026-03-29T01:30:00.000Z');
  assert.equal(isoTimestamp('2026-03-29 03:30:00.123456+02'), '2026-03-29T01:30:00.123Z');
  assert.equal(isoTimestamp(new Date(Date.UTC(2026, 0, 5, 6))), '2026-01-05T06:00:00.000Z');
  // Not the shape (a year before 1000, BC, a malformed digit): parsed, and written as that Date would be.
  assert.equal(isoTimestamp('0999-12-31 23:00:00+00'), (parseDate('0999-12-31 23:00:00+00') as Date).toISOString());
  assert.equal(
    isoTimestamp('0044-03-15 12:00:00+00 BC'),
    (parseDate('0044-03-15 12:00:00+00 BC') as Date).toISOString(),
  );
  assert.throws(() => isoTimestamp('infinity'), RangeError); // as a Date of it would, when written
});
