// Salaries are written through pay's one write path (salary-store.ts): every store and removal
// emits its event. An absence's paid days are stored when it is approved (CREATE per day) and
// removed when it is cancelled (DELETE per day); an entry's salary is stored when it is approved.
// Surcharges have no webhook entity: adopting the German preset writes them through the engine
// (numbers, audit fields) without events.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventsUntil } from '../helpers/event-feed.js';
import { requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let userId: string;
const { ok } = requester(
  () => t.app,
  () => admin.headers,
);

interface FeedEvent {
  entity?: string;
  type?: string;
  data?: { _id?: string; absenceId?: string; timeTrackingId?: string; status?: { createdBy?: string } };
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'salary-write-events');
  userId = (
    await ok(
      'POST',
      '/v2/users/',
      { general: { firstName: 'Sal', lastName: 'Events' }, contract: { salary: 15, salaryType: 'hourly' } },
      201,
    )
  )._id;
});
after(() => t.close());

const salaryEvents = (events: FeedEvent[], type: string, match: (e: FeedEvent) => boolean) =>
  events.filter((e) => e.entity === 'salary' && e.type === type && match(e));

describe("pay's salary write path", () => {
  test("an absence's paid days emit CREATE when approved and DELETE when cancelled", async () => {
    // Mon 2026-03-02 to Wed 2026-03-04 (three working days, vacation paid by contract hours).
    const { _id: absenceId } = await ok(
      'POST',
      '/v2/absences/',
      {
        userId,
        type: 2,
        calculationType: 'contractHours',
        dtStart: '2026-03-02T00:00:00Z',
        dtEnd: '2026-03-05T00:00:00Z',
      },
      201,
    );
    await ok('POST', `/v2/absences/${absenceId}/approve`, undefined, 200);
    const stored = await ok('GET', `/v2/salaries/?absenceId=${absenceId}`);
    assert.ok(stored.length > 0, 'the approval stored absence salaries');
    const ids = stored.map((s: { _id: string }) => s._id).sort();
    const ofAbsence = (e: FeedEvent) => e.data?.absenceId === absenceId;
    const created = await eventsUntil(
      t.app,
      admin,
      (events) => salaryEvents(events, 'CREATE', ofAbsence).length >= ids.length,
      `${ids.length} salary CREATE events of the absence`,
    );
    assert.deepEqual(
      salaryEvents(created, 'CREATE', ofAbsence)
        .map((e) => e.data?._id)
        .sort(),
      ids,
    );

    await ok('POST', `/v2/absences/${absenceId}/cancel`, undefined, 200);
    assert.deepEqual(await ok('GET', `/v2/salaries/?absenceId=${absenceId}`), []);
    const deleted = await eventsUntil(
      t.app,
      admin,
      (events) => salaryEvents(events, 'DELETE', (e) => ids.includes(String(e.data?._id))).length >= ids.length,
      `${ids.length} salary DELETE events of the absence`,
    );
    assert.equal(salaryEvents(deleted, 'DELETE', (e) => ids.includes(String(e.data?._id))).length, ids.length);
  });

  test("an approved entry's salary emits CREATE", async () => {
    const { _id: entryId } = await ok(
      'POST',
      '/v2/timeTracking/',
      { userId, timeStart: '2026-03-09T07:00:00Z', timeEnd: '2026-03-09T11:00:00Z' },
      201,
    );
    const { salaryIds } = await ok('POST', `/v2/timeTracking/${entryId}/approve`, undefined, 200);
    assert.equal(salaryIds.length, 1);
    const events = await eventsUntil(
      t.app,
      admin,
      (list) => salaryEvents(list, 'CREATE', (e) => e.data?._id === salaryIds[0]).length === 1,
      "the entry's salary CREATE event",
    );
    assert.equal(salaryEvents(events, 'CREATE', (e) => e.data?._id === salaryIds[0])[0]?.data?.timeTrackingId, entryId);
  });

  test('the German preset stores its surcharges through the engine, numbered, without events', async () => {
    const { ids } = await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201);
    assert.ok(ids.length > 0);
    const listed = await ok('GET', '/v2/surcharges/');
    for (const id of ids) {
      const surcharge = listed.find((s: { _id: string }) => s._id === id);
      assert.ok(surcharge?.number > 0 && surcharge.status?.createdAt, 'numbered, with audit fields');
    }
    // Adopting it again creates nothing (the names are taken).
    assert.deepEqual((await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201)).ids, []);
    const events = await eventsUntil(t.app, admin, () => true, 'the feed');
    assert.equal(events.filter((e: FeedEvent) => e.entity === 'surcharge').length, 0);
  });
});
