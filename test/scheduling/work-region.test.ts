// Which region's public holidays apply (the place of work) and how region fields are written, over
// HTTP: address.state kept as sent (code or name), the server's own region fields stored as DE-BY,
// filters matching every form; leave and pay of the same person on the same day read the same holidays.
// Calendar (date-holidays, checked against the states' holiday laws):
//   2025-10-27 is a Monday, 2025-10-31 a Friday: Reformationstag, a holiday in Brandenburg (and
//   other states) but not in Berlin nor nationwide. 2026-01-06 (Tue) is Epiphany, a holiday in Bavaria.
// Pay: hourly 15, the German preset (Feiertagsarbeit 125 %); 08:00-10:00 Berlin is 07:00Z-09:00Z
// in October after the DST change (CET, UTC+1) and in January.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { assertProblem, requester, type Headers } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let brandenburg: Tenant;
const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

const hourly15 = { salary: 15, salaryType: 'hourly' };
const newUser = async (extra: Record<string, unknown>, headers: Headers = admin.headers) =>
  (await ok('POST', '/v2/users/', { general: { firstName: 'W' }, ...extra }, 201, headers))._id as string;
const newObject = async (address: Record<string, string>, headers: Headers = admin.headers) =>
  (await ok('POST', '/v2/objects/', { name: 'Site', address }, 201, headers))._id as string;

/** daysAbsent of a vacation Mon 2025-10-27 .. Fri 2025-10-31 (07:00Z to 15:00Z). */
async function vacationDays(userId: string, headers: Headers = admin.headers): Promise<number> {
  const { _id } = await ok(
    'POST',
    '/v2/absences/',
    { type: 1, userId, dtStart: '2025-10-27T07:00:00Z', dtEnd: '2025-10-31T15:00:00Z' },
    201,
    headers,
  );
  return (await ok('GET', `/v2/absences/${_id}`, undefined, 200, headers)).daysAbsent;
}

/** The salary of an approved entry of 2 h, as [base, holiday surcharge seconds, total]. */
async function pay(
  userId: string,
  objectId: string | undefined,
  timeStart: string,
  timeEnd: string,
  headers: Headers = admin.headers,
) {
  const { _id } = await ok(
    'POST',
    '/v2/timeTracking/',
    { userId, ...(objectId ? { objectId } : {}), timeStart, timeEnd },
    201,
    headers,
  );
  const { salaryIds } = await ok('POST', `/v2/timeTracking/${_id}/approve`, undefined, 200, headers);
  const s = await ok('GET', `/v2/salaries/${salaryIds[0]}`, undefined, 200, headers);
  return [s.baseSalary, s.publicHolidayWorkingTime, s.salary];
}
const FRIDAY_OCT_31 = ['2025-10-31T07:00:00Z', '2025-10-31T09:00:00Z'] as const;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Berlin Cleaning');
  brandenburg = await signup(t.app, 'Potsdam Cleaning');
  await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201);
  await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201, brandenburg.headers);
  await ok(
    'PATCH',
    '/v2/company/timeAndPaySettings',
    { holidayRegion: { country: 'de', state: 'bb' } },
    200,
    brandenburg.headers,
  );
});
after(() => t.close());

describe("region fields: address.state as sent, the server's own fields as DE-BY", () => {
  test('text naming no state is refused with a 400 naming the field, on every kind of record and the settings', async () => {
    const nowhere = { country: 'DE', state: 'Nowhere' };
    assertProblem(
      await req('POST', '/v2/users/', { general: { firstName: 'B' }, address: nowhere }),
      400,
      'address.state',
    );
    // The server's own region fields take codes only (the spec has no such field to keep as sent).
    assertProblem(
      await req('POST', '/v2/users/', { general: { firstName: 'B' }, contract: { workRegion: 'Bayern' } }),
      400,
      'contract.workRegion',
    );
    assertProblem(await req('POST', '/v2/objects/', { name: 'B', address: nowhere }), 400, 'address.state');
    assertProblem(await req('POST', '/v2/customers/', { name: 'B', address: nowhere }), 400, 'address.state');
    assertProblem(
      await req('PATCH', '/v2/company/timeAndPaySettings', { holidayRegion: { country: 'DE', state: 'Bayern' } }),
      400,
      'holidayRegion.state',
    );
    // A code of another country than the address's, and a country without a calendar.
    assertProblem(
      await req('POST', '/v2/objects/', { name: 'B', address: { country: 'AT', state: 'BY' } }),
      400,
      'address.state',
    );
    assertProblem(
      await req('POST', '/v2/objects/', { name: 'B', address: { country: 'AT', state: 'DE-BY' } }),
      400,
      'address.state',
    );
    assertProblem(
      await req('PATCH', '/v2/company/timeAndPaySettings', { holidayRegion: { country: 'XX' } }),
      400,
      'holidayRegion.country',
    );
    // PATCH too.
    const userId = await newUser({});
    assertProblem(await req('PATCH', `/v2/users/${userId}`, { address: { state: 'Nowhere' } }), 400, 'address.state');
  });

  test('address.state comes back as sent (BY, DE-BY, Bayern); workRegion and the settings as DE-BY', async () => {
    const userId = await newUser({ address: { state: 'by' }, contract: { workRegion: 'de-by' } });
    const user = await ok('GET', `/v2/users/${userId}`);
    assert.deepEqual([user.address.state, user.contract.workRegion], ['by', 'DE-BY']);
    const objectId = await newObject({ country: 'Deutschland', state: 'DE-BY' });
    assert.equal((await ok('GET', `/v2/objects/${objectId}`)).address.state, 'DE-BY');
    const { _id: customerId } = await ok(
      'POST',
      '/v2/customers/',
      { name: 'C', address: { country: 'DE', state: 'Bayern' } },
      201,
    );
    assert.equal((await ok('GET', `/v2/customers/${customerId}`)).address.state, 'Bayern');
    await ok('PATCH', `/v2/users/${userId}`, { address: { state: 'BE' } });
    assert.equal((await ok('GET', `/v2/users/${userId}`)).address.state, 'BE');
    // Vienna is AT-9, also by its name in Austria.
    assert.equal((await ok('GET', `/v2/objects/${await newObject({ country: 'AT', state: '9' })}`)).address.state, '9');
    assert.equal(
      (await ok('GET', `/v2/objects/${await newObject({ country: 'AT', state: 'Wien' })}`)).address.state,
      'Wien',
    );
    const settings = await ok('GET', '/v2/company/timeAndPaySettings', undefined, 200, brandenburg.headers);
    assert.deepEqual(settings.holidayRegion, { country: 'DE', state: 'DE-BB' });
  });

  test('a filter on one form of a state finds every form: POST /users/filter and the list filters', async () => {
    const tenant = await signup(t.app, 'Filter Cleaning');
    const forms = ['BE', 'DE-BE', 'Berlin', 'de-be'];
    const ids = [];
    for (const state of forms) ids.push(await newUser({ address: { state } }, tenant.headers));
    await newUser({ address: { state: 'BB' } }, tenant.headers);
    const found = async (value: string, op = 'eq') =>
      (
        (await ok(
          'POST',
          '/v2/users/filter',
          { filters: [{ field: 'address.state', op, value }] },
          200,
          tenant.headers,
        )) as { _id: string }[]
      )
        .map((u) => u._id)
        .sort();
    for (const value of ['BE', 'DE-BE', 'berlin']) assert.deepEqual(await found(value), [...ids].sort(), value);
    assert.equal((await found('BE', 'ne')).length, 2, 'the Brandenburg user and the one without address');
    assert.deepEqual(await found('BB,BY', 'in'), (await found('DE-BB')).sort());
    // The query-string filter of a list, on users and on objects.
    const listed = await ok('GET', '/v2/users/?address.state=DE-BE', undefined, 200, tenant.headers);
    assert.equal(listed.length, 4);
    const site = await newObject({ state: 'BY' }, tenant.headers);
    const objects = await ok('GET', '/v2/objects/?address.state=Bayern', undefined, 200, tenant.headers);
    assert.deepEqual(
      objects.map((o: { _id: string }) => o._id),
      [site],
    );
  });

  test('an older record holding Bayern still changes and still has the Bavarian holidays', async () => {
    const objectId = await newObject({ country: 'DE', state: 'BY' });
    await sql`UPDATE objects SET doc = jsonb_set(doc, '{address,state}', '"Bayern"') WHERE id = ${objectId}`.execute(
      t.database.kysely,
    );
    await ok('PATCH', `/v2/objects/${objectId}`, { description: 'unchanged state is kept' });
    assert.equal((await ok('GET', `/v2/objects/${objectId}`)).address.state, 'Bayern');
    // Epiphany, Tue 2026-01-06 08:00-10:00 Berlin: 2 h × 15 = 30 base + 2 h × 15 × 125 % = 37.50 → 67.50.
    const userId = await newUser({ contract: hourly15 });
    assert.deepEqual(await pay(userId, objectId, '2026-01-06T07:00:00Z', '2026-01-06T09:00:00Z'), [30, 7200, 67.5]);
  });
});

describe('holidays of the place of work, the same for leave and pay', () => {
  test('a Brandenburg resident working in Berlin: Oct 31 2025 is a workday for leave and for pay', async () => {
    // Home in Brandenburg (Reformationstag), work in Berlin (no holiday on Oct 31).
    const userId = await newUser({
      address: { city: 'Potsdam', country: 'DE', state: 'BB' },
      contract: { ...hourly15, workRegion: 'DE-BE' },
    });
    const berlinSite = await newObject({ city: 'Berlin', country: 'DE', state: 'BE' });
    // Leave Mon-Fri 2025-10-27..31: 5 working days, Oct 31 included (the home address does not count).
    assert.equal(await vacationDays(userId), 5);
    // Pay for Fri Oct 31 08:00-10:00 in Berlin: 2 h × 15 = 30, no holiday surcharge.
    assert.deepEqual(await pay(userId, berlinSite, ...FRIDAY_OCT_31), [30, 0, 30]);
    // An entry without object: the work region is the place of work, the same answer.
    assert.deepEqual(await pay(userId, undefined, '2025-10-31T10:00:00Z', '2025-10-31T12:00:00Z'), [30, 0, 30]);
  });

  test('working in Brandenburg: Oct 31 2025 is a holiday for leave and for pay', async () => {
    const userId = await newUser({
      address: { city: 'Berlin', country: 'DE', state: 'BE' },
      contract: { ...hourly15, workRegion: 'BB' },
    });
    const potsdamSite = await newObject({ city: 'Potsdam', country: 'DE', state: 'BB' });
    // Mon-Fri less Reformationstag: 4 days.
    assert.equal(await vacationDays(userId), 4);
    // 2 h × 15 = 30 base + 2 h × 15 × 125 % = 37.50 holiday surcharge → 67.50.
    assert.deepEqual(await pay(userId, potsdamSite, ...FRIDAY_OCT_31), [30, 7200, 67.5]);
  });

  test("no work region and an object with a country but no state: the company's region (DE-BB)", async () => {
    const headers = brandenburg.headers;
    const userId = await newUser({ address: { country: 'DE', state: 'BE' }, contract: hourly15 }, headers);
    assert.equal(await vacationDays(userId, headers), 4);
    const noState = await newObject({ city: 'Werder', country: 'DE' }, headers);
    assert.deepEqual(await pay(userId, noState, ...FRIDAY_OCT_31, headers), [30, 7200, 67.5]);
    // An object in Austria without a state: Austria's nationwide holidays (Oct 31 is none there).
    const vienna = await newObject({ city: 'Wien', country: 'AT' }, headers);
    assert.deepEqual(await pay(userId, vienna, '2025-10-31T10:00:00Z', '2025-10-31T12:00:00Z', headers), [30, 0, 30]);
  });
});
