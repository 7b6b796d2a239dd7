// isFrameKnownCovered (job-planning.ts): whether this process knows, without reading the database,
// that a frame's jobs are planned, so that jobsInTimeFrame may answer it read-only.
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { coverJobWindow, isFrameKnownCovered } from '../../src/modules/scheduling/job-planning.js';
import { PLANNING_HORIZON_DAYS } from '../../src/modules/scheduling/planning-bounds.js';
import { inTenant } from '../../src/platform/db/tenant.js';
import { createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Acme');
});
after(() => t.close());

const DAY = 86_400_000;
const now = Date.now();
const nextWeek = { from: now + DAY, to: now + 8 * DAY };

describe('a frame known to be planned', () => {
  test('unknown until this process has covered it; known afterwards, for frames inside the window only', async () => {
    assert.equal(isFrameKnownCovered(acme.companyId, nextWeek.from, nextWeek.to, { now }), false);
    // Covered by another request (an absence, a timesheet): planned, but not recorded as known, since
    // only the time-frame read's planning makes replicas wait for it (read-routing.ts).
    await inTenant(t.database, acme.companyId, (tx) =>
      coverJobWindow(tx, jobAbsenceHooks, nextWeek.from, nextWeek.to, { now }),
    );
    assert.equal(isFrameKnownCovered(acme.companyId, nextWeek.from, nextWeek.to, { now }), false);
    await inTenant(t.database, acme.companyId, (tx) =>
      coverJobWindow(tx, jobAbsenceHooks, nextWeek.from, nextWeek.to, { now, remember: true }),
    );
    assert.equal(isFrameKnownCovered(acme.companyId, nextWeek.from, nextWeek.to, { now }), true);
    // Weeks ago: inside the planning bounds, but before the window this company has planned so far.
    const weeksAgo = { from: now - 30 * DAY, to: now - 23 * DAY };
    assert.equal(isFrameKnownCovered(acme.companyId, weeksAgo.from, weeksAgo.to, { now }), false);
    assert.equal(isFrameKnownCovered('0123456789abcdef01234567', nextWeek.from, nextWeek.to, { now }), false);
  });

  test('the knowledge lasts a minute (the cached time zone), then the database is asked again', async () => {
    await inTenant(t.database, acme.companyId, (tx) =>
      coverJobWindow(tx, jobAbsenceHooks, nextWeek.from, nextWeek.to, { now, remember: true }),
    );
    assert.equal(isFrameKnownCovered(acme.companyId, nextWeek.from, nextWeek.to, { now: now + 59_000 }), true);
    assert.equal(isFrameKnownCovered(acme.companyId, nextWeek.from, nextWeek.to, { now: now + 61_000 }), false);
  });

  test('a frame beyond the planning horizon is refused as coverJobWindow refuses it', async () => {
    await inTenant(t.database, acme.companyId, (tx) =>
      coverJobWindow(tx, jobAbsenceHooks, nextWeek.from, nextWeek.to, { now, remember: true }),
    );
    const beyond = now + (PLANNING_HORIZON_DAYS + 10) * DAY;
    assert.throws(
      () => isFrameKnownCovered(acme.companyId, beyond - DAY, beyond, { now, refuseBeyondHorizon: true }),
      /beyond the planning horizon/,
    );
  });
});
