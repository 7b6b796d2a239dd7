// Time tracking over HTTP: clocking in and out on a job (POST /v2/jobs/{id}/start and /stop),
// offline uploads with a clientId, what employees may do, the plausibility checks, managers'
// manual entries and corrections, and the list of entries (limits, sort, filters).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { readInTenant } from '../../src/platform/db/tenant.js';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
const user: Record<string, string> = {};
const login: Record<string, Record<string, string>> = {};
let objectId: string;
let otherObjectId: string;
const MISSING = '0123456789abcdef01234567';

const BERLIN = { latitude: 52.52, longitude: 13.405 };
const NEAR_BERLIN = { latitude: 52.5205, longitude: 13.4055 }; // about 65 m away
const POTSDAM = { latitude: 52.3906, longitude: 13.0645 }; // about 27 km away

const HOUR = 3_600_000;
const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
/** ISO time `daysAgo` days before today (UTC midnight) plus `hour` hours. */
const at = (daysAgo: number, hour: number) => new Date(today - daysAgo * DAY + hour * HOUR).toISOString();

const { req } = requester(
  () => t.app,
  () => admin.headers,
);

async function createUser(name: string, extra: Record<string, unknown> = {}) {
  const res = await req('POST', '/v2/users/', { general: { firstName: name }, ...extra });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  user[name] = res.body._id;
}

async function newJob(from: string, to: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await req('POST', '/v2/jobs/', { from, to, ...extra });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id;
}

async function clock(
  jobId: string,
  verb: 'start' | 'stop',
  body: Record<string, unknown>,
  status = 200,
  headers = admin.headers,
) {
  const res = await req('POST', `/v2/jobs/${jobId}/${verb}`, body, headers);
  assert.equal(res.status, status, `${verb}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function entry(id: string, headers = admin.headers) {
  const res = await req('GET', `/v2/timeTracking/${id}`, undefined, headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

async function manual(body: Record<string, unknown>, status = 201): Promise<Json> {
  const res = await req('POST', '/v2/timeTracking/', body);
  assert.equal(res.status, status, JSON.stringify(res.body));
  return res.body;
}

async function list(query: string, headers = admin.headers) {
  const res = await req('GET', `/v2/timeTracking/?${query}`, undefined, headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { items: res.body as Json[], total: Number(res.headers['x-total-count']) };
}

async function settings(patch: Record<string, unknown>) {
  const res = await req('PATCH', '/v2/company/timeAndPaySettings', patch);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Clock');
  const groups = await req('GET', '/v2/accessGroups/');
  assert.equal(groups.status, 200);
  const employeeGroup = (groups.body as Json[]).find((g) => g.name === 'employee')._id;
  for (const name of ['Ann', 'Bob']) {
    await createUser(name, { id: name.toLowerCase(), password: `${name}-password-1`, accessGroupId: employeeGroup });
    const res = await call(
      t.app,
      'POST',
      '/v2/auth/login',
      {},
      { username: name.toLowerCase(), password: `${name}-password-1` },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    login[name] = { authorization: `Bearer ${res.body.accessToken}` };
  }
  for (const name of ['Carl', 'Dina', 'Lister']) await createUser(name);
  const object = await req('POST', '/v2/objects/', { name: 'Town Hall', location: BERLIN });
  assert.equal(object.status, 201, JSON.stringify(object.body));
  objectId = object.body._id;
  otherObjectId = (await req('POST', '/v2/objects/', { name: 'Depot' })).body._id;
});
after(() => t.close());

describe('clocking in and out on a job', () => {
  test("start then stop records an entry and the job's started list", async () => {
    // A job that ended half an hour ago, so the clock-in (sent now) is not yet a missing stop.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const from = new Date(minute - 7.5 * HOUR).toISOString();
    const to = new Date(minute - 0.5 * HOUR).toISOString(); // 7 h: the gliding break rule asks for 30 minutes
    const jobId = await newJob(from, to, { userId: user.Ann, objectId });
    const started = await clock(jobId, 'start', { time: from, location: NEAR_BERLIN }, 200, login.Ann);
    assert.match(started._id, /^[0-9a-f]{24}$/);
    assert.deepEqual(started, { _id: started._id, timeTrackingId: started._id, jobId });

    const running = await entry(started._id);
    assert.equal(running.timeStart, from);
    assert.equal(running.timeEnd, undefined);
    assert.equal(running.workingTime, undefined);
    assert.equal((await req('GET', `/v2/jobs/${jobId}`)).body.state, 'started');

    const stopped = await clock(jobId, 'stop', { time: to, location: BERLIN }, 200, login.Ann);
    assert.deepEqual(stopped, { _id: started._id, timeTrackingId: started._id, jobId });

    const e = await entry(started._id);
    assert.equal(e._id, started._id);
    assert.equal(e.companyId, admin.companyId);
    assert.equal(e.userId, user.Ann);
    assert.equal(e.jobId, jobId);
    assert.equal(e.objectId, objectId);
    assert.equal(e.timeStart, from);
    assert.equal(e.timeEnd, to);
    assert.equal(e.trackingJobDate, from);
    assert.deepEqual(e.location, NEAR_BERLIN);
    assert.deepEqual(e.logOutLocation, BERLIN);
    assert.equal(e.targetTime, 7 * 3600);
    assert.equal(e.requiredBreakTime, 1800);
    assert.equal(e.workingTime, 7 * 3600 - 1800);
    assert.equal(e.offline, false);
    assert.equal(e.generatedByUser, true);
    assert.equal(e.wasAddedManually, false);
    assert.equal(e.editedByManager, false);
    assert.equal(e.approved, false);
    assert.equal(e.cancelled, false);
    assert.equal(e.type, 'default');
    assert.deepEqual(e.errors, []);
    assert.deepEqual(e.allFoundErrors, []);
    assert.deepEqual(e.salaryIds, []);

    const job = (await req('GET', `/v2/jobs/${jobId}`)).body;
    assert.equal(job.state, 'completed');
    assert.equal(job.started.length, 1);
    assert.deepEqual(
      { ...job.started[0] },
      // salaryId: the entry's salary, none before approval (docs/decisions.md, started[].salaryId).
      {
        userId: user.Ann,
        time: from,
        isLive: true,
        wasAddedManually: false,
        trackingJobDate: from,
        timeTrackingId: started._id,
      },
    );
    assert.equal(job.timeTrackings.length, 1);
    assert.equal(job.timeTrackings[0]._id, started._id);
    assert.equal(job.timeTrackings[0].timeEnd, to);
    assert.equal(job.timeTrackings[0].workingTime, e.workingTime);
  });

  test('clocking in twice is 409; stopping without a start is 409', async () => {
    const jobId = await newJob(at(4, 8), at(4, 10), { userId: user.Carl });
    await clock(jobId, 'start', { time: at(4, 8) });
    const twice = await req('POST', `/v2/jobs/${jobId}/start`, { time: at(4, 8.5) });
    assertProblem(twice, 409);
    assert.equal((await list(`jobIds=${jobId}`)).total, 1, 'the refused start stored nothing');
    await clock(jobId, 'stop', { time: at(4, 10) });
    // Now nothing is open on the job.
    assertProblem(await req('POST', `/v2/jobs/${jobId}/stop`, { time: at(4, 10.5) }), 409);
    const fresh = await newJob(at(4, 12), at(4, 13), { userId: user.Carl });
    assertProblem(await req('POST', `/v2/jobs/${fresh}/stop`, { time: at(4, 13) }), 409);
  });

  test('a stop before the clock-in is 400; a time more than 5 minutes ahead is 400', async () => {
    const jobId = await newJob(at(5, 8), at(5, 10), { userId: user.Carl });
    await clock(jobId, 'start', { time: at(5, 8) });
    assertProblem(await req('POST', `/v2/jobs/${jobId}/stop`, { time: at(5, 7) }), 400, 'time');
    const e = (await list(`jobIds=${jobId}`)).items[0];
    assert.equal(e.timeEnd, undefined, 'the refused stop changed nothing');
    await clock(jobId, 'stop', { time: at(5, 10) });

    const now = Date.now();
    const soon = await newJob(new Date(now - HOUR).toISOString(), new Date(now + HOUR).toISOString(), {
      userId: user.Dina,
    });
    assertProblem(
      await req('POST', `/v2/jobs/${soon}/start`, { time: new Date(now + 10 * 60_000).toISOString() }),
      400,
      'time',
    );
    // Within the 5-minute drift it is accepted; no time means now.
    const ok = await clock(soon, 'start', { time: new Date(now + 60_000).toISOString() });
    assertProblem(
      await req('POST', `/v2/jobs/${soon}/stop`, { time: new Date(Date.now() + 10 * 60_000).toISOString() }),
      400,
      'time',
    );
    await clock(soon, 'stop', { time: new Date(now + 120_000).toISOString() });
    const e2 = await entry(ok._id);
    assert.ok(Date.parse(e2.timeEnd) >= Date.parse(e2.timeStart));
  });

  test('a stop records the break taken and both comments; a break above a day is 400', async () => {
    const jobId = await newJob(at(9, 6), at(9, 14), { userId: user.Carl, objectId });
    const started = await clock(jobId, 'start', { time: at(9, 6), comment: 'key from the porter' });
    assertProblem(await req('POST', `/v2/jobs/${jobId}/stop`, { time: at(9, 14), break: 86_401 }), 400);
    await clock(jobId, 'stop', { time: at(9, 14), break: 3600, comment: 'key returned' });
    const e = await entry(started._id);
    // 8 h present, 1 h break recorded (more than the 30 minutes required): 7 h worked.
    assert.deepEqual([e.break, e.requiredBreakTime, e.workingTime, e.targetTime], [3600, 1800, 7 * 3600, 8 * 3600]);
    assert.equal(e.comment, 'key from the porter\nkey returned');
  });

  test('a job without a user is 409; an unknown job 404, a malformed id 400', async () => {
    const jobId = await newJob(at(6, 8), at(6, 10));
    assertProblem(await req('POST', `/v2/jobs/${jobId}/start`, { time: at(6, 8) }), 409);
    assertProblem(await req('POST', `/v2/jobs/${jobId}/stop`, { time: at(6, 8) }), 409);
    assertProblem(await req('POST', `/v2/jobs/${MISSING}/start`, {}), 404);
    assert.equal((await req('POST', '/v2/jobs/not-an-id/start', {})).status, 400);
    assertProblem(await req('POST', `/v2/jobs/${jobId}/start`, { time: at(6, 8), unknown: 1 }), 400);
  });
});

describe("the clock's statement", () => {
  test('PostgreSQL: the job and its entries are read on a generic plan, not planned for every clock-in', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named');
    // One after the other, so on the pool's most recently used connection, which the look-up then gets too.
    for (let day = 20; day < 23; day++) {
      const jobId = await newJob(at(day, 8), at(day, 10), { userId: user.Dina });
      await clock(jobId, 'start', { time: at(day, 8) });
      await clock(jobId, 'stop', { time: at(day, 10) });
    }
    const plans = await readInTenant(t.database, admin.companyId, async (tx) => {
      const { rows } = await sql<{ generic: number; custom: number }>`
        SELECT coalesce(sum(generic_plans), 0)::int AS generic, coalesce(sum(custom_plans), 0)::int AS custom
        FROM pg_prepared_statements WHERE statement LIKE '%AS others_open%'`.execute(tx.db);
      return rows[0]!;
    });
    assert.ok(plans.generic >= 6, JSON.stringify(plans));
    assert.equal(plans.custom, 0, JSON.stringify(plans));
  });
});

describe('clocking in on a cancelled job', () => {
  test('is refused and leaves the job cancelled', async () => {
    const jobId = await newJob(at(2, 8), at(2, 10), { userId: user.Carl, state: 'cancelled' });
    const res = await req('POST', `/v2/jobs/${jobId}/start`, { time: at(2, 8) });
    const job = (await req('GET', `/v2/jobs/${jobId}`)).body;
    assert.equal(job.state, 'cancelled');
    assert.equal(res.status, 409, JSON.stringify(res.body));
  });
});

describe('employees', () => {
  let annEntry: string;
  let bobEntry: string;

  test("an employee clocks their own job; another user's job is 404", async () => {
    const own = await newJob(at(7, 8), at(7, 10), { userId: user.Ann, objectId });
    const bobs = await newJob(at(7, 8), at(7, 10), { userId: user.Bob, objectId });
    annEntry = (await clock(own, 'start', { time: at(7, 8) }, 200, login.Ann))._id;
    assertProblem(await req('POST', `/v2/jobs/${bobs}/start`, { time: at(7, 8) }, login.Ann), 404);
    assertProblem(await req('POST', `/v2/jobs/${bobs}/stop`, { time: at(7, 8) }, login.Ann), 404);
    bobEntry = (await clock(bobs, 'start', { time: at(7, 8) }, 200, login.Bob))._id;
    await clock(own, 'stop', { time: at(7, 10) }, 200, login.Ann);
    await clock(bobs, 'stop', { time: at(7, 10) }, 200, login.Bob);
    assert.equal((await entry(annEntry, login.Ann)).userId, user.Ann);
  });

  test('an employee cannot add, correct or approve entries (403)', async () => {
    const own = { userId: user.Ann, timeStart: at(8, 8), timeEnd: at(8, 9) };
    assertProblem(await req('POST', '/v2/timeTracking/', own, login.Ann), 403);
    assertProblem(await req('POST', '/v2/timeTracking/', { ...own, userId: user.Bob }, login.Ann), 403);
    assertProblem(
      await req('PATCH', `/v2/timeTracking/${annEntry}`, { timeEnd: at(7, 11), reason: 'forgot' }, login.Ann),
      403,
    );
    assertProblem(await req('POST', `/v2/timeTracking/${annEntry}/approve`, undefined, login.Ann), 403);
    assertProblem(await req('POST', `/v2/timeTracking/${annEntry}/cancel`, {}, login.Ann), 403);
    assertProblem(await req('POST', '/v2/salaries/compute', { from: at(9, 0), to: at(6, 0) }, login.Ann), 403);
    const e = await entry(annEntry);
    assert.equal(e.timeEnd, at(7, 10), 'unchanged');
    assert.equal(e.approved, false);
  });

  test('an employee lists and reads only their own entries', async () => {
    const own = await list('limit=500', login.Ann);
    assert.ok(own.items.length >= 2, JSON.stringify(own.items.map((e) => e._id)));
    assert.ok(own.items.every((e) => e.userId === user.Ann));
    assert.equal(own.total, own.items.length);
    assert.ok(own.items.some((e) => e._id === annEntry));
    assert.equal((await list(`userId=${user.Bob}`, login.Ann)).total, 0);
    assertProblem(await req('GET', `/v2/timeTracking/${bobEntry}`, undefined, login.Ann), 404);
    const all = await list('limit=500');
    assert.ok(all.items.some((e) => e._id === bobEntry) && all.items.some((e) => e._id === annEntry));
  });
});

describe('offline uploads with a clientId', () => {
  test('a repeated start or stop is the same entry (replayed); the id on another job is 409', async () => {
    const jobId = await newJob(at(10, 8), at(10, 10), { userId: user.Ann, objectId });
    const first = await clock(jobId, 'start', { clientId: 'c1', offline: true, time: at(10, 8) }, 200, login.Ann);
    assert.equal(first.replayed, undefined);
    const again = await clock(jobId, 'start', { clientId: 'c1', offline: true, time: at(10, 8) }, 200, login.Ann);
    assert.deepEqual(again, { _id: first._id, timeTrackingId: first._id, jobId, replayed: true });
    assert.deepEqual(
      (await list(`jobIds=${jobId}`)).items.map((e) => e._id),
      [first._id],
    );

    const stop = await clock(jobId, 'stop', { clientId: 'c1', time: at(10, 10) }, 200, login.Ann);
    assert.deepEqual(stop, { _id: first._id, timeTrackingId: first._id, jobId });
    const stopAgain = await clock(jobId, 'stop', { clientId: 'c1', time: at(10, 10) }, 200, login.Ann);
    assert.deepEqual(stopAgain, { _id: first._id, timeTrackingId: first._id, jobId, replayed: true });
    const entries = await list(`jobIds=${jobId}`);
    assert.equal(entries.total, 1);
    const e = entries.items[0];
    assert.deepEqual(
      [e.timeStart, e.timeEnd, e.offline, e.clientId, e.workingTime],
      [at(10, 8), at(10, 10), true, 'c1', 7200],
    );
    assert.equal(e.errors.includes('MISSING_STOP'), false);

    const job = (await req('GET', `/v2/jobs/${jobId}`)).body;
    assert.equal(job.started.length, 1, 'the replayed start added no second start record');
    assert.equal(job.started[0].isLive, false);

    const other = await newJob(at(10, 12), at(10, 14), { userId: user.Ann, objectId });
    assertProblem(
      await req('POST', `/v2/jobs/${other}/start`, { clientId: 'c1', offline: true, time: at(10, 12) }, login.Ann),
      409,
    );
    assertProblem(await req('POST', `/v2/jobs/${other}/stop`, { clientId: 'c1', time: at(10, 14) }, login.Ann), 409);
    assert.equal((await list(`jobIds=${other}`)).total, 0);
    // The same clientId of another user is that user's own entry.
    const bobs = await newJob(at(10, 12), at(10, 14), { userId: user.Bob, objectId });
    const bob = await clock(bobs, 'start', { clientId: 'c1', offline: true, time: at(10, 12) }, 200, login.Bob);
    assert.notEqual(bob._id, first._id);
    assert.equal(bob.replayed, undefined);
  });
});

describe('plausibility', () => {
  test("a clock-in 2 h before the job's start is stored with STARTED_TOO_EARLY", async () => {
    const jobId = await newJob(at(11, 10), at(11, 12), { userId: user.Carl, objectId });
    const started = await clock(jobId, 'start', { time: at(11, 8), location: BERLIN });
    const e = await entry(started._id);
    assert.ok(e.errors.includes('STARTED_TOO_EARLY'), JSON.stringify(e.errors));
    assert.ok(e.allFoundErrors.includes('STARTED_TOO_EARLY'));
    assert.equal(e.errors.includes('LOCATION_TOO_FAR'), false);
    await clock(jobId, 'stop', { time: at(11, 12) });
    // Half an hour early is within the default tolerance of 60 minutes.
    const onTime = await newJob(at(11, 14), at(11, 16), { userId: user.Carl, objectId });
    const ok = await clock(onTime, 'start', { time: at(11, 13.5) });
    assert.equal((await entry(ok._id)).errors.includes('STARTED_TOO_EARLY'), false);
    await clock(onTime, 'stop', { time: at(11, 16) });
    // Two hours late is STARTED_TOO_LATE.
    const late = await newJob(at(11, 17), at(11, 21), { userId: user.Carl, objectId });
    const lateEntry = await clock(late, 'start', { time: at(11, 19) });
    await clock(late, 'stop', { time: at(11, 21) });
    assert.deepEqual((await entry(lateEntry._id)).errors, ['STARTED_TOO_LATE']);
  });

  test('a clock-in far from the object is LOCATION_TOO_FAR; the settings change the limit', async () => {
    const jobId = await newJob(at(12, 8), at(12, 10), { userId: user.Carl, objectId });
    const far = await clock(jobId, 'start', { time: at(12, 8), location: POTSDAM });
    assert.ok((await entry(far._id)).errors.includes('LOCATION_TOO_FAR'));
    await clock(jobId, 'stop', { time: at(12, 10) });

    const changed = await settings({ plausibility: { maxDistanceMeters: 100_000 } });
    assert.equal(changed.plausibility.maxDistanceMeters, 100_000);
    assert.equal(changed.plausibility.startToleranceMinutes, 60, 'plausibility limits merge');
    assert.equal((await req('GET', '/v2/company/timeAndPaySettings')).body.plausibility.maxDistanceMeters, 100_000);
    const next = await newJob(at(12, 12), at(12, 14), { userId: user.Carl, objectId });
    const near = await clock(next, 'start', { time: at(12, 12), location: POTSDAM });
    assert.equal((await entry(near._id)).errors.includes('LOCATION_TOO_FAR'), false);
    await clock(next, 'stop', { time: at(12, 14) });
    await settings({ plausibility: { maxDistanceMeters: 500 } });
    assertProblem(
      await req('PATCH', '/v2/company/timeAndPaySettings', { plausibility: { maxDistanceMeters: 0 } }),
      400,
    );

    // An object without a location is never too far.
    const noLocation = await newJob(at(12, 16), at(12, 18), { userId: user.Carl, objectId: otherObjectId });
    const anywhere = await clock(noLocation, 'start', { time: at(12, 16), location: POTSDAM });
    assert.equal((await entry(anywhere._id)).errors.includes('LOCATION_TOO_FAR'), false);
    await clock(noLocation, 'stop', { time: at(12, 18) });
  });

  test('two overlapping entries of one user: the second has OVERLAPPING_ENTRY', async () => {
    const first = await manual({ userId: user.Dina, timeStart: at(13, 8), timeEnd: at(13, 10) });
    const second = await manual({ userId: user.Dina, timeStart: at(13, 9), timeEnd: at(13, 11) });
    const adjacent = await manual({ userId: user.Dina, timeStart: at(13, 11), timeEnd: at(13, 12) });
    const otherUser = await manual({ userId: user.Carl, timeStart: at(13, 9), timeEnd: at(13, 11) });
    assert.equal((await entry(first._id)).errors.includes('OVERLAPPING_ENTRY'), false);
    assert.ok((await entry(second._id)).errors.includes('OVERLAPPING_ENTRY'));
    assert.equal(
      (await entry(adjacent._id)).errors.includes('OVERLAPPING_ENTRY'),
      false,
      'touching is not overlapping',
    );
    assert.equal((await entry(otherUser._id)).errors.includes('OVERLAPPING_ENTRY'), false);
    // Cancelling the first clears the overlap on the next check of the second.
    assert.equal((await req('POST', `/v2/timeTracking/${first._id}/cancel`, { reason: 'duplicate' })).status, 200);
    const patched = await req('PATCH', `/v2/timeTracking/${second._id}`, { comment: 'checked', reason: 'review' });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const e = await entry(second._id);
    assert.equal(e.errors.includes('OVERLAPPING_ENTRY'), false);
    assert.ok(e.allFoundErrors.includes('OVERLAPPING_ENTRY'));
  });

  test('working time above 1.5 × target is WORKING_TIME_TOO_LONG; allFoundErrors keeps it after a correction', async () => {
    const jobId = await newJob(at(14, 8), at(14, 10), { userId: user.Carl, objectId });
    const started = await clock(jobId, 'start', { time: at(14, 8) });
    await clock(jobId, 'stop', { time: at(14, 12) });
    const long = await entry(started._id);
    assert.equal(long.targetTime, 7200);
    assert.equal(long.workingTime, 14400);
    assert.deepEqual(long.errors, ['WORKING_TIME_TOO_LONG']);
    assert.ok(long.allFoundErrors.includes('WORKING_TIME_TOO_LONG'));

    const fixed = await req('PATCH', `/v2/timeTracking/${started._id}`, { timeEnd: at(14, 10), reason: 'left at 10' });
    assert.deepEqual([fixed.status, fixed.body], [200, { updated: true }]);
    const e = await entry(started._id);
    assert.equal(e.workingTime, 7200);
    assert.deepEqual(e.errors, []);
    assert.ok(e.allFoundErrors.includes('WORKING_TIME_TOO_LONG'), JSON.stringify(e.allFoundErrors));
    assert.equal(e.editedByManager, true);
    assert.equal(e.generatedByUser, true);
    assert.equal(e.reason, 'left at 10');

    // Exactly 1.5 × target is not flagged.
    const edge = await newJob(at(14, 14), at(14, 16), { userId: user.Carl, objectId });
    const edgeEntry = await clock(edge, 'start', { time: at(14, 14) });
    await clock(edge, 'stop', { time: at(14, 17) });
    assert.deepEqual((await entry(edgeEntry._id)).errors, []);
  });

  test('GET /v2/timeTracking?hasErrors=true lists entries with errors only', async () => {
    const withErrors = await list(`hasErrors=true&userId=${user.Carl}&limit=500`);
    assert.ok(withErrors.total > 0);
    assert.ok(
      withErrors.items.every((e) => e.errors.length > 0),
      JSON.stringify(withErrors.items.map((e) => e.errors)),
    );
    const without = await list(`hasErrors=false&userId=${user.Carl}&limit=500`);
    assert.ok(without.total > 0);
    assert.ok(without.items.every((e) => e.errors.length === 0));
    assert.equal(withErrors.total + without.total, (await list(`userId=${user.Carl}&limit=500`)).total);
    assertProblem(await req('GET', '/v2/timeTracking/?hasErrors=maybe'), 400, 'hasErrors');
  });
});

describe('manual entries and corrections', () => {
  test('a manager adds an entry by hand (wasAddedManually), with fields from its job', async () => {
    const jobId = await newJob(at(15, 8), at(15, 11), { userId: user.Dina, objectId });
    const created = await manual({
      userId: user.Dina,
      jobId,
      timeStart: at(15, 8),
      timeEnd: at(15, 10),
      comment: 'paper sheet',
    });
    assert.match(created._id, /^[0-9a-f]{24}$/);
    const e = await entry(created._id);
    assert.equal(e.wasAddedManually, true);
    assert.equal(e.generatedByUser, false);
    assert.equal(e.editedByManager, false);
    assert.equal(e.approved, false);
    assert.equal(e.cancelled, false);
    assert.equal(e.objectId, objectId);
    assert.equal(e.trackingJobDate, at(15, 8));
    assert.equal(e.targetTime, 3 * 3600);
    assert.equal(e.workingTime, 7200);
    assert.equal(e.requiredBreakTime, 0);
    assert.equal(e.comment, 'paper sheet');
    assert.deepEqual(e.errors, []);
    assert.deepEqual(
      (await req('GET', `/v2/jobs/${jobId}`)).body.timeTrackings.map((x: Json) => x._id),
      [created._id],
    );

    const free = await entry((await manual({ userId: user.Dina, timeStart: at(15, 12), timeEnd: at(15, 13) }))._id);
    assert.equal(free.jobId, undefined);
    assert.equal(free.workingTime, 3600);
    assert.equal(free.wasAddedManually, true);
  });

  test('manual entries are validated (timeEnd before timeStart, unknown user or job)', async () => {
    assertProblem(
      await req('POST', '/v2/timeTracking/', { userId: user.Dina, timeStart: at(16, 10), timeEnd: at(16, 9) }),
      400,
      'timeEnd',
    );
    assertProblem(
      await req('POST', '/v2/timeTracking/', { userId: MISSING, timeStart: at(16, 8), timeEnd: at(16, 9) }),
      400,
      'userId',
    );
    assertProblem(
      await req('POST', '/v2/timeTracking/', {
        userId: user.Dina,
        jobId: MISSING,
        timeStart: at(16, 8),
        timeEnd: at(16, 9),
      }),
      400,
      'jobId',
    );
    assertProblem(await req('POST', '/v2/timeTracking/', { timeStart: at(16, 8) }), 400);
    // workingTime is read-only: accepted and ignored, the server computes it.
    assert.equal(
      (await entry((await manual({ userId: user.Dina, timeStart: at(16, 8), timeEnd: at(16, 9), workingTime: 5 }))._id))
        .workingTime,
      3600,
    );
  });

  test('a correction needs a reason; it sets editedByManager and recomputes the working time', async () => {
    const created = await manual({ userId: user.Dina, timeStart: at(17, 8), timeEnd: at(17, 10) });
    const noReason = await req('PATCH', `/v2/timeTracking/${created._id}`, { timeEnd: at(17, 16) });
    assertProblem(noReason, 400);
    assert.equal((await entry(created._id)).timeEnd, at(17, 10), 'unchanged');

    const res = await req('PATCH', `/v2/timeTracking/${created._id}`, { timeEnd: at(17, 16), reason: 'stayed longer' });
    assert.deepEqual([res.status, res.body], [200, { updated: true }]);
    const e = await entry(created._id);
    assert.equal(e.editedByManager, true);
    assert.equal(e.wasAddedManually, true);
    assert.equal(e.reason, 'stayed longer');
    assert.equal(e.timeEnd, at(17, 16));
    assert.equal(e.requiredBreakTime, 1800); // 8 h present
    assert.equal(e.workingTime, 8 * 3600 - 1800);

    const withBreak = await req('PATCH', `/v2/timeTracking/${created._id}`, {
      break: 3600,
      addedTime: 600,
      reason: 'long lunch, extra task',
    });
    assert.equal(withBreak.status, 200, JSON.stringify(withBreak.body));
    assert.equal((await entry(created._id)).workingTime, 8 * 3600 - 3600 + 600);

    assertProblem(
      await req('PATCH', `/v2/timeTracking/${created._id}`, { timeEnd: at(17, 7), reason: 'typo' }),
      400,
      'timeEnd',
    );
    assert.equal(
      (await req('PATCH', `/v2/timeTracking/${created._id}`, { approved: true, reason: 'sneaky' })).status,
      200,
    );
    assert.equal((await entry(created._id)).approved, false, 'approval is its own action');
    assertProblem(await req('PATCH', `/v2/timeTracking/${MISSING}`, { comment: 'x', reason: 'y' }), 404);
    assert.equal(
      (await req('DELETE', `/v2/timeTracking/${created._id}`)).status,
      404,
      'entries are cancelled, not deleted',
    );
  });

  test('a correction that moves an entry to another job takes the target time from the new job', async () => {
    const first = await newJob(at(18, 8), at(18, 10), { userId: user.Dina, objectId });
    const second = await newJob(at(18, 12), at(18, 15), { userId: user.Dina, objectId: otherObjectId });
    const created = await manual({ userId: user.Dina, jobId: first, timeStart: at(18, 8), timeEnd: at(18, 10) });
    await req('PATCH', `/v2/timeTracking/${created._id}`, {
      jobId: second,
      timeStart: at(18, 12),
      timeEnd: at(18, 15),
      reason: 'booked on the wrong job',
    });
    const e = await entry(created._id);
    assert.deepEqual([e.jobId, e.targetTime, e.workingTime], [second, 3 * 3600, 3 * 3600]);
    assert.deepEqual(
      (await req('GET', `/v2/jobs/${second}`)).body.timeTrackings.map((x: Json) => x._id),
      [created._id],
    );
    assert.deepEqual((await req('GET', `/v2/jobs/${first}`)).body.timeTrackings, []);
  });

  test("a correction that moves an entry to another job also takes that job's object and date", async () => {
    const first = await newJob(at(19, 8), at(19, 10), { userId: user.Dina, objectId });
    const second = await newJob(at(19, 12), at(19, 15), { userId: user.Dina, objectId: otherObjectId });
    const created = await manual({ userId: user.Dina, jobId: first, timeStart: at(19, 8), timeEnd: at(19, 10) });
    const res = await req('PATCH', `/v2/timeTracking/${created._id}`, {
      jobId: second,
      timeStart: at(19, 12),
      timeEnd: at(19, 15),
      reason: 'booked on the wrong job',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const e = await entry(created._id);
    assert.deepEqual([e.objectId, e.trackingJobDate], [otherObjectId, at(19, 12)]);
  });
});

describe('listing entries', () => {
  const ids: string[] = [];
  let jobA: string;
  let jobB: string;

  before(async () => {
    // 55 entries of one user: one per hour, days 20 to 22 ago; two of them on jobs.
    jobA = await newJob(at(20, 0), at(20, 1), { userId: user.Lister, objectId });
    jobB = await newJob(at(20, 2), at(20, 3), { userId: user.Lister, objectId: otherObjectId });
    for (let i = 0; i < 55; i++) {
      const extra = i === 0 ? { jobId: jobA } : i === 2 ? { jobId: jobB } : {};
      ids.push((await manual({ userId: user.Lister, timeStart: at(20, i), timeEnd: at(20, i + 0.5), ...extra }))._id);
    }
  });

  test('the default limit is 50, at most 500; X-Total-Count and offset page', async () => {
    const page = await list(`userId=${user.Lister}`);
    assert.equal(page.items.length, 50);
    assert.equal(page.total, 55);
    // Default order: newest first.
    assert.deepEqual(
      page.items.map((e) => e._id),
      ids.slice(5).reverse(),
    );
    const rest = await list(`userId=${user.Lister}&offset=50`);
    assert.deepEqual(
      rest.items.map((e) => e._id),
      ids.slice(0, 5).reverse(),
    );
    assert.equal(rest.total, 55);
    assert.equal((await list(`userId=${user.Lister}&limit=500`)).items.length, 55);
    assert.ok((await list('')).items.length <= 50);
    assertProblem(await req('GET', '/v2/timeTracking/?limit=501'), 400);
    assertProblem(await req('GET', '/v2/timeTracking/?limit=0'), 400);
    assertProblem(await req('GET', '/v2/timeTracking/?offset=-1'), 400);
    assert.equal((await req('GET', '/v2/timeTracking?limit=500')).status, 200, 'without a trailing slash too');
  });

  test('sort=timeStart:1 and offset', async () => {
    const asc = await list(`userId=${user.Lister}&sort=timeStart:1&limit=10&offset=3`);
    assert.deepEqual(
      asc.items.map((e) => e._id),
      ids.slice(3, 13),
    );
    assertProblem(await req('GET', '/v2/timeTracking/?sort=nope:1'), 400, 'sort');
  });

  test('filters: userId, userIds, jobIds, objectIds, from/to, approved', async () => {
    assert.deepEqual(
      (await list(`jobIds=${jobA}`)).items.map((e) => e._id),
      [ids[0]],
    );
    assert.deepEqual(
      (await list(`jobIds=${jobA},${jobB}&sort=timeStart:1`)).items.map((e) => e._id),
      [ids[0], ids[2]],
    );
    assert.deepEqual(
      (await list(`objectIds=${otherObjectId}&userId=${user.Lister}`)).items.map((e) => e._id),
      [ids[2]],
    );
    assert.deepEqual(
      (await list(`userIds=${user.Lister},${user.Ann}&limit=500`)).items.filter((e) => e.userId === user.Lister).length,
      55,
    );
    const window = await list(
      `userId=${user.Lister}&from=${encodeURIComponent(at(20, 10))}&to=${encodeURIComponent(at(20, 12))}&sort=timeStart:1`,
    );
    assert.deepEqual(
      window.items.map((e) => e._id),
      ids.slice(10, 13),
      'from and to are inclusive',
    );
    const epoch = await list(`userId=${user.Lister}&from=${Date.parse(at(20, 50))}`);
    assert.equal(epoch.total, 5);
    assertProblem(await req('GET', '/v2/timeTracking/?jobIds=nope'), 400, 'jobIds');
    assertProblem(await req('GET', '/v2/timeTracking/?from=yesterday'), 400, 'from');
    assertProblem(await req('GET', '/v2/timeTracking/?userId=nope'), 400, 'userId');

    for (const id of [ids[1], ids[4]]) {
      const res = await req('POST', `/v2/timeTracking/${id}/approve`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    const approved = await list(`userId=${user.Lister}&approved=true&sort=timeStart:1`);
    assert.deepEqual(
      approved.items.map((e) => e._id),
      [ids[1], ids[4]],
    );
    assert.ok(approved.items.every((e) => e.approved === true));
    assert.equal((await list(`userId=${user.Lister}&approved=false`)).total, 53);
  });
});
