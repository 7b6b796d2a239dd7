// Absence pay over HTTP: approving an absence writes its salaries by the law that applies
// (docs/pay-law.md), hand-worked. Company: Europe/Berlin (CEST = UTC+2), DE holidays, the German
// tax-free surcharge preset adopted (night 20-6 25 %, 0-4 40 % begun before midnight, Sunday 50 %,
// holiday 125 %). Contracts: 15.00 an hour, Monday-Friday 8 h (the default).
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

let counter = 0;
const newUser = async () =>
  (
    await ok(
      'POST',
      '/v2/users/',
      { general: { firstName: 'P', lastName: `N${++counter}` }, contract: { salary: 15, salaryType: 'hourly' } },
      201,
    )
  )._id as string;
const newJob = async (userId: string, from: string, to: string) =>
  (await ok('POST', '/v2/jobs/', { userId, from, to }, 201))._id as string;
async function approvedAbsence(body: Record<string, unknown>): Promise<Json[]> {
  const { _id } = await ok('POST', '/v2/absences/', body, 201);
  await ok('POST', `/v2/absences/${_id}/approve`, undefined, 200);
  return ok('GET', `/v2/salaries/?absenceId=${_id}&sort=date:1`);
}
async function approvedEntry(userId: string, timeStart: string, timeEnd: string) {
  const { _id } = await ok('POST', '/v2/timeTracking/', { userId, timeStart, timeEnd }, 201);
  await ok('POST', `/v2/timeTracking/${_id}/approve`, undefined, 200);
}
const summary = (s: Json) => ({ date: s.date, salary: s.salary, payRule: s.payRule, legalBasis: s.legalBasis });

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'absence-pay');
  await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201);
});
after(() => t.close());

describe('continued pay in illness (§4 EFZG) and holiday pay (§2 EFZG)', () => {
  test('a missed Saturday night shift pays 123.00 with its surcharges, all taxable', async () => {
    // Sat 2026-06-06 22:00 to Sun 03:00 local, 5 h: base 5 × 15.00 = 75.00; night 22-24 2 × 15 × 25 % = 7.50,
    // 0-3 3 × 15 × 40 % = 18.00; Sunday 0-3 3 × 15 × 50 % = 22.50; 75.00 + 48.00 = 123.00.
    const userId = await newUser();
    await newJob(userId, '2026-06-06T20:00:00Z', '2026-06-07T01:00:00Z');
    const [line, ...rest] = await approvedAbsence({
      userId,
      type: 1,
      dtStart: '2026-06-06T08:00:00Z',
      dtEnd: '2026-06-07T08:00:00Z',
    });
    assert.deepEqual(rest, []);
    assert.deepEqual(summary(line), {
      date: '2026-06-06',
      salary: 123,
      payRule: 'continuedPay',
      legalBasis: '§4 EFZG',
    });
    assert.deepEqual(
      [line.baseSalary, line.taxFreeCash, line.taxableCash, line.taxableSurchargeCash],
      [75, 0, 123, 48],
    );
    assert.deepEqual(
      line.surcharges
        .map((s: Json) => [s.surcharge, s._cash, s.taxFreeCash, s.taxableCash])
        .sort((a: number[], b: number[]) => a[0]! - b[0]!),
      [
        [25, 7.5, 0, 7.5],
        [40, 18, 0, 18],
        [50, 22.5, 0, 22.5],
      ],
    );
  });

  test('a vacation over Whit Monday: the planned holiday job is holiday pay, the other day vacation pay', async () => {
    // Mon 2026-05-25 (Whit Monday) 08:00-12:00 planned: 4 × 15.00 = 60.00 + holiday 125 % 75.00 = 135.00 (§2 EFZG).
    // Tue 2026-05-26: a new hire (no salaries before the reference period): 8 h × 15.00 = 120.00 (§11 BUrlG fallback).
    const userId = await newUser();
    await newJob(userId, '2026-05-25T06:00:00Z', '2026-05-25T10:00:00Z');
    const lines = await approvedAbsence({
      userId,
      type: 2,
      dtStart: '2026-05-25T08:00:00Z',
      dtEnd: '2026-05-26T08:00:00Z',
    });
    assert.deepEqual(lines.map(summary), [
      { date: '2026-05-25', salary: 135, payRule: 'holidayPay', legalBasis: '§2 EFZG' },
      { date: '2026-05-26', salary: 120, payRule: 'vacationPay', legalBasis: '§11 BUrlG' },
    ]);
  });
});

describe('vacation pay (§11 BUrlG)', () => {
  test("a new hire's vacation without planned jobs pays the contract hours (was 0.00)", async () => {
    // Mon 2026-06-08 to Wed 06-10, 8 h a day × 15.00 = 120.00 each.
    const userId = await newUser();
    const lines = await approvedAbsence({
      userId,
      type: 2,
      dtStart: '2026-06-08T08:00:00Z',
      dtEnd: '2026-06-10T08:00:00Z',
    });
    assert.deepEqual(
      lines.map((l) => [l.date, l.salary, l.payRule]),
      [
        ['2026-06-08', 120, 'vacationPay'],
        ['2026-06-09', 120, 'vacationPay'],
        ['2026-06-10', 120, 'vacationPay'],
      ],
    );
  });

  test('with history: the 13-week average per working day', async () => {
    // Vacation Mon 2026-06-08 to Tue 06-09; reference 2026-03-09 to 2026-06-07. An entry on 2026-03-02 (before it)
    // makes the history full. In it: Mon 2026-06-01 07:00-11:00, 4 × 15.00 = 60.00; Sun 2026-05-31 08:00-12:00,
    // 60.00 + Sunday 50 % 30.00 = 90.00. Earnings 150.00 / (5 days × 13 = 65) = 2.3077 → 2.31 a day.
    const userId = await newUser();
    await approvedEntry(userId, '2026-03-02T07:00:00Z', '2026-03-02T11:00:00Z');
    await approvedEntry(userId, '2026-06-01T05:00:00Z', '2026-06-01T09:00:00Z');
    await approvedEntry(userId, '2026-05-31T06:00:00Z', '2026-05-31T10:00:00Z');
    const lines = await approvedAbsence({
      userId,
      type: 2,
      dtStart: '2026-06-08T08:00:00Z',
      dtEnd: '2026-06-09T08:00:00Z',
    });
    assert.deepEqual(
      lines.map((l) => [l.date, l.salary, l.payRule, l.referenceEarnings, l.referenceDays]),
      [
        ['2026-06-08', 2.31, 'vacationPay', 150, 65],
        ['2026-06-09', 2.31, 'vacationPay', 150, 65],
      ],
    );
  });

  test('a company that chose plannedJobs pays the planned jobs, as before', async () => {
    // Tue 2026-06-16 08:00-12:00 planned: 4 × 15.00 = 60.00; Wed 06-17 nothing planned, nothing paid.
    await ok('PATCH', '/v2/company/timeAndPaySettings', { vacationPayMethod: 'plannedJobs' });
    const userId = await newUser();
    await newJob(userId, '2026-06-16T06:00:00Z', '2026-06-16T10:00:00Z');
    const lines = await approvedAbsence({
      userId,
      type: 2,
      dtStart: '2026-06-16T08:00:00Z',
      dtEnd: '2026-06-17T08:00:00Z',
    });
    assert.deepEqual(
      lines.map((l) => [l.date, l.salary, l.payRule]),
      [['2026-06-16', 60, 'plannedJobs']],
    );
  });
});
