// GET /v2/implementation, the onboarding checklist: a new company has every required step missing;
// each step flips to done when it is completed through the API that the step names, and only that
// step; ready once every required step is done; administrators' read (403 for an employee); and
// another company's records do not count.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let company: Tenant;
let other: Tenant;

const REQUIRED = ['sellerData', 'object', 'assignment', 'employees', 'holidayRegion', 'surcharges'];

async function checklist(tenant: Tenant = company) {
  const res = await call(t.app, 'GET', '/v2/implementation', tenant.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as {
    ready: boolean;
    steps: Array<{
      key: string;
      title: string;
      why: string;
      done: boolean;
      optional: boolean;
      action: { method: string; path: string };
    }>;
  };
}

const doneKeys = async (tenant: Tenant = company) =>
  (await checklist(tenant)).steps.filter((step) => step.done).map((step) => step.key);

async function send(method: 'POST' | 'PATCH', url: string, body: unknown, status: number, tenant = company) {
  const res = await call(t.app, method, url, tenant.headers, body);
  assert.equal(res.status, status, JSON.stringify(res.body));
  return res.body;
}

/** Completes one step through the API and checks that exactly it (added to `before`) is done now. */
async function flips(key: string, complete: () => Promise<unknown>) {
  const before = await doneKeys();
  assert.ok(!before.includes(key), `${key} not done yet`);
  await complete();
  assert.deepEqual((await doneKeys()).sort(), [...before, key].sort());
}

before(async () => {
  t = await createTestApp();
  company = await signup(t.app, 'Onboarding');
  other = await signup(t.app, 'Elsewhere');
});
after(() => t?.close());

describe('GET /v2/implementation', () => {
  test('a new company: not ready, every step missing, each with its request', async () => {
    const body = await checklist();
    assert.equal(body.ready, false);
    assert.deepEqual(
      body.steps.map((step) => step.key),
      [...REQUIRED, 'webhook'],
    );
    assert.deepEqual(
      body.steps.filter((step) => step.done),
      [],
    );
    assert.deepEqual(
      body.steps.filter((step) => step.optional).map((step) => step.key),
      ['webhook'],
    );
    const actions = Object.fromEntries(
      body.steps.map((step) => [step.key, `${step.action.method} ${step.action.path}`]),
    );
    assert.deepEqual(actions, {
      sellerData: 'PATCH /v2/company/invoicingSettings',
      object: 'POST /v2/objects/',
      assignment: 'POST /v2/assignments/',
      employees: 'POST /v2/users/',
      holidayRegion: 'PATCH /v2/company/timeAndPaySettings',
      surcharges: 'POST /v2/surcharges/presets/germanTaxFree',
      webhook: 'POST /v2/integrations/webhooks/',
    });
    for (const step of body.steps) assert.ok(step.title && step.why, step.key);
  });

  test('every action names a route of the OpenAPI document', async () => {
    const document = (await call(t.app, 'GET', '/v2/openapi.json', {})).body;
    for (const step of (await checklist()).steps) {
      const operation = document.paths[step.action.path]?.[step.action.method.toLowerCase()];
      assert.ok(operation, `${step.action.method} ${step.action.path}`);
    }
    assert.equal(document.paths['/v2/implementation'].get.operationId, 'implementation.getStatus');
  });

  test("another company's records do not count", async () => {
    await send('PATCH', '/v2/company/invoicingSettings', { seller: seller() }, 200, other);
    await send('POST', '/v2/objects/', { name: 'Elsewhere Tower' }, 201, other);
    await send('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201, other);
    await send(
      'PATCH',
      '/v2/company/timeAndPaySettings',
      { holidayRegion: { country: 'DE', state: 'HH' } },
      200,
      other,
    );
    assert.deepEqual(await doneKeys(), []);
    assert.deepEqual((await doneKeys(other)).sort(), ['holidayRegion', 'object', 'sellerData', 'surcharges']);
  });

  test('an employee without the company settings read gets 403', async () => {
    const groups = await groupIdsOf(t.app, company.headers);
    const employee = await createUser(t.app, company.headers, groups.employee);
    const res = await call(t.app, 'GET', '/v2/implementation', employee.headers);
    assert.equal(res.status, 403, JSON.stringify(res.body));
    // A user without a wage does not complete the employees step.
    assert.ok(!(await doneKeys()).includes('employees'));
  });

  test('seller data: done only when name, address, a tax id and the IBAN are all set', async () => {
    const { vatId, iban, ...partial } = seller();
    await send('PATCH', '/v2/company/invoicingSettings', { seller: partial }, 200);
    assert.ok(!(await doneKeys()).includes('sellerData'));
    await send('PATCH', '/v2/company/invoicingSettings', { seller: { iban } }, 200);
    assert.ok(!(await doneKeys()).includes('sellerData'), 'no VAT id or tax number');
    await flips('sellerData', () =>
      send('PATCH', '/v2/company/invoicingSettings', { seller: { taxNumber: '27/123/45678' } }, 200),
    );
  });

  let objectId: string;
  test('object, then assignment', async () => {
    await flips('object', async () => {
      objectId = (await send('POST', '/v2/objects/', { name: 'Harbour Tower' }, 201))._id;
    });
    await flips('assignment', () =>
      send(
        'POST',
        '/v2/assignments/',
        {
          objectId,
          title: 'Office cleaning',
          iCalendar: {
            tzid: 'Europe/Berlin',
            rrule: 'FREQ=WEEKLY;BYDAY=MO',
            dtstart: '2026-11-02T06:00:00',
            dtend: '2026-11-02T08:00:00',
          },
        },
        201,
      ),
    );
  });

  test('employees: a user with a contract salary; an administrator with one does not count', async () => {
    await send('PATCH', `/v2/users/${company.userId}`, { contract: { salary: 20, salaryType: 'hourly' } }, 200);
    assert.ok(!(await doneKeys()).includes('employees'));
    const userId = (await send('POST', '/v2/users/', { general: { firstName: 'Ann', lastName: 'Lee' } }, 201))._id;
    assert.ok(!(await doneKeys()).includes('employees'), 'no wage yet');
    await flips('employees', () =>
      send('PATCH', `/v2/users/${userId}`, { contract: { salary: 15, salaryType: 'hourly' } }, 200),
    );
  });

  test('holiday region and surcharges, then ready; the webhook is optional', async () => {
    await flips('holidayRegion', () =>
      send('PATCH', '/v2/company/timeAndPaySettings', { holidayRegion: { country: 'DE', state: 'BY' } }, 200),
    );
    assert.equal((await checklist()).ready, false);
    await flips('surcharges', () => send('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201));
    const body = await checklist();
    assert.equal(body.ready, true);
    assert.deepEqual(
      body.steps.filter((step) => !step.done).map((step) => step.key),
      ['webhook'],
    );
    await flips('webhook', () =>
      send(
        'POST',
        '/v2/integrations/webhooks/',
        { type: 'CREATE', entity: 'customer', url: 'https://93.184.216.34/hook' },
        201,
      ),
    );
    assert.equal((await checklist()).ready, true);
  });
});

function seller() {
  return {
    name: 'Acme Cleaning GmbH',
    street: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    vatId: 'DE123456789',
    iban: 'DE02120300000000202051',
  };
}
