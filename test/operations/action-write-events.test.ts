// The actions of orders, tasks, complaints and absences write their records through the engine,
// so each change emits its UPDATE event like a PATCH does: approving and completing an order,
// completing a task (and the complaint it closes), declining an absence.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventsUntil } from '../helpers/event-feed.js';
import { createFixtureRecords, type Ids } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;
let ids: Ids;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Action events');
  ids = await createFixtureRecords({ app: t.app, headers: a.headers });
});
after(() => t.close());

async function post(path: string, body: unknown, status = 200) {
  const res = await call(t.app, 'POST', path, a.headers, body);
  assert.equal(res.status, status, `${path}: ${JSON.stringify(res.body)}`);
  return res.body;
}

type Event = { type: string; entity: string; data?: Record<string, unknown> };

/** Waits for an UPDATE of the record whose data satisfies `shows`. */
function updateOf(entity: string, id: string, shows: (data: Record<string, unknown>) => boolean) {
  const found = (events: Event[]) =>
    events.some((e) => e.type === 'UPDATE' && e.entity === entity && e.data?._id === id && shows(e.data));
  return eventsUntil(t.app, a, found, `the UPDATE of ${entity} ${id}`);
}

describe('action writes emit their events', () => {
  test('an order approved and completed: UPDATE materialorder each time', async () => {
    const { _id: id } = await post(
      '/v2/orders/',
      { items: [{ articleId: ids.articles, quantity: 2 }], userId: ids.users, objectId: ids.objects },
      201,
    );
    await post(`/v2/orders/${id}/approve`, undefined);
    await updateOf('materialorder', id, (d) => d.approved === true && d.completed === false);
    await post(`/v2/orders/${id}/complete`, undefined);
    await updateOf('materialorder', id, (d) => d.completed === true);
  });

  test("a complaint's task completed: UPDATE task, and UPDATE complaint as it closes", async () => {
    const { _id: complaintId } = await post('/v2/complaints/', { objectId: ids.objects, title: 'Streaks' }, 201);
    const complaint = await call(t.app, 'GET', `/v2/complaints/${complaintId}`, a.headers);
    const taskId = complaint.body.taskId as string;
    await post(`/v2/tasks/${taskId}/complete`, {});
    await updateOf('task', taskId, (d) => d.taskStatus === 'completed');
    await updateOf('complaint', complaintId, (d) => d.state === 'closed');
  });

  test('an absence declined: UPDATE absence', async () => {
    const { _id: id } = await post(
      '/v2/absences/',
      { userId: ids.users, type: 3, dtStart: '2027-03-01T00:00:00Z', dtEnd: '2027-03-02T00:00:00Z' },
      201,
    );
    await post(`/v2/absences/${id}/decline`, { declineComment: 'busy week' });
    await updateOf('absence', id, (d) => d.state === 'declined' && d.declineComment === 'busy week');
  });
});
