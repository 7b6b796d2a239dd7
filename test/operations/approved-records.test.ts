// What a manager approved is no longer its author's: an employee (write level `own`) changes and
// deletes their material orders, time-tracking entries and absences only until a manager decides
// on them (409 afterwards); managers keep what each area allows them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newObjectId } from '../../src/platform/ids.js';
import { assertProblem, requester, type Headers, type Reply } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let manager: Headers;
const employee = { id: '', headers: {} as Headers };
let objectId: string;
let articleId: string;

const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

/** A user of the named default group, logged in. */
async function member(group: 'employee' | 'objectmanager'): Promise<{ id: string; headers: Headers }> {
  const groups = (await ok('GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
  const username = `${group}-${newObjectId()}`;
  const id = (
    await ok(
      'POST',
      '/v2/users/',
      { id: username, password: 'a-long-password-1', accessGroupId: groups.find((g) => g.name === group)!._id },
      201,
    )
  )._id;
  const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username, password: 'a-long-password-1' });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return { id, headers: { authorization: `Bearer ${login.body.accessToken}` } };
}

/** 409 whose text says the record was approved (or decided on). */
function assertLocked(res: Reply, word = 'approved') {
  assertProblem(res, 409);
  assert.match(res.body.detail, new RegExp(word));
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Approvals');
  Object.assign(employee, await member('employee'));
  manager = (await member('objectmanager')).headers;
  objectId = (await ok('POST', '/v2/objects/', { name: 'Depot' }, 201))._id;
  articleId = (await ok('POST', '/v2/articles/', { name: 'Soap' }, 201))._id;
});
after(() => t.close());

describe('material orders', () => {
  const order = async () =>
    (
      await ok(
        'POST',
        '/v2/orders/',
        { items: [{ articleId, quantity: 1 }], userId: employee.id, objectId },
        201,
        employee.headers,
      )
    )._id as string;

  test('before approval the author changes and deletes their order', async () => {
    const id = await order();
    assert.deepEqual(await ok('PATCH', `/v2/orders/${id}`, { comment: 'by Friday' }, 200, employee.headers), {
      updated: true,
    });
    assert.deepEqual(await ok('DELETE', `/v2/orders/${id}`, undefined, 200, employee.headers), { deleted: true });
  });

  test("after approval the author's PATCH and DELETE are 409 and change nothing", async () => {
    const id = await order();
    await ok('POST', `/v2/orders/${id}/approve`, undefined, 200, manager);
    const approved = await ok('GET', `/v2/orders/${id}`);
    assertLocked(await req('PATCH', `/v2/orders/${id}`, { items: [{ articleId, quantity: 500 }] }, employee.headers));
    assertLocked(await req('DELETE', `/v2/orders/${id}`, undefined, employee.headers));
    assert.deepEqual(await ok('GET', `/v2/orders/${id}`), approved);
  });

  test('a manager still changes an approved order until it is completed, and may delete it', async () => {
    const id = await order();
    await ok('POST', `/v2/orders/${id}/approve`, undefined, 200, manager);
    assert.deepEqual(await ok('PATCH', `/v2/orders/${id}`, { comment: 'back door' }, 200, manager), { updated: true });
    assert.equal((await ok('GET', `/v2/orders/${id}`)).approved, true);
    assert.deepEqual(await ok('DELETE', `/v2/orders/${id}`, undefined, 200, manager), { deleted: true });
  });
});

describe('time-tracking entries', () => {
  const entry = async () =>
    (
      await ok(
        'POST',
        '/v2/timeTracking/',
        {
          userId: employee.id,
          objectId,
          timeStart: '2027-01-05T06:00:00Z',
          timeEnd: '2027-01-05T08:00:00Z',
          reason: 'forgot to clock in',
        },
        201,
        manager,
      )
    )._id as string;

  test('before approval only managers correct entries (403 to the employee), as before', async () => {
    const id = await entry();
    assertProblem(
      await req('PATCH', `/v2/timeTracking/${id}`, { comment: 'mine', reason: 'x' }, employee.headers),
      403,
    );
    assert.deepEqual(
      await ok('PATCH', `/v2/timeTracking/${id}`, { comment: 'checked', reason: 'note' }, 200, manager),
      { updated: true },
    );
  });

  test("after approval the employee's PATCH is 409; a manager's correction with a reason still recomputes", async () => {
    const id = await entry();
    await ok('POST', `/v2/timeTracking/${id}/approve`, undefined, 200, manager);
    assertLocked(
      await req(
        'PATCH',
        `/v2/timeTracking/${id}`,
        { timeEnd: '2027-01-05T12:00:00Z', reason: 'longer' },
        employee.headers,
      ),
    );
    assert.equal((await ok('GET', `/v2/timeTracking/${id}`)).timeEnd, '2027-01-05T08:00:00.000Z');
    assertProblem(await req('PATCH', `/v2/timeTracking/${id}`, { timeEnd: '2027-01-05T09:00:00Z' }, manager), 400, [
      'reason',
      'body.reason',
    ]);
    await ok(
      'PATCH',
      `/v2/timeTracking/${id}`,
      { timeEnd: '2027-01-05T09:00:00Z', reason: 'stayed longer' },
      200,
      manager,
    );
    const corrected = await ok('GET', `/v2/timeTracking/${id}`);
    assert.equal(corrected.workingTime, 3 * 3600);
    assert.equal(corrected.editedByManager, true);
  });

  test('entries are never deleted, by anyone (404: no such route)', async () => {
    const id = await entry();
    assert.equal((await req('DELETE', `/v2/timeTracking/${id}`, undefined, employee.headers)).status, 404);
  });
});

describe('absences', () => {
  const request = async () =>
    (
      await ok(
        'POST',
        '/v2/absences/',
        { userId: employee.id, type: 2, dtStart: '2027-03-01T06:00:00Z', dtEnd: '2027-03-02T14:00:00Z' },
        201,
        employee.headers,
      )
    )._id as string;

  test('while open the author changes and deletes their request', async () => {
    const id = await request();
    assert.deepEqual(await ok('PATCH', `/v2/absences/${id}`, { desc: 'trip' }, 200, employee.headers), {
      updated: true,
    });
    assert.deepEqual(await ok('DELETE', `/v2/absences/${id}`, undefined, 200, employee.headers), { deleted: true });
  });

  test("once approved, the author's PATCH and DELETE are 409; a manager may still change it", async () => {
    const id = await request();
    await ok('POST', `/v2/absences/${id}/approve`, undefined, 200, manager);
    assertLocked(await req('PATCH', `/v2/absences/${id}`, { dtEnd: '2027-03-05T14:00:00Z' }, employee.headers));
    assertLocked(await req('DELETE', `/v2/absences/${id}`, undefined, employee.headers));
    assert.deepEqual(await ok('PATCH', `/v2/absences/${id}`, { desc: 'approved trip' }, 200, manager), {
      updated: true,
    });
    const a = await ok('GET', `/v2/absences/${id}`);
    assert.equal(a.state, 'approved');
    assert.equal(a.dtEnd, '2027-03-02T14:00:00.000Z');
    // Managers cancel an approved absence rather than delete it (the rule of absences).
    assertProblem(await req('DELETE', `/v2/absences/${id}`, undefined, manager), 409);
  });

  test('once declined, the author can neither change nor delete it; a manager may delete it', async () => {
    const id = await request();
    await ok('POST', `/v2/absences/${id}/decline`, { declineComment: 'busy week' }, 200, manager);
    assertLocked(await req('PATCH', `/v2/absences/${id}`, { desc: 'please' }, employee.headers), 'declined');
    assertLocked(await req('DELETE', `/v2/absences/${id}`, undefined, employee.headers), 'declined');
    assert.equal((await ok('GET', `/v2/absences/${id}`)).declineComment, 'busy week');
    assert.deepEqual(await ok('DELETE', `/v2/absences/${id}`, undefined, 200, manager), { deleted: true });
  });
});
