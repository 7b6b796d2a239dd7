// What clients write in query strings and bodies: list parameters as comma lists or repeated, unknown
// parameters refused on every list, `open` orders, local times without seconds, days for day fields,
// ISO date-times for jobsInTimeFrame, conflicts naming the field, and 415 naming the expected type.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, call, type TestApp, type Tenant } from '../helpers/test-app.js';
import { assertProblem, requester } from '../helpers/http-assertions.js';

let t: TestApp;
let a: Tenant;
const { req, ok } = requester(
  () => t.app,
  () => a.headers,
);
const create = async (url: string, body: unknown) => (await ok('POST', url, body, 201))._id as string;
const ids = (items: Array<{ _id: string }>) => items.map((i) => i._id).sort();

before(async () => {
  // Webhook targets resolve to a public address; nothing is ever sent (no worker runs here).
  t = await createTestApp({}, { resolveHost: async () => ['93.184.216.34'] });
  a = await signup(t.app, 'Formats');
});
after(async () => {
  await t.close();
});

describe('list parameters: comma list, repeated, or both', () => {
  test('a field filter of ids takes _id=a&_id=b and _id=a,b&_id=c', async () => {
    const [c1, c2, c3] = [
      await create('/v2/customers/', { name: 'one' }),
      await create('/v2/customers/', { name: 'two' }),
      await create('/v2/customers/', { name: 'three' }),
    ];
    await create('/v2/customers/', { name: 'four' });
    assert.deepEqual(ids(await ok('GET', `/v2/customers/?_id=${c1}&_id=${c2}`)), [c1, c2].sort());
    assert.deepEqual(ids(await ok('GET', `/v2/customers/?_id=${c1},${c2}&_id=${c3}`)), [c1, c2, c3].sort());
    assert.deepEqual(ids(await ok('GET', `/v2/customers/?_id=${c3}`)), [c3]);
    // A free-text filter takes one value: repeating it is a 400 naming the parameter, not a silent choice.
    assertProblem(await req('GET', '/v2/customers/?name=one&name=two'), 400, 'querystring.name');
  });

  test('a named filter (objectIds of orders) and sort take repeated values too', async () => {
    const soap = await create('/v2/articles/', { name: 'Soap' });
    const objects = [
      await create('/v2/objects/', { name: 'A' }),
      await create('/v2/objects/', { name: 'B' }),
      await create('/v2/objects/', { name: 'C' }),
    ];
    const orders = [];
    for (const objectId of objects)
      orders.push(
        await create('/v2/orders/', { items: [{ articleId: soap, quantity: 1 }], userId: a.userId, objectId }),
      );
    assert.deepEqual(
      ids(await ok('GET', `/v2/orders/?objectIds=${objects[0]}&objectIds=${objects[1]}`)),
      [orders[0]!, orders[1]!].sort(),
    );
    assert.deepEqual(
      ids(await ok('GET', `/v2/orders/?objectIds=${objects[0]},${objects[1]}&objectIds=${objects[2]}`)),
      [...orders].sort(),
    );
    const sorted = await ok('GET', `/v2/objects/?sort=name:-1&sort=number:1&_id=${objects.join('&_id=')}`);
    assert.deepEqual(
      sorted.map((o: { name: string }) => o.name),
      ['C', 'B', 'A'],
    );
  });
  test('a module list with its own query schema (webhook deliveries) takes status repeated', async () => {
    const hook = await create('/v2/integrations/webhooks/', {
      type: 'CREATE',
      entity: 'customer',
      url: 'https://hooks.example/in',
    });
    const ping = (await ok('POST', `/v2/integrations/webhooks/${hook}/test`))._id;
    const deliveries = (query: string) => ok('GET', `/v2/integrations/webhooks/${hook}/deliveries?${query}`);
    assert.deepEqual(ids(await deliveries('status=pending&status=failed')), [ping]);
    assert.deepEqual(ids(await deliveries('status=delivered,failed&status=delivering')), []);
    assert.deepEqual(ids(await deliveries('status=delivered,pending')), [ping]);
  });
});

describe('document lists of a record', () => {
  test('refuse unknown query parameters with a 400 naming them', async () => {
    const objectId = await create('/v2/objects/', { name: 'with documents' });
    const customerId = await create('/v2/customers/', { name: 'with documents' });
    const jobId = await create('/v2/jobs/', { from: '2027-01-05T06:00:00Z', to: '2027-01-05T08:00:00Z' });
    for (const path of [
      `/v2/objects/${objectId}`,
      `/v2/customers/${customerId}`,
      `/v2/users/${a.userId}`,
      `/v2/jobs/${jobId}`,
    ]) {
      assert.deepEqual(await ok('GET', `${path}/documents`), []);
      assertProblem(await req('GET', `${path}/documents?limt=5`), 400, 'querystring.limt');
    }
    assert.deepEqual(await ok('GET', `/v2/jobs/${jobId}/documents?flag=true`), []);
  });
});

describe('GET /orders/?open=', () => {
  test('open=true lists the orders not completed, open=false the completed ones', async () => {
    const soap = await create('/v2/articles/', { name: 'Open soap' });
    const objectId = await create('/v2/objects/', { name: 'Open orders' });
    const body = { items: [{ articleId: soap, quantity: 2 }], userId: a.userId, objectId };
    const [open, approved, done] = [
      await create('/v2/orders/', body),
      await create('/v2/orders/', body),
      await create('/v2/orders/', body),
    ];
    await ok('POST', `/v2/orders/${approved}/approve`);
    await ok('POST', `/v2/orders/${done}/approve`);
    await ok('POST', `/v2/orders/${done}/complete`);
    assert.deepEqual(ids(await ok('GET', `/v2/orders/?objectIds=${objectId}&open=true`)), [open, approved].sort());
    assert.deepEqual(ids(await ok('GET', `/v2/orders/?objectIds=${objectId}&open=false`)), [done]);
    assert.deepEqual(ids(await ok('GET', `/v2/orders/?objectIds=${objectId}&completed=true`)), [done]);
    assertProblem(await req('GET', '/v2/orders/?open=maybe'), 400, 'open');
  });
});

describe('inputs people write', () => {
  test('iCalendar dtstart/dtend take YYYY-MM-DDTHH:mm (stored with seconds)', async () => {
    const objectId = await create('/v2/objects/', { name: 'Short times' });
    const id = await create('/v2/assignments/', {
      objectId,
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=2',
        dtstart: '2027-01-04T06:00',
        dtend: '2027-01-04T07:30',
        exDate: ['2027-01-05T06:00'],
      },
    });
    const { iCalendar } = await ok('GET', `/v2/assignments/${id}`);
    assert.equal(iCalendar.dtstart, '2027-01-04T06:00:00');
    assert.equal(iCalendar.dtend, '2027-01-04T07:30:00');
    assert.deepEqual(iCalendar.exDate, ['2027-01-05T06:00:00']);
    assertProblem(
      await req('POST', '/v2/assignments/', {
        objectId,
        iCalendar: {
          tzid: 'Europe/Berlin',
          rrule: 'FREQ=DAILY',
          dtstart: '2027-02-30T06:00',
          dtend: '2027-02-30T07:00',
        },
      }),
      400,
      'iCalendar.dtstart',
    );
  });

  test('contract.startDate/endDate take a day YYYY-MM-DD, stored and returned as its midnight UTC', async () => {
    const id = await create('/v2/users/', { general: { firstName: 'Dora' }, contract: { startDate: '2026-03-01' } });
    assert.equal((await ok('GET', `/v2/users/${id}`)).contract.startDate, '2026-03-01T00:00:00.000Z');
    await ok('PATCH', `/v2/users/${id}`, { contract: { endDate: '2026-12-31' } });
    const { contract } = await ok('GET', `/v2/users/${id}`);
    assert.deepEqual([contract.startDate, contract.endDate], ['2026-03-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z']);
    // Still a date to list filters: the day's midnight is within a range starting that day.
    assert.deepEqual(
      ids(
        await ok(
          'GET',
          '/v2/users/?contract.startDateFrom=2026-03-01T00:00:00Z&contract.startDateTo=2026-03-01T00:00:00Z',
        ),
      ),
      [id],
    );
    await ok('PATCH', `/v2/users/${id}`, { contract: { endDate: '2026-12-31T16:00:00+01:00' } });
    assert.equal((await ok('GET', `/v2/users/${id}`)).contract.endDate, '2026-12-31T16:00:00+01:00');
    for (const bad of ['2026-02-30', '2026-3-1', '01.03.2026', '2026-03-01T08:00']) {
      assertProblem(
        await req('POST', '/v2/users/', { general: { firstName: 'Eve' }, contract: { startDate: bad } }),
        400,
        'contract.startDate',
      );
    }
  });

  test("an assignment's billing.lastInvoiceDate takes a day too", async () => {
    const objectId = await create('/v2/objects/', { name: 'Billed' });
    const id = await create('/v2/assignments/', {
      objectId,
      billing: { lastInvoiceDate: '2026-05-31' },
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=1',
        dtstart: '2027-01-04T06:00:00',
        dtend: '2027-01-04T07:00:00',
      },
    });
    assert.equal((await ok('GET', `/v2/assignments/${id}`)).billing.lastInvoiceDate, '2026-05-31T00:00:00.000Z');
  });

  test('jobsInTimeFrame takes ISO 8601 date-times besides epoch milliseconds', async () => {
    const job = await create('/v2/jobs/', { from: '2027-03-02T06:00:00Z', to: '2027-03-02T08:00:00Z' });
    const jobsIn = async (from: unknown, to: unknown) =>
      ((await ok('POST', '/v2/jobs/jobsInTimeFrame', { from, to })) as Array<{ _id: string }>).map((j) => j._id);
    const [from, to] = [Date.parse('2027-03-02T00:00:00Z'), Date.parse('2027-03-03T00:00:00Z')];
    assert.deepEqual(await jobsIn(from, to), [job]);
    assert.deepEqual(await jobsIn(String(from), String(to)), [job]);
    assert.deepEqual(await jobsIn('2027-03-02T00:00:00Z', '2027-03-03T00:00:00.000Z'), [job]);
    assert.deepEqual(await jobsIn('2027-03-02T01:00+01:00', to), [job]);
    assert.deepEqual(await jobsIn('2027-03-02T09:00:00+01:00', '2027-03-03T00:00:00Z'), []);
    for (const bad of ['yesterday', '2027-03-02T00:00:00', '2027-02-30T00:00:00Z', '2027-03-02']) {
      assertProblem(await req('POST', '/v2/jobs/jobsInTimeFrame', { from: bad, to }), 400, 'from');
    }
  });

  test('a unique-value conflict names the field', async () => {
    await create('/v2/users/', {
      id: 'taken-name',
      access: { email: 'taken@example.com' },
      general: { firstName: 'Fay' },
    });
    const byName = await req('POST', '/v2/users/', { id: 'TAKEN-name', general: { firstName: 'Gil' } });
    assertProblem(byName, 409, 'id');
    assert.equal(byName.body.detail, 'id already taken');
    const byEmail = await req('POST', '/v2/users/', {
      id: 'other-name',
      access: { email: 'Taken@example.com' },
      general: { firstName: 'Gil' },
    });
    assertProblem(byEmail, 409, 'access.email');
    assert.equal(byEmail.body.detail, 'access.email already taken');
    // Signup names the same values `username` and `email`, and so does its conflict.
    const signupAs = (username: string, email?: string) =>
      call(
        t.app,
        'POST',
        '/v2/company/signup',
        {},
        { companyName: 'Second', username, password: 'correct-horse-battery', ...(email ? { email } : {}) },
      );
    const taken = await signupAs('Taken-Name');
    assertProblem(taken, 409, 'username');
    assert.equal(taken.body.detail, 'username already taken');
    assertProblem(await signupAs('free-name', 'TAKEN@example.com'), 409, 'email');
  });

  test('a body in another type than the route reads is a 415 naming the expected one', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await call(t.app, 'POST', '/v2/customers/', { ...a.headers, 'content-type': type }, 'name=x');
      assertProblem(res, 415);
      assert.equal(res.body.detail, 'Content-Type must be application/json');
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    }
    const patch = await call(
      t.app,
      'PATCH',
      `/v2/users/${a.userId}`,
      { ...a.headers, 'content-type': 'text/plain' },
      '{}',
    );
    assertProblem(patch, 415);
    const upload = await call(
      t.app,
      'POST',
      '/v2/documents/',
      { ...a.headers, 'content-type': 'application/json' },
      { name: 'x' },
    );
    assertProblem(upload, 415);
    assert.equal(upload.body.detail, 'Content-Type must be multipart/form-data');
    // JSON with a charset, and an action without a body, are unaffected.
    assert.equal(
      (
        await call(
          t.app,
          'POST',
          '/v2/customers/',
          { ...a.headers, 'content-type': 'application/json; charset=utf-8' },
          JSON.stringify({ name: 'ok' }),
        )
      ).status,
      201,
    );
  });
});
