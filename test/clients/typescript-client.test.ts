// The TypeScript client (clients/typescript) against a listening server: the integrator's first
// hour end to end (sign up, an API key, customer, object, assignment, jobs in a time frame, clock in
// and out, approval, an invoice issued and its PDF), pagination over X-Total-Count, and problem+json
// errors as ProblemError.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CrewbaseClient, ProblemError, type Customer } from '../../clients/typescript/src/index.js';
import { SELLER } from '../helpers/invoicing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;
/** Two days ago (UTC date): the job lies wholly in the past, so clocking in and out at its times is plausible. */
const DATE = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);

let t: TestApp;
let baseUrl: string;
let admin: CrewbaseClient;
let script: CrewbaseClient;

before(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const signedUp = await new CrewbaseClient({ baseUrl }).call('company.signup', {
    body: { companyName: 'Harbour Cleaning', username: `admin-${Date.now()}`, password: 'a-long-password' },
  });
  admin = new CrewbaseClient({ baseUrl, token: signedUp.accessToken });
});
after(() => t.close());

describe('the first hour, through the client', () => {
  test('API key → customer, object, assignment → job → clock in and out → approval → invoice issued → PDF', async () => {
    const key = await admin.call('apiKeys.create', { body: { name: 'nightly sync', scopes: ['read', 'write'] } });
    assert.match(key.key!, /^cbk_/);
    script = new CrewbaseClient({ baseUrl, apiKey: key.key! });
    // Seller data is a company setting: the administrator's part, not a read/write key's.
    await admin.call('company.updateInvoicingSettings', { body: { seller: SELLER } });

    const customer = await script.call('customers.create', {
      body: {
        name: 'Muster Immobilien GmbH',
        address: { street: 'Lindenweg 5', zip: '20095', city: 'Hamburg', country: 'DE' },
        contact: { email: 'buchhaltung@muster.example' },
      },
    });
    const employee = await script.call('users.create', {
      body: { general: { firstName: 'Ann', lastName: 'Lee' }, contract: { salary: 15, salaryType: 'hourly' } },
    });
    const object = await script.call('objects.create', {
      body: {
        name: 'Harbour Tower',
        customerId: customer._id,
        address: { street: 'Kai 1', zip: '20457', city: 'Hamburg', country: 'DE' },
      },
    });
    const assignment = await script.call('assignments.create', {
      body: {
        objectId: object._id,
        title: 'Office cleaning',
        userIds: [employee._id],
        iCalendar: {
          tzid: 'Europe/Berlin',
          rrule: 'FREQ=DAILY;COUNT=1',
          dtstart: `${DATE}T06:00:00`,
          dtend: `${DATE}T08:00:00`,
        },
        quota: { billingRateEnabled: true, billingRateCalculation: 'hourly', billingRateAmount: 32.5 },
      },
    });

    const from = Date.parse(`${DATE}T00:00:00Z`);
    const jobs = await script.call('jobs.jobsInTimeFrame', {
      body: { from: String(from), to: String(from + DAY), assignmentIds: [assignment._id] },
    });
    assert.equal(jobs.length, 1, JSON.stringify(jobs));
    const job = jobs[0]!;
    assert.equal(job.userId, employee._id);

    const started = await script.call('jobs.start', { path: { id: job._id }, body: { time: job.from! } });
    await script.call('jobs.stop', { path: { id: job._id }, body: { time: job.to! } });
    const approved = await script.call('timeTracking.approve', { path: { id: started.timeTrackingId! } });
    assert.equal(approved.salaryIds!.length, 1);

    const draft = await script.call('assignments.invoice', {
      path: { id: assignment._id },
      body: { from: DATE, to: DATE },
    });
    const issued = await script.call('invoices.issue', { path: { id: draft._id! } });
    assert.match(issued.documentNumber!, /^RE-\d{4}-00001$/);
    const invoice = await script.call('invoices.get', { path: { id: draft._id! } });
    assert.equal(invoice.state, 'issued');
    assert.equal(invoice.customerId, customer._id);

    const pdf = await script.send('invoices.getPdf', { path: { id: draft._id! } });
    assert.match(pdf.headers.get('content-type')!, /^application\/pdf/);
    assert.equal(Buffer.from(pdf.data).subarray(0, 5).toString(), '%PDF-');
  });
});

describe('pagination and errors', () => {
  before(async () => {
    script ??= new CrewbaseClient({
      baseUrl,
      apiKey: (await admin.call('apiKeys.create', { body: { name: 'tests', scopes: ['read', 'write'] } })).key!,
    });
    for (let i = 0; i < 5; i += 1) await admin.call('customers.create', { body: { name: `Paged ${i}` } });
  });

  test('paginate walks every page until X-Total-Count is reached', async () => {
    const { total } = await admin.page('customers.list', { query: { limit: 1 } });
    assert.ok(total >= 5);
    const names: string[] = [];
    for await (const customer of admin.paginate('customers.list', { query: { sort: ['number:1'] } }, 2))
      names.push((customer as Customer).name!);
    assert.equal(names.length, total);
    assert.equal(new Set(names).size, names.length, 'no record twice');
  });

  test('a 404 and a 400 arrive as ProblemError with status, title, detail and the fields', async () => {
    const missing = await admin
      .call('customers.get', { path: { id: '0123456789abcdef01234567' } })
      .catch((error: unknown) => error);
    assert.ok(missing instanceof ProblemError);
    assert.equal(missing.status, 404);
    assert.equal(missing.title, 'Not Found');
    assert.match(missing.detail!, /0123456789abcdef01234567/);

    const invalid = await admin
      .call('customers.create', { body: { name: 42 } as never })
      .catch((error: unknown) => error);
    assert.ok(invalid instanceof ProblemError);
    assert.equal(invalid.status, 400);
    assert.ok(
      invalid.errors.some((e) => e.path === 'name'),
      JSON.stringify(invalid.problem),
    );
  });

  test('a read key cannot write: 403 as ProblemError; no credentials: 401', async () => {
    const { key } = await admin.call('apiKeys.create', { body: { name: 'read only', scopes: ['read'] } });
    const reader = new CrewbaseClient({ baseUrl, apiKey: key! });
    await assert.rejects(
      reader.call('customers.create', { body: { name: 'Nope' } }),
      (e: unknown) => e instanceof ProblemError && e.status === 403,
    );
    await assert.rejects(
      new CrewbaseClient({ baseUrl }).call('customers.list'),
      (e: unknown) => e instanceof ProblemError && e.status === 401,
    );
  });
});
