// isFrameKnownCovered (job-planning.ts): whether this process knows, without reading the database,
// that a frame's jobs are planned, so that jobsInTimeFrame may answer it read-only.
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { after, before, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  coverJobWindow,
  isFrameCoveredByKnownWindow,
  isFrameKnownCovered,
} from '../../src/modules/scheduling/job-planning.js';
import { PLANNING_HORIZON_DAYS } from '../../src/modules/scheduling/planning-bounds.js';
import type { Database } from '../../src/platform/db/database.js';
import { inTenant } from '../../src/platform/db/tenant.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

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

describe('a recorded window once its minute is up', () => {
  test("covers again when the time zone, read in the caller's transaction, still puts the frame inside it", async () => {
    const company = await signup(t.app, 'Zone');
    const later = now + 61_000;
    const covered = (frame: { from: number; to: number }, at: number) =>
      inTenant(t.database, company.companyId, (tx) =>
        isFrameCoveredByKnownWindow(tx, frame.from, frame.to, { now: at }),
      );
    assert.equal(await covered(nextWeek, later), false, 'nothing recorded yet');
    await inTenant(t.database, company.companyId, (tx) =>
      coverJobWindow(tx, jobAbsenceHooks, nextWeek.from, nextWeek.to, { now, remember: true }),
    );
    assert.equal(isFrameKnownCovered(company.companyId, nextWeek.from, nextWeek.to, { now: later }), false);
    assert.equal(await covered({ from: now - 30 * DAY, to: now - 23 * DAY }, later), false, 'before the window');
    assert.equal(await covered(nextWeek, later), true);
    // The zone just read counts for another minute.
    assert.equal(isFrameKnownCovered(company.companyId, nextWeek.from, nextWeek.to, { now: later + 59_000 }), true);
    const beyond = later + (PLANNING_HORIZON_DAYS + 10) * DAY;
    await assert.rejects(
      inTenant(t.database, company.companyId, (tx) =>
        isFrameCoveredByKnownWindow(tx, beyond - DAY, beyond, { now: later + 120_000, refuseBeyondHorizon: true }),
      ),
      /beyond the planning horizon/,
    );
  });

  test('jobsInTimeFrame answers in one read-only transaction, not by planning in transactions of its own', async () => {
    const company = await signup(t.app, 'Later');
    const frame = { from: String(nextWeek.from), to: String(nextWeek.to) };
    const read = (body: object) => call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', company.headers, body);
    const first = await read(frame); // plans, and records the window
    assert.equal(first.status, 200);
    const transaction = t.database.transaction;
    const original = transaction.bind(t.database) as Database['transaction'];
    const opened: boolean[] = [];
    t.database.transaction = (begin, readOnly, work) => {
      opened.push(readOnly);
      return original(begin, readOnly, work);
    };
    // The caller's rights are cached unless a change of them is announced while they load: the sign-up's own
    // announcements can reach this process after the first read began its look-up (on PostgreSQL, a busy
    // machine), and the next read looks them up again. Read until the rights are cached.
    for (let tries = 0; tries < 10 && opened.length !== 1; tries++) {
      opened.length = 0;
      assert.equal((await read(frame)).status, 200);
    }
    opened.length = 0;
    mock.timers.enable({ apis: ['Date'], now: Date.now() + 61_000 });
    try {
      const again = await read(frame);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, first.body);
      assert.deepEqual(opened, [true], 'one read-only transaction');
      // Still refused beyond the horizon, by the zone read beside the read.
      opened.length = 0;
      mock.timers.setTime(Date.now() + 61_000);
      const beyond = Date.now() + (PLANNING_HORIZON_DAYS + 10) * DAY;
      const refused = await read({ from: String(beyond - DAY), to: String(beyond) });
      assert.equal(refused.status, 400);
      assert.match(JSON.stringify(refused.body), /beyond the planning horizon/);
      assert.deepEqual(opened, [true]);
    } finally {
      mock.timers.reset();
      t.database.transaction = transaction;
    }
  });
});
