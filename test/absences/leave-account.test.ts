// The leave account over HTTP (GET /v2/users/{id}/leave?year=): pro rata §5 BUrlG, the working
// week, carry-over with lapse on 31 March after the employer's notice (§7 (3) BUrlG), carried days
// first, and the timesheet and contract.remainingLeave reading it. Hand-worked; the clock reads
// after 31 March 2026, so the 2025 carry-over has lapsed where a notice is recorded.
// Calendar: 2025-08-04 is a Monday, 4 weeks to Fri 08-29 = 20 working days (no nationwide
// holiday in August); 2026-02-09 is a Monday, Mon-Wed = 3 working days.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { call, createTestApp, type TestApp, type Json } from '../helpers/test-app.js';
import { setUpPrincipals, type Principals } from '../helpers/principals.js';

let t: TestApp;
let p: Principals;
const { req, ok } = requester(
  () => t.app,
  () => p.company.headers,
);

let counter = 0;
const employee = async (contract: Record<string, unknown>) =>
  (await ok('POST', '/v2/users/', { general: { firstName: 'Leave', lastName: `L${++counter}` }, contract }, 201))
    ._id as string;
const leave = (userId: string, year: number) => ok('GET', `/v2/users/${userId}/leave?year=${year}`);
async function vacation(userId: string, from: string, to: string) {
  const id = (
    await ok('POST', '/v2/absences/', { userId, type: 2, dtStart: `${from}T06:00:00Z`, dtEnd: `${to}T14:00:00Z` }, 201)
  )._id as string;
  await ok('POST', `/v2/absences/${id}/approve`);
  return id;
}

before(async () => {
  t = await createTestApp();
  p = await setUpPrincipals(t.app, 'LeaveAccount');
});
after(() => t.close());

describe('GET /v2/users/{id}/leave', () => {
  test('hire on 1 July 2026: 15 of 30 days, 10 statutory (the contract said 30 before)', async () => {
    const userId = await employee({ startDate: '2026-07-01', vacationDays: 30 });
    const a = await leave(userId, 2026);
    // Full months 1 Jul .. 31 Dec = 6: 30 × 6/12 = 15, 24 × 5/6 × 6/12 = 10.
    assert.deepEqual([a.entitlement.total, a.entitlement.statutory, a.entitlement.months], [15, 10, 6]);
    assert.equal(a.remaining, 15);
    // The next year is a full one: 30.
    assert.equal((await leave(userId, 2027)).entitlement.total, 30);
  });

  test('a 3-day week on 30 days meant for 5: 18, statutory 12', async () => {
    const userId = await employee({
      vacationDays: 30,
      vacationDaysBasis: 5,
      dailyWorkingHours: { mo: 8, we: 8, fr: 8 },
    });
    const a = await leave(userId, 2026);
    // 30 × 3/5 = 18; 24 × 3/6 = 12.
    assert.deepEqual([a.entitlement.total, a.entitlement.statutory, a.entitlement.contractualExtra], [18, 12, 6]);
  });

  test('carry-over: carried days first, the rest lapses after the notice; remainingLeave and the timesheet follow', async () => {
    const withNotice = await employee({
      startDate: '2020-01-01',
      vacationDays: 30,
      leaveNotices: [{ year: 2025, date: '2025-01-15' }],
    });
    const noNotice = await employee({ startDate: '2020-01-01', vacationDays: 30 });
    for (const userId of [withNotice, noNotice]) {
      await vacation(userId, '2025-08-04', '2025-08-29'); // 20 days of 2025: 10 left
      await vacation(userId, '2026-02-09', '2026-02-11'); // 3 days in 2026, from the carry-over
    }
    const a = await leave(withNotice, 2026);
    // 10 carried; 3 taken from them; 7 lapse on 1 April; 30 + 10 - 3 - 7 = 30.
    assert.deepEqual(
      [a.carriedOver, a.takenFromCarryOver, a.takenFromYear, a.lapsed, a.remaining, a.carryLapsesOn],
      [10, 3, 0, 7, 30, '2026-03-31'],
    );
    assert.deepEqual(
      a.movements.map((m: Json) => `${m.kind} ${m.days}`),
      ['entitlement 30', 'carryOver 10', 'taken -3', 'lapsed -7'],
    );
    // Without the notice nothing lapses: 30 + 10 - 3 = 37.
    const b = await leave(noNotice, 2026);
    assert.deepEqual([b.lapsed, b.remaining, b.carryLapsesOn], [0, 37, null]);
    // The contract's remainingLeave of 2026 was written from the account at the booking.
    const remaining = (await ok('GET', `/v2/users/${noNotice}`)).contract.remainingLeave as Json[];
    assert.equal(remaining.find((r) => r.year === 2026).days, 37);
    assert.equal(remaining.find((r) => r.year === 2025).days, 10);
    // The timesheet's leave reads the account.
    const sheet = await ok('GET', `/v2/users/${withNotice}/timesheet?month=2026-02`);
    assert.deepEqual([sheet.leave.entitlement, sheet.leave.remaining], [30, 30]);
  });

  test('the year is required and bounded; an employee sees only their own account', async () => {
    const userId = await employee({ vacationDays: 30 });
    assertProblem(await req('GET', `/v2/users/${userId}/leave`), 400);
    assertProblem(await req('GET', `/v2/users/${userId}/leave?year=99999`), 400);
    const own = p.users.employee;
    assert.equal((await call(t.app, 'GET', `/v2/users/${own.userId}/leave?year=2026`, own.headers)).status, 200);
    assertProblem(await call(t.app, 'GET', `/v2/users/${userId}/leave?year=2026`, own.headers), 404);
  });
});
