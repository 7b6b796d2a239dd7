// Who is busy during a replacement's windows (usersBusyDuring): the jobs that overlap each window, read by the
// from_at index from half a day before it (job-overlap.ts), the jobs longer than that by their own index.
// The answer is checked on jobs written directly, and the plan on a busy company's analysed table.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { inTenant } from '../../src/platform/db/tenant.js';
import { usersBusyDuring, usersBusyDuringSql } from '../../src/modules/scheduling/absence-job-reads.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;
let other: Tenant;

const at = (iso: string) => new Date(iso);
/** The two windows asked about: Monday and Tuesday 07:00-11:00 UTC. */
const WINDOWS = [
  { id: 'mon', from_at: '2031-03-03T07:00:00.000Z', to_at: '2031-03-03T11:00:00.000Z' },
  { id: 'tue', from_at: '2031-03-04T07:00:00.000Z', to_at: '2031-03-04T11:00:00.000Z' },
];

async function insertJob(tenant: Tenant, id: string, userId: string, from: string, to: string, state = 'open') {
  await sql`INSERT INTO jobs (company_id, id, number, from_at, to_at, user_id, state)
    VALUES (${tenant.companyId}, ${id}, (SELECT coalesce(max(number), 0) + 1 FROM jobs WHERE company_id = ${tenant.companyId}),
      ${at(from)}, ${at(to)}, ${userId}, ${state})`.execute(t.database.kysely);
}

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Busy during');
  other = await signup(t.app, 'Elsewhere');
});
after(() => t.close());

describe('usersBusyDuring', () => {
  test("names each user's windows: short, overnight and days-long jobs, not cancelled, ended or another company's", async () => {
    await insertJob(acme, 'short', 'u-short', '2031-03-03T10:00:00Z', '2031-03-03T12:00:00Z');
    await insertJob(acme, 'night', 'u-night', '2031-03-02T18:00:00Z', '2031-03-03T07:30:00Z'); // 13.5 h
    await insertJob(acme, 'days', 'u-days', '2031-02-25T08:00:00Z', '2031-03-04T07:30:00Z'); // 6 days, both windows
    await insertJob(acme, 'week', 'u-week', '2031-02-24T08:00:00Z', '2031-03-03T08:00:00Z'); // the longest a job lasts
    await insertJob(acme, 'ended', 'u-ended', '2031-03-03T03:00:00Z', '2031-03-03T07:00:00Z'); // ends as Monday's begins
    await insertJob(acme, 'later', 'u-later', '2031-03-04T11:00:00Z', '2031-03-04T12:00:00Z'); // begins as Tuesday's ends
    await insertJob(acme, 'off', 'u-off', '2031-03-03T08:00:00Z', '2031-03-03T09:00:00Z', 'cancelled');
    await insertJob(other, 'theirs', 'u-theirs', '2031-03-03T08:00:00Z', '2031-03-03T09:00:00Z');
    const busy = await inTenant(t.database, acme.companyId, (tx) => usersBusyDuring(tx, WINDOWS));
    const named = Object.fromEntries([...busy].map(([user, ids]) => [user, [...ids].sort()]));
    assert.deepEqual(named, { 'u-short': ['mon'], 'u-night': ['mon'], 'u-days': ['mon', 'tue'], 'u-week': ['mon'] });
  });

  test("reads each window's jobs from half a day before it, the longer ones by jobs_long_from_idx", async () => {
    // 3,000 one-hour jobs of 30 users over eight months, one of 3 days ending before the windows (analysed).
    const busy = await signup(t.app, 'Busy company');
    await sql`INSERT INTO jobs (company_id, id, number, from_at, to_at, user_id)
      SELECT ${busy.companyId}, lpad(to_hex(g), 24, '0'), g, ${at('2031-01-01T00:00:00Z')}::timestamptz + g * interval '2 hours',
        ${at('2031-01-01T00:00:00Z')}::timestamptz + g * interval '2 hours' + interval '1 hour', 'u' || (g % 30)
      FROM generate_series(1, 3000) g`.execute(t.database.kysely);
    await insertJob(busy, 'long', 'u-long', '2031-02-27T00:00:00Z', '2031-03-02T00:00:00Z');
    await sql`ANALYZE jobs`.execute(t.database.kysely);
    const plan = await inTenant(t.database, busy.companyId, async (tx) => {
      const { rows } = await sql<{ 'QUERY PLAN': Json }>`EXPLAIN (ANALYZE, FORMAT JSON) ${usersBusyDuringSql(
        tx.companyId,
        WINDOWS,
      )}`.execute(tx.db);
      const explained = rows[0]!['QUERY PLAN'];
      return (typeof explained === 'string' ? JSON.parse(explained) : explained)[0].Plan as Json;
    });
    const nodes = (node: Json): Json[] => [node, ...((node.Plans ?? []) as Json[]).flatMap(nodes)];
    const scans = nodes(plan).filter((n) => n['Relation Name'] === 'jobs');
    const page = scans.find((n) => n.Alias === 'j')!;
    assert.match(String(page['Index Cond']), /from_at >= LEAST\(/, JSON.stringify(page));
    // Per window: 2 jobs in its 4 hours, read with the 6 that start up to 12 hours before it (at most 8), where the
    // week before it holds 84.
    assert.equal(page['Actual Loops'], 2, JSON.stringify(page));
    assert.ok(page['Actual Rows'] + (page['Rows Removed by Filter'] ?? 0) <= 8, JSON.stringify(page));
    assert.equal(scans.find((n) => n.Alias === 'l')?.['Index Name'], 'jobs_long_from_idx', JSON.stringify(scans));
  });
});
