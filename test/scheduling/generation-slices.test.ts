// A far frame is planned in short slices (job-planning.ts extendJobWindowInSlices): another
// company's reads stay fast on the embedded database while a company with many daily assignments
// asks for jobs a year ahead; every job is made once, also when two plan the same window at once,
// and the stored window says how far the committed jobs reach.
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { extendJobWindowInSlices, readHorizon } from '../../src/modules/scheduling/job-planning.js';
import { assignments } from '../../src/modules/scheduling/assignments-resource.js';
import { inTenant } from '../../src/platform/db/tenant.js';
import { newObjectId } from '../../src/platform/ids.js';
import { upsertRecords } from '../../src/resources/engine/resource-store.js';
import { call, createTestApp, nextTurn, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const ASSIGNMENTS = Number(process.env.GENERATION_SLICES_ASSIGNMENTS ?? 20);
const DAY = 86_400_000;
const BUDGET_MS = 250;

let t: TestApp;
let planner: Tenant;
let other: Tenant;

/**
 * `count` daily assignments (07:00-09:00 Berlin, one planned user), stored without planning their
 * jobs, and an empty window starting today: the next frame read plans all of them.
 */
async function seedAssignments(tenant: Tenant, count: number) {
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(`${today}T00:00:00Z`);
  await inTenant(t.database, tenant.companyId, async (tx) => {
    await tx.db
      .insertInto('job_horizons')
      .values({ company_id: tx.companyId, from_at: start, until_at: start })
      .execute();
    await upsertRecords(
      tx,
      assignments,
      Array.from({ length: count }, (_, i) => ({
        id: newObjectId(),
        number: i + 1,
        doc: {
          objectId: newObjectId(),
          userIds: [newObjectId()],
          iCalendar: {
            tzid: 'Europe/Berlin',
            frequency: 'DAILY',
            dtstart: `${today}T07:00:00`,
            dtend: `${today}T09:00:00`,
          },
        },
        userId: tenant.userId,
        chatId: newObjectId(),
      })),
    );
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function jobCounts(tenant: Tenant) {
  const { rows } = await inTenant(t.database, tenant.companyId, (tx) =>
    sql<{ n: number; keys: number }>`
      SELECT count(*)::int AS n, count(DISTINCT (assignment_id, occurrence_key, slot))::int AS keys
      FROM jobs WHERE company_id = ${tenant.companyId}`.execute(tx.db),
  );
  return rows[0]!;
}

before(async () => {
  t = await createTestApp();
  planner = await signup(t.app, 'Planner');
  other = await signup(t.app, 'Neighbour');
  await call(t.app, 'POST', '/v2/customers', other.headers, { name: 'Nachbar GmbH' });
});
after(() => t?.close());

/** The neighbour's reads, one after the other, until `isDone()`; their latencies sorted. */
async function neighbourReads(isDone: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!isDone()) {
    const start = performance.now();
    const read = await call(t.app, 'GET', '/v2/customers/?limit=20', other.headers);
    latencies.push(performance.now() - start);
    assert.equal(read.status, 200);
    await nextTurn();
  }
  return latencies.sort((a, b) => a - b);
}

test(`another company's reads stay fast while ${ASSIGNMENTS} daily assignments get a year of jobs`, async () => {
  await seedAssignments(planner, ASSIGNMENTS);
  // The same reads with nothing else running: on a loaded machine they are slow by themselves, and
  // the budget is what planning may add to them.
  const quietUntil = performance.now() + 2000;
  const quiet = quantile(await neighbourReads(() => performance.now() > quietUntil), 0.99);
  // A day a year ahead: the window grows by all the days up to it (the answer, a day's jobs, stays small).
  const to = Date.now() + 365 * DAY;
  const from = to - DAY;
  const began = performance.now();
  let isPlanning = true;
  const planning = call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', planner.headers, { from, to }).finally(() => {
    isPlanning = false;
  });
  const latencies = await neighbourReads(() => !isPlanning);
  const answer = await planning;
  const planningMs = performance.now() - began;
  assert.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 300));
  // Every day of the frame has its job per assignment, and no job is there twice.
  const counts = await jobCounts(planner);
  assert.ok(answer.body.length >= ASSIGNMENTS, `${answer.body.length} jobs in the frame`);
  assert.ok(counts.n >= ASSIGNMENTS * 364, `${counts.n} jobs planned`);
  assert.equal(counts.n, counts.keys, 'no occurrence has two jobs');
  const p99 = quantile(latencies, 0.99);
  console.log(
    `# planning ${counts.n} jobs took ${planningMs.toFixed(0)} ms; other company: ${latencies.length} reads, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (alone: p99 ${quiet.toFixed(1)} ms)`,
  );
  assert.ok(latencies.length >= 10, `only ${latencies.length} reads while planning (${planningMs.toFixed(0)} ms)`);
  // Held at p95: with some 60 reads p99 is the single slowest, which one pause decides (idle here: p99 221 and
  // 361 ms in two runs, p50 39 ms). Unsliced, every read waits for the whole planning (seconds).
  const p95 = quantile(latencies, 0.95);
  assert.ok(
    p95 < Math.max(BUDGET_MS, quiet + BUDGET_MS / 2),
    `p95 ${p95.toFixed(1)} ms (alone ${quiet.toFixed(1)} ms)`,
  );
});

test('two planners of the same far window at once: each job once, the window as far as its jobs', async () => {
  const tenant = await signup(t.app, 'Twice');
  await seedAssignments(tenant, 5);
  const from = Date.now();
  const to = from + 200 * DAY;
  await Promise.all([
    extendJobWindowInSlices(t.database, jobAbsenceHooks, tenant.companyId, from, to),
    extendJobWindowInSlices(t.database, jobAbsenceHooks, tenant.companyId, from, to),
  ]);
  const counts = await jobCounts(tenant);
  assert.equal(counts.n, counts.keys, 'no occurrence has two jobs');
  const horizon = await inTenant(t.database, tenant.companyId, (tx) => readHorizon(tx));
  assert.ok(horizon.until >= to, `window until ${new Date(horizon.until).toISOString()}`);
  // Every job of the window was made: five per day, up to the window's end.
  const days = Math.round((horizon.until - horizon.from) / DAY);
  assert.ok(Math.abs(counts.n - 5 * days) <= 10, `${counts.n} jobs for ${days} days`);
});
