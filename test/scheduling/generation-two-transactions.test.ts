// Generation with a second transaction (second-transaction.ts): on PostgreSQL ensureJobWindow sends
// every other batch to a second connection; numbers stay unique and dense, every job has its event,
// and a failure rolls back both. On PGlite (one connection) everything runs in one transaction.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { materializeAll } from '../../src/modules/scheduling/job-generation.js';
import { ensureJobWindow } from '../../src/modules/scheduling/job-planning.js';
import { withSecondTransaction } from '../../src/modules/scheduling/second-transaction.js';
import { inTenant } from '../../src/platform/db/tenant.js';
import { newObjectId } from '../../src/platform/ids.js';
import { createTestApp, signup, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const FROM = Date.UTC(2027, 0, 4);
const TO = Date.UTC(2027, 1, 1); // 28 daily occurrences

const dailyDoc = () => ({
  objectId: newObjectId(),
  userIds: [newObjectId(), newObjectId()],
  iCalendar: {
    tzid: 'Europe/Berlin',
    frequency: 'DAILY',
    dtstart: '2027-01-04T08:00:00',
    dtend: '2027-01-04T10:00:00',
  },
});

async function summary(companyId: string) {
  const { rows } = await inTenant(t.database, companyId, (tx) =>
    sql<{ jobs: number; numbers: number; first: number; last: number; counter: number; events: number; xids: number }>`
      SELECT count(*)::int AS jobs, count(DISTINCT number)::int AS numbers, min(number)::int AS first,
        max(number)::int AS last,
        (SELECT value::int FROM counters WHERE name = 'jobs') AS counter,
        (SELECT count(*)::int FROM events WHERE entity = 'job' AND type = 'CREATE') AS events,
        (SELECT count(DISTINCT xid)::int FROM events WHERE entity = 'job' AND type = 'CREATE') AS xids
      FROM jobs`.execute(tx.db),
  );
  return rows[0]!;
}

test('ensureJobWindow: more than one batch of jobs, numbered densely, one event each, two transactions on PostgreSQL', async () => {
  const { companyId } = await signup(t.app, 'Two transactions');
  // 40 assignments x 28 days x 2 users = 2,240 jobs: two batches of generation's 2,000 rows
  await inTenant(t.database, companyId, async (tx) => {
    // an empty window, as the bench dataset starts (so the assignments' own planning made nothing)
    await sql`INSERT INTO job_horizons (company_id, from_at, until_at) VALUES (${companyId}, ${new Date(FROM)}, ${new Date(FROM)})
      ON CONFLICT (company_id) DO UPDATE SET from_at = excluded.from_at, until_at = excluded.until_at`.execute(tx.db);
    for (let i = 1; i <= 40; i++)
      await sql`INSERT INTO assignments (company_id, id, number, doc, created_by)
        VALUES (${companyId}, ${newObjectId()}, ${i}, ${JSON.stringify(dailyDoc())}, 'system')`.execute(tx.db);
  });
  await ensureJobWindow(t.database, jobAbsenceHooks, companyId, FROM, TO, FROM);
  const s = await summary(companyId);
  assert.equal(s.jobs, 3360);
  assert.equal(s.numbers, 3360, 'no number twice');
  assert.equal(s.last - s.first + 1, 3360, 'no gap');
  assert.equal(s.counter, s.last, 'the counter moved past the last number');
  assert.equal(s.events, 3360);
  assert.equal(s.xids, t.database.kind === 'postgres' ? 2 : 1, 'written by two transactions on PostgreSQL');
  await ensureJobWindow(t.database, jobAbsenceHooks, companyId, FROM, TO, FROM);
  assert.equal((await summary(companyId)).jobs, 3360, 'a second run creates nothing');
});

test('a planning failing after batches went to both transactions leaves nothing behind, counter included', async () => {
  const { companyId } = await signup(t.app, 'Failing generation');
  const plannings = Array.from({ length: 4 }, () => ({ assignment: { id: newObjectId(), doc: dailyDoc() } }));
  const broken = { assignment: { id: newObjectId(), doc: dailyDoc() } };
  broken.assignment.doc.iCalendar.frequency = 'HOURLY'; // refused when its occurrences are expanded
  await assert.rejects(
    withSecondTransaction(t.database, companyId, (second) =>
      inTenant(t.database, companyId, (tx) =>
        materializeAll(tx, jobAbsenceHooks, [...plannings, broken], FROM, TO, { batchRows: 20, second }),
      ),
    ),
    /frequency/,
  );
  const s = await summary(companyId);
  assert.deepEqual([s.jobs, s.events, s.counter], [0, 0, null]);
});

test('materializeAll with a second transaction in small batches: every job once, dense numbers', async () => {
  const { companyId } = await signup(t.app, 'Small batches');
  const plannings = Array.from({ length: 5 }, () => ({ assignment: { id: newObjectId(), doc: dailyDoc() } }));
  const created = await withSecondTransaction(t.database, companyId, (second) =>
    inTenant(t.database, companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, plannings, FROM, TO, { batchRows: 30, second }),
    ),
  );
  assert.equal(created, 280);
  const s = await summary(companyId);
  assert.deepEqual([s.jobs, s.numbers, s.last - s.first + 1, s.events], [280, 280, 280, 280]);
  assert.equal(s.xids, t.database.kind === 'postgres' ? 2 : 1);
});
