// One-off jobs through /v2/jobs/ (create, read, list, update, delete) and the job actions:
// assign (one user or a team), unassign, move, split, accept and replacement.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let employee: Record<string, string>;
const user: Record<string, string> = {};
const MISSING = '0123456789abcdef01234567';

async function createUser(name: string, extra: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/v2/users/', admin.headers, { general: { firstName: name }, ...extra });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  user[name] = res.body._id;
}

/** A one-off job on 2027-09-<day> from hour to hour (UTC). */
async function newJob(day: number, from: number, to: number, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(t.app, 'POST', '/v2/jobs/', admin.headers, {
    from: slot(day, from),
    to: slot(day, to),
    ...extra,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.match(res.body._id, /^[0-9a-f]{24}$/);
  return res.body._id;
}
const slot = (day: number, hour: number) =>
  new Date(Date.UTC(2027, 8, day, Math.floor(hour), (hour % 1) * 60)).toISOString();

async function read(id: string, headers = admin.headers) {
  const res = await call(t.app, 'GET', `/v2/jobs/${id}`, headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

async function act(id: string, verb: string, body: unknown, status = 200, headers = admin.headers) {
  const res = await call(t.app, 'POST', `/v2/jobs/${id}/${verb}`, headers, body);
  assert.equal(res.status, status, `${verb}: ${JSON.stringify(res.body)}`);
  return res.body;
}

function assertProblem(body: Json, path: string) {
  assert.equal(body.status, 400);
  assert.ok(
    body.errors.some((e: { path: string }) => e.path === path),
    JSON.stringify(body),
  );
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Crew');
  for (const name of ['Ann', 'Bob', 'Cem', 'Dora']) await createUser(name);
  await createUser('Eve', { id: 'eve', password: 'employee-pass-1' });
  const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'eve', password: 'employee-pass-1' });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  employee = { authorization: `Bearer ${login.body.accessToken}` };
});
after(() => t.close());

describe('one-off jobs', () => {
  test('created without an assignment; targetTime defaults to the planned minutes', async () => {
    const id = await newJob(1, 8, 9.5, { title: 'Windows' });
    const job = await read(id);
    assert.equal(job._id, id);
    assert.equal(job.companyId, admin.companyId);
    assert.equal(job.from, '2027-09-01T08:00:00.000Z');
    assert.equal(job.to, '2027-09-01T09:30:00.000Z');
    assert.equal(job.targetTime, 90);
    assert.equal(job.title, 'Windows');
    assert.equal(job.state, 'open');
    assert.equal(job.assignmentId, undefined);
    assert.equal('userId' in job, false);
    assert.equal((await read(await newJob(1, 10, 12, { targetTime: 45 }))).targetTime, 45);
  });

  test('from and to are required, and to must be after from', async () => {
    for (const [body, path] of [
      [{ to: slot(1, 9) }, 'from'],
      [{ from: slot(1, 9) }, 'to'],
      [{ from: slot(1, 9), to: slot(1, 9) }, 'to'],
      [{ from: slot(1, 9), to: slot(1, 8) }, 'to'],
    ] as const) {
      const res = await call(t.app, 'POST', '/v2/jobs/', admin.headers, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assertProblem(res.body, path);
    }
  });

  test('list with X-Total-Count, sort and field filters', async () => {
    await createUser('Lisa');
    const first = await newJob(2, 8, 9, { userId: user.Lisa });
    const second = await newJob(3, 8, 9, { userId: user.Lisa });
    const third = await newJob(4, 8, 9, { userId: user.Lisa });
    await newJob(5, 8, 9, { userId: user.Ann });
    const list = await call(t.app, 'GET', `/v2/jobs/?userId=${user.Lisa}&sort=from:-1`, admin.headers);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.map((j: Json) => j._id),
      [third, second, first],
    );
    assert.equal(list.headers['x-total-count'], '3');
    const page = await call(t.app, 'GET', `/v2/jobs/?userId=${user.Lisa}&sort=from:1&limit=2&offset=1`, admin.headers);
    assert.deepEqual(
      page.body.map((j: Json) => j._id),
      [second, third],
    );
    assert.equal(page.headers['x-total-count'], '3');
  });

  test('PATCH updates; DELETE removes (then 404)', async () => {
    const id = await newJob(6, 8, 10);
    const patched = await call(t.app, 'PATCH', `/v2/jobs/${id}`, admin.headers, {
      title: 'Renamed',
      jobComment: 'Key at the desk',
    });
    assert.deepEqual(patched.body, { updated: true });
    const job = await read(id);
    assert.deepEqual([job.title, job.jobComment, job.targetTime], ['Renamed', 'Key at the desk', 120]);
    const deleted = await call(t.app, 'DELETE', `/v2/jobs/${id}`, admin.headers);
    assert.deepEqual([deleted.status, deleted.body], [200, { deleted: true }]);
    assert.equal((await call(t.app, 'GET', `/v2/jobs/${id}`, admin.headers)).status, 404);
    assert.equal((await call(t.app, 'DELETE', `/v2/jobs/${id}`, admin.headers)).status, 404);
  });

  test('an unknown id is 404, a malformed id 400, on reads, writes and actions', async () => {
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { title: 'x' }],
      ['DELETE', '', undefined],
      ['POST', '/assign', { userIds: [user.Ann] }],
      ['POST', '/unassign', undefined],
      ['POST', '/move', { from: slot(7, 8) }],
      ['POST', '/split', { at: slot(7, 8) }],
      ['POST', '/accept', { acceptedStatus: 'accepted' }],
      ['POST', '/replacement', { userId: user.Ann }],
    ] as const) {
      const unknown = await call(t.app, method, `/v2/jobs/${MISSING}${suffix}`, admin.headers, body);
      assert.equal(unknown.status, 404, `${method} ${suffix}: ${JSON.stringify(unknown.body)}`);
      const malformed = await call(t.app, method, `/v2/jobs/not-an-id${suffix}`, admin.headers, body);
      assert.equal(malformed.status, 400, `${method} ${suffix} malformed`);
    }
  });
});

describe('assign and unassign', () => {
  test("one user becomes the job's user; unassign removes it", async () => {
    const id = await newJob(8, 8, 10);
    assert.deepEqual(await act(id, 'assign', { userIds: [user.Ann] }), { _id: id, ids: [id] });
    assert.equal((await read(id)).userId, user.Ann);
    assertProblem(await act(id, 'assign', { userIds: [MISSING] }, 400), 'userIds');
    assert.deepEqual(await act(id, 'unassign', undefined), { updated: true });
    assert.equal('userId' in (await read(id)), false);
  });

  test('several users make a team: one job per user, one teamId', async () => {
    const id = await newJob(9, 8, 10, { title: 'Deep clean' });
    const result = await act(id, 'assign', { userIds: [user.Ann, user.Bob, user.Cem] });
    assert.equal(result._id, id);
    assert.equal(result.ids.length, 3);
    assert.equal(result.ids[0], id);
    assert.match(result.teamId, /^[0-9a-f]{24}$/);
    const team = await Promise.all(result.ids.map((jobId: string) => read(jobId)));
    assert.deepEqual(
      team.map((j) => j.userId),
      [user.Ann, user.Bob, user.Cem],
    );
    for (const job of team) {
      assert.deepEqual(
        [job.teamId, job.from, job.to, job.title],
        [result.teamId, slot(9, 8), slot(9, 10), 'Deep clean'],
      );
    }
  });

  test('a user already in the team is a conflict', async () => {
    const id = await newJob(10, 8, 10);
    await act(id, 'assign', { userIds: [user.Ann, user.Bob] });
    await act(id, 'assign', { userIds: [user.Ann, user.Bob] }, 409);
    const added = await act(id, 'assign', { userIds: [user.Ann, user.Dora] }); // a new member is fine
    assert.equal(added.ids.length, 2);
    // Bob already has the team's other job: making him this job's user too would double him.
    await act(id, 'assign', { userIds: [user.Bob] }, 409);
    await act(id, 'assign', { userIds: [user.Bob, user.Cem] }, 409);
    assert.equal((await read(id)).userId, user.Ann);
  });
});

describe('move and split', () => {
  test('move keeps the duration without `to`; originalId stays the first job id', async () => {
    const id = await newJob(11, 8, 10);
    assert.deepEqual(await act(id, 'move', { from: slot(11, 14) }), { updated: true });
    let job = await read(id);
    assert.deepEqual([job.from, job.to, job.targetTime, job.originalId], [slot(11, 14), slot(11, 16), 120, id]);
    await act(id, 'move', { from: slot(12, 9), to: slot(12, 12) });
    job = await read(id);
    assert.deepEqual(
      [job.from, job.to, job.targetTime, job.originalId, job.originalFrom],
      [slot(12, 9), slot(12, 12), 180, id, slot(11, 8)],
    );
  });

  test('move rejects a `to` not after `from` and a job longer than 7 days', async () => {
    const id = await newJob(13, 8, 10);
    assertProblem(await act(id, 'move', { from: slot(13, 12), to: slot(13, 12) }, 400), 'to');
    assertProblem(await act(id, 'move', { from: slot(13, 12), to: slot(13, 11) }, 400), 'to');
    assertProblem(await act(id, 'move', { from: slot(13, 8), to: slot(21, 8) }, 400), 'to'); // POST/PATCH allow 7 days
    const job = await read(id);
    assert.deepEqual([job.from, job.to], [slot(13, 8), slot(13, 10)]);
  });

  test('split makes two jobs sharing a splitId; the second starts at `at`', async () => {
    const id = await newJob(14, 8, 12, { userId: user.Ann });
    const result = await act(id, 'split', { at: slot(14, 9.5) });
    assert.equal(result.ids.length, 2);
    assert.equal(result.ids[0], id);
    assert.equal(result._id, result.ids[1]);
    const [first, second] = [await read(id), await read(result._id)];
    assert.deepEqual([first.from, first.to, first.targetTime], [slot(14, 8), slot(14, 9.5), 90]);
    assert.deepEqual(
      [second.from, second.to, second.targetTime, second.userId],
      [slot(14, 9.5), slot(14, 12), 150, user.Ann],
    );
    assert.equal(first.splitId, result.splitId);
    assert.equal(second.splitId, result.splitId);
  });

  test('split keeps the total target time, and `at` must lie inside the job', async () => {
    const id = await newJob(15, 8, 12, { targetTime: 200 });
    for (const at of [slot(15, 8), slot(15, 12), slot(15, 13), slot(14, 10)])
      assertProblem(await act(id, 'split', { at }, 400), 'at');
    const result = await act(id, 'split', { at: slot(15, 10) });
    const [first, second] = [await read(id), await read(result._id)];
    assert.equal(first.targetTime + second.targetTime, 200);
  });
});

describe('accept and replacement', () => {
  test('accept sets acceptedStatus; an unassigned job cannot be accepted', async () => {
    const id = await newJob(16, 8, 10, { userId: user.Ann });
    assert.deepEqual(await act(id, 'accept', { acceptedStatus: 'declined' }), { updated: true });
    assert.equal((await read(id)).acceptedStatus, 'declined');
    await act(id, 'accept', { acceptedStatus: 'accepted' });
    assert.equal((await read(id)).acceptedStatus, 'accepted');
    await act(id, 'accept', { acceptedStatus: 'maybe' }, 400);
    const unassigned = await newJob(16, 11, 12);
    await act(unassigned, 'accept', { acceptedStatus: 'accepted' }, 409);
    assert.equal((await read(unassigned)).acceptedStatus, undefined);
  });

  test('a replacement job points at the original; the same user is a conflict', async () => {
    const id = await newJob(17, 8, 10, { userId: user.Ann, title: 'Lobby' });
    const result = await act(id, 'replacement', { userId: user.Bob });
    assert.match(result._id, /^[0-9a-f]{24}$/);
    assert.notEqual(result._id, id);
    const replacement = await read(result._id);
    assert.deepEqual(
      [replacement.masterJobId, replacement.userId, replacement.from, replacement.to, replacement.title],
      [id, user.Bob, slot(17, 8), slot(17, 10), 'Lobby'],
    );
    assert.equal((await read(id)).userId, user.Ann);
    await act(id, 'replacement', { userId: user.Ann }, 409);
    assertProblem(await act(id, 'replacement', { userId: MISSING }, 400), 'userId');
  });
});

describe('an employee', () => {
  test('reads and accepts only their own jobs, and cannot plan', async () => {
    const own = await newJob(18, 8, 10, { userId: user.Eve });
    const others = await newJob(18, 8, 10, { userId: user.Ann });
    const list = await call(
      t.app,
      'GET',
      '/v2/jobs/?fromFrom=2027-09-18T00:00:00Z&fromTo=2027-09-19T00:00:00Z',
      employee,
    );
    assert.deepEqual(
      list.body.map((j: Json) => j._id),
      [own],
    );
    assert.equal(list.headers['x-total-count'], '1');
    assert.equal((await read(own, employee)).userId, user.Eve);
    assert.equal((await call(t.app, 'GET', `/v2/jobs/${others}`, employee)).status, 404);

    assert.deepEqual(await act(own, 'accept', { acceptedStatus: 'accepted' }, 200, employee), { updated: true });
    assert.equal((await read(own)).acceptedStatus, 'accepted');
    await act(others, 'accept', { acceptedStatus: 'accepted' }, 404, employee);
    assert.equal((await read(others)).acceptedStatus, undefined);

    await act(own, 'assign', { userIds: [user.Eve] }, 403, employee);
    await act(own, 'move', { from: slot(19, 8) }, 403, employee);
    await act(own, 'split', { at: slot(18, 9) }, 403, employee);
    assert.equal(
      (await call(t.app, 'POST', '/v2/jobs/', employee, { from: slot(18, 8), to: slot(18, 9), userId: user.Eve }))
        .status,
      403,
    );
    assert.equal((await call(t.app, 'PATCH', `/v2/jobs/${own}`, employee, { title: 'Mine' })).status, 403);
    assert.equal((await read(own)).from, slot(18, 8));
  });
});
