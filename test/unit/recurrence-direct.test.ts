// Daily and weekly rules are counted out directly instead of by the recurrence library (recurrence.ts,
// simpleRule). The library is the authority: for a thousand random rules of those shapes (intervals, weekday
// sets, UNTIL, COUNT, exceptions, starts in and around DST changes in five zones, a few before 1970) and random windows (before
// the start, across years), both expansions give the same occurrences, to the millisecond.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  expandOccurrences,
  expandsDirectly,
  type ICalendar,
  normalizeICalendar,
} from '../../src/platform/time/recurrence.js';

/** A small seeded generator (mulberry32), so a failure names a case that can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'UTC', 'Asia/Kolkata'];
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);

function randomCase(next: () => number) {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  // Starts in 2025-2027, some of them on the nights the clocks change; a few before 1970 (negative days).
  const day = (next() < 0.05 ? Date.UTC(1962, 0, 1) : Date.UTC(2025, 0, 1)) + Math.floor(next() * 3 * 365) * DAY;
  const time = pick([
    [2, 30],
    [0, 0],
    [23, 30],
    [6, 0],
    [1, 15],
    [3, 0],
  ]);
  const dtstart = day + (time[0]! * 60 + time[1]!) * 60_000;
  const weekday = (((Math.floor(dtstart / DAY) + 3) % 7) + 7) % 7;
  const frequency = pick(['DAILY', 'WEEKLY']);
  const parts = [`FREQ=${frequency}`];
  if (next() < 0.4) parts.push(`INTERVAL=${1 + Math.floor(next() * 4)}`);
  if (next() < 0.7) {
    const days = DAYS.filter(() => next() < 0.4);
    if (next() < 0.9 && !days.includes(DAYS[weekday]!)) days.push(DAYS[weekday]!); // mostly on its days
    if (days.length) parts.push(`BYDAY=${days.join(',')}`);
  }
  const ending = next();
  if (ending < 0.25) parts.push(`COUNT=${1 + Math.floor(next() * 60)}`);
  else if (ending < 0.5) {
    const until = new Date(dtstart + Math.floor(next() * 500) * DAY + Math.floor(next() * DAY));
    parts.push(`UNTIL=${until.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
  }
  const ical: ICalendar = {
    tzid: pick(ZONES),
    rrule: parts.join(';'),
    dtstart: local(dtstart),
    dtend: local(dtstart + (1 + Math.floor(next() * 10)) * 3_600_000),
    exDate: next() < 0.3 ? [local(dtstart + Math.floor(next() * 30) * DAY)] : [],
  };
  const from = dtstart - 60 * DAY + Math.floor(next() * 500 * DAY);
  const to = from + Math.floor(next() * (next() < 0.3 ? 2 * DAY : 800 * DAY));
  return { ical, from, to };
}

describe('daily and weekly rules counted out directly', () => {
  test('give what the recurrence library gives, for 1,000 random rules and windows', () => {
    const next = random(20261201);
    let direct = 0;
    let occurrences = 0;
    for (let i = 0; i < 1000; i++) {
      const { ical, from, to } = randomCase(next);
      const { recurrence } = normalizeICalendar(ical, true);
      if (expandsDirectly(recurrence)) direct++;
      const mine = expandOccurrences(recurrence, from, to);
      const library = expandOccurrences(recurrence, from, to, { library: true });
      occurrences += library.length;
      assert.deepEqual(mine, library, `case ${i}: ${JSON.stringify({ ...ical, from: local(from), to: local(to) })}`);
    }
    assert.ok(direct > 800, `only ${direct} of 1,000 rules were counted out directly: the comparison proves little`);
    assert.ok(occurrences > 50_000, `only ${occurrences} occurrences compared`);
  });

  test('rules of other shapes, and a start off its weekdays, are left to the library', () => {
    const shapes: Array<[string, string, boolean]> = [
      ['FREQ=WEEKLY;BYDAY=MO,WE', '2027-01-04T08:00:00', true], // a Monday
      ['FREQ=WEEKLY;BYDAY=TU,WE', '2027-01-04T08:00:00', false], // its start is no Tuesday or Wednesday
      ['FREQ=DAILY;INTERVAL=3', '2027-01-04T08:00:00', true],
      ['FREQ=WEEKLY;BYDAY=1MO', '2027-01-04T08:00:00', false],
      ['FREQ=MONTHLY;BYMONTHDAY=4', '2027-01-04T08:00:00', false],
      ['FREQ=WEEKLY;BYDAY=MO;BYMONTH=1', '2027-01-04T08:00:00', false],
    ];
    for (const [rrule, dtstart, expected] of shapes) {
      const { recurrence } = normalizeICalendar(
        { tzid: 'Europe/Berlin', rrule, dtstart, dtend: `${dtstart.slice(0, 11)}${pad(9)}:00:00` },
        true,
      );
      assert.equal(expandsDirectly(recurrence), expected, rrule);
    }
  });
});
