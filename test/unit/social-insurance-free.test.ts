// Tax-free and social-insurance-free surcharge parts, hand-worked: §3b EStG exempts the surcharge
// on a base up to 50 EUR an hour from tax, §1 (1) S. 1 Nr. 1 SvEV from social insurance only on a
// base up to 25 EUR an hour. Night 25 % in every case unless said otherwise.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { payrollLines, type SalaryLine } from '../../src/modules/payroll/rules/payroll-lines.js';
import { socialInsuranceFreeCents } from '../../src/modules/payroll/rules/social-insurance-free.js';

describe('§1 (1) Nr. 1 SvEV: social-insurance-free on a base up to 25 EUR/h', () => {
  const cases: Array<[string, { cents: number; taxFreeCents: number }, number, number]> = [
    // 2 h at 20.00: 2 × 20 × 25 % = 10.00, all tax-free; base under 25: all free of social insurance.
    ['base 20.00', { cents: 1000, taxFreeCents: 1000 }, 2000, 1000],
    // 2 h at 25.00: 12.50, base exactly 25: all of it.
    ['base 25.00', { cents: 1250, taxFreeCents: 1250 }, 2500, 1250],
    // 2 h at 30.00: 2 × 30 × 25 % = 15.00 tax-free (30 < 50); SV-free 2 × 25 × 25 % = 12.50
    // (15.00 × 25 / 30); 2.50 tax-free but liable to social insurance.
    ['base 30.00', { cents: 1500, taxFreeCents: 1500 }, 3000, 1250],
    // 2 h at 60.00: 30.00, tax-free on 50: 25.00, taxable 5.00; SV-free on 25: 12.50 (30.00 × 25 / 60).
    ['base 60.00', { cents: 3000, taxFreeCents: 2500 }, 6000, 1250],
    // 3 h at 33.00, Sunday 50 %: 49.50 tax-free; SV-free 3 × 25 × 50 % = 37.50 (49.50 × 25 / 33 = 37.50).
    ['Sunday, base 33.00', { cents: 4950, taxFreeCents: 4950 }, 3300, 3750],
    // 1 h 40 at 27.00, 40 %: 1.6667 × 27 × 0.4 = 18.00; SV-free 18.00 × 25 / 27 = 16.666… → 16.67.
    ['rounding, base 27.00', { cents: 1800, taxFreeCents: 1800 }, 2700, 1667],
    // A taxable surcharge (of an absence): nothing tax-free, nothing SV-free.
    ['all taxable', { cents: 750, taxFreeCents: 0 }, 3000, 0],
    // No rate stored: the tax-free part as it is.
    ['no rate', { cents: 1500, taxFreeCents: 1500 }, 0, 1500],
  ];
  for (const [name, surcharge, rate, expected] of cases) {
    test(name, () => assert.equal(socialInsuranceFreeCents(surcharge, rate), expected));
  }
});

describe('payroll lines: the tax-free part split into SV-free and SV-liable lines', () => {
  const night = (cents: number, taxFreeCents: number, socialInsuranceFreeCents: number) => ({
    category: 'night',
    seconds: 7200,
    cents,
    taxFreeCents,
    taxableCents: cents - taxFreeCents,
    socialInsuranceFreeCents,
  });
  test('30.00 and 60.00 an hour, 2 h night each', () => {
    const salaries: SalaryLine[] = [
      // 4 h at 30.00 = 120.00 + night 15.00 (tax-free, 12.50 SV-free, 2.50 SV-liable).
      { type: 'work', payType: 'default', seconds: 14_400, totalCents: 13_500, surcharges: [night(1500, 1500, 1250)] },
      // 4 h at 60.00 = 240.00 + night 30.00 (25.00 tax-free of which 12.50 SV-free, 5.00 taxable).
      { type: 'work', payType: 'default', seconds: 14_400, totalCents: 27_000, surcharges: [night(3000, 2500, 1250)] },
    ];
    const lines = payrollLines(salaries, {}, {});
    assert.deepEqual(
      lines.map((l) => [
        l.key,
        l.cents,
        l.taxFreeCents,
        l.taxableCents,
        l.socialInsuranceFreeCents,
        l.socialInsuranceLiableCents,
      ]),
      [
        // Base 120.00 + 240.00 = 360.00: taxable and SV-liable.
        ['work', 36_000, 0, 36_000, 0, 36_000],
        // 12.50 + 12.50 = 25.00 free of both.
        ['surcharge:night:taxFree', 2500, 2500, 0, 2500, 0],
        // 2.50 + 12.50 = 15.00 tax-free, SV-liable.
        ['surcharge:night:taxFreeSvLiable', 1500, 1500, 0, 0, 1500],
        // 5.00 taxable and SV-liable.
        ['surcharge:night:taxable', 500, 0, 500, 0, 500],
      ],
    );
    // The parts add up: 360.00 + 25.00 + 15.00 + 5.00 = 405.00 = 135.00 + 270.00.
    assert.equal(
      lines.reduce((s, l) => s + l.socialInsuranceFreeCents + l.socialInsuranceLiableCents, 0),
      40_500,
    );
  });

  test('without an SV-free figure (older callers) the tax-free part is taken as SV-free', () => {
    // 2 h night at 20.00: 10.00 tax-free.
    const surcharge = { category: 'night', seconds: 7200, cents: 1000, taxFreeCents: 1000, taxableCents: 0 };
    const [, line] = payrollLines(
      [{ type: 'work', payType: 'default', seconds: 7200, totalCents: 5000, surcharges: [surcharge] }],
      {},
      {},
    );
    assert.deepEqual([line!.key, line!.socialInsuranceFreeCents], ['surcharge:night:taxFree', 1000]);
  });
});
