// Nested shapes as the spec has them (docs/decisions.md): a job's started[] items carry the salaryId
// of their entry once it exists; a customer's contact is the user contact; the records nested in a
// job's absences[] and a salary's surcharges[] carry _id, number, chatId, companyId and status.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

const HEX24 = /^[0-9a-f]{24}$/;
let t: TestApp;
let admin: Tenant;
const { ok } = requester(
  () => t.app,
  () => admin.headers,
);

let counter = 0;
const newUser = async () =>
  (
    await ok(
      'POST',
      '/v2/users/',
      { general: { lastName: `N${++counter}` }, contract: { salary: 15, salaryType: 'hourly' } },
      201,
    )
  )._id as string;
const newJob = async (userId: string, from: string, to: string) =>
  (await ok('POST', '/v2/jobs/', { userId, from, to }, 201))._id as string;
const iso = (ms: number) => new Date(ms).toISOString();

/** A nested record: its own id, number and chat, the company, a status as every record has. */
function assertNestedRecord(item: Json, userId: string) {
  assert.match(item._id, HEX24);
  assert.ok(Number.isInteger(item.number) && item.number >= 1, `number ${item.number}`);
  assert.match(item.chatId, HEX24);
  assert.notEqual(item.chatId, item._id);
  assert.equal(item.companyId, admin.companyId);
  assert.equal(item.status.status, 1);
  assert.ok(Date.parse(item.status.createdAt) > Date.parse('2020-01-01'));
  assert.ok(Date.parse(item.status.lastModifiedAt) >= Date.parse(item.status.createdAt));
  assert.equal(item.status.createdBy, userId);
  assert.equal(item.status.lastModifiedBy, userId);
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'nested-shapes');
  await ok('PATCH', '/v2/company/timeAndPaySettings', { timeZone: 'Europe/Berlin' });
  await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201);
});
after(() => t.close());

describe('Job.started[].salaryId', () => {
  test("absent until the entry's salary exists; the salary's id after approval; absent again when the entry is cancelled", async () => {
    const userId = await newUser();
    const now = Date.now();
    const jobId = await newJob(userId, iso(now - 3 * 3_600_000), iso(now - 3_600_000));
    const { timeTrackingId } = await ok('POST', `/v2/jobs/${jobId}/start`, { time: iso(now - 3 * 3_600_000) });
    await ok('POST', `/v2/jobs/${jobId}/stop`, { time: iso(now - 3_600_000) });
    let job = await ok('GET', `/v2/jobs/${jobId}`);
    assert.equal(job.started.length, 1);
    assert.equal(job.started[0].userId, userId);
    assert.equal('salaryId' in job.started[0], false);

    const { salaryIds } = await ok('POST', `/v2/timeTracking/${timeTrackingId}/approve`);
    assert.equal(salaryIds.length, 1);
    job = await ok('GET', `/v2/jobs/${jobId}`);
    assert.equal(job.started[0].salaryId, salaryIds[0]);
    const [listed] = await ok('POST', '/v2/jobs/jobsInTimeFrame', {
      from: now - 4 * 3_600_000,
      to: now,
      userIds: [userId],
    });
    assert.equal(listed.started[0].salaryId, salaryIds[0]);

    await ok('POST', `/v2/timeTracking/${timeTrackingId}/cancel`, { reason: 'wrong job' });
    assert.equal('salaryId' in (await ok('GET', `/v2/jobs/${jobId}`)).started[0], false);
  });
});

describe('customer contact', () => {
  const contact = {
    telephone: '+49 30 1',
    mobile: '+49 170 2',
    email: 'office@customer.example',
    sms: '+49 170 3',
    website: 'https://customer.example',
    fax: '+49 30 4',
    smsCount: 3,
    smsChatCount: 1,
    smsSendDate: '2026-11-01T09:00:00.000Z',
    smsSendBy: 'office',
    lastSMSStatus: 'delivered',
    secondSmsSendDate: '2026-11-02T09:00:00.000Z',
  };

  test('has every field of the user contact, stored and shown as for users', async () => {
    const customerId = (await ok('POST', '/v2/customers/', { name: 'Contactable', contact }, 201))._id;
    assert.deepEqual((await ok('GET', `/v2/customers/${customerId}`)).contact, contact);
    const userId = (
      await ok(
        'POST',
        '/v2/users/',
        { general: { lastName: 'Same shape' }, contact: { ...contact, mobile: '+49 170 9', telephone: '+49 30 9' } },
        201,
      )
    )._id;
    const userContact = (await ok('GET', `/v2/users/${userId}`)).contact;
    assert.deepEqual(Object.keys(userContact).sort(), Object.keys(contact).sort());
  });

  test("the counters are checked like the user's: whole numbers from 0, date-times", async () => {
    const { req } = requester(
      () => t.app,
      () => admin.headers,
    );
    for (const bad of [{ smsCount: -1 }, { smsChatCount: 1.5 }, { smsSendDate: 'yesterday' }, { smsColour: 'red' }]) {
      const res = await req('POST', '/v2/customers/', { name: 'Bad contact', contact: bad });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      const path = `contact.${Object.keys(bad)[0]}`;
      assert.ok(
        res.body.errors.some((e: { path: string }) => e.path === path),
        JSON.stringify(res.body),
      );
    }
  });
});

describe('nested records carry the common entity fields', () => {
  test('Job.absences[] items: their own _id, the absence named by absenceId, companyId and status', async () => {
    const userId = await newUser();
    const jobId = await newJob(userId, '2026-06-02T06:00:00Z', '2026-06-02T10:00:00Z');
    const absenceId = (
      await ok(
        'POST',
        '/v2/absences/',
        { userId, type: 1, dtStart: '2026-06-02T00:00:00Z', dtEnd: '2026-06-02T23:00:00Z' },
        201,
      )
    )._id;
    await ok('POST', `/v2/absences/${absenceId}/approve`);
    const job = await ok('GET', `/v2/jobs/${jobId}`);
    assert.equal(job.absences.length, 1);
    const [entry] = job.absences;
    assert.equal(entry.absenceId, absenceId);
    assert.notEqual(entry._id, absenceId);
    assertNestedRecord(entry, admin.userId);
    assert.deepEqual([entry.dtStart, entry.calculationType], [job.absences[0].dtStart, 'plannedJobs']);
  });

  test('salary surcharges: lines are nested records whose _id and creation survive a recompute', async () => {
    const userId = await newUser();
    // Sunday 2026-06-07 08:00-10:00 Berlin: two hours of Sunday work (50 %).
    const { _id: entryId } = await ok(
      'POST',
      '/v2/timeTracking/',
      { userId, timeStart: '2026-06-07T06:00:00Z', timeEnd: '2026-06-07T08:00:00Z', reason: 'paper' },
      201,
    );
    const {
      salaryIds: [salaryId],
    } = await ok('POST', `/v2/timeTracking/${entryId}/approve`);
    const first = await ok('GET', `/v2/salaries/${salaryId}`);
    assert.ok(first.surcharges.length > 0, JSON.stringify(first.surcharges));
    for (const line of first.surcharges) assertNestedRecord(line, admin.userId);

    await ok('PATCH', `/v2/timeTracking/${entryId}`, { comment: 'checked', reason: 'recompute' });
    const again = await ok('GET', `/v2/salaries/${salaryId}`);
    assert.deepEqual(
      again.surcharges.map((l: Json) => [l._id, l.number, l.chatId, l.status.createdAt]),
      first.surcharges.map((l: Json) => [l._id, l.number, l.chatId, l.status.createdAt]),
    );
    const numbers = first.surcharges.map((l: Json) => l.number);
    assert.equal(new Set(numbers).size, numbers.length, 'each line its own number');
  });

  test('absence salary surcharges are nested records too', async () => {
    const userId = await newUser();
    await newJob(userId, '2026-06-14T06:00:00Z', '2026-06-14T10:00:00Z'); // a Sunday shift missed through illness
    const absenceId = (
      await ok(
        'POST',
        '/v2/absences/',
        { userId, type: 1, dtStart: '2026-06-14T00:00:00Z', dtEnd: '2026-06-14T23:00:00Z' },
        201,
      )
    )._id;
    await ok('POST', `/v2/absences/${absenceId}/approve`);
    const [line] = await ok('GET', `/v2/salaries/?absenceId=${absenceId}`);
    assert.ok(line.surcharges.length > 0, JSON.stringify(line));
    for (const surcharge of line.surcharges) assertNestedRecord(surcharge, admin.userId);
  });
});
