// A zone's UTC offset at an instant, as the platform's time-zone data gives it (Intl's formatToParts read field by field).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatUtc, localToUtc, offsetAt, wallClockAt } from '../../src/platform/time/zoned-time.js';

const HOUR = 3_600_000;
/** A date and time of day in numbers, the fields the code's formatter shows. */
const NUMERIC = Object.fromEntries(['year', 'month', 'day', 'hour', 'minute', 'second'].map((f) => [f, 'numeric']));
const byParts = (tz: string, utcMs: number) => {
  // The long way, with the era: each field read by name, as the zone's data gives it.
  const format = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', era: 'short', ...NUMERIC });
  const p = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((part) => [part.type, part.value]));
  const wall = new Date(0);
  wall.setUTCFullYear(Number(p.year), Number(p.month) - 1, Number(p.day));
  wall.setUTCHours(Number(p.hour), Number(p.minute), Number(p.second));
  return wall.getTime() - utcMs;
};

test('summer and winter time, half and quarter hours, and a local mean time of seconds', () => {
  assert.equal(offsetAt('Europe/Berlin', Date.UTC(2026, 0, 15, 12)), 1 * HOUR);
  assert.equal(offsetAt('Europe/Berlin', Date.UTC(2026, 6, 15, 12)), 2 * HOUR);
  assert.equal(offsetAt('Asia/Kolkata', Date.UTC(2026, 6, 15, 12)), 5.5 * HOUR);
  assert.equal(offsetAt('Asia/Kathmandu', Date.UTC(2026, 6, 15, 12)), 5.75 * HOUR);
  assert.equal(offsetAt('America/St_Johns', Date.UTC(2026, 0, 15, 12)), -3.5 * HOUR);
  // Berlin kept its local mean time, 0:53:28 ahead of Greenwich, until 1893.
  assert.equal(offsetAt('Europe/Berlin', Date.UTC(1880, 0, 1)), 53 * 60_000 + 28_000);
});

test('the switch itself: the quarter hour before 01:00 UTC on the last Sunday of March, and the one after', () => {
  assert.equal(offsetAt('Europe/Berlin', Date.UTC(2026, 2, 29, 0, 45)), 1 * HOUR);
  assert.equal(offsetAt('Europe/Berlin', Date.UTC(2026, 2, 29, 1, 0)), 2 * HOUR);
  assert.equal(localToUtc('Europe/Berlin', Date.UTC(2026, 2, 29, 2, 30)), Date.UTC(2026, 2, 29, 1, 30));
});

test('years 0-99 are those years, not 1900-1999', () => {
  const year50 = new Date(0).setUTCFullYear(50, 5, 1);
  assert.equal(offsetAt('Europe/Berlin', year50), byParts('Europe/Berlin', year50));
  assert.equal(offsetAt('UTC', year50), 0);
  const leapDay = new Date(0).setUTCFullYear(4, 1, 29);
  assert.equal(offsetAt('UTC', leapDay), 0);
});

test('agrees with formatToParts at instants spread over three centuries and many zones', () => {
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Pacific/Apia',
    'Asia/Tehran',
  ];
  const from = Date.UTC(1850, 0, 1);
  const to = Date.UTC(2150, 0, 1);
  for (const tz of zones)
    for (let i = 0; i < 500; i++) {
      const at = Math.floor((from + i * ((to - from) / 500)) / 900_000) * 900_000;
      assert.equal(offsetAt(tz, at), byParts(tz, at), `${tz} at ${new Date(at).toISOString()}`);
    }
});

test("a formatter's text of another shape is read field by field, to the same wall clock", () => {
  const options = { timeZone: 'Europe/Berlin', hourCycle: 'h23', ...NUMERIC } as const;
  const german = new Intl.DateTimeFormat('de-DE', options); // "29.3.2026, 03:30:00"
  const american = new Intl.DateTimeFormat('en-US', options); // "3/29/2026, 03:30:00"
  for (const at of [Date.UTC(2026, 2, 29, 1, 30), Date.UTC(2026, 9, 25, 0, 30), Date.UTC(1880, 0, 1)]) {
    assert.equal(wallClockAt(german, at), wallClockAt(american, at));
    assert.equal(wallClockAt(german, at) - at, byParts('Europe/Berlin', at));
  }
});

test('formatUtc writes what toISOString writes, day after day and across years, signs and fractions', () => {
  const instants = [
    0,
    -1,
    1,
    Date.UTC(2026, 2, 29, 1, 0),
    Date.UTC(2026, 11, 31, 23, 59, 59, 999),
    Date.UTC(2027, 0, 1),
    Date.UTC(1969, 11, 31, 23, 59, 59, 999),
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    Date.UTC(10000, 0, 1),
    Date.UTC(-1, 5, 1, 12),
    Date.UTC(0, 0, 1) - 86_400_000 * 365 * 1900,
    1.5,
    -0.25,
    8.64e15,
    -8.64e15,
  ];
  // A busy generator's pattern (the same day again and again, then the next) and random instants between.
  for (let at = Date.UTC(2026, 0, 1, 6); at < Date.UTC(2026, 0, 9); at += 37 * 60_000 + 1_234) instants.push(at);
  let seed = 20261203;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 2000; i++) instants.push(Math.round((random() - 0.3) * 4e13));
  for (const at of instants) assert.equal(formatUtc(at), new Date(at).toISOString(), `${at}`);
  assert.throws(() => formatUtc(Number.NaN), RangeError);
  assert.throws(() => formatUtc(8.64e15 + 1), RangeError);
});
