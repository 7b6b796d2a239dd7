// Minimum wage by date, hand-worked from the regulations (not from the code):
// general (MiLoG): 12.00 from 2022-10-01 (Mindestlohnerhöhungsgesetz), 12.41 from 2024-01-01 and
// 12.82 from 2025-01-01 (MiLoV4), 13.90 from 2026-01-01 and 14.60 from 2027-01-01 (MiLoV5).
// Building cleaning, Lohngruppe 1 (TV Mindestlohn Gebäudereinigung, GebäudeArbbV 9 and 10): 13.00
// from 2022-10-01, 13.50 from 2024-01-01, 14.25 from 2025-01-01, 15.00 from 2026-01-01; the Zehnte
// GebäudeArbbV expires 2026-12-31, so from 2027-01-01 only the general minimum is binding.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rowOn, statutoryMinimumWage, GENERAL_MINIMUM_WAGE } from '../../src/modules/pay/rules/minimum-wage-table.js';
import { DEFAULT_TIME_AND_PAY, minimumWageCents } from '../../src/modules/pay/pay-settings.js';

describe('statutory minimum wage by local date', () => {
  const cases: Array<[string, string, 'buildingCleaning' | null, number | undefined]> = [
    ['before the first row: none known', '2022-09-30', null, undefined],
    ['first day of 12.00', '2022-10-01', null, 12.0],
    ['last day of 12.41 (2024)', '2024-12-31', null, 12.41],
    ['first day of 12.82', '2025-01-01', null, 12.82],
    ['last day of 12.82: 2025-12-31 is before the 2026-01-01 row', '2025-12-31', null, 12.82],
    ['first day of 13.90', '2026-01-01', null, 13.9],
    ['mid 2026', '2026-07-15', null, 13.9],
    ['first day of 14.60', '2027-01-01', null, 14.6],
    ['far ahead: the last row stays until a new one is added', '2030-06-01', null, 14.6],
    // Sector: the higher of the two. 2025-12-31: max(12.82, 14.25) = 14.25.
    ['sector 2025-12-31: max(12.82, 14.25)', '2025-12-31', 'buildingCleaning', 14.25],
    // 2026-01-01: max(13.90, 15.00) = 15.00.
    ['sector 2026-01-01: max(13.90, 15.00)', '2026-01-01', 'buildingCleaning', 15.0],
    ['sector 2024-06-01: max(12.41, 13.50)', '2024-06-01', 'buildingCleaning', 13.5],
    ['sector 2026-12-31: last day of the Zehnte GebäudeArbbV', '2026-12-31', 'buildingCleaning', 15.0],
    // 2027-01-01: the sector ordinance has expired, no successor yet: the general 14.60 only.
    ['sector 2027-01-01: expired, general 14.60', '2027-01-01', 'buildingCleaning', 14.6],
  ];
  for (const [name, date, sector, expected] of cases) {
    test(name, () => assert.equal(statutoryMinimumWage(date, sector), expected));
  }

  test('every row names its source and the rows are in date order', () => {
    for (const row of GENERAL_MINIMUM_WAGE) assert.ok(row.source.length > 10, row.validFrom);
    const dates = GENERAL_MINIMUM_WAGE.map((r) => r.validFrom);
    assert.deepEqual(dates, [...dates].sort());
  });

  test('an expired row gives nothing', () => {
    const table = [{ validFrom: '2026-01-01', validUntil: '2026-12-31', perHour: 15, source: 'x' }];
    assert.equal(rowOn(table, '2026-12-31')?.perHour, 15);
    assert.equal(rowOn(table, '2027-01-01'), undefined);
  });
});

describe('the company minimum in cents (settings + statutory)', () => {
  const settings = (patch: Partial<typeof DEFAULT_TIME_AND_PAY>) => ({ ...DEFAULT_TIME_AND_PAY, ...patch });
  test('a new company (nothing configured) gets the general minimum: 13.90 → 1390 cents on 2026-03-10', () => {
    assert.equal(minimumWageCents(DEFAULT_TIME_AND_PAY, '2026-03-10'), 1390);
  });
  test('the building-cleaning preset: 15.00 → 1500 cents on 2026-03-10, 14.25 → 1425 on 2025-12-31', () => {
    assert.equal(minimumWageCents(settings({ minimumWageSector: 'buildingCleaning' }), '2026-03-10'), 1500);
    assert.equal(minimumWageCents(settings({ minimumWageSector: 'buildingCleaning' }), '2025-12-31'), 1425);
  });
  test('a configured higher rate applies: max(16.00, 13.90) = 16.00', () => {
    assert.equal(
      minimumWageCents(settings({ minimumWages: [{ validFrom: '2026-01-01', perHour: 16 }] }), '2026-03-10'),
      1600,
    );
  });
  test('a configured lower rate does not lower the statutory one: max(12.00, 13.90) = 13.90', () => {
    assert.equal(
      minimumWageCents(settings({ minimumWages: [{ validFrom: '2026-01-01', perHour: 12 }] }), '2026-03-10'),
      1390,
    );
  });
  test('before any statutory row, a configured rate still applies (10.00 on 2020-01-01)', () => {
    assert.equal(
      minimumWageCents(settings({ minimumWages: [{ validFrom: '2019-01-01', perHour: 10 }] }), '2020-01-01'),
      1000,
    );
    assert.equal(minimumWageCents(DEFAULT_TIME_AND_PAY, '2020-01-01'), undefined);
  });
});
