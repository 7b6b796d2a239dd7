// Pay of absence days by German law, hand-worked: every figure was computed by hand from the
// company's default surcharge preset (surcharge-presets.ts: night 20-6 25 %, 0-4 40 % if begun
// before midnight, highest night rate wins; Sunday 50 %; holiday 125 %, May 1st 150 %, highest day
// rate wins; night adds to Sunday/holiday), never by calling the code. Europe/Berlin (CEST = UTC+2
// in May and June 2026), hourly wage 15.00, holidays of DE nationwide.
// Lohnausfallprinzip: §4 (1) EFZG (illness), §2 (1) EFZG (public holiday); surcharges of time not
// worked are taxable, §3b EStG. Referenzprinzip: §11 (1) BUrlG.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lostPay } from '../../src/modules/pay/rules/lost-pay.js';
import { GERMAN_TAX_FREE_PRESET } from '../../src/modules/pay/rules/surcharge-presets.js';
import type { SurchargeRule } from '../../src/modules/pay/rules/surcharge-frames.js';
import {
  referenceStart,
  vacationDayCents,
  vacationDayRate,
  type EarningLine,
} from '../../src/modules/pay/rules/vacation-pay.js';
import { publicHolidays } from '../../src/platform/time/holidays.js';

const rules: SurchargeRule[] = GERMAN_TAX_FREE_PRESET.map((r, i) => ({ ...r, id: `s${i}` }));
const isPublicHoliday = (date: string) => publicHolidays('DE', undefined, Number(date.slice(0, 4))).has(date);
const HOUR = 3600;
const pay = (fromUtc: string, toUtc: string, seconds: number) =>
  lostPay([{ from: Date.parse(fromUtc), to: Date.parse(toUtc), seconds }], {
    contract: { salary: 15, salaryType: 'hourly' },
    rules,
    timeZone: 'Europe/Berlin',
    isPublicHoliday,
  });

describe('Lohnausfallprinzip: what the missed shift would have paid (§4 and §2 EFZG)', () => {
  const cases: Array<{
    name: string;
    from: string;
    to: string;
    seconds: number;
    base: number;
    surcharges: Record<string, number>;
    total: number;
  }> = [
    {
      // Saturday 2026-06-06 22:00 to Sunday 03:00 local, 5 h planned. Base 5 h × 15.00 = 75.00 (what was paid before).
      // Night: 22-24 at 25 % = 2 h × 15.00 × 0.25 = 7.50; 0-3 at 40 % (begun before midnight, beats 25 %) = 3 h × 15.00 × 0.40 = 18.00.
      // Sunday 0-3 at 50 % = 3 h × 15.00 × 0.50 = 22.50. Total 75.00 + 7.50 + 18.00 + 22.50 = 123.00.
      name: 'missed Saturday night shift: 123.00, not 75.00',
      from: '2026-06-06T20:00:00Z',
      to: '2026-06-07T01:00:00Z',
      seconds: 5 * HOUR,
      base: 7500,
      surcharges: { s0: 750, s1: 1800, s2: 2250 },
      total: 12300,
    },
    {
      // Sunday 2026-06-07 08:00-14:00 local, 6 h: base 6 × 15.00 = 90.00; Sunday 50 %: 6 × 15.00 × 0.5 = 45.00; total 135.00.
      name: 'missed Sunday day shift',
      from: '2026-06-07T06:00:00Z',
      to: '2026-06-07T12:00:00Z',
      seconds: 6 * HOUR,
      base: 9000,
      surcharges: { s2: 4500 },
      total: 13500,
    },
    {
      // Friday 2026-05-01 (Labour Day) 06:00-10:00 local, 4 h missed through illness: base 60.00;
      // May 1st 150 % beats the holiday 125 % (same group): 4 × 15.00 × 1.5 = 90.00; total 150.00.
      name: 'holiday shift missed through illness',
      from: '2026-05-01T04:00:00Z',
      to: '2026-05-01T08:00:00Z',
      seconds: 4 * HOUR,
      base: 6000,
      surcharges: { s6: 9000 },
      total: 15000,
    },
    {
      // Holiday pay (§2 EFZG): Whit Monday 2026-05-25 08:00-12:00 local planned, not worked: base 4 × 15.00 = 60.00;
      // holiday 125 %: 4 × 15.00 × 1.25 = 75.00; total 135.00.
      name: 'holiday pay for a planned job on a public holiday',
      from: '2026-05-25T06:00:00Z',
      to: '2026-05-25T10:00:00Z',
      seconds: 4 * HOUR,
      base: 6000,
      surcharges: { s3: 7500 },
      total: 13500,
    },
    {
      // A planned break: window 08:00-14:30 (6.5 h), target 6 h on a Tuesday (2026-06-09): 6 × 15.00 = 90.00, no surcharge, no rule break added.
      name: 'planned break: the target time is paid',
      from: '2026-06-09T06:00:00Z',
      to: '2026-06-09T12:30:00Z',
      seconds: 6 * HOUR,
      base: 9000,
      surcharges: {},
      total: 9000,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const result = pay(c.from, c.to, c.seconds);
      assert.equal(result.baseCents, c.base);
      assert.deepEqual(Object.fromEntries(result.surcharges.map((s) => [s.surchargeId, s.cents])), c.surcharges);
      assert.equal(result.cents, c.total);
      assert.equal(result.seconds, c.seconds);
      // Not worked, so nothing is tax-free (§3b EStG covers work actually done).
      for (const s of result.surcharges) assert.deepEqual([s.taxFreeCents, s.taxableCents], [0, s.cents]);
    });
  }
});

/** n weeks of Monday-Friday lines, 8 h a day at 12.00 = 96.00 a day, counting back from the Monday before `firstDay`. */
function weeks(n: number, lastMonday: string): EarningLine[] {
  const lines: EarningLine[] = [];
  for (let w = 0; w < n; w++) {
    for (let d = 0; d < 5; d++) {
      const date = new Date(Date.parse(`${lastMonday}T00:00:00Z`) - w * 7 * 86_400_000 + d * 86_400_000)
        .toISOString()
        .slice(0, 10);
      lines.push({ date, seconds: 8 * HOUR, cents: 9600, baseCents: 9600 });
    }
  }
  return lines;
}

describe('Referenzprinzip: vacation day = 13-week average per working day (§11 BUrlG)', () => {
  test('the reference period starts 13 weeks (91 days) before the first vacation day', () => {
    assert.equal(referenceStart('2026-06-01'), '2026-03-02');
  });

  test('6,240.00 over 13 weeks at 5 days a week = 96.00 a day', () => {
    // 13 weeks × 5 days × 96.00 = 6,240.00; divisor 5 × 13 = 65 days; 6,240.00 / 65 = 96.00.
    const rate = vacationDayRate({
      lines: weeks(13, '2026-05-25'),
      weeklyContractSeconds: 40 * HOUR,
      workingDaysPerWeek: 5,
    });
    assert.deepEqual(rate, {
      earningsCents: 624_000,
      raiseCents: 0,
      overtimeCents: 0,
      divisorDays: 65,
      dayCents: 9600,
    });
  });

  test('overtime pay is left out, surcharges stay', () => {
    // As above, plus Saturday 2026-05-30 5 h at 12.00 = 60.00 base and a 10.00 surcharge: that week has
    // 45 h against 40 contract hours, base 480.00 + 60.00 = 540.00; overtime 5 h of 45: 540.00 × 5 / 45 = 60.00.
    // Earnings 6,240.00 + 70.00 − 60.00 = 6,250.00; / 65 = 96.1538… → 96.15.
    const lines = [...weeks(13, '2026-05-25'), { date: '2026-05-30', seconds: 5 * HOUR, cents: 7000, baseCents: 6000 }];
    assert.deepEqual(vacationDayRate({ lines, weeklyContractSeconds: 40 * HOUR, workingDaysPerWeek: 5 }), {
      earningsCents: 625_000,
      raiseCents: 0,
      overtimeCents: 6000,
      divisorDays: 65,
      dayCents: 9615,
    });
  });

  test('a part-time contract of 3 days a week divides by 39 days', () => {
    // 13 weeks × 3 days × 4 h × 12.00 = 13 × 144.00 = 1,872.00; / (3 × 13 = 39) = 48.00 a day.
    const lines = weeks(13, '2026-05-25')
      .filter((_, i) => i % 5 < 3)
      .map((l) => ({ ...l, seconds: 4 * HOUR, cents: 4800, baseCents: 4800 }));
    assert.equal(vacationDayRate({ lines, weeklyContractSeconds: 12 * HOUR, workingDaysPerWeek: 3 }).dayCents, 4800);
  });

  test('a half day pays half the day rate', () => {
    // 96.00 × 0.5 = 48.00.
    assert.equal(
      vacationDayCents(
        { fraction: 0.5, contractSeconds: 4 * HOUR },
        { earningsCents: 624_000, raiseCents: 0, overtimeCents: 0, divisorDays: 65, dayCents: 9600 },
        1500,
      ),
      4800,
    );
  });

  test('a new hire (no full reference period) is paid the contract hours of the day at the current wage', () => {
    // 8 h × 15.00 = 120.00; a 6-hour day 6 × 15.00 = 90.00.
    assert.equal(vacationDayCents({ fraction: 1, contractSeconds: 8 * HOUR }, undefined, 1500), 12000);
    assert.equal(vacationDayCents({ fraction: 1, contractSeconds: 6 * HOUR }, undefined, 1500), 9000);
  });
});
