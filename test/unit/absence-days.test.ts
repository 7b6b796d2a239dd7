// The days of an absence, hand-worked: src/modules/absences/rules/absence-days.ts (absencePeriod,
// absenceDays, countDaysAbsent) and pay/rules/contract-hours.ts (weeklyHours). Every expected date
// and number below was worked out by hand from the calendar and the Europe/Berlin offsets (+01:00
// in winter, +02:00 in summer; 2026-03-29 has 23 hours, 2026-10-25 has 25), never by calling the code.
// Calendar used: 2026-06-01 is a Monday; 2026-12-25 a Friday, 2026-12-26 a Saturday (both public
// holidays in all of Germany); 2026-12-24 (Thursday) is no public holiday; 2026-03-29 and
// 2026-10-25 are Sundays.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  absenceDays,
  absencePeriod,
  countDaysAbsent,
  type AbsenceDay,
} from '../../src/modules/absences/rules/absence-days.js';
import { weeklyHours } from '../../src/modules/pay/rules/contract-hours.js';
import { publicHolidays } from '../../src/platform/time/holidays.js';

const TZ = 'Europe/Berlin';
const ms = (iso: string) => Date.parse(iso);
const iso = (n: number) => new Date(n).toISOString();
const noHolidays = () => false;
const germanHolidays = (date: string) => publicHolidays('DE', undefined, Number(date.slice(0, 4))).has(date);
const DEFAULT_HOURS = [8, 8, 8, 8, 8, 0, 0];
const H = 3600;

/** period + days + daysAbsent for an absence given as ISO strings. */
function absence(
  dtStart: string,
  dtEnd: string,
  options: { fullDay?: boolean; hours?: number[]; holidays?: (d: string) => boolean } = {},
) {
  const period = absencePeriod(ms(dtStart), ms(dtEnd), options.fullDay ?? true, TZ);
  const days = absenceDays({
    period,
    timeZone: TZ,
    hours: options.hours ?? DEFAULT_HOURS,
    isPublicHoliday: options.holidays ?? noHolidays,
  });
  return { from: iso(period.from), to: iso(period.to), days, daysAbsent: countDaysAbsent(days) };
}

const day = (date: string, fraction: number, contractSeconds: number, workingDay: boolean): AbsenceDay => ({
  date,
  fraction,
  contractSeconds,
  workingDay,
});

describe('weeklyHours: contract.dailyWorkingHours -> hours per ISO weekday', () => {
  test('no contract hours: Monday to Friday 8 h', () => {
    assert.deepEqual(weeklyHours(undefined), [8, 8, 8, 8, 8, 0, 0]);
    assert.deepEqual(weeklyHours(null), [8, 8, 8, 8, 8, 0, 0]);
    assert.deepEqual(weeklyHours({}), [8, 8, 8, 8, 8, 0, 0]);
    assert.deepEqual(weeklyHours('40'), [8, 8, 8, 8, 8, 0, 0]);
    assert.deepEqual(weeklyHours(40), [8, 8, 8, 8, 8, 0, 0]);
  });

  test('only zero hours counts as none given: the default applies', () => {
    assert.deepEqual(weeklyHours({ mo: 0, tu: 0 }), [8, 8, 8, 8, 8, 0, 0]);
  });

  test('short keys mo..su', () => {
    assert.deepEqual(weeklyHours({ mo: 4, we: 4, fr: 4 }), [4, 0, 4, 0, 4, 0, 0]);
    assert.deepEqual(weeklyHours({ sa: 6, su: 2.5 }), [0, 0, 0, 0, 0, 6, 2.5]);
  });

  test('English day names, in any case', () => {
    assert.deepEqual(weeklyHours({ monday: 6, Tuesday: 6, WEDNESDAY: 3 }), [6, 6, 3, 0, 0, 0, 0]);
    assert.deepEqual(weeklyHours({ Mo: 7.5, FR: 5 }), [7.5, 0, 0, 0, 5, 0, 0]);
  });

  test('ISO weekday numbers 1..7', () => {
    assert.deepEqual(weeklyHours({ 1: 5, 3: 5, 7: 3 }), [5, 0, 5, 0, 0, 0, 3]);
    assert.deepEqual(weeklyHours({ '2': 8, '6': 4 }), [0, 8, 0, 0, 0, 4, 0]);
  });

  test('values that are not hours of a day count as 0', () => {
    // 25 > 24, -1 < 0, '8' is no number; th 7.5 is kept.
    assert.deepEqual(weeklyHours({ mo: 25, tu: -1, we: '8', th: 7.5, fr: null }), [0, 0, 0, 7.5, 0, 0, 0]);
    assert.deepEqual(weeklyHours({ mo: 24, xx: 8 }), [24, 0, 0, 0, 0, 0, 0]);
  });
});

describe('absencePeriod: full days in the company time zone', () => {
  test('a full-day absence covers whole local days: from local midnight of the first to local midnight after the last', () => {
    // 2026-06-01T08:00+02:00 .. 2026-06-05T16:00+02:00 -> 2026-06-01T00:00+02:00 .. 2026-06-06T00:00+02:00
    const p = absencePeriod(ms('2026-06-01T06:00:00Z'), ms('2026-06-05T14:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-05-31T22:00:00Z'), to: ms('2026-06-05T22:00:00Z') });
  });

  test('dtEnd at exactly local midnight is exclusive: the day before is the last', () => {
    // 2026-06-01T00:00+02:00 .. 2026-06-03T00:00+02:00: June 1 and 2.
    const p = absencePeriod(ms('2026-05-31T22:00:00Z'), ms('2026-06-02T22:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-05-31T22:00:00Z'), to: ms('2026-06-02T22:00:00Z') });
  });

  test('dtEnd at 23:59 local is inclusive: that day is the last', () => {
    // 2026-06-01T00:00+02:00 .. 2026-06-03T23:59+02:00: June 1, 2 and 3.
    const p = absencePeriod(ms('2026-05-31T22:00:00Z'), ms('2026-06-03T21:59:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-05-31T22:00:00Z'), to: ms('2026-06-03T22:00:00Z') });
  });

  test('dtStart equal to dtEnd at local midnight is that one day', () => {
    const p = absencePeriod(ms('2026-06-01T22:00:00Z'), ms('2026-06-01T22:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-06-01T22:00:00Z'), to: ms('2026-06-02T22:00:00Z') });
  });

  test('the local date decides, not the UTC date: 00:30 local is still the previous UTC day', () => {
    // 2026-06-02T00:30+02:00 = 2026-06-01T22:30Z is June 2 in Berlin.
    const p = absencePeriod(ms('2026-06-01T22:30:00Z'), ms('2026-06-01T23:30:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-06-01T22:00:00Z'), to: ms('2026-06-02T22:00:00Z') });
  });

  test('winter time: +01:00', () => {
    const p = absencePeriod(ms('2026-12-21T07:00:00Z'), ms('2026-12-21T15:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-12-20T23:00:00Z'), to: ms('2026-12-21T23:00:00Z') });
  });

  test('a part-day absence is [dtStart, dtEnd) as given', () => {
    const p = absencePeriod(ms('2026-06-02T06:00:00Z'), ms('2026-06-02T10:00:00Z'), false, TZ);
    assert.deepEqual(p, { from: ms('2026-06-02T06:00:00Z'), to: ms('2026-06-02T10:00:00Z') });
  });

  test('spring forward, 2026-03-29: the local day is 23 hours, from 00:00+01:00 to 00:00+02:00', () => {
    const p = absencePeriod(ms('2026-03-29T08:00:00Z'), ms('2026-03-29T10:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-03-28T23:00:00Z'), to: ms('2026-03-29T22:00:00Z') });
    assert.equal(p.to - p.from, 23 * H * 1000);
  });

  test('fall back, 2026-10-25: the local day is 25 hours, from 00:00+02:00 to 00:00+01:00', () => {
    const p = absencePeriod(ms('2026-10-25T08:00:00Z'), ms('2026-10-25T10:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-10-24T22:00:00Z'), to: ms('2026-10-25T23:00:00Z') });
    assert.equal(p.to - p.from, 25 * H * 1000);
  });

  test('dtEnd at local midnight after the spring change (00:00+02:00) is exclusive too', () => {
    const p = absencePeriod(ms('2026-03-28T23:00:00Z'), ms('2026-03-29T22:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-03-28T23:00:00Z'), to: ms('2026-03-29T22:00:00Z') });
  });

  test('dtEnd at local midnight after the autumn change (00:00+01:00) is exclusive too', () => {
    const p = absencePeriod(ms('2026-10-24T22:00:00Z'), ms('2026-10-25T23:00:00Z'), true, TZ);
    assert.deepEqual(p, { from: ms('2026-10-24T22:00:00Z'), to: ms('2026-10-25T23:00:00Z') });
  });
});

describe('absenceDays and countDaysAbsent', () => {
  test('a Monday-to-Friday week on the default contract: 5 working days of 8 h', () => {
    const a = absence('2026-06-01T06:00:00Z', '2026-06-05T14:00:00Z');
    assert.equal(a.from, '2026-05-31T22:00:00.000Z');
    assert.equal(a.to, '2026-06-05T22:00:00.000Z');
    assert.deepEqual(a.days, [
      day('2026-06-01', 1, 8 * H, true),
      day('2026-06-02', 1, 8 * H, true),
      day('2026-06-03', 1, 8 * H, true),
      day('2026-06-04', 1, 8 * H, true),
      day('2026-06-05', 1, 8 * H, true),
    ]);
    assert.equal(a.daysAbsent, 5);
  });

  test('a whole week, Monday to Sunday: the weekend is listed but is no working day', () => {
    const a = absence('2026-06-01T06:00:00Z', '2026-06-07T14:00:00Z');
    assert.equal(a.days.length, 7);
    assert.deepEqual(a.days.slice(5), [day('2026-06-06', 0, 0, false), day('2026-06-07', 0, 0, false)]);
    assert.equal(a.daysAbsent, 5);
  });

  test('a week with public holidays: Friday 2026-12-25 is none of the working days', () => {
    // Mon 21 .. Sun 27 December 2026, winter time: 21-24 are working days, 25 (Fri) and 26 (Sat) are holidays.
    const a = absence('2026-12-21T07:00:00Z', '2026-12-27T15:00:00Z', { holidays: germanHolidays });
    assert.equal(a.from, '2026-12-20T23:00:00.000Z');
    assert.equal(a.to, '2026-12-27T23:00:00.000Z');
    assert.deepEqual(a.days, [
      day('2026-12-21', 1, 8 * H, true),
      day('2026-12-22', 1, 8 * H, true),
      day('2026-12-23', 1, 8 * H, true),
      day('2026-12-24', 1, 8 * H, true),
      day('2026-12-25', 0, 0, false),
      day('2026-12-26', 0, 0, false),
      day('2026-12-27', 0, 0, false),
    ]);
    assert.equal(a.daysAbsent, 4);
  });

  test('the holiday calendar the test relies on', () => {
    const holidays = publicHolidays('DE', undefined, 2026);
    assert.equal(holidays.has('2026-12-25'), true);
    assert.equal(holidays.has('2026-12-26'), true);
    assert.equal(holidays.has('2026-12-24'), false);
    assert.equal(holidays.has('2026-10-03'), true); // a Saturday: a holiday on a day off changes nothing
  });

  test('a contract working Monday, Wednesday and Friday 4 h: 3 working days of 4 h in a week', () => {
    const a = absence('2026-06-01T06:00:00Z', '2026-06-05T14:00:00Z', { hours: weeklyHours({ mo: 4, we: 4, fr: 4 }) });
    assert.deepEqual(a.days, [
      day('2026-06-01', 1, 4 * H, true),
      day('2026-06-02', 0, 0, false),
      day('2026-06-03', 1, 4 * H, true),
      day('2026-06-04', 0, 0, false),
      day('2026-06-05', 1, 4 * H, true),
    ]);
    assert.equal(a.daysAbsent, 3);
  });

  test('full day: dtEnd at local midnight ends the day before (2 days); dtEnd at 23:59 includes the day (3 days)', () => {
    const exclusive = absence('2026-05-31T22:00:00Z', '2026-06-02T22:00:00Z');
    assert.deepEqual(
      exclusive.days.map((d) => d.date),
      ['2026-06-01', '2026-06-02'],
    );
    assert.equal(exclusive.daysAbsent, 2);
    const inclusive = absence('2026-05-31T22:00:00Z', '2026-06-03T21:59:00Z');
    assert.deepEqual(
      inclusive.days.map((d) => d.date),
      ['2026-06-01', '2026-06-02', '2026-06-03'],
    );
    assert.equal(inclusive.daysAbsent, 3);
  });

  test('part day: 08:00-12:00 local on an 8 h day is half a day', () => {
    const a = absence('2026-06-02T06:00:00Z', '2026-06-02T10:00:00Z', { fullDay: false });
    assert.equal(a.from, '2026-06-02T06:00:00.000Z');
    assert.equal(a.to, '2026-06-02T10:00:00.000Z');
    assert.deepEqual(a.days, [day('2026-06-02', 0.5, 4 * H, true)]);
    assert.equal(a.daysAbsent, 0.5);
  });

  test('part day: 4 hours on a 4 h day is the whole day; on a day off it is nothing', () => {
    const hours = weeklyHours({ mo: 4, we: 4, fr: 4 });
    const wednesday = absence('2026-06-03T06:00:00Z', '2026-06-03T10:00:00Z', { fullDay: false, hours });
    assert.deepEqual(wednesday.days, [day('2026-06-03', 1, 4 * H, true)]);
    const tuesday = absence('2026-06-02T06:00:00Z', '2026-06-02T10:00:00Z', { fullDay: false, hours });
    assert.deepEqual(tuesday.days, [day('2026-06-02', 0, 0, false)]);
    assert.equal(tuesday.daysAbsent, 0);
  });

  test('part day longer than the contract day is capped at the whole day', () => {
    // 07:00-19:00 local (12 h) on an 8 h day.
    const a = absence('2026-06-02T05:00:00Z', '2026-06-02T17:00:00Z', { fullDay: false });
    assert.deepEqual(a.days, [day('2026-06-02', 1, 8 * H, true)]);
  });

  test('part day over midnight is split by local date', () => {
    // Tue 2026-06-02 20:00 local .. Wed 02:00 local: 4 h of Tuesday (0.5), 2 h of Wednesday (0.25).
    const a = absence('2026-06-02T18:00:00Z', '2026-06-03T00:00:00Z', { fullDay: false });
    assert.deepEqual(a.days, [day('2026-06-02', 0.5, 4 * H, true), day('2026-06-03', 0.25, 2 * H, true)]);
    assert.equal(a.daysAbsent, 0.75);
  });

  test('fractions are rounded to two decimals: 1 h of a 3 h day is 0.33', () => {
    const a = absence('2026-06-01T06:00:00Z', '2026-06-01T07:00:00Z', {
      fullDay: false,
      hours: weeklyHours({ mo: 3 }),
    });
    assert.deepEqual(a.days, [day('2026-06-01', 0.33, 3600, true)]);
    assert.equal(a.daysAbsent, 0.33);
  });

  test('spring forward: the 23-hour Sunday 2026-03-29 is one whole day for a Sunday worker', () => {
    const a = absence('2026-03-29T08:00:00Z', '2026-03-29T10:00:00Z', { hours: weeklyHours({ su: 8 }) });
    assert.equal(a.from, '2026-03-28T23:00:00.000Z');
    assert.equal(a.to, '2026-03-29T22:00:00.000Z');
    assert.deepEqual(a.days, [day('2026-03-29', 1, 8 * H, true)]);
    assert.equal(a.daysAbsent, 1);
  });

  test('fall back: the 25-hour Sunday 2026-10-25 is one whole day for a Sunday worker', () => {
    const a = absence('2026-10-25T08:00:00Z', '2026-10-25T10:00:00Z', { hours: weeklyHours({ su: 8 }) });
    assert.equal(a.from, '2026-10-24T22:00:00.000Z');
    assert.equal(a.to, '2026-10-25T23:00:00.000Z');
    assert.deepEqual(a.days, [day('2026-10-25', 1, 8 * H, true)]);
  });

  test('Friday to Monday over the spring change: four local days, two of them working days', () => {
    // Fri 2026-03-27 00:00+01:00 = 26T23:00Z .. Tue 2026-03-31 00:00+02:00 = 30T22:00Z.
    const a = absence('2026-03-27T08:00:00Z', '2026-03-30T08:00:00Z');
    assert.equal(a.from, '2026-03-26T23:00:00.000Z');
    assert.equal(a.to, '2026-03-30T22:00:00.000Z');
    assert.deepEqual(a.days, [
      day('2026-03-27', 1, 8 * H, true),
      day('2026-03-28', 0, 0, false),
      day('2026-03-29', 0, 0, false),
      day('2026-03-30', 1, 8 * H, true),
    ]);
    assert.equal(a.daysAbsent, 2);
  });

  test('Saturday to Monday over the autumn change: three local days, the Monday is the working day', () => {
    // Sat 2026-10-24 00:00+02:00 = 23T22:00Z .. Tue 2026-10-27 00:00+01:00 = 26T23:00Z.
    const a = absence('2026-10-24T08:00:00Z', '2026-10-26T08:00:00Z');
    assert.equal(a.from, '2026-10-23T22:00:00.000Z');
    assert.equal(a.to, '2026-10-26T23:00:00.000Z');
    assert.deepEqual(
      a.days.map((d) => d.date),
      ['2026-10-24', '2026-10-25', '2026-10-26'],
    );
    assert.equal(a.daysAbsent, 1);
  });

  test('part day across the spring change: 00:00+01:00 .. 06:00+02:00 is 5 real hours of Sunday', () => {
    // 2026-03-28T23:00Z .. 2026-03-29T04:00Z = 5 h; 8 h Sunday contract -> 5/8 = 0.625 -> 0.63 (rounded), 5 h paid.
    const a = absence('2026-03-28T23:00:00Z', '2026-03-29T04:00:00Z', {
      fullDay: false,
      hours: weeklyHours({ su: 8 }),
    });
    assert.deepEqual(a.days, [day('2026-03-29', 0.63, 5 * H, true)]);
  });

  test('countDaysAbsent sums fractions to two decimals', () => {
    assert.equal(countDaysAbsent([]), 0);
    assert.equal(countDaysAbsent([day('a', 0.33, 0, true), day('b', 0.33, 0, true), day('c', 0.33, 0, true)]), 0.99);
    assert.equal(countDaysAbsent([day('a', 0.5, 0, true), day('b', 1, 0, true), day('c', 0, 0, false)]), 1.5);
  });
});
