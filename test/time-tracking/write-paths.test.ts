// The writes of time tracking go through one path each: the job's side of clocking in and out and
// of cancelling an open entry through scheduling's store functions (so the job's UPDATE event and
// modified_at come with them), the salary run through the engine's bulk write, and the missing-stop
// sweep sets modified_at. Also the one rule of SALARY_BILLED (entry-salary.ts withSalaryOutcome).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { flagMissingStops } from '../../src/modules/time-tracking/missing-stop-sweep.js';
import { withSalaryOutcome } from '../../src/modules/time-tracking/entry-salary.js';
import { eventsUntil } from '../helpers/event-feed.js';
import { requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let userId: string;
const HOUR = 3_600_000;

const { ok } = requester(
  () => t.app,
  () => admin.headers,
);

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Write Paths');
  userId = (
    await ok(
      'POST',
      '/v2/users/',
      { general: { firstName: 'Ida' }, contract: { salary: 20, salaryType: 'hourly' } },
      201,
    )
  )._id;
});
after(() => t.close());

async function jobEndingAt(toMs: number): Promise<string> {
  const from = new Date(toMs - 2 * HOUR).toISOString();
  return (await ok('POST', '/v2/jobs/', { userId, from, to: new Date(toMs).toISOString() }, 201))._id;
}

interface FeedEvent {
  entity?: string;
  type?: string;
  data?: { _id?: string; state?: string };
}

/** The job's UPDATE events so far, in order, as the state each one shows. */
async function jobStatesUntil(jobId: string, count: number): Promise<string[]> {
  const updates = (events: FeedEvent[]) =>
    events.filter((e) => e.entity === 'job' && e.type === 'UPDATE' && e.data?._id === jobId);
  const events = await eventsUntil(
    t.app,
    admin,
    (list) => updates(list).length >= count,
    (list) => `${count} job UPDATE events, got ${JSON.stringify(updates(list).map((e) => e.data?.state))}`,
  );
  return updates(events).map((e) => String(e.data?.state));
}

describe("the job's side of the time clock", () => {
  test('clocking in and out emits the job UPDATE events (started, completed) and moves modifiedAt', async () => {
    const jobId = await jobEndingAt(Date.now() - HOUR);
    const before = (await ok('GET', `/v2/jobs/${jobId}`)).status.lastModifiedAt;
    const started = await ok('POST', `/v2/jobs/${jobId}/start`, {
      time: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    const job = await ok('GET', `/v2/jobs/${jobId}`);
    assert.equal(job.state, 'started');
    assert.equal(job.started[0].timeTrackingId, started._id);
    assert.ok(job.status.lastModifiedAt > before, 'the clock-in wrote the job through the engine');
    await ok('POST', `/v2/jobs/${jobId}/stop`, {});
    assert.deepEqual(await jobStatesUntil(jobId, 2), ['started', 'completed']);
  });

  test('cancelling the only open entry opens the job again, with its UPDATE event', async () => {
    const jobId = await jobEndingAt(Date.now() + HOUR);
    const started = await ok('POST', `/v2/jobs/${jobId}/start`, {});
    await ok('POST', `/v2/timeTracking/${started._id}/cancel`, { reason: 'clocked the wrong job' });
    assert.equal((await ok('GET', `/v2/jobs/${jobId}`)).state, 'open');
    assert.deepEqual(await jobStatesUntil(jobId, 2), ['started', 'open']);
  });
});

describe('the salary run and the sweep write like every other write of an entry', () => {
  test("the run's entries are approved, carry their salary, and name who changed them when", async () => {
    const entry = await ok(
      'POST',
      '/v2/timeTracking/',
      { userId, timeStart: '2026-09-07T06:00:00Z', timeEnd: '2026-09-07T10:00:00Z' },
      201,
    );
    const before = await ok('GET', `/v2/timeTracking/${entry._id}`);
    const run = await ok('POST', '/v2/salaries/compute', { from: '2026-09-01T00:00:00Z', to: '2026-10-01T00:00:00Z' });
    assert.deepEqual(run, { entries: 1, approved: 1, computed: 1, billedUnchanged: 0 });
    const after = await ok('GET', `/v2/timeTracking/${entry._id}`);
    assert.equal(after.approved, true);
    assert.equal(after.approvedBy, admin.userId);
    assert.equal(after.salaryIds.length, 1);
    assert.deepEqual(after.errors, []);
    assert.equal(after.status.lastModifiedBy, admin.userId);
    assert.ok(after.status.lastModifiedAt > before.status.lastModifiedAt);
    assert.equal(after.number, before.number);
    assert.equal(after.chatId, before.chatId);
    assert.equal(after.status.createdAt, before.status.createdAt);
  });

  test('the missing-stop sweep moves modifiedAt of the entries it flags', async () => {
    const jobId = await jobEndingAt(Date.now() - 3 * HOUR);
    const started = await ok('POST', `/v2/jobs/${jobId}/start`, {
      time: new Date(Date.now() - 5 * HOUR).toISOString(),
    });
    const before = await ok('GET', `/v2/timeTracking/${started._id}`);
    assert.equal(await flagMissingStops(t.database), 1);
    const flagged = await ok('GET', `/v2/timeTracking/${started._id}`);
    assert.ok(flagged.errors.includes('MISSING_STOP'));
    assert.ok(flagged.status.lastModifiedAt > before.status.lastModifiedAt);
    assert.equal(flagged.status.lastModifiedBy, before.status.lastModifiedBy, 'the worker is no user');
  });
});

describe('SALARY_BILLED, the one rule (withSalaryOutcome)', () => {
  test('a billed salary adds the code once (and to the history); an unbilled one removes it', () => {
    const doc = { errors: ['STARTED_TOO_LATE'], allFoundErrors: ['STARTED_TOO_LATE'], salaryIds: [] };
    const billed = withSalaryOutcome(doc, 's1', true);
    assert.deepEqual(billed.errors, ['STARTED_TOO_LATE', 'SALARY_BILLED']);
    assert.deepEqual(billed.allFoundErrors, ['STARTED_TOO_LATE', 'SALARY_BILLED']);
    assert.deepEqual(billed.salaryIds, ['s1']);
    assert.deepEqual(withSalaryOutcome(billed, 's1', true).errors, billed.errors, 'not twice');
    const unbilled = withSalaryOutcome(billed, 's2', false);
    assert.deepEqual(unbilled.errors, ['STARTED_TOO_LATE']);
    assert.deepEqual(unbilled.allFoundErrors, ['STARTED_TOO_LATE', 'SALARY_BILLED']);
    assert.deepEqual(unbilled.salaryIds, ['s2']);
    assert.deepEqual(withSalaryOutcome({}, undefined, false), { salaryIds: [], errors: [], allFoundErrors: [] });
  });
});
