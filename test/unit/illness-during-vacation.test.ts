// Illness during vacation (§9 BUrlG), hand-worked: src/modules/absences/rules/illness-during-vacation.ts.
// Calendar used: 2026-08-03 is a Monday (2026-06-01 is a Monday; June 30 days, July 31 days:
// 1 + 30 + 31 = 62 days later, 62 = 8 weeks + 6 days, so Aug 1 is a Saturday); 2026-07-31 a Friday.
// Easter 2026 is April 5, so Ascension (+39 days) is Thursday 2026-05-14, a public holiday in all
// of Germany; 2026-05-11 is a Monday. Europe/Berlin is +02:00 in summer. Every expected number was
// worked out by hand, never by calling the code.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { absenceDays, absencePeriod } from '../../src/modules/absences/rules/absence-days.js';
import { leaveAfterIllness, vacationPaidDays } from '../../src/modules/absences/rules/illness-during-vacation.js';
import { publicHolidays } from '../../src/platform/time/holidays.js';

const TZ = 'Europe/Berlin';
const MON_FRI = [8, 8, 8, 8, 8, 0, 0];
const noHolidays = () => false;
const germanHolidays = (date: string) => publicHolidays('DE', undefined, Number(date.slice(0, 4))).has(date);
const full = (from: string, to: string) =>
  absencePeriod(Date.parse(`${from}T00:00:00+02:00`), Date.parse(`${to}T12:00:00+02:00`), true, TZ);

function leave(
  vacation: [string, string],
  illnesses: Array<[string, string] | { from: string; to: string }>,
  options: { hours?: number[]; holidays?: (d: string) => boolean } = {},
) {
  const hours = options.hours ?? MON_FRI;
  const isPublicHoliday = options.holidays ?? noHolidays;
  const period = full(...vacation);
  const days = absenceDays({ period, timeZone: TZ, hours, isPublicHoliday });
  const ill = illnesses.map((i) =>
    Array.isArray(i) ? full(...i) : absencePeriod(Date.parse(i.from), Date.parse(i.to), false, TZ),
  );
  return leaveAfterIllness({ vacation: period, days, illnesses: ill, timeZone: TZ, hours, isPublicHoliday });
}
const displacedDates = (r: ReturnType<typeof leave>) =>
  r.displaced.filter((d) => d.fraction > 0).map((d) => `${d.date}:${d.fraction}`);

describe('leaveAfterIllness: which vacation days an illness displaces', () => {
  test('illness Wed-Thu inside a two-week vacation: 10 - 2 = 8 leave days', () => {
    // Vacation Mon 08-03 .. Fri 08-14: Mon-Fri twice = 10 working days.
    // Illness Wed 08-05 .. Thu 08-06: 2 working days displaced, 10 - 2 = 8 stay leave.
    const r = leave(['2026-08-03', '2026-08-14'], [['2026-08-05', '2026-08-06']]);
    assert.equal(r.daysAbsent, 8);
    assert.deepEqual(displacedDates(r), ['2026-08-05:1', '2026-08-06:1']);
    assert.deepEqual(
      r.days.filter((d) => d.fraction > 0).map((d) => d.date),
      ['2026-08-03', '2026-08-04', '2026-08-07', '2026-08-10', '2026-08-11', '2026-08-12', '2026-08-13', '2026-08-14'],
    );
    // 8 h a day: the displaced days keep 0 contract seconds, the others 8 * 3600 = 28800.
    assert.equal(r.days.find((d) => d.date === '2026-08-05')!.contractSeconds, 0);
    assert.equal(r.days.find((d) => d.date === '2026-08-04')!.contractSeconds, 28_800);
  });

  test('a weekend inside the illness is not counted', () => {
    // Illness Fri 08-07 .. Mon 08-10: Fri, Sat, Sun, Mon; Sat and Sun are no working days,
    // so 2 working days are displaced (Fri, Mon): 10 - 2 = 8.
    const r = leave(['2026-08-03', '2026-08-14'], [['2026-08-07', '2026-08-10']]);
    assert.equal(r.daysAbsent, 8);
    assert.deepEqual(displacedDates(r), ['2026-08-07:1', '2026-08-10:1']);
    // Sat and Sun are still listed as touched (fraction 0): vacation pay skips them too.
    assert.deepEqual(
      r.displaced.map((d) => d.date),
      ['2026-08-07', '2026-08-08', '2026-08-09', '2026-08-10'],
    );
  });

  test('a public holiday inside the illness is not counted', () => {
    // Vacation Mon 05-11 .. Fri 05-22: 10 weekdays minus Ascension Thu 05-14 = 9 working days.
    // Illness Wed 05-13 .. Mon 05-18: Wed 13 (1), Thu 14 (holiday, 0), Fri 15 (1), Sat/Sun (0), Mon 18 (1)
    // = 3 displaced; 9 - 3 = 6 leave days.
    const r = leave(['2026-05-11', '2026-05-22'], [['2026-05-13', '2026-05-18']], { holidays: germanHolidays });
    assert.equal(r.daysAbsent, 6);
    assert.deepEqual(displacedDates(r), ['2026-05-13:1', '2026-05-15:1', '2026-05-18:1']);
  });

  test('an illness covering the whole vacation leaves no leave day', () => {
    // Illness Fri 07-31 .. Mon 08-17 covers all 10 working days of the vacation: 10 - 10 = 0.
    const r = leave(['2026-08-03', '2026-08-14'], [['2026-07-31', '2026-08-17']]);
    assert.equal(r.daysAbsent, 0);
    assert.equal(displacedDates(r).length, 10);
    // Days outside the vacation (07-31, 08-15..17) are none of the vacation's business.
    assert.deepEqual([r.displaced[0]!.date, r.displaced.at(-1)!.date], ['2026-08-03', '2026-08-14']);
  });

  test('an illness outside the vacation displaces nothing', () => {
    // Illness Mon 08-17 .. Tue 08-18, after the vacation ends on Fri 08-14: still 10.
    const r = leave(['2026-08-03', '2026-08-14'], [['2026-08-17', '2026-08-18']]);
    assert.equal(r.daysAbsent, 10);
    assert.deepEqual(r.displaced, []);
  });

  test('two illnesses in one vacation: 10 - 1 - 2 = 7', () => {
    // Tue 08-04 (1 day), Wed 08-12 .. Thu 08-13 (2 days).
    const r = leave(
      ['2026-08-03', '2026-08-14'],
      [
        ['2026-08-04', '2026-08-04'],
        ['2026-08-12', '2026-08-13'],
      ],
    );
    assert.equal(r.daysAbsent, 7);
    assert.deepEqual(displacedDates(r), ['2026-08-04:1', '2026-08-12:1', '2026-08-13:1']);
  });

  test('part-time contract Mon/Wed/Fri 4 h: only its working days count', () => {
    // Vacation 08-03 .. 08-14: Mon, Wed, Fri twice = 6 working days.
    // Illness Tue 08-04 .. Thu 08-06: Tue (0), Wed (1), Thu (0) = 1 displaced; 6 - 1 = 5.
    const r = leave(['2026-08-03', '2026-08-14'], [['2026-08-04', '2026-08-06']], { hours: [4, 0, 4, 0, 4, 0, 0] });
    assert.equal(r.daysAbsent, 5);
    assert.deepEqual(displacedDates(r), ['2026-08-05:1']);
    // The displaced Wednesday had 4 h = 14400 contract seconds.
    assert.equal(r.displaced.find((d) => d.date === '2026-08-05')!.contractSeconds, 14_400);
  });

  test('a part-day illness displaces the hours it shares with the vacation', () => {
    // Vacation Mon 08-03 only (8 h = 1 day). Illness 12:00-16:00 local (10:00Z-14:00Z) = 4 h;
    // 4 h / 8 h = 0.5 displaced, 1 - 0.5 = 0.5 leave; 28800 - 14400 = 14400 contract seconds left.
    const r = leave(['2026-08-03', '2026-08-03'], [{ from: '2026-08-03T10:00:00Z', to: '2026-08-03T14:00:00Z' }]);
    assert.equal(r.daysAbsent, 0.5);
    assert.deepEqual(displacedDates(r), ['2026-08-03:0.5']);
    assert.equal(r.days[0]!.contractSeconds, 14_400);
  });

  test('two overlapping illnesses never displace more than the day', () => {
    // Both cover Wed 08-05: 1 + 1 = 2 capped at the day's 1; 10 - 1 = 9.
    const r = leave(
      ['2026-08-03', '2026-08-14'],
      [
        ['2026-08-05', '2026-08-05'],
        ['2026-08-05', '2026-08-05'],
      ],
    );
    assert.equal(r.daysAbsent, 9);
    assert.deepEqual(displacedDates(r), ['2026-08-05:1']);
  });
});

describe('vacationPaidDays: vacation pay only where leave is left', () => {
  test('days fully displaced, also a weekend job, are dropped; others kept', () => {
    // Illness Wed 08-05 .. Sun 08-09 in the vacation 08-03 .. 08-14. Paid vacation days of planned
    // jobs: Mon 08-03 (kept: no illness), Wed 08-05 (ill, no leave left: dropped), Sat 08-08 (a job on
    // a day off, ill: dropped), Mon 08-10 (kept).
    const r = leave(['2026-08-03', '2026-08-14'], [['2026-08-05', '2026-08-09']]);
    const paid = ['2026-08-03', '2026-08-05', '2026-08-08', '2026-08-10'].map((date) => ({ date, seconds: 7200 }));
    assert.deepEqual(
      vacationPaidDays(paid, r).map((p) => p.date),
      ['2026-08-03', '2026-08-10'],
    );
  });

  test('a day with leave left after a part-day illness stays paid as vacation', () => {
    const r = leave(['2026-08-03', '2026-08-03'], [{ from: '2026-08-03T10:00:00Z', to: '2026-08-03T14:00:00Z' }]);
    assert.deepEqual(
      vacationPaidDays([{ date: '2026-08-03', seconds: 14_400 }], r).map((p) => p.date),
      ['2026-08-03'],
    );
  });

  test('no illness: the list is returned as is', () => {
    const r = leave(['2026-08-03', '2026-08-14'], []);
    const paid = [{ date: '2026-08-05', seconds: 3600 }];
    assert.equal(vacationPaidDays(paid, r), paid);
  });
});
