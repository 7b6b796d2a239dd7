// The background sweep flags entries still open after their job's end plus the grace period.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { flagMissingStops } from '../../src/modules/time-tracking/missing-stop-sweep.js';
import { call, createTestApp, signup, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signup>>;
let userId: string;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Sweep GmbH');
  userId = (await call(t.app, 'POST', '/v2/users/', admin.headers, { general: { firstName: 'Mia' } })).body._id;
});
after(() => t.close());

async function jobEndingAt(toMs: number) {
  const job = await call(t.app, 'POST', '/v2/jobs/', admin.headers, {
    userId,
    from: new Date(toMs - 3_600_000).toISOString(),
    to: new Date(toMs).toISOString(),
  });
  assert.equal(job.status, 201);
  return job.body._id as string;
}

describe('missing stop', () => {
  test('an open entry is flagged once the job end plus 120 minutes has passed, and only once', async () => {
    const now = Date.now();
    const overdue = await jobEndingAt(now - 3 * 3_600_000); // ended 3 h ago
    const recent = await jobEndingAt(now - 30 * 60_000); // ended 30 min ago: still within the grace period
    const early = new Date(now - 4 * 3_600_000).toISOString();
    const a = await call(t.app, 'POST', `/v2/jobs/${overdue}/start`, admin.headers, { time: early });
    const b = await call(t.app, 'POST', `/v2/jobs/${recent}/start`, admin.headers, {
      time: new Date(now - 60 * 60_000).toISOString(),
    });
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(await flagMissingStops(t.database), 1);
    assert.equal(await flagMissingStops(t.database), 0, 'a flagged entry is not flagged again');
    const flagged = (await call(t.app, 'GET', `/v2/timeTracking/${a.body._id}`, admin.headers)).body;
    assert.ok(flagged.errors.includes('MISSING_STOP'));
    assert.ok(flagged.allFoundErrors.includes('MISSING_STOP'));
    assert.ok(
      !(await call(t.app, 'GET', `/v2/timeTracking/${b.body._id}`, admin.headers)).body.errors.includes('MISSING_STOP'),
    );
    const withErrors = await call(t.app, 'GET', '/v2/timeTracking?hasErrors=true', admin.headers);
    assert.ok(withErrors.body.some((e: Json) => e._id === a.body._id));

    // Clocking out clears the current error; the history keeps it.
    assert.equal((await call(t.app, 'POST', `/v2/jobs/${overdue}/stop`, admin.headers, {})).status, 200);
    const stopped = (await call(t.app, 'GET', `/v2/timeTracking/${a.body._id}`, admin.headers)).body;
    assert.ok(!stopped.errors.includes('MISSING_STOP'));
    assert.ok(stopped.allFoundErrors.includes('MISSING_STOP'));
  });

  test('cancelled entries are not flagged', async () => {
    const now = Date.now();
    const job = await jobEndingAt(now - 5 * 3_600_000);
    const entry = await call(t.app, 'POST', `/v2/jobs/${job}/start`, admin.headers, {
      time: new Date(now - 6 * 3_600_000).toISOString(),
    });
    assert.equal(
      (await call(t.app, 'POST', `/v2/timeTracking/${entry.body._id}/cancel`, admin.headers, { reason: 'wrong job' }))
        .status,
      200,
    );
    assert.equal(await flagMissingStops(t.database), 0);
  });
});
