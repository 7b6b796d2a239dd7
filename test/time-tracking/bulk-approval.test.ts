// POST /v2/timeTracking/approve over HTTP: several entries approved at once with their salaries, all or
// nothing (a cancelled, running, missing or another company's entry refuses the whole call and is named),
// bounded, and only for managers of time tracking.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let other: Tenant;
let employee: LoggedIn;
let absencesOnly: LoggedIn;
let workerId: string;

const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

const HOUR = 3_600_000;
const day = Date.UTC(2025, 2, 3, 7);

async function entry(n: number, extra: Record<string, unknown> = {}, headers = admin.headers): Promise<string> {
  const start = day + n * 24 * HOUR;
  const body = {
    userId: workerId,
    timeStart: new Date(start).toISOString(),
    timeEnd: new Date(start + 4 * HOUR).toISOString(),
  };
  return (await ok('POST', '/v2/timeTracking/', { ...body, ...extra }, 201, headers))._id;
}

const approved = async (id: string) => (await ok('GET', `/v2/timeTracking/${id}`)).approved === true;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Bulk');
  other = await signup(t.app, 'Elsewhere');
  const groups = await groupIdsOf(t.app, admin.headers);
  workerId = (
    await ok(
      'POST',
      '/v2/users/',
      { general: { firstName: 'Wanda' }, contract: { salary: 15, salaryType: 'hourly' } },
      201,
    )
  )._id;
  employee = await createUser(t.app, admin.headers, groups.employee);
  const custom = await ok(
    'POST',
    '/v2/accessGroups/',
    { name: 'absences only', permissions: { absences: { read: 'all', write: 'all' } } },
    201,
  );
  absencesOnly = await createUser(t.app, admin.headers, custom._id);
});

after(() => t?.close());

describe('POST /v2/timeTracking/approve', () => {
  test('approves every named entry and computes its salary', async () => {
    const ids = [await entry(0), await entry(1), await entry(2)];
    const res = await ok('POST', '/v2/timeTracking/approve', { ids: [...ids, ids[0]] });
    assert.equal(res.approved, 3, 'a repeated id counts once');
    assert.deepEqual(res.entries.map((e: { _id: string }) => e._id).sort(), [...ids].sort());
    for (const e of res.entries) assert.equal(e.salaryIds.length, 1, JSON.stringify(e));
    for (const id of ids) assert.ok(await approved(id));
    const salaries = await ok('GET', `/v2/salaries/?limit=100&userId=${workerId}`);
    assert.ok(salaries.length >= 3, JSON.stringify(salaries));
  });

  test('one cancelled entry refuses them all, naming it (409)', async () => {
    const good = await entry(3);
    const cancelled = await entry(4);
    await ok('POST', `/v2/timeTracking/${cancelled}/cancel`, { reason: 'double' });
    const res = await req('POST', '/v2/timeTracking/approve', { ids: [good, cancelled] });
    assertProblem(res, 409);
    assert.match(res.body.detail, new RegExp(cancelled));
    assert.equal(await approved(good), false, 'nothing approved');
  });

  test('a running entry refuses them all (409)', async () => {
    const good = await entry(5);
    const running = await entry(6, { timeEnd: undefined });
    const res = await req('POST', '/v2/timeTracking/approve', { ids: [good, running] });
    assertProblem(res, 409);
    assert.match(res.body.detail, new RegExp(running));
    assert.equal(await approved(good), false);
  });

  test("another company's entry is not found and nothing is approved (404)", async () => {
    const good = await entry(7);
    const otherWorker = (await ok('POST', '/v2/users/', { general: { firstName: 'Olga' } }, 201, other.headers))._id;
    const foreign = (
      await ok(
        'POST',
        '/v2/timeTracking/',
        { userId: otherWorker, timeStart: new Date(day).toISOString(), timeEnd: new Date(day + HOUR).toISOString() },
        201,
        other.headers,
      )
    )._id;
    const res = await req('POST', '/v2/timeTracking/approve', { ids: [good, foreign] });
    assertProblem(res, 404);
    assert.match(res.body.detail, new RegExp(foreign));
    assert.equal(await approved(good), false);
    assert.equal((await ok('GET', `/v2/timeTracking/${foreign}`, undefined, 200, other.headers)).approved, false);
  });

  test('bounded: no ids, more than 200, malformed ids or other fields are 400', async () => {
    const many = Array.from({ length: 201 }, (_, i) => i.toString(16).padStart(24, '0'));
    assertProblem(await req('POST', '/v2/timeTracking/approve', { ids: [] }), 400);
    assertProblem(await req('POST', '/v2/timeTracking/approve', { ids: many }), 400);
    assertProblem(await req('POST', '/v2/timeTracking/approve', { ids: ['nope'] }), 400);
    assertProblem(await req('POST', '/v2/timeTracking/approve', { ids: [many[0]], all: true }), 400);
    assertProblem(await req('POST', '/v2/timeTracking/approve', {}), 400);
  });

  test('only managers of time tracking: an employee and an absences-only manager get 403', async () => {
    const id = await entry(8);
    for (const caller of [employee, absencesOnly]) {
      assertProblem(await req('POST', '/v2/timeTracking/approve', { ids: [id] }, caller.headers), 403);
    }
    assertProblem(await req('POST', '/v2/timeTracking/approve', { ids: [id] }, {}), 401);
    assert.equal(await approved(id), false);
  });
});
