// The README's first hour through the SDK @hey-api/openapi-ts generates (client/): copied next to it by
// test/clients/generated-clients.test.ts, compiled with strict and exactOptionalPropertyTypes, no casts
// and no non-null assertions, then run against a listening server.
import { createClient, createConfig } from './client/client';
import {
  apiKeysCreate,
  assignmentsCreate,
  assignmentsInvoice,
  companySignup,
  companyUpdateInvoicingSettings,
  customersCreate,
  invoicesGet,
  invoicesGetPdf,
  invoicesIssue,
  jobsJobsInTimeFrame,
  jobsStart,
  jobsStop,
  objectsCreate,
  timeTrackingApprove,
  usersCreate,
} from './client/sdk.gen';

const baseUrl = process.argv[2];
if (baseUrl === undefined) throw new Error('usage: flow.ts <base URL>');
const DAY = 86_400_000;
const date = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);

const open = createClient(createConfig({ baseUrl }));
const { data: signedUp } = await companySignup({
  client: open,
  throwOnError: true,
  body: { companyName: 'Harbour Cleaning', username: `admin-${Date.now()}`, password: 'a-long-password' },
});
// The document's security schemes: a bearer token for the administrator, x-API-Key for the script.
const admin = createClient(
  createConfig({ baseUrl, auth: (scheme) => (scheme.scheme === 'bearer' ? signedUp.accessToken : undefined) }),
);
const { data: key } = await apiKeysCreate({
  client: admin,
  throwOnError: true,
  body: { name: 'nightly sync', scopes: ['read', 'write'] },
});
await companyUpdateInvoicingSettings({
  client: admin,
  throwOnError: true,
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
});

const api = createClient(createConfig({ baseUrl, auth: (scheme) => (scheme.type === 'apiKey' ? key.key : undefined) }));
const { data: customer } = await customersCreate({
  client: api,
  throwOnError: true,
  body: {
    name: 'Harbour Properties Ltd',
    address: { street: 'Lindenweg 5', zip: '20095', city: 'Hamburg', country: 'DE' },
    contact: { email: 'accounts@harbour.example' },
  },
});
const { data: employee } = await usersCreate({
  client: api,
  throwOnError: true,
  body: { general: { firstName: 'Ann', lastName: 'Lee' }, contract: { salary: 15, salaryType: 'hourly' } },
});
const { data: object } = await objectsCreate({
  client: api,
  throwOnError: true,
  body: {
    name: 'Harbour Tower',
    customerId: customer._id,
    address: { street: 'Kai 1', zip: '20457', city: 'Hamburg', country: 'DE' },
  },
});
const { data: assignment } = await assignmentsCreate({
  client: api,
  throwOnError: true,
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
});

const from = Date.parse(`${date}T00:00:00Z`);
const { data: jobs } = await jobsJobsInTimeFrame({
  client: api,
  throwOnError: true,
  body: { from: String(from), to: String(from + DAY), assignmentIds: [assignment._id] },
});
const [job] = jobs;
if (job === undefined) throw new Error('no job in the time frame');
const { data: clockIn } = await jobsStart({
  client: api,
  throwOnError: true,
  path: { id: job._id },
  body: { time: job.from },
});
await jobsStop({ client: api, throwOnError: true, path: { id: job._id }, body: { time: job.to, break: 0 } });
const { data: approved } = await timeTrackingApprove({
  client: api,
  throwOnError: true,
  path: { id: clockIn.timeTrackingId },
});

const { data: draft } = await assignmentsInvoice({
  client: api,
  throwOnError: true,
  path: { id: assignment._id },
  body: { from: date, to: date },
});
const { data: issued } = await invoicesIssue({ client: api, throwOnError: true, path: { id: draft._id } });
const { data: invoice } = await invoicesGet({ client: api, throwOnError: true, path: { id: draft._id } });
const { data: pdf } = await invoicesGetPdf({ client: api, throwOnError: true, path: { id: draft._id } });

console.log(
  JSON.stringify({
    jobs: jobs.length,
    jobUserIsEmployee: job.userId === employee._id,
    salaries: approved.salaryIds.length,
    documentNumber: issued.documentNumber,
    state: invoice.state,
    invoiceCustomerIsCustomer: invoice.customerId === customer._id,
    pdf: await pdf.slice(0, 5).text(),
  }),
);
