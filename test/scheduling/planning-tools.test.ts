// POST /v2/assignments/preview (the next dates of a rule, as job generation makes them) and
// POST /v2/jobs/copyWeek (the previous week's one-off jobs into a week), over HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem } from '../helpers/http-assertions.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;
let employee: LoggedIn;
let objectId: string;
let ann: string;

// Europe/Berlin leaves winter time on Sunday 2027-03-28: 06:00 is 05:00Z before, 04:00Z after.
const WEEKLY_MO_WE_FR_EVERY_2 = {
  tzid: 'Europe/Berlin',
  frequency: 'WEEKLY',
  interval: 2,
  byDay: ['MO', 'WE', 'FR'],
  dtstart: '2027-03-15T06:00',
  dtend: '2027-03-15T08:30',
  exDate: ['2027-03-17T06:00'],
};

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Acme');
  employee = await createUser(t.app, acme.headers, (await groupIdsOf(t.app, acme.headers)).employee);
  objectId = (await call(t.app, 'POST', '/v2/objects/', acme.headers, { name: 'Town Hall' })).body._id;
  ann = (await call(t.app, 'POST', '/v2/users/', acme.headers, { general: { firstName: 'Ann' } })).body._id;
});
after(() => t.close());

describe('POST /v2/assignments/preview', () => {
  test('the next occurrences in the rule’s zone, across a DST change, exceptions left out', async () => {
    const res = await call(t.app, 'POST', '/v2/assignments/preview', acme.headers, {
      iCalendar: WEEKLY_MO_WE_FR_EVERY_2,
      count: 5,
      after: '2027-01-01T00:00:00Z',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.occurrences.map((o: { localStart: string }) => o.localStart),
      [
        '2027-03-15T06:00:00',
        '2027-03-19T06:00:00',
        '2027-03-29T06:00:00',
        '2027-03-31T06:00:00',
        '2027-04-02T06:00:00',
      ],
    );
    assert.equal(res.body.occurrences[0].from, '2027-03-15T05:00:00.000Z');
    assert.equal(res.body.occurrences[0].to, '2027-03-15T07:30:00.000Z');
    assert.equal(res.body.occurrences[2].from, '2027-03-29T04:00:00.000Z', 'summer time after the change');
    assert.equal(res.body.iCalendar.rrule, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR');
  });

  test('the same dates as the jobs an assignment with this rule gets', async () => {
    const preview = await call(t.app, 'POST', '/v2/assignments/preview', acme.headers, {
      iCalendar: { ...WEEKLY_MO_WE_FR_EVERY_2, dtstart: '2027-02-01T06:00', dtend: '2027-02-01T08:30' },
      count: 12,
      after: '2027-02-01T00:00:00Z',
    });
    const created = await call(t.app, 'POST', '/v2/assignments/', acme.headers, {
      objectId,
      iCalendar: { ...WEEKLY_MO_WE_FR_EVERY_2, dtstart: '2027-02-01T06:00', dtend: '2027-02-01T08:30' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const last = preview.body.occurrences.at(-1).from;
    const jobs = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', acme.headers, {
      from: String(Date.parse('2027-02-01T00:00:00Z')),
      to: String(Date.parse(last) + 1),
      assignmentIds: [created.body._id],
    });
    assert.deepEqual(
      jobs.body.map((j: { from: string }) => j.from),
      preview.body.occurrences.map((o: { from: string }) => o.from),
    );
  });

  test('monthly on the second Tuesday; public holidays of the object skipped when asked', async () => {
    const monthly = await call(t.app, 'POST', '/v2/assignments/preview', acme.headers, {
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=MONTHLY;BYDAY=2TU',
        dtstart: '2027-01-01T09:00',
        dtend: '2027-01-01T10:00',
      },
      count: 3,
      after: '2027-01-01T00:00:00Z',
    });
    assert.deepEqual(
      monthly.body.occurrences.map((o: { localStart: string }) => o.localStart.slice(0, 10)),
      ['2027-01-12', '2027-02-09', '2027-03-09'],
    );
    const daily = { tzid: 'Europe/Berlin', frequency: 'DAILY', dtstart: '2027-12-24T09:00', dtend: '2027-12-24T10:00' };
    const held = await call(t.app, 'POST', '/v2/assignments/preview', acme.headers, {
      iCalendar: daily,
      count: 3,
      after: '2027-12-24T00:00:00Z',
      objectId,
      skipPublicHolidays: true,
    });
    assert.deepEqual(
      held.body.occurrences.map((o: { localStart: string }) => o.localStart.slice(0, 10)),
      ['2027-12-24', '2027-12-27', '2027-12-28'],
      'Christmas Day and Boxing Day are holidays in Germany',
    );
  });

  test('the fields an assignment refuses are refused with the same pointers; nothing is stored', async () => {
    assertProblem(
      await call(t.app, 'POST', '/v2/assignments/preview', acme.headers, {
        iCalendar: { ...WEEKLY_MO_WE_FR_EVERY_2, tzid: 'Mars/Olympus' },
      }),
      400,
      'iCalendar.tzid',
    );
    assertProblem(
      await call(t.app, 'POST', '/v2/assignments/preview', acme.headers, {
        iCalendar: { ...WEEKLY_MO_WE_FR_EVERY_2, dtend: '2027-03-15T05:00' },
      }),
      400,
      'iCalendar.dtend',
    );
    assertProblem(
      await call(t.app, 'POST', '/v2/assignments/preview', acme.headers, {
        iCalendar: WEEKLY_MO_WE_FR_EVERY_2,
        count: 61,
      }),
      400,
      'count',
    );
    const list = await call(t.app, 'GET', '/v2/assignments/?limit=100', acme.headers);
    assert.equal(list.body.length, 1, 'only the assignment created above');
  });
});

describe('POST /v2/jobs/copyWeek', () => {
  const job = async (from: string, to: string, extra: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', '/v2/jobs/', acme.headers, { objectId, from, to, ...extra });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body._id as string;
  };
  const inWeek = async (monday: string) =>
    (
      await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', acme.headers, {
        from: String(Date.parse(`${monday}T00:00:00+01:00`)),
        to: String(Date.parse(`${monday}T00:00:00+01:00`) + 7 * 86_400_000),
        objectIds: [objectId],
      })
    ).body as Array<Record<string, Json>>;

  test('one-off jobs move a week at the same wall-clock time across the DST change; a repeat adds nothing', async () => {
    // Tuesday 06:00 Berlin winter time (05:00Z), assigned with a title; a cancelled one and a replacement are left out.
    await job('2027-03-23T05:00:00Z', '2027-03-23T07:00:00Z', { userId: ann, title: 'Windows', jobComment: 'ladder' });
    await job('2027-03-26T13:00:00Z', '2027-03-26T14:00:00Z');
    await job('2027-03-24T05:00:00Z', '2027-03-24T06:00:00Z', { state: 'cancelled' });
    const first = await call(t.app, 'POST', '/v2/jobs/copyWeek', acme.headers, { weekStart: '2027-03-29' });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.ids.length, 2);
    assert.equal(first.body.skipped, 0);
    const copies = (await inWeek('2027-03-29')).filter((j) => !j.assignmentId);
    assert.deepEqual(
      copies.map((j) => [j.from, j.to, j.userId ?? null, j.title ?? null, j.jobComment ?? null, j.state]),
      [
        ['2027-03-30T04:00:00.000Z', '2027-03-30T06:00:00.000Z', ann, 'Windows', 'ladder', 'open'],
        ['2027-04-02T12:00:00.000Z', '2027-04-02T13:00:00.000Z', null, null, null, 'open'],
      ],
    );
    const again = await call(t.app, 'POST', '/v2/jobs/copyWeek', acme.headers, { weekStart: '2027-03-29' });
    assert.deepEqual(again.body, { ids: [], skipped: 2 });
  });

  test('a day that is not a Monday, beyond the planning horizon, or an employee is refused', async () => {
    assertProblem(
      await call(t.app, 'POST', '/v2/jobs/copyWeek', acme.headers, { weekStart: '2027-03-30' }),
      400,
      'weekStart',
    );
    assertProblem(
      await call(t.app, 'POST', '/v2/jobs/copyWeek', acme.headers, { weekStart: '2027-3-29' }),
      400,
      'weekStart',
    );
    const beyond = await call(t.app, 'POST', '/v2/jobs/copyWeek', acme.headers, { weekStart: '2035-01-01' });
    assert.equal(beyond.status, 400, JSON.stringify(beyond.body));
    assertProblem(await call(t.app, 'POST', '/v2/jobs/copyWeek', employee.headers, { weekStart: '2027-03-29' }), 403);
  });
});
