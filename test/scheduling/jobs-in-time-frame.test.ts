// POST /v2/jobs/jobsInTimeFrame as the spec states it: an epoch-millisecond window, every optional
// filter checked against a fixed set of jobs (exact ids), overlap semantics, tenancy, the employee's
// own jobs, and DST-correct generation of assignment jobs on demand.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let other: Tenant;
let employee: Record<string, string>;

const ms = (iso: string) => String(Date.parse(iso));
const W = { from: ms('2027-06-07T00:00:00Z'), to: ms('2027-06-08T00:00:00Z') };
const ALL_IN_W = ['edge', 'lateEdge', 'open', 'solo', 'teamU1', 'teamU2', 'tpl'];
const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Job id -> readable label, so a failing filter shows which jobs it returned. */
const label = new Map<string, string>();
const id: Record<string, string> = {};

async function create(path: string, body: Record<string, unknown>, tenant = admin): Promise<string> {
  const res = await call(t.app, 'POST', path, tenant.headers, body);
  assert.equal(res.status, 201, `${path}: ${JSON.stringify(res.body)}`);
  return res.body._id;
}

async function job(name: string, body: Record<string, unknown>, tenant = admin) {
  id[name] = await create('/v2/jobs/', body, tenant);
  label.set(id[name]!, name);
}

/** A single occurrence (FREQ=DAILY;COUNT=1) on a day, in UTC. */
const once = (day: string, from: string, to: string) => ({
  tzid: 'UTC',
  rrule: 'FREQ=DAILY;COUNT=1',
  dtstart: `${day}T${from}:00`,
  dtend: `${day}T${to}:00`,
});

async function frame(body: Record<string, unknown>, headers = admin.headers): Promise<Json[]> {
  const res = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', headers, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.ok(Array.isArray(res.body));
  return res.body;
}

async function names(filter: Record<string, unknown>, window = W, headers = admin.headers): Promise<string[]> {
  return (await frame({ ...window, ...filter }, headers)).map((j) => label.get(j._id) ?? j._id).sort();
}

async function rejected(body: Record<string, unknown>, field: string) {
  const res = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', admin.headers, body);
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.deepEqual(
    [...new Set(res.body.errors.map((e: { path: string }) => e.path))],
    [field],
    JSON.stringify(res.body),
  );
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Admin');
  other = await signup(t.app, 'Other');
  id.u1 = await create('/v2/users/', { id: 'uma', password: 'employee-pass-1', general: { firstName: 'Uma' } });
  id.u2 = await create('/v2/users/', { general: { firstName: 'Ben' } });
  const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'uma', password: 'employee-pass-1' });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  employee = { authorization: `Bearer ${login.body.accessToken}` };

  id.atA = await create('/v2/activityTypes/', { name: 'Cleaning' });
  id.atB = await create('/v2/activityTypes/', { name: 'Windows' });
  id.o1 = await create('/v2/objects/', { name: 'Tower', tags: ['vip'] });
  id.o2 = await create('/v2/objects/', { name: 'Depot' });
  id.template = await create('/v2/jobTemplates/', { name: 'Checklist' });

  // Window W (2027-06-07): three assignments, each with one occurrence that day.
  id.asgSolo = await create('/v2/assignments/', {
    objectId: id.o1,
    title: 'Solo',
    userIds: [id.u1],
    activityTypeId: id.atA,
    iCalendar: once('2027-06-07', '08:00', '10:00'),
  });
  id.asgTeam = await create('/v2/assignments/', {
    objectId: id.o2,
    title: 'Team',
    userIds: [id.u1, id.u2],
    iCalendar: once('2027-06-07', '12:00', '14:00'),
  });
  id.asgOpen = await create('/v2/assignments/', {
    objectId: id.o2,
    title: 'Nobody',
    iCalendar: once('2027-06-07', '15:00', '16:00'),
  });
  // One-off jobs: one with a template, one across each edge of the window, and four outside W.
  await job('tpl', {
    from: '2027-06-07T18:00:00Z',
    to: '2027-06-07T19:00:00Z',
    userId: id.u2,
    objectId: id.o1,
    activityTypeId: id.atB,
    jobTemplateId: id.template,
    state: 'completed',
  });
  await job('edge', { from: '2027-06-06T23:00:00Z', to: '2027-06-07T01:00:00Z', userId: id.u2, state: 'cancelled' });
  await job('lateEdge', {
    from: '2027-06-07T23:30:00Z',
    to: '2027-06-08T00:30:00Z',
    userId: id.u2,
    state: 'cancelled',
  });
  await job('endsAtStart', { from: '2027-06-06T22:00:00Z', to: '2027-06-07T00:00:00Z', userId: id.u2 });
  await job('startsAtEnd', { from: '2027-06-08T00:00:00Z', to: '2027-06-08T01:00:00Z', userId: id.u2 });
  await job('later', { from: '2027-06-09T08:00:00Z', to: '2027-06-09T09:00:00Z', userId: id.u1 });
  await job('foreign', { from: '2027-06-07T09:00:00Z', to: '2027-06-07T10:00:00Z', title: 'Other company' }, other);

  // The assignments' jobs lie beyond the planning horizon: the first query generates them.
  const generated = await frame({ ...W, assignmentIds: [id.asgSolo, id.asgTeam, id.asgOpen] });
  const find = (assignmentId: string, userId?: string) => {
    const found = generated.filter((j) => j.assignmentId === assignmentId && j.userId === userId);
    assert.equal(found.length, 1, `${assignmentId}/${userId}: ${JSON.stringify(generated)}`);
    return found[0]._id as string;
  };
  for (const [name, jobId] of Object.entries({
    solo: find(id.asgSolo, id.u1),
    teamU1: find(id.asgTeam, id.u1),
    teamU2: find(id.asgTeam, id.u2),
    open: find(id.asgOpen),
  })) {
    id[name] = jobId;
    label.set(jobId, name);
  }
  // The solo job gets its own activity type; its assignment keeps atA.
  const patched = await call(t.app, 'PATCH', `/v2/jobs/${id.solo}`, admin.headers, { activityTypeId: id.atB });
  assert.deepEqual(patched.body, { updated: true });
});
after(() => t.close());

describe('request validation', () => {
  test('from and to are required and named in the problem', async () => {
    await rejected({ to: W.to }, 'from');
    await rejected({ from: W.from }, 'to');
  });

  test('a value neither epoch milliseconds nor an ISO 8601 date-time with an offset is rejected', async () => {
    await rejected({ from: 'yesterday', to: W.to }, 'from');
    await rejected({ from: W.from, to: '2027-06-08T00:00:00' }, 'to'); // no offset: whose midnight?
  });

  test('from after to, a window over 100 days, an unknown state or field are rejected', async () => {
    await rejected({ from: W.to, to: W.from }, 'to');
    const start = Date.parse('2027-01-01T00:00:00Z');
    await rejected({ from: String(start), to: String(start + 100 * 86_400_000 + 1) }, 'to');
    assert.ok(Array.isArray(await frame({ from: String(start), to: String(start + 100 * 86_400_000) })));
    await rejected({ ...W, status: 'open,sleeping' }, 'status');
    await rejected({ ...W, colour: 'red' }, 'colour');
  });

  test('credentials: none is 401, a read API key is enough, a group without jobs access is 403', async () => {
    assert.equal((await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', {}, W)).status, 401);
    const key = await call(t.app, 'POST', '/v2/apiKeys', admin.headers, { name: 'reader', scopes: ['read'] });
    assert.deepEqual(await names({}, W, { 'x-api-key': key.body.key }), ALL_IN_W);
    const group = await create('/v2/accessGroups/', {
      name: 'no jobs',
      permissions: { '*': { read: 'all', write: 'none' }, jobs: { read: 'none' } },
    });
    await create('/v2/users/', { id: 'nojobs', password: 'no-jobs-pass-1', accessGroupId: group });
    const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'nojobs', password: 'no-jobs-pass-1' });
    const res = await call(
      t.app,
      'POST',
      '/v2/jobs/jobsInTimeFrame',
      { authorization: `Bearer ${login.body.accessToken}` },
      W,
    );
    assert.equal(res.status, 403);
  });
});

describe('response', () => {
  test('every job overlapping [from, to) in the spec shape, ordered by start', async () => {
    const jobs = await frame(W);
    assert.deepEqual(jobs.map((j) => label.get(j._id)).sort(), ALL_IN_W);
    const starts = jobs.map((j) => Date.parse(j.from));
    assert.deepEqual(
      starts,
      [...starts].sort((x, y) => x - y),
    );
    assert.equal(jobs[0]._id, id.edge); // starts before the window, ends inside it
    assert.equal(jobs.at(-1)._id, id.lateEdge); // starts inside, ends after it

    const solo = jobs.find((j) => j._id === id.solo);
    assert.match(solo._id, OBJECT_ID);
    assert.ok(Number.isInteger(solo.number) && solo.number > 0);
    assert.equal(solo.companyId, admin.companyId);
    assert.equal(typeof solo.status.status, 'number');
    assert.ok(
      !Number.isNaN(Date.parse(solo.status.createdAt)) && !Number.isNaN(Date.parse(solo.status.lastModifiedAt)),
    );
    assert.equal(solo.status.lastModifiedBy, admin.userId);
    assert.equal(solo.assignmentId, id.asgSolo);
    assert.equal(solo.from, '2027-06-07T08:00:00.000Z');
    assert.equal(solo.to, '2027-06-07T10:00:00.000Z');
    assert.equal(solo.targetTime, 120);
    assert.equal(solo.userId, id.u1);
    assert.equal(solo.title, 'Solo');
    assert.equal(solo.assignment._id, id.asgSolo);
    assert.equal(solo.assignment.objectId, id.o1);
    assert.deepEqual(solo.timeTrackings, []);
    assert.deepEqual(solo.salaries, []);
    assert.ok(jobs.every((j) => !('user' in j)));
  });

  test('includeUsersInResponse adds the assigned user', async () => {
    const jobs = await frame({ ...W, includeUsersInResponse: true });
    const firstName: Record<string, string> = { [id.u1!]: 'Uma', [id.u2!]: 'Ben' };
    for (const j of jobs) {
      if (j.userId === undefined) {
        assert.equal(j.user ?? null, null, label.get(j._id));
        continue;
      }
      assert.equal(j.user._id, j.userId);
      assert.equal(j.user.general.firstName, firstName[j.userId]);
    }
    assert.equal(jobs.filter((j) => j.user).length, 6);
  });

  test('jobs of another company never appear', async () => {
    assert.deepEqual(await names({ ids: [id.foreign] }), []);
    const theirs = await frame(W, other.headers);
    assert.deepEqual(
      theirs.map((j) => j._id),
      [id.foreign],
    );
    assert.equal(theirs[0].companyId, other.companyId);
  });

  test('jobs of up to 7 days that began before the frame, on either side of half a day long', async () => {
    // The read walks its index from 12 hours before the frame and finds the longer jobs in an index of their own
    // (time-frame-filter.ts): each kind right at its edge, by company and by employee.
    const tenant = await signup(t.app, 'Long shifts');
    const worker = await create('/v2/users/', { general: { firstName: 'Lena' } }, tenant);
    const longJobs: Record<string, [string, string]> = {
      twelveHours: ['2027-07-04T12:30:00Z', '2027-07-05T00:30:00Z'], // short, began 11.5 h before
      thirteenHours: ['2027-07-04T11:30:00Z', '2027-07-05T00:30:00Z'], // long, began 12.5 h before
      sixDays: ['2027-06-29T06:00:00Z', '2027-07-05T01:00:00Z'],
      sevenDays: ['2027-06-28T00:30:00Z', '2027-07-05T00:30:00Z'], // the longest a job may be
      endsAtStart: ['2027-06-30T00:00:00Z', '2027-07-05T00:00:00Z'],
      endedBefore: ['2027-06-29T00:00:00Z', '2027-07-04T23:00:00Z'],
      startsAtEnd: ['2027-07-06T00:00:00Z', '2027-07-08T00:00:00Z'],
    };
    const named = new Map<string, string>();
    for (const [name, [from, to]] of Object.entries(longJobs))
      named.set(await create('/v2/jobs/', { from, to, userId: worker, title: name }, tenant), name);
    const day = { from: ms('2027-07-05T00:00:00Z'), to: ms('2027-07-06T00:00:00Z') };
    const found = async (filter: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', tenant.headers, { ...day, ...filter });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return (res.body as Json[]).map((j) => named.get(j._id) ?? j._id);
    };
    const overlapping = ['sevenDays', 'sixDays', 'thirteenHours', 'twelveHours']; // by start
    assert.deepEqual(await found({}), overlapping);
    assert.deepEqual(await found({ userIds: [worker] }), overlapping);
    // A frame after the long jobs' end finds none of them, however early they began.
    const later = { from: ms('2027-07-05T02:00:00Z'), to: ms('2027-07-05T04:00:00Z') };
    assert.deepEqual(await found(later), []);
  });

  test('an employee sees only their own jobs, whatever the filter', async () => {
    assert.deepEqual(await names({}, W, employee), ['solo', 'teamU1']);
    assert.deepEqual(await names({ userIds: [id.u2] }, W, employee), []);
  });
});

describe('filters', () => {
  test('status: one value or a comma list of job states', async () => {
    assert.deepEqual(await names({ status: 'open' }), ['open', 'solo', 'teamU1', 'teamU2']);
    assert.deepEqual(await names({ status: 'completed, cancelled' }), ['edge', 'lateEdge', 'tpl']);
    assert.deepEqual(await names({ status: 'started' }), []);
  });

  test('ids, jobTemplateId, objectId, objectIds, assignmentIds', async () => {
    assert.deepEqual(await names({ ids: [id.solo, id.open, id.later] }), ['open', 'solo']);
    assert.deepEqual(await names({ jobTemplateId: id.template }), ['tpl']);
    assert.deepEqual(await names({ objectId: id.o1 }), ['solo', 'tpl']);
    assert.deepEqual(await names({ objectIds: [id.o2] }), ['open', 'teamU1', 'teamU2']);
    assert.deepEqual(await names({ assignmentIds: [id.asgTeam, id.asgOpen] }), ['open', 'teamU1', 'teamU2']);
  });

  test('userIds, with "unassigned_jobs" matching jobs without a user', async () => {
    assert.deepEqual(await names({ userIds: [id.u1] }), ['solo', 'teamU1']);
    assert.deepEqual(await names({ userIds: [id.u2] }), ['edge', 'lateEdge', 'teamU2', 'tpl']);
    assert.deepEqual(await names({ userIds: ['unassigned_jobs'] }), ['open']);
    assert.deepEqual(await names({ userIds: [id.u1, 'unassigned_jobs'] }), ['open', 'solo', 'teamU1']);
  });

  test('teamId: the jobs of an assignment with two planned users share one', async () => {
    const jobs = await frame({ ...W, assignmentIds: [id.asgTeam] });
    const teamId = jobs[0].teamId;
    assert.match(teamId, /^[0-9a-f]{24}$/);
    assert.equal(jobs[1].teamId, teamId);
    assert.deepEqual(await names({ teamId }), ['teamU1', 'teamU2']);
    assert.deepEqual(await names({ teamId: { exists: true } }), ['teamU1', 'teamU2']);
    assert.deepEqual(await names({ teamId: { exists: false } }), ['edge', 'lateEdge', 'open', 'solo', 'tpl']);
  });

  test("activityTypeId matches the job's activity type or its assignment's", async () => {
    assert.deepEqual(await names({ activityTypeId: [id.atA] }), ['solo']); // through the assignment only
    assert.deepEqual(await names({ activityTypeId: [id.atB] }), ['solo', 'tpl']);
  });

  test('tags: jobs whose object carries one of the tags', async () => {
    assert.deepEqual(await names({ tags: ['vip'] }), ['solo', 'tpl']);
    assert.deepEqual(await names({ tags: ['unknown', 'vip'] }), ['solo', 'tpl']);
    assert.deepEqual(await names({ tags: ['unknown'] }), []);
  });

  test('absenceId: no job is connected to an absence yet', async () => {
    assert.deepEqual(await names({ absenceId: { exists: true } }), []);
    assert.deepEqual(await names({ absenceId: { exists: false } }), ALL_IN_W);
  });

  test('filters combine: all must match', async () => {
    assert.deepEqual(await names({ userIds: [id.u2], status: 'open' }), ['teamU2']);
    assert.deepEqual(await names({ objectId: id.o1, userIds: [id.u2] }), ['tpl']);
  });

  test('originalId finds moved jobs; notAccepted the ones not accepted', async () => {
    const day = { from: ms('2027-06-10T00:00:00Z'), to: ms('2027-06-11T00:00:00Z') };
    for (const name of ['moved', 'accepted', 'declined', 'pending']) {
      await job(name, { from: '2027-06-10T08:00:00Z', to: '2027-06-10T09:00:00Z', userId: id.u1 });
    }
    for (const from of ['2027-06-10T10:00:00Z', '2027-06-10T12:00:00Z']) {
      assert.deepEqual((await call(t.app, 'POST', `/v2/jobs/${id.moved}/move`, admin.headers, { from })).body, {
        updated: true,
      });
    }
    for (const status of ['accepted', 'declined']) {
      const res = await call(t.app, 'POST', `/v2/jobs/${id[status]}/accept`, admin.headers, { acceptedStatus: status });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    assert.deepEqual(await names({ originalId: id.moved }, day), ['moved']);
    assert.deepEqual(await names({ originalId: [id.moved, id.pending] }, day), ['moved']);
    assert.deepEqual(await names({ originalId: { exists: true } }, day), ['moved']);
    assert.deepEqual(await names({ originalId: { exists: false } }, day), ['accepted', 'declined', 'pending']);
    assert.deepEqual(await names({ notAccepted: true }, day), ['declined', 'moved', 'pending']);
    assert.deepEqual(await names({ notAccepted: { value: true } }, day), ['declined', 'moved', 'pending']);
    assert.deepEqual(await names({ notAccepted: { value: false } }, day), ['accepted']);
  });

  test('currentlyWorking and liveJobs: a job clocked in on now matches both; clocking out ends currentlyWorking only', async () => {
    const now = Date.now();
    const around = { from: String(now - 3 * 3_600_000), to: String(now + 3 * 3_600_000) };
    const slot = { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString() };
    await job('running', { ...slot, userId: id.u1 });
    await job('waiting', { ...slot, userId: id.u2 });
    // Setting the state by hand is not clocking in.
    assert.equal(
      (await call(t.app, 'PATCH', `/v2/jobs/${id.waiting}`, admin.headers, { state: 'started' })).status,
      200,
    );
    const started = await call(t.app, 'POST', `/v2/jobs/${id.running}/start`, admin.headers, {});
    assert.equal(started.status, 200);
    assert.deepEqual(await names({}, around), ['running', 'waiting']);
    assert.deepEqual(await names({ currentlyWorking: true }, around), ['running']);
    assert.deepEqual(await names({ liveJobs: true }, around), ['running']);
    assert.deepEqual(await names({ liveJobs: true }), []); // W: nothing was started there
    assert.equal((await call(t.app, 'POST', `/v2/jobs/${id.running}/stop`, admin.headers, {})).status, 200);
    assert.deepEqual(await names({ currentlyWorking: true }, around), []);
    assert.deepEqual(await names({ liveJobs: true }, around), ['running']);
  });
});

describe('generation across daylight saving time', () => {
  test('a weekly 06:00-08:30 Europe/Berlin assignment starts 05:00Z in winter and 04:00Z in summer', async () => {
    const asg = await create('/v2/assignments/', {
      objectId: id.o2,
      title: 'Monday early',
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
        dtstart: '2027-03-15T06:00:00',
        dtend: '2027-03-15T08:30:00',
      },
    });
    const jobs = await frame({
      from: ms('2027-03-22T00:00:00Z'),
      to: ms('2027-04-01T00:00:00Z'),
      assignmentIds: [asg],
    });
    assert.deepEqual(
      jobs.map((j) => [j.from, j.to, j.targetTime]),
      [
        ['2027-03-22T05:00:00.000Z', '2027-03-22T07:30:00.000Z', 150],
        ['2027-03-29T04:00:00.000Z', '2027-03-29T06:30:00.000Z', 150],
      ],
    );
    assert.ok(jobs.every((j) => j.assignment._id === asg && j.userId === undefined));
  });
});
