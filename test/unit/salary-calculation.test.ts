// Pay of one entry, hand-worked: every figure below was computed by hand from the rules in
// src/modules/pay/rules/*.ts (their comments), never by calling the code. Europe/Berlin, the German
// tax-free preset (§3b EStG), the gliding ArbZG §4 break rule, public holidays of NW.
// Default contract: 15.00 EUR/h = 1500 cents/h, so 1 s = 1500/3600 = 5/12 cent.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  calculateSalary,
  hourlyRateCents,
  workedIntervals,
  type Contract,
  type PaySettings,
  type PayType,
} from '../../src/modules/pay/rules/salary-calculation.js';
import {
  GERMAN_TAX_FREE_BASE_CAP_CENTS,
  GERMAN_TAX_FREE_PRESET,
} from '../../src/modules/pay/rules/surcharge-presets.js';
import { surchargeShares, type SurchargeRule } from '../../src/modules/pay/rules/surcharge-frames.js';
import {
  GERMAN_BREAK_RULE,
  deductedBreakSeconds,
  requiredBreakSeconds,
  type BreakRule,
} from '../../src/modules/pay/rules/breaks.js';
import { centsFor, percentToBasisPoints, scaleCents, toAmount, toCents } from '../../src/platform/money.js';
import { publicHolidays } from '../../src/platform/time/holidays.js';

const IDS = ['night25', 'night40', 'sunday', 'holiday', 'dec31', 'dec24', 'xmas'] as const;
const RULES: SurchargeRule[] = GERMAN_TAX_FREE_PRESET.map((rule, i) => ({ ...rule, id: IDS[i]! }));
const isPublicHoliday = (date: string) => publicHolidays('DE', 'NW', Number(date.slice(0, 4))).has(date);
const STEPPED: BreakRule = { mode: 'stepped', steps: GERMAN_BREAK_RULE.steps };

interface Line {
  id: string;
  date: string;
  seconds: number;
  cents: number;
  /** Defaults to `cents` (rate below the 50 EUR cap). */
  taxFreeCents?: number;
  /** [from, to] as ISO strings with offsets. */
  frames?: Array<[string, string]>;
}

interface Row {
  name: string;
  start: string;
  end: string;
  recordedBreak?: number;
  addedTime?: number;
  drivingTime?: number;
  contract?: Contract;
  payType?: PayType;
  settings?: Partial<PaySettings>;
  expected: {
    presence: number;
    break: number;
    minBreakTime: number;
    roundUpSeconds: number;
    workingTime: number;
    /** salaryPerHourCents; asserted when given. */
    rate?: number;
    baseCents: number;
    totalCents: number;
    lines: Line[];
    /** Deprecated per-category seconds; 0 when absent. */
    night?: number;
    sunday?: number;
    publicHoliday?: number;
    errors?: string[];
  };
  todo?: string;
}

// A few frequently used instants.
const TUE = (hhmmss: string) => `2026-03-03T${hhmmss}+01:00`; // Tuesday, winter time, no holiday

const rows: Row[] = [
  // ---------------------------------------------------------------- surcharges by time of day / day
  {
    name: 'plain weekday 08:00-16:00: 8 h presence, 30 min gliding break, no surcharge',
    start: TUE('08:00:00'),
    end: TUE('16:00:00'),
    // break = min(1800, 28800 - 21600) = 1800; work 27000 s = 7.5 h × 1500 = 11250
    expected: {
      presence: 28800,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 27000,
      rate: 1500,
      baseCents: 11250,
      totalCents: 11250,
      lines: [],
    },
  },
  {
    name: 'night shift Mon 22:00 - Tue 06:00: 25 % 22-24 and 04-06, 40 % 00-04 minus the break in the middle',
    start: '2026-03-02T22:00:00+01:00',
    end: '2026-03-03T06:00:00+01:00',
    // 8 h presence → break min(1800, 7200) = 1800, placed at 22:00 + (28800-1800)/2 s = 01:45-02:15.
    // work 27000 s × 1500/3600 = 11250; 25 % 22-24: 2 h × 1500 × 25 % = 750;
    // 40 % 00:00-01:45 + 02:15-04:00 = 12600 s = 3.5 h × 1500 × 40 % = 2100; 25 % 04-06 = 750. Total 14850.
    expected: {
      presence: 28800,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 27000,
      baseCents: 11250,
      totalCents: 14850,
      night: 27000,
      lines: [
        {
          id: 'night25',
          date: '2026-03-02',
          seconds: 7200,
          cents: 750,
          frames: [['2026-03-02T22:00:00+01:00', '2026-03-03T00:00:00+01:00']],
        },
        {
          id: 'night40',
          date: '2026-03-03',
          seconds: 12600,
          cents: 2100,
          frames: [
            [TUE('00:00:00'), TUE('01:45:00')],
            [TUE('02:15:00'), TUE('04:00:00')],
          ],
        },
        { id: 'night25', date: '2026-03-03', seconds: 7200, cents: 750, frames: [[TUE('04:00:00'), TUE('06:00:00')]] },
      ],
    },
  },
  {
    name: 'begun after midnight 00:30-04:00: only 25 %, the 40 % needs work begun before midnight',
    start: TUE('00:30:00'),
    end: TUE('04:00:00'),
    // 3.5 h, no break; base 3.5 × 1500 = 5250; 25 %: 12600 × 1500 × 0.25 / 3600 = 1312.5 → 1313 (half up). Total 6563.
    expected: {
      presence: 12600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 12600,
      baseCents: 5250,
      totalCents: 6563,
      night: 12600,
      lines: [
        {
          id: 'night25',
          date: '2026-03-03',
          seconds: 12600,
          cents: 1313,
          frames: [[TUE('00:30:00'), TUE('04:00:00')]],
        },
      ],
    },
  },
  {
    name: 'Saturday 22:00 - Sunday 04:00: Sunday 50 % from midnight, adding to the 40 % night',
    start: '2026-03-07T22:00:00+01:00',
    end: '2026-03-08T04:00:00+01:00',
    // 6 h exactly: no break. base 9000; 25 % Sat 22-24 = 750; 40 % Sun 00-04 = 4 × 1500 × 0.4 = 2400;
    // Sunday 00-04 = 4 × 1500 × 0.5 = 3000. Total 15150.
    expected: {
      presence: 21600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 15150,
      night: 21600,
      sunday: 14400,
      lines: [
        { id: 'night25', date: '2026-03-07', seconds: 7200, cents: 750 },
        { id: 'night40', date: '2026-03-08', seconds: 14400, cents: 2400 },
        {
          id: 'sunday',
          date: '2026-03-08',
          seconds: 14400,
          cents: 3000,
          frames: [['2026-03-08T00:00:00+01:00', '2026-03-08T04:00:00+01:00']],
        },
      ],
    },
  },
  {
    name: 'Sunday 22:00 - Monday 04:00: Monday 00-04 still counts as Sunday work (begun before midnight)',
    start: '2026-03-08T22:00:00+01:00',
    end: '2026-03-09T04:00:00+01:00',
    // base 9000; 25 % Sun 22-24 = 750; Sunday 22-24 = 2 × 1500 × 0.5 = 1500;
    // 40 % Mon 00-04 = 2400; Sunday (following night) Mon 00-04 = 3000. Total 16650.
    expected: {
      presence: 21600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 16650,
      night: 21600,
      sunday: 21600,
      lines: [
        { id: 'night25', date: '2026-03-08', seconds: 7200, cents: 750 },
        {
          id: 'sunday',
          date: '2026-03-08',
          seconds: 7200,
          cents: 1500,
          frames: [['2026-03-08T22:00:00+01:00', '2026-03-09T00:00:00+01:00']],
        },
        { id: 'night40', date: '2026-03-09', seconds: 14400, cents: 2400 },
        {
          id: 'sunday',
          date: '2026-03-09',
          seconds: 14400,
          cents: 3000,
          frames: [['2026-03-09T00:00:00+01:00', '2026-03-09T04:00:00+01:00']],
        },
      ],
    },
  },
  {
    name: 'Monday 00:00-04:00 begun exactly at midnight: neither Sunday nor 40 %, only 25 %',
    start: '2026-03-09T00:00:00+01:00',
    end: '2026-03-09T04:00:00+01:00',
    // base 4 × 1500 = 6000; 25 %: 4 × 1500 × 0.25 = 1500. Total 7500.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 7500,
      night: 14400,
      lines: [{ id: 'night25', date: '2026-03-09', seconds: 14400, cents: 1500 }],
    },
  },
  {
    name: 'Fri 2026-10-02 22:00 into German Unity Day (Sat 10-03) 02:00: holiday 125 % from midnight',
    start: '2026-10-02T22:00:00+02:00',
    end: '2026-10-03T02:00:00+02:00',
    // base 4 h = 6000; 25 % 22-24 = 750; 40 % 00-02 = 2 × 1500 × 0.4 = 1200; holiday 00-02 = 2 × 1500 × 1.25 = 3750. Total 11700.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 11700,
      night: 14400,
      publicHoliday: 7200,
      lines: [
        { id: 'night25', date: '2026-10-02', seconds: 7200, cents: 750 },
        { id: 'night40', date: '2026-10-03', seconds: 7200, cents: 1200 },
        {
          id: 'holiday',
          date: '2026-10-03',
          seconds: 7200,
          cents: 3750,
          frames: [['2026-10-03T00:00:00+02:00', '2026-10-03T02:00:00+02:00']],
        },
      ],
    },
  },
  {
    name: "holiday Sat 10-03 22:00 - Sun 10-04 02:00: the holiday's following night (125 %) beats Sunday (50 %)",
    start: '2026-10-03T22:00:00+02:00',
    end: '2026-10-04T02:00:00+02:00',
    // base 6000; 25 % 22-24 = 750; holiday 22-24 = 3750; 40 % 00-02 = 1200; holiday following night 00-02 = 3750
    // (Sunday 50 % loses within the day group). Total 15450.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 15450,
      night: 14400,
      publicHoliday: 14400,
      lines: [
        { id: 'night25', date: '2026-10-03', seconds: 7200, cents: 750 },
        { id: 'holiday', date: '2026-10-03', seconds: 7200, cents: 3750 },
        { id: 'night40', date: '2026-10-04', seconds: 7200, cents: 1200 },
        { id: 'holiday', date: '2026-10-04', seconds: 7200, cents: 3750 },
      ],
    },
  },
  {
    name: "All Saints' Day 2026-11-01 is a Sunday: highest wins, 125 % not 175 %",
    start: '2026-11-01T08:00:00+01:00',
    end: '2026-11-01T14:00:00+01:00',
    // 6 h, no break; base 9000; holiday 6 × 1500 × 1.25 = 11250. Total 20250.
    expected: {
      presence: 21600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 20250,
      publicHoliday: 21600,
      lines: [{ id: 'holiday', date: '2026-11-01', seconds: 21600, cents: 11250 }],
    },
  },
  {
    name: 'Sunday 22:00 into Easter Monday 04:00: Sunday 50 % until midnight, then holiday 125 %',
    start: '2026-04-05T22:00:00+02:00',
    end: '2026-04-06T04:00:00+02:00',
    // base 9000; 25 % 22-24 = 750; Sunday 22-24 = 1500; 40 % 00-04 = 2400; holiday 00-04 = 4 × 1500 × 1.25 = 7500. Total 21150.
    expected: {
      presence: 21600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 21150,
      night: 21600,
      sunday: 7200,
      publicHoliday: 14400,
      lines: [
        { id: 'night25', date: '2026-04-05', seconds: 7200, cents: 750 },
        { id: 'sunday', date: '2026-04-05', seconds: 7200, cents: 1500 },
        { id: 'night40', date: '2026-04-06', seconds: 14400, cents: 2400 },
        { id: 'holiday', date: '2026-04-06', seconds: 14400, cents: 7500 },
      ],
    },
  },
  {
    name: 'Sunday 20:00-23:00: night 25 % and Sunday 50 % add up to 75 %',
    start: '2026-03-08T20:00:00+01:00',
    end: '2026-03-08T23:00:00+01:00',
    // base 3 × 1500 = 4500; 25 %: 3 × 375 = 1125; 50 %: 3 × 750 = 2250. Total 7875.
    expected: {
      presence: 10800,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 10800,
      baseCents: 4500,
      totalCents: 7875,
      night: 10800,
      sunday: 10800,
      lines: [
        { id: 'night25', date: '2026-03-08', seconds: 10800, cents: 1125 },
        { id: 'sunday', date: '2026-03-08', seconds: 10800, cents: 2250 },
      ],
    },
  },
  {
    name: 'spring DST Sat 2026-03-28 22:00 - Sun 06:00 is 7 real hours; break 01:15-01:45 CET',
    start: '2026-03-28T22:00:00+01:00',
    end: '2026-03-29T06:00:00+02:00',
    // presence 21:00Z-04:00Z = 25200 s; break min(1800, 3600) = 1800 at 21:00Z + 11700 s = 00:15Z (01:15 CET).
    // work 23400 s = 6.5 h × 1500 = 9750. 25 % Sat 22-24 = 750.
    // 40 % Sun 00:00-01:15 (4500 s) + 01:45 CET - 04:00 CEST (00:45Z-02:00Z, 4500 s) = 9000 s = 2.5 h × 600 = 1500.
    // Sunday 50 %: 4500 + 00:45Z-04:00Z 11700 = 16200 s = 4.5 h × 750 = 3375. 25 % 04-06 CEST = 750. Total 16125.
    expected: {
      presence: 25200,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 23400,
      baseCents: 9750,
      totalCents: 16125,
      night: 23400,
      sunday: 16200,
      lines: [
        {
          id: 'night25',
          date: '2026-03-28',
          seconds: 7200,
          cents: 750,
          frames: [['2026-03-28T22:00:00+01:00', '2026-03-29T00:00:00+01:00']],
        },
        {
          id: 'night40',
          date: '2026-03-29',
          seconds: 9000,
          cents: 1500,
          frames: [
            ['2026-03-29T00:00:00+01:00', '2026-03-29T01:15:00+01:00'],
            ['2026-03-29T01:45:00+01:00', '2026-03-29T04:00:00+02:00'],
          ],
        },
        {
          id: 'sunday',
          date: '2026-03-29',
          seconds: 16200,
          cents: 3375,
          frames: [
            ['2026-03-29T00:00:00+01:00', '2026-03-29T01:15:00+01:00'],
            ['2026-03-29T01:45:00+01:00', '2026-03-29T06:00:00+02:00'],
          ],
        },
        {
          id: 'night25',
          date: '2026-03-29',
          seconds: 7200,
          cents: 750,
          frames: [['2026-03-29T04:00:00+02:00', '2026-03-29T06:00:00+02:00']],
        },
      ],
    },
  },
  {
    name: 'autumn DST Sat 2026-10-24 22:00 - Sun 06:00 is 9 real hours; the 40 % night 00-04 lasts 5 h',
    start: '2026-10-24T22:00:00+02:00',
    end: '2026-10-25T06:00:00+01:00',
    // presence 20:00Z-05:00Z = 32400 s (not > 9 h) → break 1800 at 20:00Z + 15300 s = 00:15Z (02:15 CEST, first pass).
    // work 30600 s = 8.5 h × 1500 = 12750. 25 % Sat 22-24 = 750.
    // 40 % 22:00Z-00:15Z (8100) + 00:45Z-03:00Z (8100) = 16200 s = 4.5 h × 600 = 2700.
    // Sunday 8100 + 00:45Z-05:00Z 15300 = 23400 s = 6.5 h × 750 = 4875. 25 % 04-06 CET = 750. Total 21825.
    expected: {
      presence: 32400,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 30600,
      baseCents: 12750,
      totalCents: 21825,
      night: 30600,
      sunday: 23400,
      lines: [
        {
          id: 'night25',
          date: '2026-10-24',
          seconds: 7200,
          cents: 750,
          frames: [['2026-10-24T22:00:00+02:00', '2026-10-25T00:00:00+02:00']],
        },
        {
          id: 'night40',
          date: '2026-10-25',
          seconds: 16200,
          cents: 2700,
          frames: [
            ['2026-10-25T00:00:00+02:00', '2026-10-25T02:15:00+02:00'],
            ['2026-10-25T02:45:00+02:00', '2026-10-25T04:00:00+01:00'],
          ],
        },
        {
          id: 'sunday',
          date: '2026-10-25',
          seconds: 23400,
          cents: 4875,
          frames: [
            ['2026-10-25T00:00:00+02:00', '2026-10-25T02:15:00+02:00'],
            ['2026-10-25T02:45:00+02:00', '2026-10-25T06:00:00+01:00'],
          ],
        },
        {
          id: 'night25',
          date: '2026-10-25',
          seconds: 7200,
          cents: 750,
          frames: [['2026-10-25T04:00:00+01:00', '2026-10-25T06:00:00+01:00']],
        },
      ],
    },
  },
  {
    name: 'Christmas Eve (Thu 2026-12-24) 12:00-16:00: 150 % only from 14:00',
    start: '2026-12-24T12:00:00+01:00',
    end: '2026-12-24T16:00:00+01:00',
    // base 6000; 14-16 = 2 × 1500 × 1.5 = 4500. Total 10500.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 10500,
      publicHoliday: 7200,
      lines: [
        {
          id: 'dec24',
          date: '2026-12-24',
          seconds: 7200,
          cents: 4500,
          frames: [['2026-12-24T14:00:00+01:00', '2026-12-24T16:00:00+01:00']],
        },
      ],
    },
  },
  {
    name: "Dec 24 22:00 - Dec 25 02:00: Christmas Eve's following night ties Christmas at 150 %, the rule listed first wins",
    start: '2026-12-24T22:00:00+01:00',
    end: '2026-12-25T02:00:00+01:00',
    // base 6000; 25 % 22-24 = 750; dec24 22-24 = 2 × 1500 × 1.5 = 4500; 40 % 00-02 = 1200;
    // 00-02: dec24 (following night, 150) = xmas (150) > holiday (125); tie → dec24 (listed first) = 4500. Total 16950.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 16950,
      night: 14400,
      publicHoliday: 14400,
      lines: [
        { id: 'night25', date: '2026-12-24', seconds: 7200, cents: 750 },
        { id: 'dec24', date: '2026-12-24', seconds: 7200, cents: 4500 },
        { id: 'night40', date: '2026-12-25', seconds: 7200, cents: 1200 },
        { id: 'dec24', date: '2026-12-25', seconds: 7200, cents: 4500 },
      ],
    },
  },
  {
    name: "New Year's Eve (Thu 2026-12-31) 12:00-18:00: 125 % from 14:00; 6 h exactly, no break",
    start: '2026-12-31T12:00:00+01:00',
    end: '2026-12-31T18:00:00+01:00',
    // base 9000; 14-18 = 4 × 1500 × 1.25 = 7500. Total 16500.
    expected: {
      presence: 21600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 16500,
      publicHoliday: 14400,
      lines: [
        {
          id: 'dec31',
          date: '2026-12-31',
          seconds: 14400,
          cents: 7500,
          frames: [['2026-12-31T14:00:00+01:00', '2026-12-31T18:00:00+01:00']],
        },
      ],
    },
  },
  {
    name: "Dec 31 22:00 - Jan 1 2027 02:00: New Year's Day (holiday, listed before dec31) takes the tie at 125 %",
    start: '2026-12-31T22:00:00+01:00',
    end: '2027-01-01T02:00:00+01:00',
    // base 6000; 25 % 22-24 = 750; dec31 22-24 = 3750; 40 % 00-02 = 1200; holiday 00-02 = 3750. Total 15450.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 15450,
      night: 14400,
      publicHoliday: 14400,
      lines: [
        { id: 'night25', date: '2026-12-31', seconds: 7200, cents: 750 },
        { id: 'dec31', date: '2026-12-31', seconds: 7200, cents: 3750 },
        { id: 'night40', date: '2027-01-01', seconds: 7200, cents: 1200 },
        { id: 'holiday', date: '2027-01-01', seconds: 7200, cents: 3750 },
      ],
    },
  },
  {
    name: 'May 1 (Fri) 08:00-12:00: 150 % beats the holiday 125 %',
    start: '2026-05-01T08:00:00+02:00',
    end: '2026-05-01T12:00:00+02:00',
    // base 6000; 4 × 1500 × 1.5 = 9000. Total 15000.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 15000,
      publicHoliday: 14400,
      lines: [{ id: 'xmas', date: '2026-05-01', seconds: 14400, cents: 9000 }],
    },
  },

  // ---------------------------------------------------------------- breaks
  {
    name: 'exactly 6 h: no break',
    start: TUE('08:00:00'),
    end: TUE('14:00:00'),
    // 21600 s ≤ 6 h; 6 h × 1500 = 9000
    expected: {
      presence: 21600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 9000,
      lines: [],
    },
  },
  {
    name: '6 h 01 min: 1 min gliding break',
    start: TUE('08:00:00'),
    end: TUE('14:01:00'),
    // min(1800, 21660 - 21600) = 60; work 21600 → 9000
    expected: {
      presence: 21660,
      break: 60,
      minBreakTime: 60,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 9000,
      lines: [],
    },
  },
  {
    name: '6 h 30 min: 30 min break',
    start: TUE('08:00:00'),
    end: TUE('14:30:00'),
    // min(1800, 1800) = 1800; work 21600 → 9000
    expected: {
      presence: 23400,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 9000,
      lines: [],
    },
  },
  {
    name: '9 h 01 min: 30 min (the 45-minute step only glides in: min(2700, 60) = 60 < 1800)',
    start: TUE('08:00:00'),
    end: TUE('17:01:00'),
    // 32460 s: max(min(1800, 10860), min(2700, 60)) = 1800; work 30660 s × 1500 / 3600 = 12775
    expected: {
      presence: 32460,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 30660,
      baseCents: 12775,
      totalCents: 12775,
      lines: [],
    },
  },
  {
    name: '9 h 30 min: still 30 min (9 h worked)',
    start: TUE('08:00:00'),
    end: TUE('17:30:00'),
    // 34200 s: max(1800, min(2700, 1800)) = 1800; work 32400 = 9 h × 1500 = 13500
    expected: {
      presence: 34200,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 32400,
      baseCents: 13500,
      totalCents: 13500,
      lines: [],
    },
  },
  {
    name: '9 h 50 min: 45 min',
    start: TUE('08:00:00'),
    end: TUE('17:50:00'),
    // 35400 s: min(2700, 3000) = 2700; work 32700 s × 1500 / 3600 = 13625
    expected: {
      presence: 35400,
      break: 2700,
      minBreakTime: 2700,
      roundUpSeconds: 0,
      workingTime: 32700,
      baseCents: 13625,
      totalCents: 13625,
      lines: [],
    },
  },
  {
    name: '10 h: 45 min',
    start: TUE('08:00:00'),
    end: TUE('18:00:00'),
    // 36000 s: 2700; work 33300 s = 9.25 h × 1500 = 13875
    expected: {
      presence: 36000,
      break: 2700,
      minBreakTime: 2700,
      roundUpSeconds: 0,
      workingTime: 33300,
      baseCents: 13875,
      totalCents: 13875,
      lines: [],
    },
  },
  {
    name: 'stepped mode, 6 h 01 min: the full 30 min at once',
    start: TUE('08:00:00'),
    end: TUE('14:01:00'),
    settings: { breakRule: STEPPED },
    // 21660 - 1800 = 19860 s × 1500 / 3600 = 8275
    expected: {
      presence: 21660,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 19860,
      baseCents: 8275,
      totalCents: 8275,
      lines: [],
    },
  },
  {
    name: 'stepped mode, 9 h 01 min: the full 45 min at once',
    start: TUE('08:00:00'),
    end: TUE('17:01:00'),
    settings: { breakRule: STEPPED },
    // 32460 - 2700 = 29760 s × 1500 / 3600 = 12400
    expected: {
      presence: 32460,
      break: 2700,
      minBreakTime: 2700,
      roundUpSeconds: 0,
      workingTime: 29760,
      baseCents: 12400,
      totalCents: 12400,
      lines: [],
    },
  },
  {
    name: 'recorded 60 min break on 8 h: more than the legal 30 min, the recorded one counts',
    start: TUE('08:00:00'),
    end: TUE('16:00:00'),
    recordedBreak: 3600,
    // 28800 - 3600 = 25200 s = 7 h × 1500 = 10500
    expected: {
      presence: 28800,
      break: 3600,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 25200,
      baseCents: 10500,
      totalCents: 10500,
      lines: [],
    },
  },
  {
    name: 'recorded 10 min break on 8 h: raised to the legal 30 min',
    start: TUE('08:00:00'),
    end: TUE('16:00:00'),
    recordedBreak: 600,
    // max(600, 1800) = 1800; 27000 s → 11250
    expected: {
      presence: 28800,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 27000,
      baseCents: 11250,
      totalCents: 11250,
      lines: [],
    },
  },
  {
    name: 'recorded break longer than the presence is capped at the presence',
    start: TUE('08:00:00'),
    end: TUE('09:00:00'),
    recordedBreak: 7200,
    // min(3600, max(7200, 0)) = 3600; work 0
    expected: {
      presence: 3600,
      break: 3600,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 0,
      baseCents: 0,
      totalCents: 0,
      lines: [],
    },
  },
  {
    name: 'a recorded break in the middle of an evening removes its time from the night frame',
    start: '2026-03-02T20:00:00+01:00',
    end: '2026-03-03T00:00:00+01:00',
    recordedBreak: 3600,
    // break at 20:00 + (14400-3600)/2 s = 21:30-22:30; work 10800 s = 3 h × 1500 = 4500;
    // 25 %: 20:00-21:30 + 22:30-24:00 = 10800 s × 375/h = 1125. Total 5625.
    expected: {
      presence: 14400,
      break: 3600,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 10800,
      baseCents: 4500,
      totalCents: 5625,
      night: 10800,
      lines: [
        {
          id: 'night25',
          date: '2026-03-02',
          seconds: 10800,
          cents: 1125,
          frames: [
            ['2026-03-02T20:00:00+01:00', '2026-03-02T21:30:00+01:00'],
            ['2026-03-02T22:30:00+01:00', '2026-03-03T00:00:00+01:00'],
          ],
        },
      ],
    },
  },

  // ---------------------------------------------------------------- rounding, added and driving time
  {
    name: 'rounding up to 900 s: 4 h 10 min 20 s becomes 4 h 15 min',
    start: TUE('08:00:00'),
    end: TUE('12:10:20'),
    settings: { roundUpToSeconds: 900 },
    // 15020 s, 15020 mod 900 = 620 → +280 → 15300 s = 4.25 h × 1500 = 6375
    expected: {
      presence: 15020,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 280,
      workingTime: 15300,
      baseCents: 6375,
      totalCents: 6375,
      lines: [],
    },
  },
  {
    name: 'rounding up to 900 s after the gliding break: 6 h 30 min presence leaves 6 h, already a multiple',
    start: TUE('08:00:00'),
    end: TUE('14:30:00'),
    settings: { roundUpToSeconds: 900 },
    // 23400 - 1800 = 21600 = 24 × 900 → +0; 9000
    expected: {
      presence: 23400,
      break: 1800,
      minBreakTime: 1800,
      roundUpSeconds: 0,
      workingTime: 21600,
      baseCents: 9000,
      totalCents: 9000,
      lines: [],
    },
  },
  {
    name: 'rounding pays the base but adds no surcharge time: 18:00-21:50:10 rounded to 4 h',
    start: '2026-03-02T18:00:00+01:00',
    end: '2026-03-02T21:50:10+01:00',
    settings: { roundUpToSeconds: 900 },
    // 13810 s, mod 900 = 310 → +590 → 14400 s = 4 h → 6000;
    // 25 % 20:00-21:50:10 = 6610 s × 1500 × 0.25 / 3600 = 688.54 → 689. Total 6689.
    expected: {
      presence: 13810,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 590,
      workingTime: 14400,
      baseCents: 6000,
      totalCents: 6689,
      night: 6610,
      lines: [{ id: 'night25', date: '2026-03-02', seconds: 6610, cents: 689 }],
    },
  },
  {
    name: 'added time counts as working time, driving time is paid at the base rate; neither gets surcharges',
    start: '2026-03-02T18:00:00+01:00',
    end: '2026-03-02T22:00:00+01:00',
    addedTime: 600,
    drivingTime: 1200,
    // workingTime 14400 + 600 = 15000; base (15000 + 1200) = 16200 s = 4.5 h × 1500 = 6750;
    // 25 % 20-22 = 750 (from the clock frames only). Total 7500.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 15000,
      baseCents: 6750,
      totalCents: 7500,
      night: 7200,
      lines: [{ id: 'night25', date: '2026-03-02', seconds: 7200, cents: 750 }],
    },
  },

  // ---------------------------------------------------------------- pay types and contracts
  {
    name: 'pay type with rateFactor 125: base and surcharges on 18.75',
    start: '2026-03-02T18:00:00+01:00',
    end: '2026-03-02T22:00:00+01:00',
    payType: { name: 'Overtime', rateFactor: 125 },
    // rate 1500 × 125 % = 1875; base 4 × 1875 = 7500; 25 % 20-22 = 2 × 1875 × 0.25 = 937.5 → 938. Total 8438.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      rate: 1875,
      baseCents: 7500,
      totalCents: 8438,
      night: 7200,
      lines: [{ id: 'night25', date: '2026-03-02', seconds: 7200, cents: 938 }],
    },
  },
  {
    name: 'pay type with surcharges:false: only the base',
    start: '2026-03-02T18:00:00+01:00',
    end: '2026-03-02T22:00:00+01:00',
    payType: { name: 'Training', surcharges: false },
    // 4 h × 1500 = 6000
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      rate: 1500,
      baseCents: 6000,
      totalCents: 6000,
      lines: [],
    },
  },
  {
    name: 'monthly 3000 EUR at 40 h/week: rate 17.31, base 0, only the Sunday surcharge is paid',
    start: '2026-03-08T10:00:00+01:00',
    end: '2026-03-08T14:00:00+01:00',
    contract: { salary: 3000, salaryType: 'monthly', weeklyHours: 40 },
    // rate 300000 × 3 / (13 × 40) = 1730.77 → 1731; Sunday 4 × 1731 × 0.5 = 3462. Total 3462.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      rate: 1731,
      baseCents: 0,
      totalCents: 3462,
      sunday: 14400,
      lines: [{ id: 'sunday', date: '2026-03-08', seconds: 14400, cents: 3462 }],
    },
  },
  {
    name: 'monthly 3000 EUR at 38.5 h/week: rate 17.98',
    start: '2026-03-02T20:00:00+01:00',
    end: '2026-03-02T22:00:00+01:00',
    contract: { salary: 3000, salaryType: 'monthly', weeklyHours: 38.5 },
    // 300000 × 3 / (13 × 38.5) = 90000000 / 50050 = 1798.20 → 1798; 25 %: 2 × 1798 × 0.25 = 899
    expected: {
      presence: 7200,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 7200,
      rate: 1798,
      baseCents: 0,
      totalCents: 899,
      night: 7200,
      lines: [{ id: 'night25', date: '2026-03-02', seconds: 7200, cents: 899 }],
    },
  },
  {
    name: 'monthly 3000 EUR with a 125 % pay type: 125 % of the hourly rate 17.31',
    start: '2026-03-08T10:00:00+01:00',
    end: '2026-03-08T12:00:00+01:00',
    contract: { salary: 3000, salaryType: 'monthly' },
    payType: { name: 'Overtime', rateFactor: 125 },
    // 1731 × 1.25 = 2163.75 → 2164 (the hourly rate of the salary is a figure in cents, then the factor applies);
    // Sunday 2 × 2164 × 0.5 = 2164
    expected: {
      presence: 7200,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 7200,
      rate: 2164,
      baseCents: 0,
      totalCents: 2164,
      sunday: 7200,
      lines: [{ id: 'sunday', date: '2026-03-08', seconds: 7200, cents: 2164 }],
    },
  },
  {
    name: '60 EUR/h night work: tax-free part computed on 50 EUR, the rest taxable',
    start: '2026-03-02T22:00:00+01:00',
    end: '2026-03-03T02:00:00+01:00',
    contract: { salary: 60 },
    // base 4 × 6000 = 24000; 25 %: 2 × 6000 × 0.25 = 3000, tax-free 2 × 5000 × 0.25 = 2500;
    // 40 %: 2 × 6000 × 0.4 = 4800, tax-free 2 × 5000 × 0.4 = 4000. Total 31800.
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      rate: 6000,
      baseCents: 24000,
      totalCents: 31800,
      night: 14400,
      lines: [
        { id: 'night25', date: '2026-03-02', seconds: 7200, cents: 3000, taxFreeCents: 2500 },
        { id: 'night40', date: '2026-03-03', seconds: 7200, cents: 4800, taxFreeCents: 4000 },
      ],
    },
  },
  {
    name: 'hourly 14.00 below a configured minimum wage of 15.00: BELOW_MINIMUM_WAGE, still paid',
    start: TUE('08:00:00'),
    end: TUE('12:00:00'),
    contract: { salary: 14 },
    settings: { minimumWageCents: 1500 },
    // 4 × 1400 = 5600
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      rate: 1400,
      baseCents: 5600,
      totalCents: 5600,
      lines: [],
      errors: ['BELOW_MINIMUM_WAGE'],
    },
  },
  {
    name: 'hourly 15.00 equal to the minimum wage: no error',
    start: TUE('08:00:00'),
    end: TUE('12:00:00'),
    settings: { minimumWageCents: 1500 },
    // 4 × 1500 = 6000
    expected: {
      presence: 14400,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 14400,
      rate: 1500,
      baseCents: 6000,
      totalCents: 6000,
      lines: [],
      errors: [],
    },
  },
  {
    name: 'no salary in the contract: NO_HOURLY_RATE (not also below minimum wage), lines at 0 cents',
    start: '2026-03-08T10:00:00+01:00',
    end: '2026-03-08T12:00:00+01:00',
    contract: {},
    settings: { minimumWageCents: 1500 },
    // rate 0: base 0, Sunday 7200 s × 0 = 0
    expected: {
      presence: 7200,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 7200,
      rate: 0,
      baseCents: 0,
      totalCents: 0,
      sunday: 7200,
      lines: [{ id: 'sunday', date: '2026-03-08', seconds: 7200, cents: 0 }],
      errors: ['NO_HOURLY_RATE'],
    },
  },

  // ---------------------------------------------------------------- cents
  {
    name: 'half a cent rounds up: 30 min at 15.01 = 750.5 → 751',
    start: TUE('08:00:00'),
    end: TUE('08:30:00'),
    contract: { salary: 15.01 },
    // 1800 × 1501 / 3600 = 750.5 → 751
    expected: {
      presence: 1800,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 1800,
      rate: 1501,
      baseCents: 751,
      totalCents: 751,
      lines: [],
    },
  },
  {
    name: 'half a cent rounds up: 6 s at 15.00 = 2.5 → 3',
    start: TUE('08:00:00'),
    end: TUE('08:00:06'),
    // 6 × 1500 / 3600 = 2.5 → 3
    expected: {
      presence: 6,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 6,
      baseCents: 3,
      totalCents: 3,
      lines: [],
    },
  },
  {
    name: 'milliseconds are dropped from start and end: 08:00:00.999 - 09:00:00.500 is 1 h',
    start: TUE('08:00:00.999'),
    end: TUE('09:00:00.500'),
    // floor both to the second: 3600 s → 1500
    expected: {
      presence: 3600,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      workingTime: 3600,
      baseCents: 1500,
      totalCents: 1500,
      lines: [],
    },
  },
];

const iso = (ms: number) => new Date(ms).toISOString();

function run(row: Row) {
  return calculateSalary({
    entry: {
      timeStart: Date.parse(row.start),
      timeEnd: Date.parse(row.end),
      ...(row.recordedBreak !== undefined ? { recordedBreak: row.recordedBreak } : {}),
      ...(row.addedTime !== undefined ? { addedTime: row.addedTime } : {}),
      ...(row.drivingTime !== undefined ? { drivingTime: row.drivingTime } : {}),
    },
    contract: row.contract ?? { salary: 15, salaryType: 'hourly' },
    ...(row.payType ? { payType: row.payType } : {}),
    rules: RULES,
    isPublicHoliday,
    settings: {
      timeZone: 'Europe/Berlin',
      breakRule: GERMAN_BREAK_RULE,
      taxFreeBaseCapCents: GERMAN_TAX_FREE_BASE_CAP_CENTS,
      ...row.settings,
    },
  });
}

describe('the preset and the holidays used below', () => {
  test('preset order and rates match the ids given here', () => {
    assert.deepEqual(
      RULES.map((r) => [r.id, r.rate, r.group]),
      [
        ['night25', 25, 'night'],
        ['night40', 40, 'night'],
        ['sunday', 50, 'day'],
        ['holiday', 125, 'day'],
        ['dec31', 125, 'day'],
        ['dec24', 150, 'day'],
        ['xmas', 150, 'day'],
      ],
    );
  });
  test('NW holidays: 10-03, 11-01, 04-06, 05-01, 12-25, 2027-01-01 are; 12-24, 12-31, 04-05 are not', () => {
    for (const d of ['2026-10-03', '2026-11-01', '2026-04-06', '2026-05-01', '2026-12-25', '2027-01-01'])
      assert.equal(isPublicHoliday(d), true, d);
    for (const d of ['2026-12-24', '2026-12-31', '2026-04-05', '2026-03-03', '2026-03-29', '2026-10-25'])
      assert.equal(isPublicHoliday(d), false, d);
  });
});

describe('calculateSalary, hand-worked (Europe/Berlin, German preset, 15.00 EUR/h unless stated)', () => {
  for (const row of rows) {
    test(row.name, row.todo ? { todo: row.todo } : {}, () => {
      const r = run(row);
      const e = row.expected;
      assert.deepEqual(
        {
          presence: r.presence,
          break: r.break,
          minBreakTime: r.minBreakTime,
          roundUpSeconds: r.roundUpSeconds,
          roundedUp: r.roundedUp,
          workingTime: r.workingTime,
        },
        {
          presence: e.presence,
          break: e.break,
          minBreakTime: e.minBreakTime,
          roundUpSeconds: e.roundUpSeconds,
          roundedUp: e.roundUpSeconds > 0,
          workingTime: e.workingTime,
        },
        'times',
      );
      assert.equal(r.addedTime, row.addedTime ?? 0);
      assert.equal(r.drivingTime, row.drivingTime ?? 0);
      if (e.rate !== undefined) assert.equal(r.salaryPerHourCents, e.rate, 'rate');
      assert.deepEqual(
        r.surcharges.map((l) => ({
          id: l.surchargeId,
          date: l.date,
          seconds: l.seconds,
          cents: l.cents,
          taxFreeCents: l.taxFreeCents,
          taxableCents: l.taxableCents,
        })),
        e.lines.map((l) => ({
          id: l.id,
          date: l.date,
          seconds: l.seconds,
          cents: l.cents,
          taxFreeCents: l.taxFreeCents ?? l.cents,
          taxableCents: l.cents - (l.taxFreeCents ?? l.cents),
        })),
        'surcharge lines',
      );
      e.lines.forEach((l, i) => {
        if (!l.frames) return;
        assert.deepEqual(
          r.surcharges[i]!.activeTimeFrames.map((f) => [iso(f.from), iso(f.to)]),
          l.frames.map(([from, to]) => [iso(Date.parse(from)), iso(Date.parse(to))]),
          `frames of ${l.id} ${l.date}`,
        );
      });
      assert.equal(r.baseCents, e.baseCents, 'baseCents');
      assert.equal(r.totalCents, e.totalCents, 'totalCents');
      assert.deepEqual(
        { night: r.nightWorkingTime, sunday: r.sundayWorkingTime, publicHoliday: r.publicHolidayWorkingTime },
        { night: e.night ?? 0, sunday: e.sunday ?? 0, publicHoliday: e.publicHoliday ?? 0 },
        'deprecated category seconds',
      );
      assert.deepEqual(r.errors, e.errors ?? []);
    });
  }
});

describe('money.ts', () => {
  test('toCents rounds half away from zero, without binary noise', () => {
    assert.equal(toCents(1.005), 101); // 1.005 × 100 = 100.49999… in binary, 100.5 after toPrecision → 101
    assert.equal(toCents(-1.005), -101);
    assert.equal(toCents(-2.5), -250);
    assert.equal(toCents(15.5), 1550);
    assert.equal(toCents(0.285), 29); // 28.499999… → 28.5 → 29
    assert.equal(toCents(0.004), 0);
    assert.equal(toCents(-0.005), -1);
    assert.throws(() => toCents(Number.NaN), RangeError);
    assert.throws(() => toCents(Number.POSITIVE_INFINITY), RangeError);
  });
  test('centsFor rounds once, half away from zero', () => {
    assert.equal(centsFor(3600, 1500), 1500);
    assert.equal(centsFor(1800, 1501), 751); // 750.5
    assert.equal(centsFor(6, 1500), 3); // 2.5
    assert.equal(centsFor(5, 1500), 2); // 2.083
    assert.equal(centsFor(-6, 1500), -3); // -2.5 → -3
    assert.equal(centsFor(7200, 1875, 2500), 938); // 2 × 1875 × 0.25 = 937.5
    assert.equal(centsFor(12600, 1500, 2500), 1313); // 1312.5
    assert.equal(centsFor(1, 1, 1), 0);
    assert.equal(centsFor(0, 1500, 12500), 0);
    assert.throws(() => centsFor(1.5, 1500), RangeError);
    assert.throws(() => centsFor(1, 15.5), RangeError);
  });
  test('scaleCents', () => {
    assert.equal(scaleCents(5, 1, 2), 3); // 2.5 → 3
    assert.equal(scaleCents(-5, 1, 2), -3);
    assert.equal(scaleCents(5, -1, 2), -3);
    assert.equal(scaleCents(300000, 300, 13 * 4000), 1731); // 1730.77
    assert.equal(scaleCents(1731, 12500, 10000), 2164); // 2163.75
    assert.equal(scaleCents(7, 1, 3), 2); // 2.33
    assert.throws(() => scaleCents(1, 1, 0), RangeError);
  });
  test('percentToBasisPoints and toAmount', () => {
    assert.equal(percentToBasisPoints(25), 2500);
    assert.equal(percentToBasisPoints(12.5), 1250);
    assert.equal(toAmount(1731), 17.31);
  });
  test('hourlyRateCents', () => {
    assert.equal(hourlyRateCents({ salary: 15.5 }), 1550);
    assert.equal(hourlyRateCents({ salary: 15 }, { name: 'x', rateFactor: 12.5 }), 188); // 187.5 → 188
    assert.equal(hourlyRateCents({ salary: 3000, salaryType: 'monthly' }), 1731); // default 40 h
    assert.equal(hourlyRateCents({}), 0);
  });
});

describe('breaks.ts', () => {
  const gliding: Array<[number, number]> = [
    [0, 0],
    [21600, 0],
    [21601, 1],
    [21660, 60],
    [23400, 1800],
    [32400, 1800],
    [32460, 1800],
    [34200, 1800],
    [34500, 2100],
    [35100, 2700],
    [36000, 2700],
    [50000, 2700],
  ];
  for (const [presence, expected] of gliding) {
    test(`gliding: ${presence} s presence needs ${expected} s`, () =>
      assert.equal(requiredBreakSeconds(presence), expected));
  }
  test('stepped: the whole step as soon as its threshold is passed', () => {
    assert.equal(requiredBreakSeconds(21600, STEPPED), 0);
    assert.equal(requiredBreakSeconds(21601, STEPPED), 1800);
    assert.equal(requiredBreakSeconds(32400, STEPPED), 1800);
    assert.equal(requiredBreakSeconds(32401, STEPPED), 2700);
  });
  test('no steps: no break', () => assert.equal(requiredBreakSeconds(50000, { mode: 'gliding', steps: [] }), 0));
  test('deducted: recorded, at least the required, at most the presence', () => {
    assert.equal(deductedBreakSeconds(28800, undefined), 1800);
    assert.equal(deductedBreakSeconds(28800, 600), 1800);
    assert.equal(deductedBreakSeconds(28800, 3600), 3600);
    assert.equal(deductedBreakSeconds(3600, 7200), 3600);
    assert.equal(deductedBreakSeconds(3600, 0), 0);
  });
  test('workedIntervals puts the break in the middle, on whole seconds', () => {
    assert.deepEqual(workedIntervals(0, 28_800_000, 1800), [
      { from: 0, to: 13_500_000 },
      { from: 15_300_000, to: 28_800_000 },
    ]);
    // 21602 s with 1 s of break: (21601 / 2) s floored to 10800 s
    assert.deepEqual(workedIntervals(0, 21_602_000, 1), [
      { from: 0, to: 10_800_000 },
      { from: 10_801_000, to: 21_602_000 },
    ]);
    assert.deepEqual(workedIntervals(0, 3_600_000, 0), [{ from: 0, to: 3_600_000 }]);
    assert.deepEqual(workedIntervals(0, 3_600_000, 3600), []);
  });
});

describe('begun-before-midnight windows that cross midnight', () => {
  // A rule 22:00-02:00 counted only when the work began before the midnight that starts each part's day.
  const rule: SurchargeRule = {
    id: 'late',
    name: 'late',
    rate: 10,
    group: 'late',
    activeOn: { timeWindows: [{ from: '22:00', to: '02:00' }], onlyIfBegunBeforeMidnight: true },
  };
  const shares = (from: string, to: string) =>
    surchargeShares([{ from: Date.parse(from), to: Date.parse(to) }], Date.parse(from), [rule], {
      timeZone: 'Europe/Berlin',
      isPublicHoliday: () => false,
    }).map((s) => [s.date, s.seconds]);
  test('Mon 21:00 -> Tue 02:00: Monday 22-24 does not count (began that day), Tuesday 00-02 does', () => {
    assert.deepEqual(shares('2026-11-16T21:00:00+01:00', '2026-11-17T02:00:00+01:00'), [['2026-11-17', 7200]]);
  });
  test('Sun 21:00 start after Mon midnight: nothing', () => {
    assert.deepEqual(shares('2026-11-17T00:30:00+01:00', '2026-11-17T02:00:00+01:00'), []);
  });
});
