// §11 (1) BUrlG over HTTP, hand-worked (docs/pay-law.md, Vacation pay): a lasting pay rise inside the
// 13 weeks counts for the whole period, and salary lines before the period do not change the
// average. Europe/Berlin (CEST = UTC+2), no surcharge rules, contracts Monday-Friday 6 h.
// Reference of a vacation from Mon 2026-09-07: Mon 06-08 to Sun 09-06, 65 weekdays, no holiday.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
const { ok } = requester(
  () => t.app,
  () => admin.headers,
);
const SIX_HOURS = { mo: 6, tu: 6, we: 6, th: 6, fr: 6, sa: 0, su: 0 };

let counter = 0;
async function newUser(contract: Record<string, unknown> = {}) {
  const body = {
    general: { firstName: 'R', lastName: `Rise${++counter}` },
    contract: { salary: 15, salaryType: 'hourly', dailyWorkingHours: SIX_HOURS, ...contract },
  };
  return (await ok('POST', '/v2/users/', body, 201))._id as string;
}
/** Approved entries 08:00-14:00 local (6 h, no break needed) on `count` weekdays from `from`. */
async function workDays(userId: string, from: string, count: number) {
  let done = 0;
  for (let day = Date.parse(`${from}T00:00:00Z`); done < count; day += 86_400_000) {
    if (new Date(day).getUTCDay() % 6 === 0) continue;
    const date = new Date(day).toISOString().slice(0, 10);
    const body = { userId, timeStart: `${date}T06:00:00Z`, timeEnd: `${date}T12:00:00Z` };
    const { _id } = await ok('POST', '/v2/timeTracking/', body, 201);
    await ok('POST', `/v2/timeTracking/${_id}/approve`, undefined, 200);
    done++;
  }
}
async function vacationWeek(userId: string): Promise<Json[]> {
  // Mon 2026-09-07 to Fri 09-11.
  const body = { userId, type: 2, dtStart: '2026-09-07T08:00:00Z', dtEnd: '2026-09-11T08:00:00Z' };
  const { _id } = await ok('POST', '/v2/absences/', body, 201);
  await ok('POST', `/v2/absences/${_id}/approve`, undefined, 200);
  return ok('GET', `/v2/salaries/?absenceId=${_id}&sort=date:1`);
}
const total = (lines: Json[]) => Math.round(lines.reduce((s, l) => s + l.salary * 100, 0)) / 100;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'vacation-rise');
});
after(() => t.close());

describe('§11 (1) S. 2 BUrlG: a lasting pay rise in the reference period', () => {
  test('35 days at 15.00, then 30 at 16.50: 99.00 a day, 495.00 (was 470.75), with or without a line before', async () => {
    // 35 × 6 × 15.00 = 3,150.00 + 30 × 6 × 16.50 = 2,970.00 = 6,120.00 paid; at 16.50 all 65 days:
    // 6,435.00 (raise 315.00); / 65 = 99.00 a day; 5 days = 495.00. Before: 6,120.00 / 65 = 94.15,
    // × 5 = 470.75 for the user with a line before the period, and the contract's hours 6 × 16.50 =
    // 99.00 a day for the one without (the rate jumped on that one line).
    const withEarlier = await newUser();
    const without = await newUser();
    await workDays(withEarlier, '2026-06-01', 1); // Mon 06-01, before the period
    for (const userId of [withEarlier, without]) {
      await workDays(userId, '2026-06-08', 35); // to Fri 07-24
      await ok('PATCH', `/v2/users/${userId}`, { contract: { salary: 16.5 } });
      await workDays(userId, '2026-07-27', 30); // to Fri 09-04
    }
    for (const userId of [withEarlier, without]) {
      const lines = await vacationWeek(userId);
      assert.deepEqual(
        lines.map((l) => [l.date, l.salary, l.payRule, l.referenceEarnings, l.referenceRaise, l.referenceDays]),
        ['07', '08', '09', '10', '11'].map((d) => [`2026-09-${d}`, 99, 'vacationPay', 6435, 315, 65]),
      );
      assert.equal(total(lines), 495);
    }
  });

  test('hired inside the 13 weeks (startDate Mon 08-03): averaged over its 25 working days', async () => {
    // 25 × 6 × 16.50 = 2,475.00 / 25 = 99.00 a day (over 65 days it would be 38.08).
    const userId = await newUser({ salary: 16.5, startDate: '2026-08-03' });
    await workDays(userId, '2026-08-03', 25);
    const lines = await vacationWeek(userId);
    assert.deepEqual(
      lines.map((l) => [l.salary, l.referenceEarnings, l.referenceRaise, l.referenceDays]),
      Array(5).fill([99, 2475, 0, 25]),
    );
  });
});
