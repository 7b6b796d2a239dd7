// The writes of the billing run and what they tell subscribers, as today: the draft invoice is
// created (CREATE event). The assignment's billing.lastInvoiceDate is written by the engine's
// update, but assignments have no webhook entity, so no event; marking the billed time-tracking
// entries with the invoice (doc.invoiceId) is the run's bookkeeping and emits no event either.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventsUntil } from '../helpers/event-feed.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;

const post = (url: string, body?: unknown) => call(t.app, 'POST', url, admin.headers, body);

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Billing Events GmbH');
  await setUpSeller(t.app, admin.headers);
});
after(() => t.close());

test('the billing run emits the invoice CREATE; the assignment and the marked entries emit nothing', async () => {
  const customerId = await createBuyer(t.app, admin.headers, {
    name: 'HV Nord',
    contact: { email: 'ap@nord.example' },
  });
  const objectId = (await post('/v2/objects/', { name: 'Praxis', customerId })).body._id;
  const userId = (await post('/v2/users/', { general: { firstName: 'Ole' } })).body._id;
  const assignmentId = (
    await post('/v2/assignments/', {
      objectId,
      title: 'Grundreinigung',
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
        dtstart: '2026-10-06T08:00:00',
        dtend: '2026-10-06T10:00:00',
      },
      quota: { billingRateEnabled: true, billingRateCalculation: 'hourly', billingRateAmount: 40 },
    })
  ).body._id;
  const entryId = (
    await post('/v2/timeTracking/', {
      userId,
      assignmentId,
      timeStart: '2026-10-06T06:00:00Z',
      timeEnd: '2026-10-06T08:00:00Z',
      reason: 'list',
    })
  ).body._id;
  assert.equal((await post(`/v2/timeTracking/${entryId}/approve`)).status, 200);

  const run = await post('/v2/invoices/generate', { month: '2026-10' });
  assert.equal(run.status, 200, JSON.stringify(run.body));
  const [invoiceId] = run.body.created;
  assert.ok(invoiceId);

  const created = (events: Json[]) => events.find((e) => e.type === 'CREATE' && e.data?._id === invoiceId);
  // The run's writes for the assignment are one transaction: once its invoice event shows, all of them would.
  const events = await eventsUntil(t.app, admin, (list) => Boolean(created(list)), 'the invoice CREATE');
  assert.equal(created(events).entity, 'invoice');
  assert.equal(created(events).data.assignmentId, assignmentId);
  assert.deepEqual(
    events.filter((e) => e.data?._id === assignmentId || (e.data?._id === entryId && e.data?.invoiceId)),
    [],
    'no event of the assignment, none of the entry marked invoiced',
  );
  const assignment = await call(t.app, 'GET', `/v2/assignments/${assignmentId}`, admin.headers);
  assert.equal(assignment.body.billing.lastInvoiceDate, '2026-11-01T00:00:00.000Z');
  const entry = await call(t.app, 'GET', `/v2/timeTracking/${entryId}`, admin.headers);
  assert.equal(entry.body.invoiceId, invoiceId, 'the entry is marked all the same');
});
