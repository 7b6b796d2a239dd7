// §11 (1) BUrlG, hand-worked: a lasting pay rise inside the 13-week reference period counts for the
// whole period (sentence 2), a cut does not lower it (sentence 3), and an employment that began
// inside the 13 weeks is averaged over its own working days. Every figure computed by hand.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  atCurrentRate,
  contractDaysBetween,
  type EarningLine,
  vacationDayRate,
} from '../../src/modules/pay/rules/vacation-pay.js';

const HOUR = 3600;
const MON_FRI = [6, 6, 6, 6, 6, 0, 0];

/** Weekday lines of 6 h from `from` on, `count` of them, at `rateCents` an hour. */
function sixHourDays(from: string, count: number, rateCents: number): EarningLine[] {
  const lines: EarningLine[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); lines.length < count; day += 86_400_000) {
    if (new Date(day).getUTCDay() % 6 === 0) continue;
    const cents = 6 * rateCents;
    lines.push({
      date: new Date(day).toISOString().slice(0, 10),
      seconds: 6 * HOUR,
      cents,
      baseCents: cents,
      rateCents,
    });
  }
  return lines;
}

describe('§11 (1) S. 2 BUrlG: a lasting pay rise counts for the whole reference period', () => {
  test('the issue case: 35 days at 15.00 and 30 at 16.50, 6 h a day → 99.00 a day, 495.00 a week', () => {
    // Reference Mon 2026-06-08 to Sun 09-06 (13 weeks, 65 weekdays). 35 days × 6 h × 15.00 = 3,150.00,
    // 30 days × 6 h × 16.50 = 2,970.00; paid 6,120.00 → before: / 65 = 94.153… → 94.15 × 5 = 470.75.
    // At today's 16.50: 65 × 99.00 = 6,435.00 (raise 6,435.00 − 6,120.00 = 315.00 = 35 × 6 × 1.50);
    // / 65 = 99.00 a day, × 5 = 495.00.
    const lines = [...sixHourDays('2026-06-08', 35, 1500), ...sixHourDays('2026-07-27', 30, 1650)];
    assert.equal(lines.length, 65);
    assert.equal(lines[35]!.date, '2026-07-27');
    const rate = vacationDayRate({
      lines,
      weeklyContractSeconds: 30 * HOUR,
      workingDaysPerWeek: 5,
      currentRateCents: 1650,
    });
    assert.deepEqual(rate, {
      earningsCents: 643_500,
      raiseCents: 31_500,
      overtimeCents: 0,
      divisorDays: 65,
      dayCents: 9900,
    });
    assert.equal(rate.dayCents * 5, 49_500);
    // Without today's rate (the rule as it was): 6,120.00 / 65 = 94.15.
    assert.equal(vacationDayRate({ lines, weeklyContractSeconds: 30 * HOUR, workingDaysPerWeek: 5 }).dayCents, 9415);
  });

  const cases: Array<[string, EarningLine, number | undefined, { cents: number; baseCents: number }]> = [
    // 6 h at 15.00 = 90.00 with a 22.50 surcharge (112.50); at 16.50: 90.00 × 16.50 / 15.00 = 99.00,
    // 112.50 × 1.1 = 123.75 (the surcharge, a percentage of the rate, rises alike: 24.75).
    [
      'raised',
      { date: '2026-06-08', seconds: 6 * HOUR, cents: 11_250, baseCents: 9000, rateCents: 1500 },
      1650,
      { cents: 12_375, baseCents: 9900 },
    ],
    // A cut to 14.00 is not applied (§11 (1) S. 3): the line stays at 90.00.
    [
      'cut',
      { date: '2026-06-08', seconds: 6 * HOUR, cents: 9000, baseCents: 9000, rateCents: 1500 },
      1400,
      { cents: 9000, baseCents: 9000 },
    ],
    // A line without a rate (a monthly salary's vacation line of 0.00 an hour) stays as it is.
    [
      'no rate',
      { date: '2026-06-08', seconds: 0, cents: 500, baseCents: 0, rateCents: 0 },
      1650,
      { cents: 500, baseCents: 0 },
    ],
    // No current rate known: as paid.
    [
      'no current rate',
      { date: '2026-06-08', seconds: 6 * HOUR, cents: 9000, baseCents: 9000, rateCents: 1500 },
      undefined,
      { cents: 9000, baseCents: 9000 },
    ],
  ];
  for (const [name, line, current, expected] of cases) {
    test(`a line at today's rate: ${name}`, () => {
      const raised = atCurrentRate(line, current);
      assert.deepEqual({ cents: raised.cents, baseCents: raised.baseCents }, expected);
    });
  }
});

describe('the reference days: the contract working days of the (shorter) period', () => {
  const cases: Array<[string, string, number[], number]> = [
    // 13 full weeks Mon-Fri: 65 = 5 × 13.
    ['2026-06-08', '2026-09-07', MON_FRI, 65],
    // Hired Mon 2026-08-03, vacation Mon 09-07: 5 weeks → 25 days.
    ['2026-08-03', '2026-09-07', MON_FRI, 25],
    // Hired Thu 2026-08-06: Thu, Fri + 4 weeks = 22 days.
    ['2026-08-06', '2026-09-07', MON_FRI, 22],
    // A three-day week (Mon, Wed, Fri) over 13 weeks: 39.
    ['2026-06-08', '2026-09-07', [4, 0, 4, 0, 4, 0, 0], 39],
    // Hired on the vacation's first day: no reference day (the contract's hours are paid).
    ['2026-09-07', '2026-09-07', MON_FRI, 0],
  ];
  for (const [from, to, hours, days] of cases) {
    test(`${from} to ${to}: ${days} days`, () => assert.equal(contractDaysBetween(from, to, hours), days));
  }

  test('hired 5 weeks before the vacation at 16.50: 25 days of 99.00 average 99.00 (not 2,475.00 / 65 = 38.08)', () => {
    // 25 × 6 × 16.50 = 2,475.00; / 25 reference days = 99.00.
    const lines = sixHourDays('2026-08-03', 25, 1650);
    const rate = vacationDayRate({
      lines,
      weeklyContractSeconds: 30 * HOUR,
      workingDaysPerWeek: 5,
      currentRateCents: 1650,
      referenceDays: contractDaysBetween('2026-08-03', '2026-09-07', MON_FRI),
    });
    assert.deepEqual([rate.earningsCents, rate.divisorDays, rate.dayCents], [247_500, 25, 9900]);
  });
});
