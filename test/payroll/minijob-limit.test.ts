// Employment type on the contract and the minijob limit over HTTP, hand-worked: §8 (1a) SGB IV,
// limit = minimum wage × 130 / 3 rounded up: 14.60 × 130 / 3 = 632.67 → 633.00 EUR in 2027.
// Europe/Berlin (CET = UTC+1 in January), no surcharge rules.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);
let userId: string;
let number: number;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'minijob');
  const contract = { salary: 14.6, salaryType: 'hourly', employmentType: 'minijob' };
  const user = await ok('POST', '/v2/users/', { general: { firstName: 'Mini', lastName: 'Job' }, contract }, 201);
  userId = user._id;
  number = (await ok('GET', `/v2/users/${userId}`)).number;
  // 8 days of 08:00-13:30 local (5.5 h, no break under 6 h) in January 2027: 44 h × 14.60 = 642.40.
  for (const day of ['04', '05', '06', '07', '11', '12', '13', '14']) {
    const entry = { userId, timeStart: `2027-01-${day}T07:00:00Z`, timeEnd: `2027-01-${day}T12:30:00Z` };
    const { _id } = await ok('POST', '/v2/timeTracking/', entry, 201);
    await ok('POST', `/v2/timeTracking/${_id}/approve`, undefined, 200);
  }
});
after(() => t.close());

describe('minijob limit (§8 SGB IV)', () => {
  test('the type is validated: one of the five, months as YYYY-MM', async () => {
    assertProblem(await req('PATCH', `/v2/users/${userId}`, { contract: { employmentType: 'mini' } }), 400);
    assertProblem(
      await req('PATCH', `/v2/users/${userId}`, { contract: { unforeseeableExceedings: ['2027-13'] } }),
      400,
    );
  });

  test('642.40 in January 2027 exceeds 633.00: flagged on the timesheet and in the LODAS file (was no warning)', async () => {
    const sheet = await ok('GET', `/v2/users/${userId}/timesheet?month=2027-01`);
    assert.equal(sheet.totals.payCents, 64_240);
    assert.deepEqual(sheet.employment, {
      type: 'minijob',
      limitCents: 63_300,
      midijobUpperCents: 200_000,
      payCents: 64_240,
      flags: ['MINIJOB_LIMIT_EXCEEDED', 'MIDIJOB_BAND'],
    });
    await ok('PATCH', '/v2/company/payrollExportSettings', { consultantNumber: '1234567', clientNumber: '12345' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/payroll/export?month=2027-01&format=lodas',
      headers: admin.headers,
    });
    assert.ok(
      res.body.includes(`* Hinweis MINIJOB_LIMIT_EXCEEDED: ${number} Entgelt 642,40 Grenze 633,00\r\n`),
      res.body,
    );
  });

  test('recorded as unforeseeable (§8 (1b) SGB IV): told as such, not as exceeded', async () => {
    // 642.40 ≤ 2 × 633.00 and the first recorded month in the Zeitjahr.
    await ok('PATCH', `/v2/users/${userId}`, { contract: { unforeseeableExceedings: ['2027-01'] } });
    const sheet = await ok('GET', `/v2/users/${userId}/timesheet?month=2027-01`);
    assert.deepEqual(sheet.employment.flags, ['MINIJOB_UNFORESEEABLE_EXCEEDING']);
  });

  test('as part-time the same month is in the Midijob band (633.01 to 2,000.00)', async () => {
    await ok('PATCH', `/v2/users/${userId}`, { contract: { employmentType: 'partTime' } });
    const sheet = await ok('GET', `/v2/users/${userId}/timesheet?month=2027-01`);
    assert.deepEqual(sheet.employment.flags, ['MIDIJOB_BAND']);
  });
});
