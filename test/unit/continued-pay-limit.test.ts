// §3 EFZG, hand-worked: src/modules/pay/rules/continued-pay-limit.ts. Six weeks = 42 calendar days
// counted from the first paid day; day 29 of employment is the first day of the claim (§3 (3)).
// Every expected date was counted by hand before running.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { continuedPayWindow, isPaidDay } from '../../src/modules/pay/rules/continued-pay-limit.js';

const window = (current: [string, string], sameCause: Array<[string, string]> = [], employmentStart?: string) =>
  continuedPayWindow({
    current: { from: current[0], to: current[1] },
    sameCause: sameCause.map(([from, to]) => ({ from, to })),
    employmentStart,
  });
const paid = (w: ReturnType<typeof window>) => [w.paidFrom, w.paidTo, w.usedBefore];

describe('continuedPayWindow (§3 EFZG)', () => {
  test('the issue: seven weeks ill, paid for six (1,050.00 → 900.00)', () => {
    // Mon 2026-06-01 .. Sun 07-19 = 49 days; day 42 = 06-01 + 41 = 07-12 (June has 30 days:
    // 06-01 + 29 = 06-30, + 12 = 07-12). Mon-Fri in 06-01 .. 07-12 = 6 weeks × 5 = 30 days
    // (× 30.00 = 900.00); 07-13 .. 07-17 = 5 days Krankengeldbezug (before: 35 × 30.00 = 1,050.00).
    const w = window(['2026-06-01', '2026-07-19'], [], '2020-01-01');
    assert.deepEqual(paid(w), ['2026-06-01', '2026-07-12', 0]);
    assert.equal(isPaidDay(w, '2026-07-12'), true);
    assert.equal(isPaidDay(w, '2026-07-13'), false);
  });

  test('the issue: ill in the first four weeks, paid from day 29 (450.00 → 150.00)', () => {
    // Hired Mon 2026-06-01; day 29 = 06-01 + 28 = 06-29. Ill Mon 06-15 .. Fri 07-03 (15 working
    // days, 450.00 at 30.00 before): paid Mon 06-29 .. Fri 07-03 = 5 days = 150.00.
    const w = window(['2026-06-15', '2026-07-03'], [], '2026-06-01');
    assert.deepEqual(paid(w), ['2026-06-29', '2026-07-03', 0]);
    assert.match(w.reason, /§3 \(3\) EFZG/);
  });

  test('ill only inside the waiting period: nothing paid', () => {
    const w = window(['2026-06-08', '2026-06-26'], [], '2026-06-01');
    assert.deepEqual(paid(w), [null, null, 0]);
  });

  test('the same cause again within six months: the rest of the six weeks', () => {
    // First 2026-01-05 .. 02-01 = 27 + 1 = 28 days (January: 05..31 = 27, + 02-01). Left 42 - 28 = 14:
    // second spell from Mon 03-02, paid 03-02 .. 03-15 (03-02 + 13).
    const w = window(['2026-03-02', '2026-04-19'], [['2026-01-05', '2026-02-01']]);
    assert.deepEqual(paid(w), ['2026-03-02', '2026-03-15', 28]);
  });

  test('six months free of the cause: a new six weeks', () => {
    // First ends 2026-01-18; 01-18 + 6 months = 07-18; the new one starts 07-20: 42 days again,
    // to 07-20 + 41 = 08-30 (July 20..31 = 12 days, + 30 = 08-30).
    const w = window(['2026-07-20', '2026-09-30'], [['2026-01-05', '2026-01-18']]);
    assert.deepEqual(paid(w), ['2026-07-20', '2026-08-30', 0]);
  });

  test('twelve months after the chain began: a new six weeks though never six months free', () => {
    // Chain from 2025-01-06: 01-06 .. 02-16 = 42 days (all used); 06-02 .. 06-15 (4 months after, same
    // chain, nothing left: unpaid); 11-03 .. 11-16 (5 months after 06-15, same chain, unpaid);
    // 2026-01-12: 11-16 + 6 months = 2026-05-16 is later, but 2025-01-06 + 12 months = 2026-01-06
    // has passed: new six weeks, 01-12 .. 01-12 + 41 = 02-22.
    const chain: Array<[string, string]> = [
      ['2025-01-06', '2025-02-16'],
      ['2025-06-02', '2025-06-15'],
      ['2025-11-03', '2025-11-16'],
    ];
    assert.deepEqual(paid(window(['2025-11-03', '2025-11-16'], chain.slice(0, 2))), [null, null, 42]);
    const w = window(['2026-01-12', '2026-03-31'], chain);
    assert.deepEqual(paid(w), ['2026-01-12', '2026-02-22', 0]);
    assert.match(w.reason, /twelve months/);
  });
});
