// The leave account, hand-worked: src/modules/absences/rules/leave-entitlement.ts, leave-account.ts.
// Statutory minimum 24 Werktage on a six-day week (§3 BUrlG) = 24 × 5 / 6 = 20 days on a five-day
// week. Every expected number was worked out by hand before running.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fullMonths, leaveEntitlement, roundLeave } from '../../src/modules/absences/rules/leave-entitlement.js';
import { leaveAccount } from '../../src/modules/absences/rules/leave-account.js';

const FIVE = [{ from: '2000-01-01', daysPerWeek: 5 }];
const entitled = (input: Partial<Parameters<typeof leaveEntitlement>[0]>) =>
  leaveEntitlement({ year: 2026, contractDays: 30, contractBasis: 5, weeks: FIVE, ...input });

describe('leaveEntitlement (§§3, 5 BUrlG)', () => {
  test('the issue: hire on 1 July 2026 gets 6/12, no full leave (BAG 9 AZR 179/15)', () => {
    // Six months from 1 July end on 31 December: not before the year's end, so §5 (1) a.
    // Full months 1 Jul .. 31 Dec = 6; 30 × 6/12 = 15, statutory 20 × 6/12 = 10.
    const e = entitled({ startDate: '2026-07-01' });
    assert.deepEqual([e.total, e.statutory, e.contractualExtra, e.months], [15, 10, 5, 6]);
  });

  test('the issue: a leaver on 30 June 2026 gets 6/12 (§5 (1) c)', () => {
    // Employed since 2020, leaves in the first half: Jan .. Jun = 6 full months: 15 and 10.
    const e = entitled({ startDate: '2020-03-01', endDate: '2026-06-30' });
    assert.deepEqual([e.total, e.statutory, e.months], [15, 10, 6]);
  });

  test('the issue: a 3-day week on a 30-days-on-5-days contract: 18, statutory 12', () => {
    // 30 × 3 / 5 = 18; 24 × 3 / 6 = 12.
    const e = entitled({ weeks: [{ from: '2000-01-01', daysPerWeek: 3 }] });
    assert.deepEqual([e.total, e.statutory, e.contractualExtra, e.months], [18, 12, 6, null]);
  });

  test('a hire on 30 June waits until 29 December: the full year', () => {
    const e = entitled({ startDate: '2026-06-30' });
    assert.deepEqual([e.total, e.statutory, e.months], [30, 20, null]);
  });

  test('a hire on 15 July: 5 full months, 12.5 rounds up to 13, 8.33 stays (§5 (2))', () => {
    // 15 Jul-14 Aug ... 15 Nov-14 Dec = 5 months; 15 Dec-31 Dec is no full month.
    // 30 × 5/12 = 12.5 → 13; 20 × 5/12 = 8.333 → 8.33 (under half a day: not rounded).
    const e = entitled({ startDate: '2026-07-15' });
    assert.deepEqual([e.total, e.statutory, e.months], [13, 8.33, 5]);
  });

  test('a leaver in the second half after the waiting period keeps the full year', () => {
    const e = entitled({ startDate: '2020-01-01', endDate: '2026-08-31' });
    assert.deepEqual([e.total, e.months], [30, null]);
  });

  test('hired 1 January, gone 15 March: before the waiting period, 2 full months', () => {
    // Jan, Feb = 2 (the third month would end 31 March); 30 × 2/12 = 5; 20 × 2/12 = 3.333 → 3.33.
    const e = entitled({ startDate: '2026-01-01', endDate: '2026-03-15' });
    assert.deepEqual([e.total, e.statutory, e.months], [5, 3.33, 2]);
  });

  test('a change of the working week within the year is split by days', () => {
    // 5 days 1 Jan .. 30 Jun (181 days), 3 days 1 Jul .. 31 Dec (184 days):
    // (5 × 181 + 3 × 184) / 365 = 1457 / 365 = 3.99178 days a week;
    // 30 × 3.99178 / 5 = 23.9507 → 23.95; 24 × 3.99178 / 6 = 15.967 → 15.97.
    const e = entitled({
      weeks: [
        { from: '2000-01-01', daysPerWeek: 5 },
        { from: '2026-07-01', daysPerWeek: 3 },
      ],
    });
    assert.deepEqual([e.total, e.statutory], [23.95, 15.97]);
  });

  test('a contract below the statutory minimum is raised to it', () => {
    // 15 days on a 5-day week < 20 statutory: 20, no extra.
    const e = entitled({ contractDays: 15 });
    assert.deepEqual([e.total, e.contractualExtra], [20, 0]);
  });

  test('full months and rounding helpers', () => {
    // 31 Jan + 1 month = 28 Feb (the 31st capped), so the month ends on 27 Feb.
    assert.equal(fullMonths('2026-01-31', '2026-02-26'), 0);
    assert.equal(fullMonths('2026-01-31', '2026-02-27'), 1);
    assert.equal(roundLeave(2.5), 3);
    assert.equal(roundLeave(2.49), 2.49);
  });
});

describe('leaveAccount (§7 (3) BUrlG)', () => {
  const year = leaveEntitlement({ year: 2026, contractDays: 30, contractBasis: 5, weeks: FIVE });
  const taken = [
    { date: '2026-02-10', days: 3 },
    { date: '2026-05-04', days: 10 },
  ];
  const account = (input: Partial<Parameters<typeof leaveAccount>[0]>) =>
    leaveAccount({
      year: 2026,
      entitlement: year,
      carriedOver: 5,
      noticeForPreviousYear: true,
      illThroughMarch: false,
      asOf: '2026-12-31',
      taken,
      ...input,
    });

  test('with the notice: carried days first, the rest lapses on 31 March', () => {
    // 5 carried; February takes 3 of them; 2 lapse on 1 April; May's 10 come from the year.
    // 30 + 5 - 3 - 10 - 2 = 20.
    const a = account({});
    assert.deepEqual(
      [a.takenFromCarryOver, a.takenFromYear, a.lapsed, a.remaining, a.carryLapsesOn],
      [3, 10, 2, 20, '2026-03-31'],
    );
    assert.deepEqual(
      a.movements.map((m) => `${m.date} ${m.kind} ${m.days}`),
      [
        '2026-01-01 entitlement 30',
        '2026-01-01 carryOver 5',
        '2026-02-10 taken -3',
        '2026-04-01 lapsed -2',
        '2026-05-04 taken -10',
      ],
    );
  });

  test('without the notice nothing lapses: May uses the 2 carried days first', () => {
    // 3 + 2 from the carry-over, 8 from the year: 30 + 5 - 13 = 22.
    const a = account({ noticeForPreviousYear: false });
    assert.deepEqual(
      [a.takenFromCarryOver, a.takenFromYear, a.lapsed, a.remaining, a.carryLapsesOn],
      [5, 8, 0, 22, null],
    );
  });

  test('ill until 31 March: the carried days are kept (15 months, BAG 9 AZR 353/10)', () => {
    const a = account({ illThroughMarch: true });
    assert.deepEqual([a.lapsed, a.remaining], [0, 22]);
  });

  test('read in February: nothing has lapsed yet', () => {
    // Only February's 3 booked: 30 + 5 - 3 = 32, the 2 carried days still open.
    const a = account({ asOf: '2026-02-15', taken: [taken[0]!] });
    assert.deepEqual([a.lapsed, a.remaining], [0, 32]);
  });
});
