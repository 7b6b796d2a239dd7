// Minijob limit and Midijob band, hand-worked: §8 (1a) SGB IV limit = minimum wage × 130 / 3
// rounded up to a whole euro; §8 (1b) unforeseeable exceeding (two months in the Zeitjahr, by at
// most the limit); §20 (2) Übergangsbereich up to 2,000 EUR.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkEmployment, minijobLimitCents } from '../../src/modules/payroll/rules/marginal-employment.js';

describe('§8 (1a) SGB IV: the Geringfügigkeitsgrenze', () => {
  const cases: Array<[string, number]> = [
    // 12.82 × 130 / 3 = 555.53 → 556.
    ['2025-06', 55_600],
    // 13.90 × 130 / 3 = 1,807 / 3 = 602.33 → 603.
    ['2026-01', 60_300],
    ['2026-12', 60_300],
    // 14.60 × 130 / 3 = 1,898 / 3 = 632.67 → 633.
    ['2027-01', 63_300],
  ];
  for (const [month, cents] of cases) test(month, () => assert.equal(minijobLimitCents(month), cents));
});

describe('the month checked', () => {
  const cases: Array<[string, Parameters<typeof checkEmployment>[0], string[]]> = [
    // The case: 642.40 > 633.00 in January 2027; no longer a minijob, so in the Midijob band.
    [
      'minijob 642.40 in 2027-01',
      { month: '2027-01', payCents: 64_240, type: 'minijob' },
      ['MINIJOB_LIMIT_EXCEEDED', 'MIDIJOB_BAND'],
    ],
    ['minijob 603.00 in 2026-06', { month: '2026-06', payCents: 60_300, type: 'minijob' }, []],
    [
      'minijob 603.01 in 2026-06',
      { month: '2026-06', payCents: 60_301, type: 'minijob' },
      ['MINIJOB_LIMIT_EXCEEDED', 'MIDIJOB_BAND'],
    ],
    // Recorded as unforeseeable: 642.40 ≤ 2 × 633 = 1,266.00, first such month in the Zeitjahr.
    [
      'unforeseeable, recorded',
      { month: '2027-01', payCents: 64_240, type: 'minijob', unforeseeable: ['2027-01'] },
      ['MINIJOB_UNFORESEEABLE_EXCEEDING'],
    ],
    // A third recorded month within 12 months (2026-03, 2026-08, 2027-01): the exception is used up.
    [
      'third month in the Zeitjahr',
      { month: '2027-01', payCents: 64_240, type: 'minijob', unforeseeable: ['2026-03', '2026-08', '2027-01'] },
      ['MINIJOB_LIMIT_EXCEEDED', 'MIDIJOB_BAND'],
    ],
    // 2026-01 lies outside the Zeitjahr 2026-02..2027-01: two months count, the exception holds.
    [
      'an older month outside the Zeitjahr',
      { month: '2027-01', payCents: 64_240, type: 'minijob', unforeseeable: ['2026-01', '2026-08', '2027-01'] },
      ['MINIJOB_UNFORESEEABLE_EXCEEDING'],
    ],
    // Over twice the limit (1,266.01 > 1,266.00): no exception; 1,266.01 lies in the Midijob band.
    [
      'more than twice the limit',
      { month: '2027-01', payCents: 126_601, type: 'minijob', unforeseeable: ['2027-01'] },
      ['MINIJOB_LIMIT_EXCEEDED', 'MIDIJOB_BAND'],
    ],
    // Part-time 633.01 in 2027: Übergangsbereich 633.01 - 2,000.00.
    ['part-time 633.01 in 2027', { month: '2027-01', payCents: 63_301, type: 'partTime' }, ['MIDIJOB_BAND']],
    ['midijob 2,000.00', { month: '2027-01', payCents: 200_000, type: 'midijob' }, ['MIDIJOB_BAND']],
    ['midijob 2,000.01', { month: '2027-01', payCents: 200_001, type: 'midijob' }, ['MIDIJOB_ABOVE_BAND']],
    ['full time 3,000.00', { month: '2027-01', payCents: 300_000, type: 'fullTime' }, []],
    // No type recorded: only the band is told.
    ['no type, 603.01 in 2026', { month: '2026-06', payCents: 60_301 }, ['MIDIJOB_BAND']],
  ];
  for (const [name, input, flags] of cases) {
    test(name, () => assert.deepEqual(checkEmployment(input).flags, flags));
  }
});
