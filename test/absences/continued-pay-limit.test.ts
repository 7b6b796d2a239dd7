// §3 EFZG and §2 EFZG over HTTP: six weeks per illness, the four-week waiting period, an illness
// linked as the same cause, Krankengeldbezug days in the payroll export, and holiday pay from the
// contract's hours when no job is planned. Hand-worked; hourly 15.00 EUR, default contract Mon-Fri
// 8 h, jobs of 2 h (08:00-10:00 local) = 30.00 a day; Europe/Berlin, nationwide holidays only.
// Calendar: 2026-06-01, 06-15, 03-02 and 04-27 are Mondays; 2026-05-01 is a Friday (Labour Day).
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
const employee = async (contract: Record<string, unknown> = {}) =>
  (
    await ok(
      'POST',
      '/v2/users/',
      {
        general: { firstName: 'Efzg', lastName: `E${++counter}` },
        contract: { salary: 15, salaryType: 'hourly', ...contract },
      },
      201,
    )
  )._id as string;

/** A 2 h job on each weekday from `from` to `to` (inclusive, local dates in summer time, +02:00). */
async function jobsOnWeekdays(userId: string, from: string, to: string) {
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000) {
    const day = new Date(d);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    await ok('POST', '/v2/jobs/', { userId, from: `${date}T06:00:00Z`, to: `${date}T08:00:00Z` }, 201);
  }
}
async function approved(userId: string, type: number, from: string, to: string, extra: Record<string, unknown> = {}) {
  const id = (
    await ok(
      'POST',
      '/v2/absences/',
      { userId, type, dtStart: `${from}T06:00:00Z`, dtEnd: `${to}T14:00:00Z`, ...extra },
      201,
    )
  )._id as string;
  await ok('POST', `/v2/absences/${id}/approve`);
  return id;
}
const salaries = (absenceId: string) =>
  ok('GET', `/v2/salaries/?absenceId=${absenceId}&sort=date:1&limit=100`) as Promise<Json[]>;
const total = (lines: Json[]) => Math.round(lines.reduce((s, l) => s + l.salary, 0) * 100) / 100;
const unpaidDates = (lines: Json[]) => lines.filter((l) => l.payRule === 'Krankengeldbezug').map((l) => l.date);

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'ContinuedPay');
});
after(() => t.close());

describe('continued pay in illness (§3 EFZG)', () => {
  test('seven weeks ill: six paid (900.00, was 1,050.00), the rest Krankengeldbezug and exported so', async () => {
    const userId = await employee({ startDate: '2020-01-01' });
    await jobsOnWeekdays(userId, '2026-06-01', '2026-07-17');
    const id = await approved(userId, 1, '2026-06-01', '2026-07-19');
    const lines = await salaries(id);
    // 35 weekdays; day 42 is Sun 07-12: 30 paid × 30.00 = 900.00; Mon 07-13 .. Fri 07-17 at 0.
    assert.equal(total(lines), 900);
    assert.deepEqual(unpaidDates(lines), ['2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16', '2026-07-17']);
    assert.ok(lines.filter((l) => l.payRule === 'Krankengeldbezug').every((l) => l.salary === 0));
    const csv = (await t.app.inject({ method: 'GET', url: '/v2/payroll/export?month=2026-07', headers: admin.headers }))
      .body;
    // July: 8 paid weekdays (Wed 07-01 .. Fri 07-10) = 240.00; 5 Krankengeldbezug days on wage type 9120.
    const mine = csv.split('\r\n').filter((l) => l.includes('Efzg E1'));
    assert.ok(
      mine.some((l) => l.endsWith(';9120;days:Krankengeldbezug;Abwesenheitstage Krankengeldbezug;;5;;;;;')),
      mine.join('\n'),
    );
    assert.ok(
      mine.some((l) => /;absence:illness;.*;240,00;0,00;240,00$/.test(l)),
      mine.join('\n'),
    );
  });

  test('a new hire ill in the first four weeks is paid from day 29 (150.00, was 450.00)', async () => {
    const userId = await employee({ startDate: '2026-06-01' });
    await jobsOnWeekdays(userId, '2026-06-15', '2026-07-03');
    const lines = await salaries(await approved(userId, 1, '2026-06-15', '2026-07-03'));
    // Day 29 = 06-29: Mon 06-29 .. Fri 07-03 = 5 × 30.00 = 150.00; the 10 days before are unpaid.
    assert.equal(total(lines), 150);
    assert.equal(unpaidDates(lines).length, 10);
    assert.equal(unpaidDates(lines).at(-1), '2026-06-26');
  });

  test('an illness linked as the same cause gets only the rest of the six weeks', async () => {
    const userId = await employee({ startDate: '2020-01-01' });
    const first = await approved(userId, 1, '2026-01-05', '2026-02-01'); // 28 calendar days
    await jobsOnWeekdays(userId, '2026-03-02', '2026-03-20');
    const second = await approved(userId, 1, '2026-03-02', '2026-03-20', { sameCauseAs: first });
    const lines = await salaries(second);
    // 42 - 28 = 14 days: 03-02 .. 03-15, 10 weekdays × 30.00 = 300.00; 03-16 .. 03-20 unpaid.
    assert.equal(total(lines), 300);
    assert.deepEqual(unpaidDates(lines), ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20']);
  });
});

describe('holiday pay without a planned job (§2 EFZG)', () => {
  test('Labour Day inside a vacation and inside an illness pays the contract hours (120.00, was 0)', async () => {
    for (const type of [2, 1]) {
      const userId = await employee({ startDate: '2020-01-01' });
      const lines = await salaries(await approved(userId, type, '2026-04-27', '2026-05-01'));
      // Fri 05-01: 8 h × 15.00 = 120.00, holiday pay on the contract's hours.
      const may1 = lines.find((l) => l.date === '2026-05-01');
      assert.equal(may1?.payRule, 'holidayPay', `type ${type}`);
      assert.equal(may1?.salary, 120);
      assert.equal(may1?.legalBasis, '§2 EFZG');
    }
  });
});
