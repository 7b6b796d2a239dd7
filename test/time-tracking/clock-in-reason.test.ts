// The crew app's reason for an unusual clock-in: GET /v2/timeTracking/clockRules gives the company's start
// window and distance limit to whoever may clock in, and POST /v2/jobs/{id}/start stores `clockInReason` on the
// entry, where the manager's list of entries reads it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let employee: Record<string, string>;
let employeeId: string;
let objectId: string;
const HOUR = 3_600_000;

const { req } = requester(
  () => t.app,
  () => admin.headers,
);

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Reason');
  const groups = await req('GET', '/v2/accessGroups/');
  const employeeGroup = (groups.body as Json[]).find((g) => g.name === 'employee')._id;
  const created = await req('POST', '/v2/users/', {
    general: { firstName: 'Ann' },
    id: 'ann',
    password: 'Ann-password-1',
    accessGroupId: employeeGroup,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  employeeId = created.body._id;
  const res = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'ann', password: 'Ann-password-1' });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  employee = { authorization: `Bearer ${res.body.accessToken}` };
  objectId = (await req('POST', '/v2/objects/', { name: 'Town Hall' })).body._id;
});
after(() => t.close());

describe('clock-in rules and reasons', () => {
  test('an employee reads the start window and distance limit; they follow the company settings', async () => {
    const defaults = await req('GET', '/v2/timeTracking/clockRules', undefined, employee);
    assert.equal(defaults.status, 200, JSON.stringify(defaults.body));
    assert.deepEqual(defaults.body, { startToleranceMinutes: 60, maxDistanceMeters: 500 });
    const patched = await req('PATCH', '/v2/company/timeAndPaySettings', {
      plausibility: { startToleranceMinutes: 15, maxDistanceMeters: 300 },
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const rules = await req('GET', '/v2/timeTracking/clockRules', undefined, employee);
    assert.deepEqual(rules.body, { startToleranceMinutes: 15, maxDistanceMeters: 300 });
    // The company's settings themselves stay closed to the employee.
    assert.equal((await req('GET', '/v2/company/timeAndPaySettings', undefined, employee)).status, 403);
    assert.equal((await call(t.app, 'GET', '/v2/timeTracking/clockRules', {})).status, 401);
  });

  test('a clock-in two hours early stores its reason on the entry, and the manager reads it', async () => {
    const from = new Date(Date.now() + 2 * HOUR).toISOString();
    const to = new Date(Date.now() + 4 * HOUR).toISOString();
    const job = await req('POST', '/v2/jobs/', { from, to, userId: employeeId, objectId });
    assert.equal(job.status, 201, JSON.stringify(job.body));
    const reason = 'The caretaker opens at 6 today';
    const started = await req(
      'POST',
      `/v2/jobs/${job.body._id}/start`,
      { clientId: 'reason-1', clockInReason: reason },
      employee,
    );
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const entries = await req('GET', `/v2/timeTracking/?jobIds=${job.body._id}`);
    assert.equal(entries.status, 200);
    assert.equal(entries.body.length, 1);
    assert.equal(entries.body[0].clockInReason, reason);
    assert.ok(entries.body[0].errors.includes('STARTED_TOO_EARLY'));
    const own = await req('GET', `/v2/timeTracking/${started.body._id}`, undefined, employee);
    assert.equal(own.body.clockInReason, reason);
  });

  test('a reason is bounded and only for a clock-in', async () => {
    const from = new Date(Date.now() - HOUR).toISOString();
    const job = await req('POST', '/v2/jobs/', {
      from,
      to: new Date(Date.now() + HOUR).toISOString(),
      userId: employeeId,
    });
    const long = await req('POST', `/v2/jobs/${job.body._id}/start`, { clockInReason: 'x'.repeat(501) }, employee);
    assertProblem(long, 400);
    await req('POST', `/v2/jobs/${job.body._id}/start`, {}, employee);
    const onStop = await req('POST', `/v2/jobs/${job.body._id}/stop`, { clockInReason: 'late' }, employee);
    assertProblem(onStop, 400);
  });
});
