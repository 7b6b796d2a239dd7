// How far the job window may grow: frames beyond the planning horizon are refused, frames far back
// generate nothing before the past bound, a window the old code stretched to 2060 is repaired, and
// no recurrence rule makes a write answer 5xx.
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { inTenant } from '../../src/platform/db/tenant.js';
import { materialize, type PlannedAssignment } from '../../src/modules/scheduling/job-generation.js';
import { readHorizon } from '../../src/modules/scheduling/job-planning.js';
import { clampToBounds, planningBounds, PLANNING_HORIZON_DAYS } from '../../src/modules/scheduling/planning-bounds.js';
import { assertProblem } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

const DAY = 86_400_000;
const ZONE = 'Europe/Berlin'; // the companies' default time zone
let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(() => t.close());

/** A company of its own (each test reads or stretches its window) with one object. */
async function company() {
  const tenant = await signup(t.app, 'Horizon');
  const objectId = (await call(t.app, 'POST', '/v2/objects/', tenant.headers, { name: 'Office' })).body._id as string;
  return { tenant, objectId };
}

const daily = (dtstart: string, rrule = 'FREQ=DAILY') => ({
  tzid: ZONE,
  rrule,
  dtstart: `${dtstart}T06:00:00`,
  dtend: `${dtstart}T08:00:00`,
});
const localDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function frame(tenant: Tenant, from: number, to: number, headers = tenant.headers) {
  return call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', headers, { from: String(from), to: String(to) });
}

const horizonOf = (tenant: Tenant) => inTenant(t.database, tenant.companyId, (tx) => readHorizon(tx));
const jobCount = async (tenant: Tenant, where = sql`true`) =>
  Number(
    (
      await inTenant(t.database, tenant.companyId, (tx) =>
        sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM jobs WHERE company_id = ${tenant.companyId} AND ${where}`.execute(tx.db),
      )
    ).rows[0]!.n,
  );

describe('planning bounds (pure)', () => {
  test("the horizon ends with the company's today + PLANNING_HORIZON_DAYS; the past bound starts PLANNING_PAST_DAYS back", () => {
    // 23:30 UTC on 2026-03-01 is already 2 March in Berlin.
    const bounds = planningBounds(ZONE, Date.parse('2026-03-01T23:30:00Z'));
    assert.equal(PLANNING_HORIZON_DAYS, 548);
    assert.equal(bounds.lastDate, '2027-09-01'); // 2 March 2026 + 548 days
    assert.equal(
      new Date(bounds.latest).toISOString(),
      '2027-09-01T22:00:00.000Z',
      'the end of 1 September, summer time',
    );
    assert.equal(
      new Date(bounds.earliest).toISOString(),
      '2025-02-28T23:00:00.000Z',
      '1 March 2025 (2 March 2026 - 366 days), local midnight',
    );
  });

  test("the bounds kept for a zone's date move on at its midnight, and each zone keeps its own", () => {
    // 22:59 and 23:00 UTC on 2026-03-01 are the last minute of 1 March and the first of 2 March in Berlin.
    const beforeMidnight = planningBounds(ZONE, Date.parse('2026-03-01T22:59:00Z'));
    assert.equal(beforeMidnight.lastDate, '2027-08-31');
    assert.equal(planningBounds(ZONE, Date.parse('2026-03-01T22:00:00Z')), beforeMidnight, 'the same date: kept');
    assert.equal(planningBounds(ZONE, Date.parse('2026-03-01T23:00:00Z')).lastDate, '2027-09-01');
    // Still 1 March in New York (UTC-5) at that instant, whatever Berlin's bounds were kept last.
    const newYork = planningBounds('America/New_York', Date.parse('2026-03-01T23:00:00Z'));
    assert.equal(newYork.lastDate, '2027-08-31');
    assert.equal(new Date(newYork.latest).toISOString(), '2027-09-01T04:00:00.000Z', 'the end of 31 August, EDT');
    // Going back in time (a test's clock, a bench's `now`) gives that date's bounds, not the kept ones.
    assert.equal(planningBounds(ZONE, Date.parse('2026-02-01T12:00:00Z')).lastDate, '2027-08-03');
  });

  test('a frame is cut to the bounds, or needs nothing when wholly outside', () => {
    const bounds = { earliest: 100, latest: 200, lastDate: '' };
    assert.deepEqual(clampToBounds({ from: 50, to: 150 }, bounds), { from: 100, to: 150 });
    assert.deepEqual(clampToBounds({ from: 150, to: 500 }, bounds), { from: 150, to: 200 });
    assert.equal(clampToBounds({ from: 0, to: 90 }, bounds), undefined);
    assert.equal(clampToBounds({ from: 300, to: 400 }, bounds), undefined);
  });
});

describe('the future: the planning horizon', () => {
  test('a frame reaching beyond the horizon is 400 naming the limit and the last day; up to it is 200', async () => {
    const { tenant, objectId } = await company();
    assert.equal(
      (
        await call(t.app, 'POST', '/v2/assignments/', tenant.headers, {
          objectId,
          iCalendar: daily(localDate(Date.now())),
        })
      ).status,
      201,
    );
    const { latest, lastDate } = planningBounds(ZONE, Date.now());
    const res = await frame(tenant, latest - 10 * DAY, latest + 1);
    assertProblem(res, 400, 'to');
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.match(res.body.detail, new RegExp(`${PLANNING_HORIZON_DAYS} days ahead, the last day is ${lastDate}`));
    const inside = await frame(tenant, latest - 10 * DAY, latest);
    assert.equal(inside.status, 200, JSON.stringify(inside.body));
    assert.equal(inside.body.length, 10, 'a job on each of the last ten days');
    assert.equal((await horizonOf(tenant)).until, latest);
  });

  test("frames in 2040, 2052 and 2060 (an employee's too) are refused and leave the window alone; daily assignments stay writable", async () => {
    const { tenant, objectId } = await company();
    const first = await call(t.app, 'POST', '/v2/assignments/', tenant.headers, {
      objectId,
      iCalendar: daily('2026-01-05'),
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    await call(t.app, 'POST', '/v2/users/', tenant.headers, {
      id: `emp-${tenant.companyId}`,
      password: 'employee-pass-1',
      general: { firstName: 'Eve' },
    });
    const login = await call(
      t.app,
      'POST',
      '/v2/auth/login',
      {},
      { username: `emp-${tenant.companyId}`, password: 'employee-pass-1' },
    );
    const employee = { authorization: `Bearer ${login.body.accessToken}` };
    const before = await horizonOf(tenant);
    for (const year of [2040, 2052, 2060]) {
      const from = Date.UTC(year, 0, 1);
      assertProblem(await frame(tenant, from, from + DAY), 400, 'to');
      assertProblem(await frame(tenant, from, from + DAY, employee), 400, 'to');
    }
    assert.deepEqual(await horizonOf(tenant), before);
    assert.equal(await jobCount(tenant, sql`from_at > ${new Date(planningBounds(ZONE, Date.now()).latest)}`), 0);
    const second = await call(t.app, 'POST', '/v2/assignments/', tenant.headers, {
      objectId,
      iCalendar: daily('2026-01-05'),
    });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    const patched = await call(t.app, 'PATCH', `/v2/assignments/${first.body._id}`, tenant.headers, {
      iCalendar: { ...daily('2026-01-05'), dtstart: '2026-01-05T07:00:00', dtend: '2026-01-05T09:00:00' },
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
  });
});

describe('the past: frames far back generate nothing before the past bound', () => {
  test('a frame in 1990 is answered from the jobs there are (none) and does not move the window', async () => {
    const { tenant, objectId } = await company();
    assert.equal(
      (await call(t.app, 'POST', '/v2/assignments/', tenant.headers, { objectId, iCalendar: daily('1980-01-01') }))
        .status,
      201,
    );
    const before = await horizonOf(tenant);
    const jobs = await frame(tenant, Date.UTC(1990, 0, 1), Date.UTC(1990, 3, 1));
    assert.equal(jobs.status, 200, JSON.stringify(jobs.body));
    assert.deepEqual(jobs.body, []);
    assert.deepEqual(await horizonOf(tenant), before);
    assert.equal(await jobCount(tenant, sql`from_at < ${new Date(before.from)}`), 0);
  });

  test('a frame reaching over the past bound is planned from the bound on, and the window stops there', async () => {
    const { tenant, objectId } = await company();
    assert.equal(
      (await call(t.app, 'POST', '/v2/assignments/', tenant.headers, { objectId, iCalendar: daily('1980-01-01') }))
        .status,
      201,
    );
    const { earliest } = planningBounds(ZONE, Date.now());
    const jobs = await frame(tenant, earliest - 30 * DAY, earliest + 30 * DAY);
    assert.equal(jobs.status, 200, JSON.stringify(jobs.body));
    assert.equal(jobs.body.length, 30, 'a job on each day from the bound on');
    assert.ok(jobs.body.every((j: { from: string }) => Date.parse(j.from) >= earliest));
    assert.equal((await horizonOf(tenant)).from, earliest);
    assert.equal(await jobCount(tenant, sql`from_at < ${new Date(earliest)}`), 0);
  });
});

describe('a window the old code stretched to 2060', () => {
  test('is shrunk to the horizon: untouched jobs beyond it go, touched ones stay, and daily assignments are writable again', async () => {
    const { tenant, objectId } = await company();
    const res = await call(t.app, 'POST', '/v2/assignments/', tenant.headers, {
      objectId,
      iCalendar: daily('2026-01-05'),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const assignmentId = res.body._id as string;
    // As the old code allowed: the window reaches 2060 and the assignment has jobs out there.
    await inTenant(t.database, tenant.companyId, async (tx) => {
      await sql`UPDATE job_horizons SET until_at = ${new Date(Date.UTC(2060, 0, 2))} WHERE company_id = ${tenant.companyId}`.execute(
        tx.db,
      );
      const assignment = await tx.db
        .selectFrom('assignments')
        .select(['id', 'doc'])
        .where('id', '=', assignmentId)
        .executeTakeFirstOrThrow();
      await materialize(
        tx,
        jobAbsenceHooks,
        assignment as unknown as PlannedAssignment,
        Date.UTC(2059, 11, 1),
        Date.UTC(2060, 0, 2),
      );
    });
    const far = sql`from_at >= ${new Date(Date.UTC(2059, 0, 1))}`;
    assert.equal(await jobCount(tenant, far), 32);
    const [touched] = (
      await inTenant(t.database, tenant.companyId, (tx) =>
        sql<{
          id: string;
        }>`SELECT id FROM jobs WHERE company_id = ${tenant.companyId} AND ${far} ORDER BY from_at LIMIT 1`.execute(
          tx.db,
        ),
      )
    ).rows;
    const moved = await call(t.app, 'PATCH', `/v2/jobs/${touched!.id}`, tenant.headers, { jobComment: 'keep me' });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));

    const created = await call(t.app, 'POST', '/v2/assignments/', tenant.headers, {
      objectId,
      iCalendar: daily('2026-01-05'),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const changed = await call(t.app, 'PATCH', `/v2/assignments/${assignmentId}`, tenant.headers, {
      iCalendar: { ...daily('2026-01-05'), dtstart: '2026-01-05T07:00:00', dtend: '2026-01-05T09:00:00' },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const { latest } = planningBounds(ZONE, Date.now());
    assert.ok((await horizonOf(tenant)).until <= latest);
    assert.equal(await jobCount(tenant, far), 1, 'only the job a person changed');
    const kept = await call(t.app, 'GET', `/v2/jobs/${touched!.id}`, tenant.headers);
    assert.equal(kept.body.jobComment, 'keep me');
    assert.equal(await jobCount(tenant, sql`from_at >= ${new Date(latest)} AND NOT is_manual`), 0);
  });
});

describe('no rule makes a write answer 5xx', () => {
  const cases: Array<{ name: string; ical: Record<string, unknown>; status: number }> = [
    { name: 'daily from far in the past', ical: daily('1900-01-01'), status: 201 },
    { name: 'daily from far in the future', ical: daily('2090-01-01'), status: 201 },
    {
      name: 'FREQ=DAILY with a long UNTIL',
      ical: daily('2026-01-05', 'FREQ=DAILY;UNTIL=22001231T000000Z'),
      status: 201,
    },
    {
      name: 'yearly on 31 February (never)',
      ical: daily('2026-01-05', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31'),
      status: 201,
    },
    {
      name: 'daily, only on 31 February (never)',
      ical: daily('2026-01-05', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31'),
      status: 201,
    },
    { name: 'every 1000 years since 1900', ical: daily('1900-01-01', 'FREQ=YEARLY;INTERVAL=1000'), status: 201 },
    {
      name: 'COUNT=10000 days since 2000 (reached in 2027)',
      ical: daily('2000-01-01', 'FREQ=DAILY;COUNT=10000'),
      status: 201,
    },
    {
      name: 'COUNT=1000 weeks since 1950 (over long ago)',
      ical: daily('1950-01-02', 'FREQ=WEEKLY;COUNT=1000'),
      status: 201,
    },
    {
      name: 'COUNT=100000 days (not reached within 30 years)',
      ical: daily('2026-01-05', 'FREQ=DAILY;COUNT=100000'),
      status: 400,
    },
    { name: 'COUNT=100000 days since 1900', ical: daily('1900-01-01', 'FREQ=DAILY;COUNT=100000'), status: 400 },
    {
      name: 'COUNT=3 on 31 February (never reached)',
      ical: daily('2026-01-05', 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=31;COUNT=3'),
      status: 400,
    },
    {
      name: 'structured count 100000',
      ical: {
        tzid: ZONE,
        frequency: 'DAILY',
        count: 100000,
        dtstart: '2026-01-05T06:00:00',
        dtend: '2026-01-05T07:00:00',
      },
      status: 400,
    },
    { name: 'FREQ=SECONDLY (not supported)', ical: daily('2026-01-05', 'FREQ=SECONDLY'), status: 400 },
  ];
  let tenant: Tenant;
  let objectId: string;
  before(async () => ({ tenant, objectId } = await company()));

  for (const c of cases) {
    test(`${c.name}: ${c.status}`, async () => {
      const res = await call(t.app, 'POST', '/v2/assignments/', tenant.headers, { objectId, iCalendar: c.ical });
      if (c.status === 400) assertProblem(res, 400, ['iCalendar.rrule', 'iCalendar.count']);
      else assert.equal(res.status, c.status, JSON.stringify(res.body));
      if (res.status !== 201) return;
      const changed = await call(t.app, 'PATCH', `/v2/assignments/${res.body._id}`, tenant.headers, {
        title: 'changed',
        userIds: [],
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
    });
  }

  test('the window around today still answers after all of them', async () => {
    const res = await frame(tenant, Date.now() - 7 * DAY, Date.now() + 30 * DAY);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  test('task templates take the same rules: COUNT not reached is 400, a far-away daily rule 201', async () => {
    const template = (rrule: string, dtstart: string) =>
      call(t.app, 'POST', '/v2/taskTemplates/', tenant.headers, {
        templateName: 'Check',
        iCalendar: { tzid: ZONE, rrule, dtstart },
        task: { title: 'Check' },
      });
    assertProblem(await template('FREQ=DAILY;COUNT=100000', '1900-01-01T06:00:00'), 400, 'iCalendar.rrule');
    assert.equal((await template('FREQ=DAILY', '1900-01-01T06:00:00')).status, 201);
  });
});
