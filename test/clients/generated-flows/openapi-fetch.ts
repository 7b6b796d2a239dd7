// The README's first hour through openapi-fetch on types from openapi-typescript: copied next to the
// generated schema.ts by test/clients/generated-clients.test.ts, compiled with strict and
// exactOptionalPropertyTypes, no casts and no non-null assertions, then run against a listening server.
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const baseUrl = process.argv[2];
if (baseUrl === undefined) throw new Error('usage: flow.ts <base URL>');
const DAY = 86_400_000;
const date = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);

function ok<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined) throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

const open = createClient<paths>({ baseUrl });
const signedUp = ok(
  await open.POST('/v2/company/signup', {
    body: { companyName: 'Harbour Cleaning', username: `admin-${Date.now()}`, password: 'a-long-password' },
  }),
  'sign-up',
);
const admin = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${signedUp.accessToken}` } });
const key = ok(
  await admin.POST('/v2/apiKeys', { body: { name: 'nightly sync', scopes: ['read', 'write'] } }),
  'API key',
);
ok(
  await admin.PATCH('/v2/company/invoicingSettings', {
    body: {
      seller: {
        name: 'Acme Cleaning GmbH',
        street: 'Hauptstraße 1',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
        vatId: 'DE123456789',
        registration: 'HRB 123456 B, Amtsgericht Charlottenburg',
        managingDirector: 'Anna Acme',
        contactName: 'Accounts',
        email: 'invoices@acme.example',
        phone: '+49 30 123456',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        bankName: 'DKB',
      },
    },
  }),
  'seller',
);

const api = createClient<paths>({ baseUrl, headers: { 'x-API-Key': key.key } });
const customer = ok(
  await api.POST('/v2/customers/', {
    body: {
      name: 'Harbour Properties Ltd',
      address: { street: 'Lindenweg 5', zip: '20095', city: 'Hamburg', country: 'DE' },
      contact: { email: 'accounts@harbour.example' },
    },
  }),
  'customer',
);
const employee = ok(
  await api.POST('/v2/users/', {
    body: { general: { firstName: 'Ann', lastName: 'Lee' }, contract: { salary: 15, salaryType: 'hourly' } },
  }),
  'employee',
);
const object = ok(
  await api.POST('/v2/objects/', {
    body: {
      name: 'Harbour Tower',
      customerId: customer._id,
      address: { street: 'Kai 1', zip: '20457', city: 'Hamburg', country: 'DE' },
    },
  }),
  'object',
);
const assignment = ok(
  await api.POST('/v2/assignments/', {
    body: {
      objectId: object._id,
      title: 'Office cleaning',
      userIds: [employee._id],
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=1',
        dtstart: `${date}T06:00:00`,
        dtend: `${date}T08:00:00`,
      },
      quota: { billingRateEnabled: true, billingRateCalculation: 'hourly', billingRateAmount: 32.5 },
    },
  }),
  'assignment',
);

const from = Date.parse(`${date}T00:00:00Z`);
const jobs = ok(
  await api.POST('/v2/jobs/jobsInTimeFrame', {
    body: { from: String(from), to: String(from + DAY), assignmentIds: [assignment._id] },
  }),
  'jobs',
);
const [job] = jobs;
if (job === undefined) throw new Error('no job in the time frame');
const clockIn = ok(
  await api.POST('/v2/jobs/{id}/start', { params: { path: { id: job._id } }, body: { time: job.from } }),
  'clock in',
);
ok(
  await api.POST('/v2/jobs/{id}/stop', { params: { path: { id: job._id } }, body: { time: job.to, break: 0 } }),
  'clock out',
);
const approved = ok(
  await api.POST('/v2/timeTracking/{id}/approve', { params: { path: { id: clockIn.timeTrackingId } } }),
  'approval',
);

const draft = ok(
  await api.POST('/v2/assignments/{id}/invoice', {
    params: { path: { id: assignment._id } },
    body: { from: date, to: date },
  }),
  'invoice',
);
const issued = ok(await api.POST('/v2/invoices/{id}/issue', { params: { path: { id: draft._id } } }), 'issue');
const invoice = ok(await api.GET('/v2/invoices/{id}', { params: { path: { id: draft._id } } }), 'invoice read');
const pdf = ok(
  await api.GET('/v2/invoices/{id}/pdf', { params: { path: { id: draft._id } }, parseAs: 'arrayBuffer' }),
  'PDF',
);

console.log(
  JSON.stringify({
    jobs: jobs.length,
    jobUserIsEmployee: job.userId === employee._id,
    salaries: approved.salaryIds.length,
    documentNumber: issued.documentNumber,
    state: invoice.state,
    invoiceCustomerIsCustomer: invoice.customerId === customer._id,
    pdf: new TextDecoder().decode(pdf.slice(0, 5)),
  }),
);
