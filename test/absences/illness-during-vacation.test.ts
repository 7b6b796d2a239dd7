// Illness during vacation (§9 BUrlG) over HTTP: days of an approved vacation on which the employee
// is certified ill (an approved illness) are not counted as leave and are paid as illness, in either
// order of approval; cancelling the illness books them again; a changed illness moves them.
// Company time zone Europe/Berlin (+02:00 in August), holidays of DE nationwide (none in Aug 2026).
// Calendar: 2026-08-03 and 2026-08-10 are Mondays, so the vacation Mon 08-03 .. Fri 08-14 has
// 5 + 5 = 10 working days (default contract Mon-Fri 8 h). Each weekday the employee has one planned
// job 06:00-10:00Z (08:00-12:00 local, 4 h); at 15.00 EUR/h an illness day pays 4 * 15 = 60.00.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

const WEEKDAYS = ['03', '04', '05', '06', '07', '10', '11', '12', '13', '14'].map((d) => `2026-08-${d}`);
const VACATION = { type: 2, dtStart: '2026-08-03T06:00:00Z', dtEnd: '2026-08-14T14:00:00Z' };
const days = (from: string, to: string) => ({ dtStart: `${from}T06:00:00Z`, dtEnd: `${to}T14:00:00Z` });

let counter = 0;
/** An hourly employee with 30 days of 2026 leave and a 4 h job on each weekday of the vacation; returns the user and job per date. */
async function employee(): Promise<{ userId: string; jobOn: Record<string, string> }> {
  counter += 1;
  const userId = (
    await ok(
      'POST',
      '/v2/users/',
      {
        general: { firstName: 'Ill', lastName: `V${counter}` },
        contract: { salary: 15, salaryType: 'hourly', remainingLeave: [{ year: 2026, days: 30 }] },
      },
      201,
    )
  )._id as string;
  const jobOn: Record<string, string> = {};
  for (const date of WEEKDAYS)
    jobOn[date] = (
      await ok('POST', '/v2/jobs/', { userId, from: `${date}T06:00:00Z`, to: `${date}T10:00:00Z` }, 201)
    )._id;
  return { userId, jobOn };
}

const create = async (userId: string, body: Record<string, unknown>) =>
  (await ok('POST', '/v2/absences/', { userId, ...body }, 201))._id as string;
const approve = (id: string) => ok('POST', `/v2/absences/${id}/approve`);
const cancel = (id: string) => ok('POST', `/v2/absences/${id}/cancel`);
const get = (id: string) => ok('GET', `/v2/absences/${id}`);
const remaining2026 = async (userId: string) =>
  ((await ok('GET', `/v2/users/${userId}`)).contract.remainingLeave as Json[]).find((l) => l.year === 2026).days;
const salaries = async (absenceId: string) =>
  ok('GET', `/v2/salaries/?absenceId=${absenceId}&sort=date:1`) as Promise<Json[]>;
const dates = (list: Array<{ date: string }>) => list.map((x) => x.date);
const without = (...skip: string[]) => WEEKDAYS.filter((d) => !skip.includes(d));

/** The vacation's leave figures and which days its pay covers. */
async function vacationState(id: string) {
  const a = await get(id);
  return {
    daysAbsent: a.daysAbsent,
    leaveBooked: a.leaveBooked,
    paidDates: dates(a.absencePaidTimeArray),
    salaryDates: dates(await salaries(id)),
  };
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'IllDuringVacation');
});
after(() => t.close());

describe('illness during vacation (§9 BUrlG)', () => {
  test('vacation approved first: the illness gives its days back; cancelling it books them again', async () => {
    const { userId, jobOn } = await employee();
    const vacation = await create(userId, VACATION);
    await approve(vacation);
    // 10 working days booked: 30 - 10 = 20.
    assert.equal(await remaining2026(userId), 20);
    assert.deepEqual(await vacationState(vacation), {
      daysAbsent: 10,
      leaveBooked: [{ year: 2026, days: 10 }],
      paidDates: WEEKDAYS,
      salaryDates: WEEKDAYS,
    });

    // Ill Wed 08-05 .. Thu 08-06: 2 working days leave the vacation; 10 - 2 = 8 booked, 30 - 8 = 22 left.
    const illness = await create(userId, { type: 1, ...days('2026-08-05', '2026-08-06') });
    await approve(illness);
    assert.equal(await remaining2026(userId), 22);
    assert.deepEqual(await vacationState(vacation), {
      daysAbsent: 8,
      leaveBooked: [{ year: 2026, days: 8 }],
      paidDates: without('2026-08-05', '2026-08-06'),
      salaryDates: without('2026-08-05', '2026-08-06'),
    });
    // The two days are paid as illness: the illness took the jobs of those days (4 h each, 4 * 15 = 60.00).
    const ill = await get(illness);
    assert.deepEqual([...ill.affectedJobs].sort(), [jobOn['2026-08-05'], jobOn['2026-08-06']].sort());
    assert.deepEqual(
      (await salaries(illness)).map((s) => [s.date, s.absenceId, s.workingTime, s.salary]),
      [
        ['2026-08-05', illness, 14400, 60],
        ['2026-08-06', illness, 14400, 60],
      ],
    );
    assert.equal((await ok('GET', `/v2/jobs/${jobOn['2026-08-05']}`)).absenceId, illness);
    assert.equal((await ok('GET', `/v2/jobs/${jobOn['2026-08-04']}`)).absenceId, vacation);
    assert.equal((await get(vacation)).affectedJobs.length, 8);

    // Cancelling the illness: the days are leave again (30 - 10 = 20), paid as vacation, no illness line left.
    await cancel(illness);
    assert.equal(await remaining2026(userId), 20);
    assert.deepEqual(await vacationState(vacation), {
      daysAbsent: 10,
      leaveBooked: [{ year: 2026, days: 10 }],
      paidDates: WEEKDAYS,
      salaryDates: WEEKDAYS,
    });
    assert.deepEqual(await salaries(illness), []);
    assert.equal((await ok('GET', `/v2/jobs/${jobOn['2026-08-05']}`)).absenceId, vacation);
  });

  test('illness approved first: the vacation books only the other days; weekend not counted', async () => {
    const { userId } = await employee();
    // Ill Fri 08-07 .. Mon 08-10: Fri and Mon are working days, Sat and Sun are not: 2 days.
    const illness = await create(userId, { type: 1, ...days('2026-08-07', '2026-08-10') });
    await approve(illness);
    const vacation = await create(userId, VACATION);
    // The request already counts 10 - 2 = 8 working days.
    assert.equal((await get(vacation)).daysAbsent, 8);
    await approve(vacation);
    assert.equal(await remaining2026(userId), 22);
    assert.deepEqual(await vacationState(vacation), {
      daysAbsent: 8,
      leaveBooked: [{ year: 2026, days: 8 }],
      paidDates: without('2026-08-07', '2026-08-10'),
      salaryDates: without('2026-08-07', '2026-08-10'),
    });
    assert.deepEqual(
      (await salaries(illness)).map((s) => [s.date, s.workingTime, s.salary]),
      [
        ['2026-08-07', 14400, 60],
        ['2026-08-10', 14400, 60],
      ],
    );

    await cancel(illness);
    assert.equal(await remaining2026(userId), 20);
    assert.deepEqual((await vacationState(vacation)).salaryDates, WEEKDAYS);
  });

  test('an illness covering the whole vacation leaves 0 leave days and no vacation pay', async () => {
    const { userId } = await employee();
    const vacation = await create(userId, VACATION);
    await approve(vacation);
    // Ill Fri 07-31 .. Mon 08-17: every one of the 10 working days; 30 - 0 = 30.
    const illness = await create(userId, { type: 1, ...days('2026-07-31', '2026-08-17') });
    await approve(illness);
    assert.equal(await remaining2026(userId), 30);
    assert.deepEqual(await vacationState(vacation), { daysAbsent: 0, leaveBooked: [], paidDates: [], salaryDates: [] });
    assert.deepEqual(dates(await salaries(illness)), WEEKDAYS);
  });

  test('moving an approved illness by PATCH moves the days it takes', async () => {
    const { userId } = await employee();
    const vacation = await create(userId, VACATION);
    await approve(vacation);
    const illness = await create(userId, { type: 1, ...days('2026-08-05', '2026-08-06') });
    await approve(illness);
    assert.equal(await remaining2026(userId), 22);
    // Now Wed 08-12 .. Fri 08-14: 3 working days; 10 - 3 = 7 booked, 30 - 7 = 23 left.
    await ok('PATCH', `/v2/absences/${illness}`, days('2026-08-12', '2026-08-14'));
    assert.equal(await remaining2026(userId), 23);
    assert.deepEqual(await vacationState(vacation), {
      daysAbsent: 7,
      leaveBooked: [{ year: 2026, days: 7 }],
      paidDates: without('2026-08-12', '2026-08-13', '2026-08-14'),
      salaryDates: without('2026-08-12', '2026-08-13', '2026-08-14'),
    });
  });

  test('only an approved illness counts: an open one displaces nothing, declining it changes nothing; an approved one is neither declined nor deleted', async () => {
    const { userId } = await employee();
    const vacation = await create(userId, VACATION);
    await approve(vacation);
    const open = await create(userId, { type: 1, ...days('2026-08-05', '2026-08-06') });
    assert.equal(await remaining2026(userId), 20);
    await ok('POST', `/v2/absences/${open}/decline`, {});
    assert.equal(await remaining2026(userId), 20);
    assert.equal((await get(vacation)).daysAbsent, 10);

    const illness = await create(userId, { type: 1, ...days('2026-08-05', '2026-08-05') });
    await approve(illness);
    assert.equal(await remaining2026(userId), 21);
    assertProblem(await req('POST', `/v2/absences/${illness}/decline`, {}), 409);
    assertProblem(await req('DELETE', `/v2/absences/${illness}`), 409);
    assert.equal(await remaining2026(userId), 21);
  });
});
