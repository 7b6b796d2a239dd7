// Absences over HTTP (/v2/absences/): create and read, the spec's PATCH, employees' own requests,
// the workflow (approve, decline, cancel, delete), what an approval does to jobs, paid time,
// salaries and leave, replacements and replacement candidates, the event feed and the list filters.
// Company time zone Europe/Berlin (the default), holidays of DE nationwide. Calendar used:
// 2026-06-01, 2026-06-08, 2026-06-15, 2026-06-22, 2026-07-06, 2027-03-01 and 2031-03-03 are Mondays;
// 2026-03-29 (23 h) and 2026-10-25 (25 h) are the DST Sundays; 2027-01-01 is a Friday (holiday).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, requester, type Reply } from '../helpers/http-assertions.js';
import { uploadDocument } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let employeeGroup: string;
const MISSING = '0123456789abcdef01234567';
/** Suspected bug: approve() stores `approvedAt`, which the absence schema does not know. */
const HOUR = 3_600_000;

const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

/** A problem+json answer with this status (and, when given, an error naming `path`, with or without a leading `/`). */
function problem(res: Reply, status: number, path?: string) {
  assertProblem(res, status, path ? [path, `/${path}`] : undefined);
}

let userCounter = 0;
async function newUser(name: string, extra: Record<string, unknown> = {}, tenant = admin): Promise<string> {
  userCounter += 1;
  const body = await ok(
    'POST',
    '/v2/users/',
    { general: { firstName: name, lastName: `N${userCounter}` }, ...extra },
    201,
    tenant.headers,
  );
  return body._id;
}

/** A user of the employee group, logged in. */
async function newEmployee(name: string): Promise<{ id: string; headers: Record<string, string> }> {
  userCounter += 1;
  const login = `${name.toLowerCase()}-${userCounter}-${Date.now()}`;
  const id = await newUser(name, { id: login, password: `${name}-password-1`, accessGroupId: employeeGroup });
  const res = await call(t.app, 'POST', '/v2/auth/login', {}, { username: login, password: `${name}-password-1` });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { id, headers: { authorization: `Bearer ${res.body.accessToken}` } };
}

async function newObject(name: string, extra: Record<string, unknown> = {}, tenant = admin): Promise<string> {
  return (await ok('POST', '/v2/objects/', { name, ...extra }, 201, tenant.headers))._id;
}

async function newJob(
  userId: string | undefined,
  objectId: string | undefined,
  from: string,
  to: string,
  extra: Record<string, unknown> = {},
  tenant = admin,
) {
  const body = { ...(userId ? { userId } : {}), ...(objectId ? { objectId } : {}), from, to, ...extra };
  return (await ok('POST', '/v2/jobs/', body, 201, tenant.headers))._id as string;
}

async function newAbsence(body: Record<string, unknown>, headers = admin.headers): Promise<string> {
  const res = await ok('POST', '/v2/absences/', { type: 1, ...body }, 201, headers);
  assert.deepEqual(Object.keys(res), ['_id']);
  return res._id;
}

const getAbsence = (id: string, headers = admin.headers) => ok('GET', `/v2/absences/${id}`, undefined, 200, headers);
const getJob = (id: string, tenant = admin) => ok('GET', `/v2/jobs/${id}`, undefined, 200, tenant.headers);
const approve = (id: string, tenant = admin) =>
  ok('POST', `/v2/absences/${id}/approve`, undefined, 200, tenant.headers);
const cancel = (id: string) => ok('POST', `/v2/absences/${id}/cancel`);

async function frame(body: Record<string, unknown>): Promise<string[]> {
  const res = await ok('POST', '/v2/jobs/jobsInTimeFrame', body);
  return (res as Json[]).map((j) => j._id);
}

async function salariesOf(absenceId: string, tenant = admin): Promise<Json[]> {
  return ok('GET', `/v2/salaries/?absenceId=${absenceId}&sort=date:1`, undefined, 200, tenant.headers);
}

const sorted = (ids: string[]) => [...ids].sort();
const window = (fromIso: string, toIso: string) => ({
  from: String(Date.parse(fromIso)),
  to: String(Date.parse(toIso)),
});

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Absence');
  const groups = await ok('GET', '/v2/accessGroups/');
  employeeGroup = (groups as Json[]).find((g) => g.name === 'employee')._id;
});
after(() => t.close());

describe('create and read', () => {
  test('POST answers 201 {_id}; GET shows the request open, with its period and working days computed', async () => {
    const userId = await newUser('Cora');
    const imageId = await uploadDocument({ app: t.app, headers: admin.headers }, await newObject("Cora's object"));
    // Mon 2026-06-01 .. Fri 2026-06-05, given at working hours: 5 working days.
    const id = await newAbsence({
      userId,
      type: 1,
      dtStart: '2026-06-01T06:00:00Z',
      dtEnd: '2026-06-05T14:00:00Z',
      desc: 'flu',
      calculationType: 'plannedJobs',
      attachments: ['note.pdf'],
      imageIds: [imageId],
      objectManagerIds: [admin.userId],
      sendEmailToCustomer: false,
    });
    assert.match(id, /^[0-9a-f]{24}$/);
    const a = await getAbsence(id);
    assert.equal(a._id, id);
    assert.equal(a.companyId, admin.companyId);
    assert.equal(typeof a.number, 'number');
    assert.equal(a.userId, userId);
    assert.equal(a.type, 1);
    assert.equal(a.state, 'open');
    assert.equal(a.desc, 'flu');
    assert.equal(a.fullDay, true);
    assert.equal(a.calculationType, 'plannedJobs');
    assert.equal(a.dtStart, '2026-06-01T06:00:00.000Z');
    assert.equal(a.dtEnd, '2026-06-05T14:00:00.000Z');
    assert.equal(a.periodFrom, '2026-05-31T22:00:00.000Z');
    assert.equal(a.periodTo, '2026-06-05T22:00:00.000Z');
    assert.equal(a.daysAbsent, 5);
    assert.deepEqual(a.attachments, ['note.pdf']);
    assert.deepEqual(a.imageIds, [imageId]);
    assert.deepEqual(a.objectManagerIds, [admin.userId]);
    assert.equal(a.sendEmailToCustomer, false);
    assert.deepEqual(a.affectedJobs, []);
    assert.deepEqual(a.affectedObjectIds, []);
    assert.equal(a.isAssigned, false);
    assert.deepEqual(a.replacements, []);
    assert.deepEqual(a.absencePaidTimeArray, []);
    assert.equal(a.status.createdBy, admin.userId);
  });

  test("daysAbsent leaves out weekends and public holidays, and follows the contract's working days", async () => {
    const userId = await newUser('Dirk');
    // Mon 2026-12-21 .. Sun 2026-12-27: Dec 25 (Fri) and 26 (Sat) are holidays: 4 working days.
    const xmas = await getAbsence(
      await newAbsence({ userId, dtStart: '2026-12-21T07:00:00Z', dtEnd: '2026-12-27T15:00:00Z' }),
    );
    assert.equal(xmas.daysAbsent, 4);
    assert.equal(xmas.periodFrom, '2026-12-20T23:00:00.000Z');
    assert.equal(xmas.periodTo, '2026-12-27T23:00:00.000Z');
    const partTimer = await newUser('Pia', { contract: { dailyWorkingHours: { mo: 4, we: 4, fr: 4 } } });
    const week = await getAbsence(
      await newAbsence({ userId: partTimer, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-07T14:00:00Z' }),
    );
    assert.equal(week.daysAbsent, 3);
    // Part day: 08:00-12:00 local of an 8 h Tuesday.
    const half = await getAbsence(
      await newAbsence({ userId, fullDay: false, dtStart: '2026-06-02T06:00:00Z', dtEnd: '2026-06-02T10:00:00Z' }),
    );
    assert.equal(half.daysAbsent, 0.5);
    assert.equal(half.periodFrom, '2026-06-02T06:00:00.000Z');
    assert.equal(half.periodTo, '2026-06-02T10:00:00.000Z');
    // The user's work region (not the home address): Bavaria has Epiphany (Wed 2027-01-06), nationwide Germany has not.
    const bavarian = await newUser('Bea', { contract: { workRegion: 'DE-BY' } });
    const epiphany = { dtStart: '2027-01-04T07:00:00Z', dtEnd: '2027-01-08T15:00:00Z' };
    assert.equal((await getAbsence(await newAbsence({ userId: bavarian, ...epiphany }))).daysAbsent, 4);
    assert.equal((await getAbsence(await newAbsence({ userId, ...epiphany }))).daysAbsent, 5);
  });

  test("the company's time zone and holiday region decide the days", async () => {
    const zulu = await signup(t.app, 'Zulu');
    await ok(
      'PATCH',
      '/v2/company/timeAndPaySettings',
      { timeZone: 'UTC', holidayRegion: { country: 'DE', state: 'BY' } },
      200,
      zulu.headers,
    );
    const userId = await newUser('Ulf', {}, zulu);
    const week = await getAbsence(
      await newAbsence({ userId, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-05T14:00:00Z' }, zulu.headers),
      zulu.headers,
    );
    assert.equal(week.periodFrom, '2026-06-01T00:00:00.000Z');
    assert.equal(week.periodTo, '2026-06-06T00:00:00.000Z');
    // Mon 2027-01-04 .. Fri 2027-01-08 in Bavaria: Epiphany (Wed) is a holiday.
    const epiphany = await getAbsence(
      await newAbsence({ userId, dtStart: '2027-01-04T07:00:00Z', dtEnd: '2027-01-08T15:00:00Z' }, zulu.headers),
      zulu.headers,
    );
    assert.equal(epiphany.daysAbsent, 4);
    // 23:30 UTC on Sunday 2026-05-31 is Sunday in UTC (Monday 01:30 in Berlin): that day only, a day off.
    const sunday = await getAbsence(
      await newAbsence({ userId, dtStart: '2026-05-31T23:30:00Z', dtEnd: '2026-05-31T23:45:00Z' }, zulu.headers),
      zulu.headers,
    );
    assert.equal(sunday.periodFrom, '2026-05-31T00:00:00.000Z');
    assert.equal(sunday.daysAbsent, 0);
  });

  test('a given daysAbsent is kept', async () => {
    const userId = await newUser('Gil');
    const a = await getAbsence(
      await newAbsence({ userId, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-05T14:00:00Z', daysAbsent: 2 }),
    );
    assert.equal(a.daysAbsent, 2);
  });

  test('bad requests: unknown field, dtEnd before dtStart, unknown user, type 0 or 9, bad calculationType -> 400', async () => {
    const userId = await newUser('Ivo');
    const good = { userId, type: 2, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-02T14:00:00Z' };
    problem(await req('POST', '/v2/absences/', { ...good, colour: 'red' }), 400, 'colour');
    problem(await req('POST', '/v2/absences/', { ...good, dtEnd: '2026-05-31T14:00:00Z' }), 400, 'dtEnd');
    problem(await req('POST', '/v2/absences/', { ...good, fullDay: false, dtEnd: good.dtStart }), 400, 'dtEnd');
    problem(await req('POST', '/v2/absences/', { ...good, userId: MISSING }), 400, 'userId');
    problem(await req('POST', '/v2/absences/', { ...good, type: 0 }), 400, 'type');
    problem(await req('POST', '/v2/absences/', { ...good, type: 9 }), 400, 'type');
    problem(await req('POST', '/v2/absences/', { ...good, type: 1.5 }), 400, 'type');
    // A read-only field is accepted and ignored (docs/decisions.md): the request stays open.
    assert.equal(
      (await getAbsence(await newAbsence({ ...good, userId: await newUser('Ivy'), state: 'approved' }))).state,
      'open',
    );
    problem(await req('POST', '/v2/absences/', { ...good, calculationType: 'magic' }), 400, 'calculationType');
    problem(await req('POST', '/v2/absences/', { ...good, dtStart: 'tomorrow' }), 400, 'dtStart');
    problem(await req('POST', '/v2/absences/', { type: 2, dtStart: good.dtStart, dtEnd: good.dtEnd }), 400, 'userId');
    problem(await req('POST', '/v2/absences/', { ...good, dtEnd: '2027-06-05T14:00:00Z' }), 400, 'dtEnd'); // over 366 days
    const list = await ok('GET', `/v2/absences/?userIds=${userId}`);
    assert.deepEqual(list, []);
  });

  test('an unknown id is 404, a malformed one 400', async () => {
    problem(await req('GET', `/v2/absences/${MISSING}`), 404);
    problem(await req('POST', `/v2/absences/${MISSING}/approve`), 404);
    problem(await req('POST', `/v2/absences/${MISSING}/cancel`), 404);
    problem(await req('PATCH', `/v2/absences/${MISSING}`, { desc: 'x' }), 404);
    problem(await req('GET', '/v2/absences/not-an-id'), 400);
  });
});

describe('employees', () => {
  test('request for themselves, not for others; /self lists only their own', async () => {
    const emp = await newEmployee('Emma');
    const other = await newEmployee('Otto');
    const own = await newAbsence(
      { userId: emp.id, type: 2, dtStart: '2026-06-08T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' },
      emp.headers,
    );
    problem(
      await req(
        'POST',
        '/v2/absences/',
        { userId: other.id, type: 2, dtStart: '2026-06-08T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' },
        emp.headers,
      ),
      403,
    );
    const others = await newAbsence({
      userId: other.id,
      dtStart: '2026-06-08T06:00:00Z',
      dtEnd: '2026-06-09T14:00:00Z',
    });
    const mine = await ok('GET', '/v2/absences/self', undefined, 200, emp.headers);
    assert.deepEqual(
      (mine as Json[]).map((a) => a._id),
      [own],
    );
    const listed = await req('GET', '/v2/absences/self?status=open', undefined, emp.headers);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      (listed.body as Json[]).map((a) => a._id),
      [own],
    );
    assert.equal(listed.headers['x-total-count'], '1');
    assert.deepEqual(await ok('GET', '/v2/absences/self?status=approved', undefined, 200, emp.headers), []);
    // The collection shows an employee only their own too; another's absence is 404.
    assert.deepEqual(
      ((await ok('GET', '/v2/absences/', undefined, 200, emp.headers)) as Json[]).map((a) => a._id),
      [own],
    );
    problem(await req('GET', `/v2/absences/${others}`, undefined, emp.headers), 404);
    problem(await req('POST', `/v2/absences/${others}/cancel`, undefined, emp.headers), 404);
    // The admin's /self holds only the admin's own (none).
    assert.equal(
      ((await ok('GET', '/v2/absences/self')) as Json[]).some((a) => a._id === own || a._id === others),
      false,
    );
  });

  test('an employee cannot approve or decline (403), may cancel their own open request', async () => {
    const emp = await newEmployee('Finn');
    const id = await newAbsence(
      { userId: emp.id, type: 2, dtStart: '2026-06-08T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' },
      emp.headers,
    );
    problem(await req('POST', `/v2/absences/${id}/approve`, undefined, emp.headers), 403);
    problem(await req('POST', `/v2/absences/${id}/decline`, {}, emp.headers), 403);
    assert.equal((await getAbsence(id)).state, 'open');
    // An open request may still be changed by its employee.
    assert.deepEqual(await ok('PATCH', `/v2/absences/${id}`, { desc: 'family trip' }, 200, emp.headers), {
      updated: true,
    });
    assert.deepEqual(await ok('POST', `/v2/absences/${id}/cancel`, undefined, 200, emp.headers), { updated: true });
    const a = await getAbsence(id, emp.headers);
    assert.equal(a.state, 'cancelled');
    assert.equal(a.desc, 'family trip');
  });

  test('once approved, the employee can neither cancel (403) nor delete it (409)', async () => {
    const emp = await newEmployee('Gus');
    const id = await newAbsence(
      { userId: emp.id, type: 2, dtStart: '2026-06-08T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' },
      emp.headers,
    );
    await approve(id);
    problem(await req('POST', `/v2/absences/${id}/cancel`, undefined, emp.headers), 403);
    problem(await req('DELETE', `/v2/absences/${id}`, undefined, emp.headers), 409);
    const a = await getAbsence(id);
    assert.equal(a.state, 'approved');
  });

  test('once approved, the employee cannot change it: PATCH -> 409', async () => {
    const emp = await newEmployee('Gwen');
    const id = await newAbsence(
      { userId: emp.id, type: 2, dtStart: '2026-06-08T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' },
      emp.headers,
    );
    await approve(id);
    problem(await req('PATCH', `/v2/absences/${id}`, { desc: 'changed' }, emp.headers), 409);
    assert.equal((await getAbsence(id)).desc, undefined);
  });
});

describe('PATCH /absences/{id} as the spec has it', () => {
  test('every field the spec lists may be changed; the answer is {updated: true}', async () => {
    const userId = await newUser('Hal');
    const payType = (await ok('POST', '/v2/payTypes/', { name: 'sick pay', absence: true }, 201))._id;
    const imageId = await uploadDocument({ app: t.app, headers: admin.headers }, await newObject("Hal's object"));
    const id = await newAbsence({ userId, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-05T14:00:00Z' });
    const patch = {
      dtStart: '2026-06-02T06:00:00Z',
      dtEnd: '2026-06-03T14:00:00Z',
      type: 5,
      desc: 'course',
      payTypeAbsenceId: payType,
      calculationType: 'contractHours',
      imageIds: [imageId],
    };
    assert.deepEqual(await ok('PATCH', `/v2/absences/${id}`, patch), { updated: true });
    const a = await getAbsence(id);
    for (const [key, value] of Object.entries(patch)) {
      assert.deepEqual(a[key], key.startsWith('dt') ? new Date(value as string).toISOString() : value, key);
    }
    assert.equal(a.daysAbsent, 2); // recomputed for the new period (Tue, Wed)
    assert.equal(a.periodFrom, '2026-06-01T22:00:00.000Z');
    assert.equal(a.periodTo, '2026-06-03T22:00:00.000Z');
    assert.equal(a.state, 'open');
  });

  test('fields the spec does not list are refused (400), read-only ones ignored; an empty body is refused', async () => {
    const userId = await newUser('Ina');
    const other = await newUser('Jon');
    const id = await newAbsence({ userId, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-05T14:00:00Z' });
    problem(await req('PATCH', `/v2/absences/${id}`, { userId: other }), 400, 'userId');
    problem(await req('PATCH', `/v2/absences/${id}`, { fullDay: false }), 400, 'fullDay');
    problem(await req('PATCH', `/v2/absences/${id}`, { sendEmailToCustomer: true }), 400, 'sendEmailToCustomer');
    assert.equal((await req('PATCH', `/v2/absences/${id}`, { state: 'approved' })).status, 200);
    assert.equal((await req('PATCH', `/v2/absences/${id}`, { affectedJobs: [MISSING] })).status, 200);
    problem(await req('PATCH', `/v2/absences/${id}`, {}), 400);
    problem(await req('PATCH', `/v2/absences/${id}`, { type: 9 }), 400, 'type');
    problem(await req('PATCH', `/v2/absences/${id}`, { dtEnd: '2026-05-01T00:00:00Z' }), 400, 'dtEnd');
    const a = await getAbsence(id);
    assert.equal(a.userId, userId);
    assert.equal(a.fullDay, true);
    assert.equal(a.state, 'open');
    assert.equal(a.dtEnd, '2026-06-05T14:00:00.000Z');
  });

  test('a supplied daysAbsent is kept', async () => {
    const userId = await newUser('Kai');
    const id = await newAbsence({ userId, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-05T14:00:00Z' });
    assert.equal((await getAbsence(id)).daysAbsent, 5);
    await ok('PATCH', `/v2/absences/${id}`, { daysAbsent: 2 });
    assert.equal((await getAbsence(id)).daysAbsent, 2);
  });

  test('a supplied daysAbsent is kept when the period changes in the same PATCH, also when it equals the stored value', async () => {
    const userId = await newUser('Kim');
    const id = await newAbsence({ userId, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-02T14:00:00Z' });
    assert.equal((await getAbsence(id)).daysAbsent, 2);
    // The client extends the absence to Friday but states it counts as 2 days.
    await ok('PATCH', `/v2/absences/${id}`, { dtEnd: '2026-06-05T14:00:00Z', daysAbsent: 2 });
    assert.equal((await getAbsence(id)).daysAbsent, 2);
  });

  test('a PATCH of other fields leaves a given daysAbsent alone (only supplied fields are updated)', async () => {
    const userId = await newUser('Lou');
    const id = await newAbsence({ userId, dtStart: '2026-06-01T06:00:00Z', dtEnd: '2026-06-05T14:00:00Z' });
    await ok('PATCH', `/v2/absences/${id}`, { daysAbsent: 2 });
    await ok('PATCH', `/v2/absences/${id}`, { desc: 'note' });
    assert.equal((await getAbsence(id)).daysAbsent, 2);
  });
});

describe('transitions', () => {
  const period = { dtStart: '2026-06-08T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' };

  test('approve open -> approved; approve again, decline or delete it -> 409', async () => {
    const userId = await newUser('Max');
    const id = await newAbsence({ userId, ...period });
    const res = await approve(id);
    assert.equal(res._id, id);
    assert.equal(res.state, 'approved');
    const a = await getAbsence(id);
    assert.equal(a.state, 'approved');
    assert.equal(a.approvedBy, admin.userId);
    problem(await req('POST', `/v2/absences/${id}/approve`), 409);
    problem(await req('POST', `/v2/absences/${id}/decline`, { declineComment: 'no' }), 409);
    problem(await req('DELETE', `/v2/absences/${id}`), 409);
    assert.equal((await getAbsence(id)).state, 'approved');
  });

  test('decline open with a comment -> declined, declinedBy; then approve, cancel, PATCH -> 409', async () => {
    const userId = await newUser('Nia');
    const id = await newAbsence({ userId, ...period });
    assert.deepEqual(await ok('POST', `/v2/absences/${id}/decline`, { declineComment: 'busy season' }), {
      updated: true,
    });
    const a = await getAbsence(id);
    assert.equal(a.state, 'declined');
    assert.equal(a.declinedBy, admin.userId);
    assert.equal(a.declineComment, 'busy season');
    problem(await req('POST', `/v2/absences/${id}/approve`), 409);
    problem(await req('POST', `/v2/absences/${id}/cancel`), 409);
    problem(await req('POST', `/v2/absences/${id}/decline`, {}), 409);
    problem(await req('PATCH', `/v2/absences/${id}`, { desc: 'again' }), 409);
    problem(await req('POST', `/v2/absences/${id}/decline`, { reason: 'x' }), 400);
    assert.equal((await getAbsence(id)).state, 'declined');
  });

  test('decline without a body', async () => {
    const userId = await newUser('Ole');
    const id = await newAbsence({ userId, ...period });
    const res = await t.app.inject({ method: 'POST', url: `/v2/absences/${id}/decline`, headers: admin.headers });
    assert.equal(res.statusCode, 200, res.body);
    const a = await getAbsence(id);
    assert.equal(a.state, 'declined');
    assert.equal(a.declineComment, undefined);
  });

  test('cancel open -> cancelled; cancel again, approve -> 409', async () => {
    const userId = await newUser('Pam');
    const id = await newAbsence({ userId, ...period });
    await cancel(id);
    const a = await getAbsence(id);
    assert.equal(a.state, 'cancelled');
    assert.equal(a.cancelledBy, admin.userId);
    problem(await req('POST', `/v2/absences/${id}/cancel`), 409);
    problem(await req('POST', `/v2/absences/${id}/approve`), 409);
  });

  test('a cancelled absence cannot be changed: PATCH -> 409', async () => {
    const userId = await newUser('Pete');
    const id = await newAbsence({ userId, ...period });
    await cancel(id);
    problem(await req('PATCH', `/v2/absences/${id}`, { desc: 'again' }), 409);
  });

  test('an approved absence can be changed by a manager: PATCH -> {updated: true}', async () => {
    const userId = await newUser('Ruth');
    const id = await newAbsence({ userId, ...period });
    await approve(id);
    assert.deepEqual(await ok('PATCH', `/v2/absences/${id}`, { desc: 'noted' }), { updated: true });
    const a = await getAbsence(id);
    assert.equal(a.desc, 'noted');
    assert.equal(a.state, 'approved');
  });

  test('DELETE of an open absence -> 200, then 404', async () => {
    const userId = await newUser('Quin');
    const id = await newAbsence({ userId, ...period });
    assert.deepEqual(await ok('DELETE', `/v2/absences/${id}`), { deleted: true });
    problem(await req('GET', `/v2/absences/${id}`), 404);
  });
});

describe('approval: the jobs it affects', () => {
  test('jobs of the user inside the period get absenceId and an absences[] entry; others do not', async () => {
    const userId = await newUser('Rita');
    const otherUser = await newUser('Sven');
    const o1 = await newObject('Bank');
    const o2 = await newObject('School');
    // Absence Tue 2026-06-16 .. Wed 2026-06-17 (full days, local): 2026-06-15T22:00Z .. 2026-06-17T22:00Z.
    const job = {
      tue: await newJob(userId, o1, '2026-06-16T06:00:00Z', '2026-06-16T10:00:00Z'),
      wed: await newJob(userId, o2, '2026-06-17T11:00:00Z', '2026-06-17T15:00:00Z'),
      overStart: await newJob(userId, o1, '2026-06-15T20:00:00Z', '2026-06-16T00:00:00Z'), // Mon 22:00 .. Tue 02:00 local
      overEnd: await newJob(userId, o1, '2026-06-17T21:00:00Z', '2026-06-17T23:00:00Z'), // Wed 23:00 .. Thu 01:00 local
      endsAtStart: await newJob(userId, o1, '2026-06-15T18:00:00Z', '2026-06-15T22:00:00Z'), // Mon 20:00 .. 24:00 local
      startsAtEnd: await newJob(userId, o1, '2026-06-17T22:00:00Z', '2026-06-18T02:00:00Z'), // Thu 00:00 .. 04:00 local
      fri: await newJob(userId, o1, '2026-06-19T06:00:00Z', '2026-06-19T10:00:00Z'),
      cancelled: await newJob(userId, o2, '2026-06-16T12:00:00Z', '2026-06-16T14:00:00Z', { state: 'cancelled' }),
      otherUsers: await newJob(otherUser, o1, '2026-06-16T06:00:00Z', '2026-06-16T10:00:00Z'),
      unassigned: await newJob(undefined, o1, '2026-06-16T06:00:00Z', '2026-06-16T10:00:00Z'),
    };
    const id = await newAbsence({ userId, type: 1, dtStart: '2026-06-16T06:00:00Z', dtEnd: '2026-06-17T14:00:00Z' });
    // Nothing happens before the approval.
    assert.equal((await getJob(job.tue)).absenceId, undefined);
    const result = await approve(id);
    const affected = [job.overStart, job.tue, job.wed, job.overEnd]; // by start
    assert.deepEqual(result, { _id: id, state: 'approved', affectedJobs: affected, isAssigned: false });
    const a = await getAbsence(id);
    assert.deepEqual(a.affectedJobs, affected);
    assert.deepEqual(sorted(a.affectedObjectIds), sorted([o1, o2]));
    assert.equal(a.isAssigned, false);
    for (const jobId of affected) {
      const j = await getJob(jobId);
      assert.equal(j.absenceId, id, jobId);
      assert.equal(j.absences.length, 1);
      const entry = j.absences[0];
      assert.equal(entry.absenceId, id);
      // A nested record of its own (docs/decisions.md, Nested records): its own id, the company, a status.
      assert.match(entry._id, /^[0-9a-f]{24}$/);
      assert.notEqual(entry._id, id);
      assert.equal(entry.companyId, admin.companyId);
      assert.deepEqual([entry.status.status, entry.status.createdBy], [1, admin.userId]);
      assert.equal(entry.dtStart, '2026-06-15T22:00:00.000Z');
      assert.equal(entry.dtEnd, '2026-06-17T22:00:00.000Z');
      assert.equal(entry.calculationType, 'plannedJobs');
    }
    for (const jobId of [job.endsAtStart, job.startsAtEnd, job.fri, job.cancelled, job.otherUsers, job.unassigned]) {
      const j = await getJob(jobId);
      assert.equal(j.absenceId, undefined, jobId);
      assert.deepEqual(j.absences, []);
    }

    // jobsInTimeFrame finds them by absenceId (an id, {exists: true}, {ids}) and as needing someone.
    const w = window('2026-06-15T00:00:00Z', '2026-06-20T00:00:00Z');
    assert.deepEqual(await frame({ ...w, absenceId: id }), affected);
    assert.deepEqual(await frame({ ...w, absenceId: [id] }), affected);
    assert.deepEqual(await frame({ ...w, absenceId: { ids: [id] } }), affected);
    assert.deepEqual(await frame({ ...w, absenceId: { exists: true }, userIds: [userId] }), affected);
    assert.deepEqual(
      sorted(await frame({ ...w, absenceId: { exists: false }, userIds: [userId] })),
      sorted([job.endsAtStart, job.startsAtEnd, job.fri, job.cancelled]),
    );
    const unassigned = await frame({ ...w, userIds: ['unassigned_jobs'] });
    for (const jobId of [...affected, job.unassigned]) assert.ok(unassigned.includes(jobId), jobId);
    for (const jobId of [job.endsAtStart, job.fri, job.otherUsers, job.cancelled])
      assert.ok(!unassigned.includes(jobId), jobId);
    const otherAndUnassigned = await frame({ ...w, userIds: [otherUser, 'unassigned_jobs'] });
    for (const jobId of [...affected, job.unassigned, job.otherUsers])
      assert.ok(otherAndUnassigned.includes(jobId), jobId);
  });

  test('a job of days that began before the period is affected, as is one of half a day (job-overlap.ts)', async () => {
    const userId = await newUser('Lotte');
    const o1 = await newObject('Hospital');
    // Absence Tue 2026-07-07 (a full day, local): 2026-07-06T22:00Z .. 2026-07-07T22:00Z.
    const days = await newJob(userId, o1, '2026-07-03T08:00:00Z', '2026-07-07T08:00:00Z'); // 4 days, from Friday
    const twelveHours = await newJob(userId, o1, '2026-07-06T11:00:00Z', '2026-07-06T23:00:00Z');
    const endsAtStart = await newJob(userId, o1, '2026-07-02T00:00:00Z', '2026-07-06T22:00:00Z');
    const id = await newAbsence({ userId, type: 1, dtStart: '2026-07-07T06:00:00Z', dtEnd: '2026-07-07T14:00:00Z' });
    const result = await approve(id);
    assert.deepEqual(result.affectedJobs, [days, twelveHours]);
    assert.equal((await getJob(endsAtStart)).absenceId, undefined);
  });

  test('a job the user clocked in on is not affected', async () => {
    const userId = await newUser('Tom');
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const started = await newJob(
      userId,
      undefined,
      new Date(now - 3 * HOUR).toISOString(),
      new Date(now - 1 * HOUR).toISOString(),
    );
    const notStarted = await newJob(
      userId,
      undefined,
      new Date(now - 6 * HOUR).toISOString(),
      new Date(now - 4 * HOUR).toISOString(),
    );
    await ok('POST', `/v2/jobs/${started}/start`, { time: new Date(now - 3 * HOUR).toISOString() });
    const id = await newAbsence({
      userId,
      dtStart: new Date(now - 2 * 86_400_000).toISOString(),
      dtEnd: new Date(now + 86_400_000).toISOString(),
    });
    const result = await approve(id);
    assert.deepEqual(result.affectedJobs, [notStarted]);
    assert.equal((await getJob(started)).absenceId, undefined);
    assert.equal((await getJob(notStarted)).absenceId, id);
  });

  test('a job already affected by another absence stays with that one', async () => {
    const userId = await newUser('Uli');
    const jobId = await newJob(userId, undefined, '2026-06-23T06:00:00Z', '2026-06-23T10:00:00Z');
    const first = await newAbsence({
      userId,
      fullDay: false,
      dtStart: '2026-06-23T05:00:00Z',
      dtEnd: '2026-06-23T11:00:00Z',
    });
    const second = await newAbsence({ userId, dtStart: '2026-06-23T06:00:00Z', dtEnd: '2026-06-23T06:00:00Z' });
    assert.deepEqual((await approve(first)).affectedJobs, [jobId]);
    assert.deepEqual((await approve(second)).affectedJobs, []);
    assert.equal((await getJob(jobId)).absenceId, first);
  });

  test('part day: 08:00-10:00 local affects a 09:00-11:00 job, not a 13:00-15:00 job', async () => {
    const userId = await newUser('Vera');
    const morning = await newJob(userId, undefined, '2026-06-23T07:00:00Z', '2026-06-23T09:00:00Z');
    const afternoon = await newJob(userId, undefined, '2026-06-23T11:00:00Z', '2026-06-23T13:00:00Z');
    const early = await newJob(userId, undefined, '2026-06-23T04:00:00Z', '2026-06-23T06:00:00Z'); // 06:00-08:00, ends at the start
    const id = await newAbsence({
      userId,
      fullDay: false,
      dtStart: '2026-06-23T06:00:00Z',
      dtEnd: '2026-06-23T08:00:00Z',
    });
    const a0 = await getAbsence(id);
    assert.equal(a0.daysAbsent, 0.25);
    assert.equal(a0.periodFrom, '2026-06-23T06:00:00.000Z');
    assert.equal(a0.periodTo, '2026-06-23T08:00:00.000Z');
    assert.deepEqual((await approve(id)).affectedJobs, [morning]);
    assert.equal((await getJob(afternoon)).absenceId, undefined);
    assert.equal((await getJob(early)).absenceId, undefined);
  });

  test('DST spring: a full-day absence on Sunday 2026-03-29 covers 00:00+01:00 .. 24:00+02:00, 23 real hours', async () => {
    const userId = await newUser('Walt');
    const job = {
      satLate: await newJob(userId, undefined, '2026-03-28T23:00:00+01:00', '2026-03-29T00:00:00+01:00'),
      sunFirst: await newJob(userId, undefined, '2026-03-29T00:00:00+01:00', '2026-03-29T01:00:00+01:00'),
      sunLast: await newJob(userId, undefined, '2026-03-29T23:00:00+02:00', '2026-03-30T00:00:00+02:00'),
      sunLastHalf: await newJob(userId, undefined, '2026-03-29T23:30:00+02:00', '2026-03-30T00:00:00+02:00'),
      monFirst: await newJob(userId, undefined, '2026-03-30T00:00:00+02:00', '2026-03-30T01:00:00+02:00'),
    };
    const id = await newAbsence({ userId, dtStart: '2026-03-29T10:00:00+02:00', dtEnd: '2026-03-29T12:00:00+02:00' });
    const a = await getAbsence(id);
    assert.equal(a.periodFrom, '2026-03-28T23:00:00.000Z');
    assert.equal(a.periodTo, '2026-03-29T22:00:00.000Z');
    assert.deepEqual((await approve(id)).affectedJobs, [job.sunFirst, job.sunLast, job.sunLastHalf]);
    assert.equal((await getJob(job.satLate)).absenceId, undefined);
    assert.equal((await getJob(job.monFirst)).absenceId, undefined);
  });

  test('DST autumn: a full-day absence on Sunday 2026-10-25 covers 00:00+02:00 .. 24:00+01:00, 25 real hours', async () => {
    const userId = await newUser('Xena');
    const job = {
      satLate: await newJob(userId, undefined, '2026-10-24T23:00:00+02:00', '2026-10-25T00:00:00+02:00'),
      sunFirst: await newJob(userId, undefined, '2026-10-25T00:00:00+02:00', '2026-10-25T01:00:00+02:00'),
      sunLast: await newJob(userId, undefined, '2026-10-25T23:30:00+01:00', '2026-10-26T00:00:00+01:00'),
      monFirst: await newJob(userId, undefined, '2026-10-26T00:00:00+01:00', '2026-10-26T01:00:00+01:00'),
    };
    const id = await newAbsence({ userId, dtStart: '2026-10-25T10:00:00+01:00', dtEnd: '2026-10-25T12:00:00+01:00' });
    const a = await getAbsence(id);
    assert.equal(a.periodFrom, '2026-10-24T22:00:00.000Z');
    assert.equal(a.periodTo, '2026-10-25T23:00:00.000Z');
    assert.deepEqual((await approve(id)).affectedJobs, [job.sunFirst, job.sunLast]);
    assert.equal((await getJob(job.satLate)).absenceId, undefined);
    assert.equal((await getJob(job.monFirst)).absenceId, undefined);
  });
});

describe('cancelling and changing an approved absence', () => {
  test('cancel: unreplaced jobs are released, replaced ones keep the absence; salaries go', async () => {
    const userId = await newUser('Yuri', { contract: { salary: 15, salaryType: 'hourly' } });
    const standIn = await newUser('Zoe');
    const first = await newJob(userId, undefined, '2026-06-09T06:00:00Z', '2026-06-09T10:00:00Z');
    const second = await newJob(userId, undefined, '2026-06-10T06:00:00Z', '2026-06-10T10:00:00Z');
    const id = await newAbsence({ userId, type: 1, dtStart: '2026-06-09T06:00:00Z', dtEnd: '2026-06-10T14:00:00Z' });
    await approve(id);
    assert.equal((await salariesOf(id)).length, 2);
    const replacementJobId = (await ok('POST', `/v2/jobs/${first}/replacement`, { userId: standIn }))._id;
    await cancel(id);
    const a = await getAbsence(id);
    assert.equal(a.state, 'cancelled');
    assert.equal(a.cancelledBy, admin.userId);
    assert.deepEqual(a.absencePaidTimeArray, []);
    assert.deepEqual(a.salaryIds, []);
    const kept = await getJob(first);
    assert.equal(kept.absenceId, id);
    assert.equal(kept.replacementJobId, replacementJobId);
    assert.equal(kept.absences.length, 1);
    const released = await getJob(second);
    assert.equal(released.absenceId, undefined);
    assert.deepEqual(released.absences, []);
    assert.deepEqual(await salariesOf(id), []);
    // The released job no longer needs anyone.
    const unassigned = await frame({
      ...window('2026-06-10T00:00:00Z', '2026-06-11T00:00:00Z'),
      userIds: ['unassigned_jobs'],
    });
    assert.ok(!unassigned.includes(second));
  });

  test('PATCH of the period recomputes the affected jobs: one released, one added', async () => {
    const userId = await newUser('Abe');
    const o1 = await newObject('Mill');
    const o2 = await newObject('Harbour');
    const tue = await newJob(userId, o1, '2026-06-16T06:00:00Z', '2026-06-16T10:00:00Z');
    const wed = await newJob(userId, o1, '2026-06-17T06:00:00Z', '2026-06-17T10:00:00Z');
    const thu = await newJob(userId, o2, '2026-06-18T06:00:00Z', '2026-06-18T10:00:00Z');
    const id = await newAbsence({ userId, type: 8, dtStart: '2026-06-16T06:00:00Z', dtEnd: '2026-06-17T14:00:00Z' });
    assert.deepEqual((await approve(id)).affectedJobs, [tue, wed]);
    await ok('PATCH', `/v2/absences/${id}`, { dtStart: '2026-06-17T06:00:00Z', dtEnd: '2026-06-18T14:00:00Z' });
    const a = await getAbsence(id);
    assert.equal(a.state, 'approved');
    assert.deepEqual(a.affectedJobs, [wed, thu]);
    assert.deepEqual(sorted(a.affectedObjectIds), sorted([o1, o2]));
    assert.equal(a.daysAbsent, 2);
    assert.equal(a.periodFrom, '2026-06-16T22:00:00.000Z');
    assert.equal(a.periodTo, '2026-06-18T22:00:00.000Z');
    const released = await getJob(tue);
    assert.equal(released.absenceId, undefined);
    assert.deepEqual(released.absences, []);
    for (const jobId of [wed, thu]) {
      const j = await getJob(jobId);
      assert.equal(j.absenceId, id);
      assert.equal(j.absences.length, 1, `${jobId}: ${JSON.stringify(j.absences)}`);
      assert.equal(j.absences[0].dtStart, '2026-06-16T22:00:00.000Z');
      assert.equal(j.absences[0].dtEnd, '2026-06-18T22:00:00.000Z');
    }
  });
});

describe('paid time and absence salaries', () => {
  test('illness, plannedJobs: each day pays the target time of its jobs at the contract rate', async () => {
    const userId = await newUser('Bert', { contract: { salary: 15, salaryType: 'hourly' } });
    const o = await newObject('Office');
    const tue = await newJob(userId, o, '2026-06-09T06:00:00Z', '2026-06-09T10:00:00Z'); // 4 h
    const wed = await newJob(userId, o, '2026-06-10T07:00:00Z', '2026-06-10T13:00:00Z', { targetTime: 300 }); // 6 h planned, 5 h target
    const id = await newAbsence({
      userId,
      type: 1,
      calculationType: 'plannedJobs',
      dtStart: '2026-06-09T06:00:00Z',
      dtEnd: '2026-06-10T14:00:00Z',
    });
    await approve(id);
    const a = await getAbsence(id);
    assert.deepEqual(a.absencePaidTimeArray, [
      { date: '2026-06-09', seconds: 4 * 3600, jobIds: [tue] },
      { date: '2026-06-10', seconds: 5 * 3600, jobIds: [wed] },
    ]);
    const s = await salariesOf(id);
    assert.equal(s.length, 2);
    assert.deepEqual(sorted(a.salaryIds), sorted(s.map((x) => x._id)));
    assert.deepEqual(
      s.map((x) => [
        x.type,
        x.absenceId,
        x.userId,
        x.date,
        x.workingTime,
        x.salaryPerHour,
        x.salary,
        x.salaryCents,
        x.billed,
      ]),
      [
        ['absence', id, userId, '2026-06-09', 14400, 15, 60, 6000, false],
        ['absence', id, userId, '2026-06-10', 18000, 15, 75, 7500, false],
      ],
    );
    // The salary's day starts at local midnight.
    assert.equal(s[0].from, '2026-06-08T22:00:00.000Z');
    // Other filters find them too.
    const filtered = await ok(
      'GET',
      `/v2/salaries/?filter=${encodeURIComponent(JSON.stringify([{ field: 'absenceId', op: 'eq', value: id }]))}`,
    );
    assert.equal((filtered as Json[]).length, 2);
    assert.deepEqual(((await ok('GET', `/v2/salaries/?type=absence&userId=${userId}`)) as Json[]).length, 2);
  });

  test('plannedJobs, part day: only the part of a job inside the period is paid', async () => {
    const userId = await newUser('Bodo', { contract: { salary: 15, salaryType: 'hourly' } });
    const job = await newJob(userId, undefined, '2026-06-23T07:00:00Z', '2026-06-23T09:00:00Z'); // 09:00-11:00 local
    // 08:00-10:00 local: one of the job's two hours.
    const id = await newAbsence({
      userId,
      type: 1,
      fullDay: false,
      dtStart: '2026-06-23T06:00:00Z',
      dtEnd: '2026-06-23T08:00:00Z',
    });
    await approve(id);
    assert.deepEqual((await getAbsence(id)).absencePaidTimeArray, [
      { date: '2026-06-23', seconds: 3600, jobIds: [job] },
    ]);
    assert.deepEqual(
      (await salariesOf(id)).map((x) => [x.workingTime, x.salary]),
      [[3600, 15]],
    );
  });

  test('a billed absence salary blocks cancelling the absence (409); nothing changes', async () => {
    const userId = await newUser('Bill', { contract: { salary: 15, salaryType: 'hourly' } });
    const job = await newJob(userId, undefined, '2026-06-09T06:00:00Z', '2026-06-09T10:00:00Z');
    const id = await newAbsence({ userId, type: 1, dtStart: '2026-06-09T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' });
    await approve(id);
    const [salary] = await salariesOf(id);
    await ok('PATCH', `/v2/salaries/${salary._id}`, { billed: true });
    problem(await req('POST', `/v2/absences/${id}/cancel`), 409);
    assert.equal((await getAbsence(id)).state, 'approved');
    assert.equal((await getJob(job)).absenceId, id);
    assert.equal((await salariesOf(id)).length, 1);
  });

  test("contractHours: the contract's hours of each working day (Mon/Wed/Fri 4 h)", async () => {
    const userId = await newUser('Cleo', {
      contract: { salary: 15, salaryType: 'hourly', dailyWorkingHours: { mo: 4, we: 4, fr: 4 } },
    });
    const id = await newAbsence({
      userId,
      type: 1,
      calculationType: 'contractHours',
      dtStart: '2026-06-15T06:00:00Z',
      dtEnd: '2026-06-21T14:00:00Z',
    });
    await approve(id);
    const a = await getAbsence(id);
    assert.equal(a.daysAbsent, 3);
    assert.deepEqual(a.absencePaidTimeArray, [
      { date: '2026-06-15', seconds: 14400 },
      { date: '2026-06-17', seconds: 14400 },
      { date: '2026-06-19', seconds: 14400 },
    ]);
    const s = await salariesOf(id);
    assert.deepEqual(
      s.map((x) => [x.date, x.workingTime, x.salary]),
      [
        ['2026-06-15', 14400, 60],
        ['2026-06-17', 14400, 60],
        ['2026-06-19', 14400, 60],
      ],
    );
  });

  test('unpaid leave (type 3) pays nothing', async () => {
    const userId = await newUser('Dora', { contract: { salary: 15, salaryType: 'hourly' } });
    await newJob(userId, undefined, '2026-06-09T06:00:00Z', '2026-06-09T10:00:00Z');
    const id = await newAbsence({ userId, type: 3, dtStart: '2026-06-09T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' });
    const res = await approve(id);
    assert.equal(res.affectedJobs.length, 1);
    const a = await getAbsence(id);
    assert.deepEqual(a.absencePaidTimeArray, []);
    assert.deepEqual(a.salaryIds, []);
    assert.deepEqual(await salariesOf(id), []);
  });

  test('calculationType none pays nothing', async () => {
    const userId = await newUser('Egon', { contract: { salary: 15, salaryType: 'hourly' } });
    await newJob(userId, undefined, '2026-06-09T06:00:00Z', '2026-06-09T10:00:00Z');
    const id = await newAbsence({
      userId,
      type: 1,
      calculationType: 'none',
      dtStart: '2026-06-09T06:00:00Z',
      dtEnd: '2026-06-09T14:00:00Z',
    });
    await approve(id);
    assert.deepEqual((await getAbsence(id)).absencePaidTimeArray, []);
    assert.deepEqual(await salariesOf(id), []);
  });

  test('a pay type with rateFactor 50 halves the amount', async () => {
    const userId = await newUser('Fritz', { contract: { salary: 15, salaryType: 'hourly' } });
    const payType = (await ok('POST', '/v2/payTypes/', { name: 'half sick pay', rateFactor: 50, absence: true }, 201))
      ._id;
    const job = await newJob(userId, undefined, '2026-06-09T06:00:00Z', '2026-06-09T10:00:00Z');
    const id = await newAbsence({
      userId,
      type: 1,
      payTypeAbsenceId: payType,
      dtStart: '2026-06-09T06:00:00Z',
      dtEnd: '2026-06-09T14:00:00Z',
    });
    await approve(id);
    assert.deepEqual((await getAbsence(id)).absencePaidTimeArray, [
      { date: '2026-06-09', seconds: 14400, jobIds: [job] },
    ]);
    const s = await salariesOf(id);
    assert.deepEqual(
      s.map((x) => [x.workingTime, x.salaryPerHour, x.salary, x.payType]),
      [[14400, 7.5, 30, 'half sick pay']],
    );
  });

  test('PATCH of the calculationType of an approved absence recomputes its salaries', async () => {
    const userId = await newUser('Gert', { contract: { salary: 15, salaryType: 'hourly' } });
    await newJob(userId, undefined, '2026-06-09T06:00:00Z', '2026-06-09T08:00:00Z'); // 2 h planned
    const id = await newAbsence({ userId, type: 1, dtStart: '2026-06-09T06:00:00Z', dtEnd: '2026-06-09T14:00:00Z' });
    await approve(id);
    assert.deepEqual(
      (await salariesOf(id)).map((x) => x.salary),
      [30],
    );
    await ok('PATCH', `/v2/absences/${id}`, { calculationType: 'contractHours' });
    assert.deepEqual(
      (await salariesOf(id)).map((x) => [x.workingTime, x.salary]),
      [[28800, 120]],
    );
    await ok('PATCH', `/v2/absences/${id}`, { type: 3 });
    assert.deepEqual(await salariesOf(id), []);
  });
});

describe('remaining leave', () => {
  const leave = async (userId: string) =>
    (await ok('GET', `/v2/users/${userId}`)).contract.remainingLeave as Array<{ year: number; days: number }>;
  const daysOf = (list: Array<{ year: number; days: number }>, year: number) => list.find((l) => l.year === year)?.days;

  test('an approved vacation of 3 working days books 3 days; cancelling it gives them back', async () => {
    const userId = await newUser('Hana', {
      contract: {
        vacationDays: 30,
        remainingLeave: [
          { year: 2026, days: 30 },
          { year: 2027, days: 30 },
        ],
      },
    });
    // Mon 2026-07-06 .. Wed 2026-07-08.
    const id = await newAbsence({ userId, type: 2, dtStart: '2026-07-06T06:00:00Z', dtEnd: '2026-07-08T14:00:00Z' });
    assert.equal(daysOf(await leave(userId), 2026), 30);
    await approve(id);
    assert.equal((await getAbsence(id)).daysAbsent, 3);
    assert.equal(daysOf(await leave(userId), 2026), 27);
    assert.equal(daysOf(await leave(userId), 2027), 30);
    await cancel(id);
    assert.equal(daysOf(await leave(userId), 2026), 30);
    assert.equal(daysOf(await leave(userId), 2027), 30);
  });

  test('declining an open vacation changes nothing; illness books no leave', async () => {
    const userId = await newUser('Ida', { contract: { remainingLeave: [{ year: 2026, days: 20 }] } });
    const vacation = await newAbsence({
      userId,
      type: 2,
      dtStart: '2026-07-06T06:00:00Z',
      dtEnd: '2026-07-08T14:00:00Z',
    });
    await ok('POST', `/v2/absences/${vacation}/decline`, { declineComment: 'no' });
    assert.equal(daysOf(await leave(userId), 2026), 20);
    const illness = await newAbsence({
      userId,
      type: 1,
      dtStart: '2026-07-06T06:00:00Z',
      dtEnd: '2026-07-08T14:00:00Z',
    });
    await approve(illness);
    assert.equal(daysOf(await leave(userId), 2026), 20);
  });

  test('a vacation over the new year books per year (Dec 30 2026 .. Jan 5 2027: 2 + 2 days)', async () => {
    const userId = await newUser('Jan', {
      contract: {
        remainingLeave: [
          { year: 2026, days: 10 },
          { year: 2027, days: 30 },
        ],
      },
    });
    // Wed 30, Thu 31 Dec; Fri 1 Jan is a holiday, Sat 2, Sun 3; Mon 4, Tue 5 Jan.
    const id = await newAbsence({ userId, type: 2, dtStart: '2026-12-30T07:00:00Z', dtEnd: '2027-01-05T15:00:00Z' });
    assert.equal((await getAbsence(id)).daysAbsent, 4);
    await approve(id);
    assert.deepEqual((await getAbsence(id)).leaveBooked, [
      { year: 2026, days: 2 },
      { year: 2027, days: 2 },
    ]);
    const after = await leave(userId);
    assert.equal(daysOf(after, 2026), 8);
    assert.equal(daysOf(after, 2027), 28);
    await cancel(id);
    const back = await leave(userId);
    assert.equal(daysOf(back, 2026), 10);
    assert.equal(daysOf(back, 2027), 30);
  });

  test('a part-day vacation books its fraction: 08:00-12:00 of an 8 h day is half a day', async () => {
    const userId = await newUser('Lena', { contract: { remainingLeave: [{ year: 2026, days: 10 }] } });
    const id = await newAbsence({
      userId,
      type: 2,
      fullDay: false,
      dtStart: '2026-07-07T06:00:00Z',
      dtEnd: '2026-07-07T10:00:00Z',
    });
    await approve(id);
    assert.equal(daysOf(await leave(userId), 2026), 9.5);
  });

  test('a vacation without a remainingLeave entry for the year starts one below zero', async () => {
    const userId = await newUser('Mona');
    const id = await newAbsence({ userId, type: 2, dtStart: '2026-07-06T06:00:00Z', dtEnd: '2026-07-07T14:00:00Z' });
    await approve(id);
    assert.deepEqual(await leave(userId), [{ year: 2026, days: -2 }]);
    await cancel(id);
    assert.deepEqual(await leave(userId), [{ year: 2026, days: 0 }]);
  });

  test('changing an approved vacation by PATCH books the new days instead of the old', async () => {
    const userId = await newUser('Nele', { contract: { remainingLeave: [{ year: 2026, days: 30 }] } });
    const id = await newAbsence({ userId, type: 2, dtStart: '2026-07-06T06:00:00Z', dtEnd: '2026-07-08T14:00:00Z' });
    await approve(id);
    assert.equal(daysOf(await leave(userId), 2026), 27);
    await ok('PATCH', `/v2/absences/${id}`, { dtEnd: '2026-07-10T14:00:00Z' }); // Mon .. Fri
    assert.equal(daysOf(await leave(userId), 2026), 25);
    await ok('PATCH', `/v2/absences/${id}`, { type: 1 }); // no longer a vacation
    assert.equal(daysOf(await leave(userId), 2026), 30);
  });

  test('the Dec 30 .. Jan 2 vacation books only 2026 (Jan 1 is a holiday, Jan 2 a Saturday)', async () => {
    const userId = await newUser('Kurt', {
      contract: {
        remainingLeave: [
          { year: 2026, days: 10 },
          { year: 2027, days: 30 },
        ],
      },
    });
    const id = await newAbsence({ userId, type: 2, dtStart: '2026-12-30T07:00:00Z', dtEnd: '2027-01-02T15:00:00Z' });
    await approve(id);
    const after = await leave(userId);
    assert.equal(daysOf(after, 2026), 8);
    assert.equal(daysOf(after, 2027), 30);
  });
});

describe('replacements', () => {
  /** An absent user with two jobs (Mon and Tue 2027-03-01/02 08:00-12:00 local) at one object, approved. */
  async function absentWithJobs(name: string) {
    const userId = await newUser(name);
    const objectId = await newObject(`${name}'s object`);
    const mon = await newJob(userId, objectId, '2027-03-01T07:00:00Z', '2027-03-01T11:00:00Z', { title: 'clean' });
    const tue = await newJob(userId, objectId, '2027-03-02T07:00:00Z', '2027-03-02T11:00:00Z');
    const id = await newAbsence({ userId, type: 1, dtStart: '2027-03-01T07:00:00Z', dtEnd: '2027-03-02T15:00:00Z' });
    await approve(id);
    return { userId, objectId, mon, tue, id };
  }

  test('all: replacement jobs with masterJobId; the absence becomes assigned', async () => {
    const s = await absentWithJobs('Lara');
    const standIn = await newUser('Mats');
    const w = window('2027-03-01T00:00:00Z', '2027-03-03T00:00:00Z');
    const before = await frame({ ...w, userIds: ['unassigned_jobs'] });
    assert.ok(before.includes(s.mon) && before.includes(s.tue));
    const res = await ok('POST', `/v2/absences/${s.id}/replacements`, { userId: standIn, all: true });
    assert.equal(res.isAssigned, true);
    assert.equal(res.state, 'assigned');
    assert.deepEqual(
      res.replacements.map((r: Json) => [r.jobId, r.userId]),
      [
        [s.mon, standIn],
        [s.tue, standIn],
      ],
    );
    for (const r of res.replacements) {
      const replacement = await getJob(r.replacementJobId);
      assert.equal(replacement.masterJobId, r.jobId);
      assert.equal(replacement.userId, standIn);
      assert.equal(replacement.objectId, s.objectId);
      assert.equal(replacement.absenceId, undefined);
      assert.equal(replacement.state, 'open');
      const master = await getJob(r.jobId);
      assert.equal(master.replacementJobId, r.replacementJobId);
      assert.equal(master.absenceId, s.id);
      assert.equal(replacement.from, master.from);
      assert.equal(replacement.to, master.to);
    }
    assert.equal((await getJob(res.replacements[0].replacementJobId)).title, 'clean');
    const a = await getAbsence(s.id);
    assert.equal(a.isAssigned, true);
    assert.equal(a.state, 'assigned');
    assert.equal(a.replacements.length, 2);
    assert.deepEqual(
      a.replacements.map((r: Json) => [r.jobId, r.replacementJobId, r.userId, r.assignedBy]),
      res.replacements.map((r: Json) => [r.jobId, r.replacementJobId, standIn, admin.userId]),
    );
    const after = await frame({ ...w, userIds: ['unassigned_jobs'] });
    assert.ok(!after.includes(s.mon) && !after.includes(s.tue));
    for (const r of res.replacements) assert.ok(!after.includes(r.replacementJobId));
    // Nothing left to replace; an assigned absence is still approved enough to be cancelled.
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: await newUser('Nils'), all: true }), 409);
    problem(await req('POST', `/v2/absences/${s.id}/approve`), 409);
  });

  test('jobIds: only the named job; the absence stays approved until the last', async () => {
    const s = await absentWithJobs('Olga');
    const standIn = await newUser('Paul');
    const res = await ok('POST', `/v2/absences/${s.id}/replacements`, { userId: standIn, jobIds: [s.tue] });
    assert.deepEqual(
      res.replacements.map((r: Json) => r.jobId),
      [s.tue],
    );
    assert.equal(res.isAssigned, false);
    assert.equal(res.state, 'approved');
    assert.equal((await getJob(s.mon)).replacementJobId, undefined);
    let a = await getAbsence(s.id);
    assert.equal(a.state, 'approved');
    assert.equal(a.isAssigned, false);
    assert.equal(a.replacements.length, 1);
    // The same job again: no longer among those to replace.
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: standIn, jobIds: [s.tue] }), 409);
    // The last one, through the job's own replacement action.
    const last = await ok('POST', `/v2/jobs/${s.mon}/replacement`, { userId: standIn });
    assert.equal((await getJob(last._id)).masterJobId, s.mon);
    a = await getAbsence(s.id);
    assert.equal(a.isAssigned, true);
    assert.equal(a.state, 'assigned');
    assert.deepEqual(
      a.replacements.map((r: Json) => r.jobId),
      [s.tue, s.mon],
    );
    assert.equal(a.replacements[1].replacementJobId, last._id);
  });

  test('conflicts: the absent user, an absent or busy stand-in, a foreign job, an unapproved absence -> 409', async () => {
    const s = await absentWithJobs('Quentin');
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: s.userId, all: true }), 409);

    const away = await newUser('Rosa');
    const awayAbsence = await newAbsence({
      userId: away,
      type: 2,
      dtStart: '2027-03-02T07:00:00Z',
      dtEnd: '2027-03-02T07:00:00Z',
    });
    await approve(awayAbsence);
    const absent = await req('POST', `/v2/absences/${s.id}/replacements`, { userId: away, all: true });
    problem(absent, 409);
    assert.match(absent.body.detail, new RegExp(awayAbsence));

    const busy = await newUser('Stan');
    const busyJob = await newJob(busy, undefined, '2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z');
    const busyRes = await req('POST', `/v2/absences/${s.id}/replacements`, { userId: busy, jobIds: [s.mon] });
    problem(busyRes, 409);
    assert.match(busyRes.body.detail, new RegExp(busyJob));
    // Busy only on Monday: Tuesday is fine.
    assert.equal(
      (await ok('POST', `/v2/absences/${s.id}/replacements`, { userId: busy, jobIds: [s.tue] })).replacements.length,
      1,
    );

    const foreign = await newJob(busy, undefined, '2027-03-05T09:00:00Z', '2027-03-05T10:00:00Z');
    problem(
      await req('POST', `/v2/absences/${s.id}/replacements`, { userId: await newUser('Tina'), jobIds: [foreign] }),
      409,
    );
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: MISSING, all: true }), 400, 'userId');
    const elsewhere = await signup(t.app, 'Elsewhere');
    const foreignUser = await newUser('Ulla', {}, elsewhere);
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: foreignUser, all: true }), 400, 'userId');
    problem(
      await req('POST', `/v2/absences/${s.id}/replacements`, { userId: foreignUser, all: true }, elsewhere.headers),
      404,
    );
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: busy }), 400, 'jobIds');
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: busy, all: true, extra: 1 }), 400);

    const open = await newAbsence({
      userId: s.userId,
      type: 1,
      dtStart: '2027-03-08T07:00:00Z',
      dtEnd: '2027-03-08T15:00:00Z',
    });
    problem(await req('POST', `/v2/absences/${open}/replacements`, { userId: busy, all: true }), 409);
    problem(await req('POST', `/v2/absences/${MISSING}/replacements`, { userId: busy, all: true }), 404);
    // Nothing changed on the failed attempts.
    const a = await getAbsence(s.id);
    assert.equal(a.replacements.length, 1);
    assert.equal(a.state, 'approved');
    assert.equal((await getJob(s.mon)).replacementJobId, undefined);
  });

  test('employees cannot assign replacements or list candidates (403)', async () => {
    const s = await absentWithJobs('Uwe');
    const emp = await newEmployee('Vic');
    problem(await req('POST', `/v2/absences/${s.id}/replacements`, { userId: emp.id, all: true }, emp.headers), 403);
    problem(await req('GET', `/v2/absences/${s.id}/replacementCandidates`, undefined, emp.headers), 403);
  });

  test('replacement candidates: free and known at the object first, busy lower, the absent user not at all', async () => {
    // A company of its own, so the candidates are exactly these users.
    const acme = await signup(t.app, 'Candidates');
    const absentUser = await newUser('Absent', {}, acme);
    const objectId = await newObject('Tower', {}, acme);
    const elsewhere = await newObject('Elsewhere', {}, acme);
    // Mon and Tue 2031-03-03/04, 08:00-12:00 local.
    const mon = await newJob(absentUser, objectId, '2031-03-03T07:00:00Z', '2031-03-03T11:00:00Z', {}, acme);
    const tue = await newJob(absentUser, objectId, '2031-03-04T07:00:00Z', '2031-03-04T11:00:00Z', {}, acme);
    const known = await newUser('Known', { workedOnObjectIds: [objectId] }, acme);
    const veteran = await newUser('Veteran', {}, acme);
    await newJob(veteran, objectId, '2020-03-02T07:00:00Z', '2020-03-02T11:00:00Z', {}, acme); // worked there before
    const stranger = await newUser('Stranger', {}, acme);
    const busy = await newUser('Busy', { workedOnObjectIds: [objectId] }, acme);
    const busyJob = await newJob(busy, elsewhere, '2031-03-03T08:00:00Z', '2031-03-03T09:00:00Z', {}, acme);
    // Busy by jobs that began long before the absence's: a night shift of 13 hours and a 3-day job, both into Monday.
    const night = await newUser('Night', {}, acme);
    await newJob(night, elsewhere, '2031-03-02T19:00:00Z', '2031-03-03T08:00:00Z', {}, acme);
    const traveller = await newUser('Traveller', {}, acme);
    await newJob(traveller, elsewhere, '2031-02-28T10:00:00Z', '2031-03-03T12:00:00Z', {}, acme);
    const away = await newUser('Away', {}, acme);
    // Not stand-ins: an office account (its group reads every job) and a user without a name.
    const groups = (await ok('GET', '/v2/accessGroups/', undefined, 200, acme.headers)) as Json[];
    const officeGroup = groups.find((g) => g.name === 'objectmanager')._id;
    const clerk = await newUser('Clerk', { accessGroupId: officeGroup }, acme);
    const nameless = (await ok('POST', '/v2/users/', { id: `nameless-${Date.now()}` }, 201, acme.headers))._id;
    // Two free strangers: the one with fewer hours planned that week ranks first.
    const loaded = await newUser('Loaded', {}, acme);
    await newJob(loaded, elsewhere, '2031-03-05T07:00:00Z', '2031-03-05T10:30:00Z', {}, acme);
    const id = await newAbsence(
      { userId: absentUser, dtStart: '2031-03-03T07:00:00Z', dtEnd: '2031-03-04T15:00:00Z' },
      acme.headers,
    );
    assert.deepEqual((await approve(id, acme)).affectedJobs, [mon, tue]);
    const awayAbsence = await newAbsence(
      { userId: away, dtStart: '2031-03-03T07:00:00Z', dtEnd: '2031-03-04T15:00:00Z' },
      acme.headers,
    );
    await approve(awayAbsence, acme);

    const list = (await ok('GET', `/v2/absences/${id}/replacementCandidates`, undefined, 200, acme.headers)) as Json[];
    const byUser = new Map(list.map((c) => [c.userId, c]));
    const rank = (userId: string) => list.findIndex((c) => c.userId === userId);
    assert.equal(byUser.has(absentUser), false);
    assert.equal(byUser.has(away), false); // absent for both jobs: free for none
    for (const u of [known, veteran, stranger, busy, loaded]) assert.ok(byUser.has(u), u);
    for (const u of [clerk, nameless, acme.userId]) assert.equal(byUser.has(u), false, u); // office, nameless, owner
    assert.equal(byUser.get(loaded).hoursThisWeek, 3.5);
    assert.equal(byUser.get(stranger).hoursThisWeek, 0);
    assert.equal(byUser.get(busy).hoursThisWeek, 1);
    assert.ok(rank(stranger) < rank(loaded), JSON.stringify(list)); // same score, fewer hours first
    assert.deepEqual(byUser.get(known).workedOnObjectIds, [objectId]);
    assert.deepEqual(byUser.get(veteran).workedOnObjectIds, [objectId]);
    assert.deepEqual(byUser.get(stranger).workedOnObjectIds, []);
    assert.deepEqual(byUser.get(known).freeForJobIds, [mon, tue]);
    assert.deepEqual(byUser.get(known).conflictingJobIds, []);
    assert.deepEqual(byUser.get(busy).freeForJobIds, [tue]);
    assert.deepEqual(byUser.get(busy).conflictingJobIds, [mon]);
    assert.deepEqual(byUser.get(night).conflictingJobIds, [mon]);
    assert.deepEqual(byUser.get(traveller).conflictingJobIds, [mon]);
    assert.deepEqual(byUser.get(traveller).freeForJobIds, [tue]);
    assert.ok(rank(known) < rank(stranger), JSON.stringify(list));
    assert.ok(rank(veteran) < rank(stranger), JSON.stringify(list));
    assert.ok(rank(stranger) < rank(busy), JSON.stringify(list));
    assert.ok(byUser.get(known).score > byUser.get(stranger).score);
    assert.ok(byUser.get(stranger).score > byUser.get(busy).score);
    assert.match(byUser.get(known).name, /^Known N\d+$/);
    // conflictingJobIds names the absence's job the user cannot take, not the user's own job.
    assert.ok(!byUser.get(busy).conflictingJobIds.includes(busyJob));
    // Not for another company.
    problem(await req('GET', `/v2/absences/${id}/replacementCandidates`), 404);
  });
});

describe('events', () => {
  interface FeedEvent {
    type: string;
    entity: string;
    data: Json;
    cursor: string;
  }
  async function feed(after?: string) {
    const res = await req('GET', `/v2/events?limit=1000${after ? `&after=${after}` : ''}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { events: res.body as FeedEvent[], next: String(res.headers['x-next-cursor'] ?? '') || after };
  }
  /** Polls the feed from a cursor until `done` holds (on PostgreSQL other transactions may hold it back). */
  async function collect(from: string | undefined, done: (events: FeedEvent[]) => boolean) {
    const events: FeedEvent[] = [];
    let cursor = from;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const page = await feed(cursor);
      events.push(...page.events);
      cursor = page.next;
      if (page.events.length === 1000) continue;
      if (done(events)) return { events, cursor };
      if (Date.now() > deadline)
        assert.fail(
          `expected events did not arrive: ${JSON.stringify(events.map((e) => [e.type, e.entity, e.data?._id]))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test('ABSENCE_APPROVED on approval; ABSENCE_CANCELED when an approved one is cancelled, not an open one', async () => {
    const start = (await collect(undefined, () => true)).cursor;
    const userId = await newUser('Wim');
    const openOne = await newAbsence({ userId, dtStart: '2026-08-03T06:00:00Z', dtEnd: '2026-08-03T14:00:00Z' });
    await cancel(openOne);
    const id = await newAbsence({ userId, dtStart: '2026-08-04T06:00:00Z', dtEnd: '2026-08-04T14:00:00Z' });
    await approve(id);
    const approved = await collect(start, (e) => e.some((x) => x.type === 'ABSENCE_APPROVED' && x.data?._id === id));
    const event = approved.events.find((x) => x.type === 'ABSENCE_APPROVED' && x.data?._id === id)!;
    assert.equal(event.entity, 'absence');
    assert.equal(event.data.state, 'approved');
    assert.equal(event.data.userId, userId);
    assert.equal(event.data.approvedBy, admin.userId);
    await cancel(id);
    const all = await collect(start, (e) => e.some((x) => x.type === 'ABSENCE_CANCELED' && x.data?._id === id));
    // Only this user's: `start` is no cursor when the feed held back every event so far (on PostgreSQL
    // it waits for older transactions), and then the events read include earlier tests' cancellations.
    const canceled = all.events.filter((x) => x.type === 'ABSENCE_CANCELED' && x.data?.userId === userId);
    assert.deepEqual(
      canceled.map((x) => x.data._id),
      [id],
    );
    assert.equal(canceled[0]!.entity, 'absence');
    assert.equal(canceled[0]!.data.state, 'cancelled');
    assert.equal(all.events.filter((x) => x.type === 'ABSENCE_APPROVED' && x.data?._id === openOne).length, 0);
    // Creating an absence is an ordinary CREATE of the entity absence.
    assert.ok(all.events.some((x) => x.type === 'CREATE' && x.entity === 'absence' && x.data?._id === openOne));
  });
});

describe('list filters', () => {
  let lister: string;
  const a: Record<string, string> = {};
  let payType: string;

  before(async () => {
    lister = await newUser('Lister');
    payType = (await ok('POST', '/v2/payTypes/', { name: 'list pay', absence: true }, 201))._id;
    a.illOpen = await newAbsence({
      userId: lister,
      type: 1,
      desc: 'cold',
      dtStart: '2026-07-06T06:00:00Z',
      dtEnd: '2026-07-07T14:00:00Z',
    });
    a.vacation = await newAbsence({
      userId: lister,
      type: 2,
      desc: 'beach',
      dtStart: '2026-08-03T06:00:00Z',
      dtEnd: '2026-08-05T14:00:00Z',
    });
    await approve(a.vacation);
    a.unpaid = await newAbsence({
      userId: lister,
      type: 3,
      desc: 'move',
      dtStart: '2026-09-07T06:00:00Z',
      dtEnd: '2026-09-07T14:00:00Z',
    });
    await ok('POST', `/v2/absences/${a.unpaid}/decline`, {});
    a.paid = await newAbsence({
      userId: lister,
      type: 1,
      desc: 'Cold again',
      payTypeAbsenceId: payType,
      dtStart: '2026-10-05T06:00:00Z',
      dtEnd: '2026-10-05T14:00:00Z',
    });
  });

  const names = (items: Json[]) =>
    items.map((x) => Object.entries(a).find(([, id]) => id === x._id)?.[0] ?? x._id).sort();
  async function list(query: string) {
    const res = await req('GET', `/v2/absences/?userIds=${lister}&${query}`);
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    assert.equal(res.headers['x-total-count'], String(res.body.length));
    return names(res.body);
  }

  test('status, type (states or type numbers), ids, payTypeAbsenceIds, userIds', async () => {
    assert.deepEqual(await list(''), ['illOpen', 'paid', 'unpaid', 'vacation']);
    assert.deepEqual(await list('status=approved'), ['vacation']);
    assert.deepEqual(await list('status=open,declined'), ['illOpen', 'paid', 'unpaid']);
    assert.deepEqual(await list('type=open'), ['illOpen', 'paid']);
    assert.deepEqual(await list('type=declined'), ['unpaid']);
    assert.deepEqual(await list('type=2'), ['vacation']);
    assert.deepEqual(await list('type=1'), ['illOpen', 'paid']);
    assert.deepEqual(await list('type=approved,3'), ['unpaid', 'vacation']);
    assert.deepEqual(await list(`ids=${a.illOpen},${a.unpaid}`), ['illOpen', 'unpaid']);
    assert.deepEqual(await list(`payTypeAbsenceIds=${payType}`), ['paid']);
    assert.deepEqual(await list(`payTypeAbsenceIds=${MISSING}`), []);
    const other = await newUser('Nobody');
    const res = await ok('GET', `/v2/absences/?userIds=${other}`);
    assert.deepEqual(res, []);
  });

  test('default order is dtStart descending; sort works', async () => {
    const res = await ok('GET', `/v2/absences/?userIds=${lister}`);
    assert.deepEqual(
      res.map((x: Json) => x._id),
      [a.paid, a.unpaid, a.vacation, a.illOpen],
    );
    const asc = await ok('GET', `/v2/absences/?userIds=${lister}&sort=dtStart:1&limit=2`);
    assert.deepEqual(
      asc.map((x: Json) => x._id),
      [a.illOpen, a.vacation],
    );
  });

  test('endDateFrom, endDateTo, startDateTo (epoch ms or ISO 8601)', async () => {
    assert.deepEqual(await list('endDateFrom=2026-08-01T00:00:00Z'), ['paid', 'unpaid', 'vacation']);
    assert.deepEqual(await list('endDateFrom=2026-08-01T00:00:00Z&endDateTo=2026-09-01T00:00:00Z'), ['vacation']);
    assert.deepEqual(await list(`endDateTo=${Date.parse('2026-08-01T00:00:00Z')}`), ['illOpen']);
    assert.deepEqual(await list('startDateTo=2026-08-31T00:00:00Z'), ['illOpen', 'vacation']);
    assert.deepEqual(await list('startDateTo=2026-07-01T00:00:00Z'), []);
  });

  test('the dynamic filter', async () => {
    const f = (conditions: unknown) => `filter=${encodeURIComponent(JSON.stringify(conditions))}`;
    assert.deepEqual(await list(f([{ field: 'desc', type: 'string', op: 'contains', value: 'cold' }])), [
      'illOpen',
      'paid',
    ]);
    assert.deepEqual(await list(f([{ field: 'daysAbsent', type: 'number', op: 'gte', value: 2 }])), [
      'illOpen',
      'vacation',
    ]);
    assert.deepEqual(await list(f([{ field: 'state', op: 'eq', value: 'declined' }])), ['unpaid']);
    assert.deepEqual(
      await list(
        f([
          { field: 'type', op: 'eq', value: 1 },
          { field: 'desc', op: 'startsWith', value: 'cold' },
        ]),
      ),
      ['illOpen', 'paid'],
    );
  });

  test('/self takes the same filters', async () => {
    const emp = await newEmployee('Selma');
    const open = await newAbsence(
      { userId: emp.id, type: 2, dtStart: '2026-07-06T06:00:00Z', dtEnd: '2026-07-07T14:00:00Z' },
      emp.headers,
    );
    const done = await newAbsence(
      { userId: emp.id, type: 1, dtStart: '2026-08-03T06:00:00Z', dtEnd: '2026-08-03T14:00:00Z' },
      emp.headers,
    );
    await approve(done);
    const self = async (query: string) =>
      ((await ok('GET', `/v2/absences/self?${query}`, undefined, 200, emp.headers)) as Json[]).map((x) => x._id);
    assert.deepEqual(await self('status=approved'), [done]);
    assert.deepEqual(await self('type=open'), [open]);
    assert.deepEqual(await self('type=2'), [open]);
    assert.deepEqual(await self(`ids=${open}`), [open]);
    assert.deepEqual(await self('endDateFrom=2026-08-01T00:00:00Z'), [done]);
    assert.deepEqual(await self('startDateTo=2026-07-31T00:00:00Z'), [open]);
    assert.deepEqual(await self('sort=dtStart:1'), [open, done]);
    assert.deepEqual(await self(`ids=${a.illOpen}`), []); // another user's
    problem(await req('GET', '/v2/absences/self?status=bogus', undefined, emp.headers), 400, 'status');
  });

  test('bad values -> 400 naming the parameter', async () => {
    const bad = async (query: string, param: string) => problem(await req('GET', `/v2/absences/?${query}`), 400, param);
    await bad('status=bogus', 'status');
    await bad('type=holiday', 'type');
    await bad('type=', 'type');
    await bad('ids=xyz', 'ids');
    await bad('payTypeAbsenceIds=1', 'payTypeAbsenceIds');
    await bad('userIds=nope', 'userIds');
    await bad('endDateFrom=yesterday', 'endDateFrom');
    await bad('endDateTo=2026-13-45', 'endDateTo');
    await bad('startDateTo=soon', 'startDateTo');
    problem(await req('GET', '/v2/absences/?colour=red'), 400);
    problem(await req('GET', '/v2/absences/?filter=notjson'), 400);
    problem(
      await req(
        'GET',
        `/v2/absences/?filter=${encodeURIComponent(JSON.stringify([{ field: 'nope', op: 'eq', value: 1 }]))}`,
      ),
      400,
    );
    problem(await req('GET', '/v2/absences/?limit=0'), 400);
  });
});
