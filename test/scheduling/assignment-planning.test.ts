// Assignments -> jobs: generation, crews, idempotency under concurrency, re-planning and deletion.
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { inTenant } from '../../src/platform/db/tenant.js';
import { materialize, type PlannedAssignment } from '../../src/modules/scheduling/job-generation.js';
import { ensureJobWindow } from '../../src/modules/scheduling/job-planning.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;
let objectId: string;
let ann: string;
let bob: string;

const DAY = 86_400_000;
const localDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Acme');
  objectId = (
    await call(t.app, 'POST', '/v2/objects/', acme.headers, {
      name: 'Office',
      address: { country: 'DE', state: 'BY' },
      tags: ['vip'],
    })
  ).body._id;
  ann = (await call(t.app, 'POST', '/v2/users/', acme.headers, { general: { firstName: 'Ann' } })).body._id;
  bob = (await call(t.app, 'POST', '/v2/users/', acme.headers, { general: { firstName: 'Bob' } })).body._id;
});
after(() => t.close());

async function createAssignment(body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/v2/assignments/', acme.headers, { objectId, title: 'Cleaning', ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id as string;
}

async function jobsOf(assignmentId: string, from: string, to: string) {
  const res = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', acme.headers, {
    from: String(Date.parse(from)),
    to: String(Date.parse(to)),
    assignmentIds: [assignmentId],
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as Array<Record<string, Json>>;
}

describe('assignments', () => {
  test("store the spec's fields and a normalised iCalendar", async () => {
    const id = await createAssignment({
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
        dtstart: '2027-01-04T06:00:00',
        dtend: '2027-01-04T08:30:00',
      },
      material: [{ quantity: 2 }],
      weeklyTimeBudget: 7.5,
      type: 'normal',
      comment: 'key at reception',
      commentRequired: true,
      sign: false,
      billing: {
        type: 'MANUAL',
        positions: [{ title: 'Cleaning', quantity: 1, price: 120, tax: 0.19, type: 'INVOICE_POSITION' }],
      },
      quota: { enabled: false },
      costUnit: 'CU-1',
    });
    const res = await call(t.app, 'GET', `/v2/assignments/${id}`, acme.headers);
    assert.equal(res.body.iCalendar.frequency, 'WEEKLY');
    assert.deepEqual(res.body.iCalendar.byDay, ['MO', 'WE', 'FR']);
    assert.equal(res.body.billing.positions[0].price, 120);
    assert.equal(res.body.commentRequired, true);
    assert.match(res.body.customerId, /^[0-9a-f]{24}$/, "the object's customer");
  });

  test('invalid input is 400 with the field named', async () => {
    const base = {
      objectId,
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY',
        dtstart: '2027-01-04T06:00:00',
        dtend: '2027-01-04T08:00:00',
      },
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, iCalendar: { ...base.iCalendar, tzid: 'Mars/Base' } }, 'iCalendar.tzid'],
      [{ ...base, iCalendar: { ...base.iCalendar, dtend: '2027-01-04T05:00:00' } }, 'iCalendar.dtend'],
      [{ ...base, iCalendar: { ...base.iCalendar, rrule: 'FREQ=DAILY;BYHOUR=x' } }, 'iCalendar.rrule'],
      [{ ...base, objectId: '0123456789abcdef01234567' }, 'objectId'],
      [{ ...base, userIds: ['0123456789abcdef01234567'] }, 'userIds'],
    ];
    for (const [body, path] of cases) {
      const res = await call(t.app, 'POST', '/v2/assignments/', acme.headers, body);
      assert.equal(res.status, 400, path);
      assert.equal(res.body.errors[0].path, path);
    }
  });
});

describe('generation', () => {
  test('one job per occurrence and planned user, sharing a team id; none planned -> one unassigned job', async () => {
    const ical = {
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3',
      dtstart: '2027-02-02T06:00:00',
      dtend: '2027-02-02T08:00:00',
    };
    const team = await createAssignment({ iCalendar: ical, userIds: [ann, bob] });
    const solo = await createAssignment({ iCalendar: ical });
    const teamJobs = await jobsOf(team, '2027-02-01T00:00:00Z', '2027-03-01T00:00:00Z');
    assert.equal(teamJobs.length, 6);
    for (const day of ['2027-02-02', '2027-02-09', '2027-02-16']) {
      const [first, second] = teamJobs.filter((j) => j.from.startsWith(day));
      assert.deepEqual([first!.userId, second!.userId].sort(), [ann, bob].sort());
      assert.equal(first!.teamId, second!.teamId);
      assert.match(first!.teamId, /^[0-9a-f]{24}$/);
      assert.equal(first!.targetTime, 120);
      assert.equal(first!.assignment._id, team);
    }
    const soloJobs = await jobsOf(solo, '2027-02-01T00:00:00Z', '2027-03-01T00:00:00Z');
    assert.equal(soloJobs.length, 3);
    assert.ok(soloJobs.every((j) => j.userId === undefined && j.teamId === undefined));
  });

  test('is idempotent, also when generators run at once', async () => {
    const id = await createAssignment({
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY',
        dtstart: '2027-05-01T06:00:00',
        dtend: '2027-05-01T07:00:00',
      },
      userIds: [ann, bob],
    });
    const from = Date.parse('2027-05-01T00:00:00Z');
    const to = Date.parse('2027-05-15T00:00:00Z');
    await Promise.all([1, 2, 3].map(() => ensureJobWindow(t.database, jobAbsenceHooks, acme.companyId, from, to)));
    const record = await inTenant(t.database, acme.companyId, (tx) =>
      tx.db.selectFrom('assignments').select(['id', 'doc']).where('id', '=', id).executeTakeFirstOrThrow(),
    );
    const created = await Promise.all(
      [1, 2].map(() =>
        inTenant(t.database, acme.companyId, (tx) =>
          materialize(tx, jobAbsenceHooks, record as unknown as PlannedAssignment, from, to),
        ),
      ),
    );
    assert.deepEqual(created, [0, 0], 'nothing left to create');
    const jobs = await jobsOf(id, '2027-05-01T00:00:00Z', '2027-05-15T00:00:00Z');
    assert.equal(jobs.length, 28);
    assert.equal(new Set(jobs.map((j) => `${j.from}|${j.userId}`)).size, 28);
  });

  test("skips public holidays of the object's region when asked", async () => {
    const id = await createAssignment({
      skipPublicHolidays: true,
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=7',
        dtstart: '2027-01-01T06:00:00',
        dtend: '2027-01-01T07:00:00',
      },
    });
    const days = (await jobsOf(id, '2026-12-31T00:00:00Z', '2027-01-10T00:00:00Z')).map((j) => j.from.slice(0, 10));
    assert.deepEqual(
      days,
      ['2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05', '2027-01-07'],
      'not New Year nor Epiphany (Bavaria)',
    );
  });
});

describe('re-planning', () => {
  test('a new time re-plans future untouched jobs; past, started and hand-changed jobs stay', async () => {
    const start = Date.now() - 10 * DAY;
    const id = await createAssignment({
      userIds: [ann],
      iCalendar: {
        tzid: 'UTC',
        rrule: 'FREQ=DAILY',
        dtstart: `${localDate(start)}T06:00:00`,
        dtend: `${localDate(start)}T07:00:00`,
      },
    });
    // The window ends at midnight, so old and new times give the same number of future days.
    const window = [new Date(start - DAY).toISOString(), `${localDate(Date.now() + 10 * DAY)}T00:00:00.000Z`] as const;
    const before = await jobsOf(id, ...window);
    const past = before.filter((j) => Date.parse(j.from) < Date.now());
    const future = before.filter((j) => Date.parse(j.from) > Date.now());
    assert.ok(past.length >= 9 && future.length >= 8);
    const moved = future[2]!;
    const started = future[4]!;
    assert.equal(
      (
        await call(t.app, 'POST', `/v2/jobs/${moved._id}/move`, acme.headers, {
          from: moved.from.replace('T06', 'T09'),
        })
      ).status,
      200,
    );
    assert.equal(
      (await call(t.app, 'PATCH', `/v2/jobs/${started._id}`, acme.headers, { state: 'started' })).status,
      200,
    );

    const newTime = { dtstart: `${localDate(start)}T13:00:00`, dtend: `${localDate(start)}T15:00:00` };
    assert.deepEqual((await call(t.app, 'PATCH', `/v2/assignments/${id}`, acme.headers, { iCalendar: newTime })).body, {
      updated: true,
    });
    const afterwards = await jobsOf(id, ...window);
    const byId = new Map(afterwards.map((j) => [j._id, j]));
    for (const job of past) assert.equal(byId.get(job._id)?.from, job.from, 'a past job is kept as it was');
    assert.ok(byId.get(moved._id)?.from.includes('T09:00'), 'the moved job is kept');
    assert.equal(byId.get(started._id)?.state, 'started', 'the started job is kept');
    const replanned = afterwards.filter(
      (j) => Date.parse(j.from) > Date.now() && ![moved._id, started._id].includes(j._id),
    );
    assert.equal(replanned.length, future.length - 2);
    assert.ok(
      replanned.every((j) => j.from.includes('T13:00:00') && j.targetTime === 120),
      'future jobs at the new time',
    );
    assert.ok(
      !afterwards.some((j) => future.some((f) => f._id === j._id && ![moved._id, started._id].includes(j._id))),
      'untouched future jobs were replaced',
    );
    const sameDay = (day: string) => afterwards.filter((j) => j.from.startsWith(day));
    assert.equal(sameDay(started.from.slice(0, 10)).length, 1, "no second job on the started job's day");
    assert.equal(sameDay(moved.from.slice(0, 10)).length, 1, "no second job on the moved job's day");
  });

  test('a crew change re-plans; a comment change does not', async () => {
    const id = await createAssignment({
      userIds: [ann],
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=3',
        dtstart: '2027-06-01T06:00:00',
        dtend: '2027-06-01T07:00:00',
      },
    });
    const first = await jobsOf(id, '2027-06-01T00:00:00Z', '2027-06-05T00:00:00Z');
    await call(t.app, 'PATCH', `/v2/assignments/${id}`, acme.headers, { comment: 'new code 1234' });
    assert.deepEqual(
      (await jobsOf(id, '2027-06-01T00:00:00Z', '2027-06-05T00:00:00Z')).map((j) => j._id),
      first.map((j) => j._id),
    );
    await call(t.app, 'PATCH', `/v2/assignments/${id}`, acme.headers, { userIds: [bob] });
    const second = await jobsOf(id, '2027-06-01T00:00:00Z', '2027-06-05T00:00:00Z');
    assert.equal(second.length, 3);
    assert.ok(second.every((j) => j.userId === bob));
  });

  test('deleting an assignment removes its future untouched jobs only', async () => {
    const start = Date.now() - 3 * DAY;
    const id = await createAssignment({
      iCalendar: {
        tzid: 'UTC',
        rrule: 'FREQ=DAILY',
        dtstart: `${localDate(start)}T06:00:00`,
        dtend: `${localDate(start)}T07:00:00`,
      },
    });
    const window = [new Date(start - DAY).toISOString(), new Date(Date.now() + 5 * DAY).toISOString()] as const;
    const jobs = await jobsOf(id, ...window);
    const kept = jobs.filter((j) => Date.parse(j.from) < Date.now()).map((j) => j._id);
    const handChanged = jobs.filter((j) => Date.parse(j.from) > Date.now())[1]!;
    await call(t.app, 'POST', `/v2/jobs/${handChanged._id}/assign`, acme.headers, { userIds: [ann] });
    assert.deepEqual((await call(t.app, 'DELETE', `/v2/assignments/${id}`, acme.headers)).body, { deleted: true });
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM jobs WHERE assignment_id = ${id} ORDER BY from_at`.execute(t.database.kysely);
    assert.deepEqual(rows.map((r) => r.id).sort(), [...kept, handChanged._id].sort());
  });
});
