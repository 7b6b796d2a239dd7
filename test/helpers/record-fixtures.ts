// One record of each collection for a company, created through the API, and valid bodies for the
// actions (POST /{collection}/{id}/{verb}). Suites that walk the route table (tenancy, fuzzing)
// share this, so a new collection needs one entry here.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { call, type Json } from './test-app.js';
import { BUYER, setUpSeller } from './invoicing-fixtures.js';

export type Ids = Record<string, string>;
type Headers = Record<string, string>;
/** Requests as the company the records are created for. */
export interface As {
  app: FastifyInstance;
  headers: Headers;
}

export interface RecordFixture {
  path: string | ((ids: Ids) => string);
  body: Record<string, unknown> | undefined | ((ids: Ids) => Record<string, unknown>);
  status?: number;
  idOf?: (body: Json) => string;
  /** PATCH body when the create body is not one. */
  patch?: Record<string, unknown>;
  /** Creates the record another way than a JSON POST (a multipart upload); returns its id. */
  create?: (ids: Ids, as: As) => Promise<string>;
  /** Not a record readable at /v2/<collection>/<id> (a chat). */
  noRead?: boolean;
}

const positions = (title: string, quantity: number, price: number) => [{ title, quantity, price, tax: 0.19 }];

let pushEndpoints = 0;
/** A planner (objectmanager) of each company the fixtures run for, logged in once. */
const planners = new Map<string, Headers>();

async function ownNotification(ids: Ids, as: As): Promise<string> {
  // The caller's own user id: the creator of a record they made.
  const me = (await call(as.app, 'GET', `/v2/customers/${ids.customers}`, as.headers)).body.status.createdBy;
  let planner = planners.get(me);
  if (!planner) {
    const groups = (await call(as.app, 'GET', '/v2/accessGroups/', as.headers)).body as Array<{
      _id: string;
      name: string;
    }>;
    const login = `planner-${me}`;
    const created = await call(as.app, 'POST', '/v2/users/', as.headers, {
      id: login,
      password: 'correct-horse-battery',
      accessGroupId: groups.find((group) => group.name === 'objectmanager')!._id,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const session = await call(
      as.app,
      'POST',
      '/v2/auth/login',
      {},
      { username: login, password: 'correct-horse-battery' },
    );
    planner = { authorization: `Bearer ${session.body.accessToken}` };
    planners.set(me, planner);
  }
  const job = await call(as.app, 'POST', '/v2/jobs/', planner, {
    from: '2027-01-06T06:00:00Z',
    to: '2027-01-06T08:00:00Z',
    userId: me,
  });
  assert.equal(job.status, 201, JSON.stringify(job.body));
  return (await call(as.app, 'GET', '/v2/notifications?limit=1', as.headers)).body[0]._id;
}

async function issuedInvoice(ids: Ids, as: As, extra: Record<string, unknown> = {}): Promise<string> {
  await setUpSeller(as.app, as.headers); // issuing needs the seller's data
  const invoice = (
    await call(as.app, 'POST', '/v2/invoices/', as.headers, {
      customerId: ids.customers,
      positions: positions('Once', 1, 50),
      ...extra,
    })
  ).body._id;
  assert.equal((await call(as.app, 'POST', `/v2/invoices/${invoice}/issue`, as.headers)).status, 200);
  return invoice;
}

/** How a company gets one record of each collection: POST body to path (201 and `_id` unless said otherwise), in this order. */
export const FIXTURES: Record<string, RecordFixture> = {
  customers: { path: '/v2/customers/', body: { ...BUYER, name: 'Customer of A' } },
  objects: { path: '/v2/objects/', body: { name: 'Object of A' } },
  activityTypes: { path: '/v2/activityTypes/', body: { name: 'Cleaning', hexCode: '#112233' } },
  taxRates: { path: '/v2/taxRates/', body: { rate: 0.19, type: 'VAT' } },
  paymentTerms: { path: '/v2/paymentTerms/', body: { name: '14 days', netDays: 14 } },
  articles: { path: '/v2/articles/', body: { name: 'Soap' } },
  accessGroups: { path: '/v2/accessGroups/', body: { name: 'custom', permissions: {} } },
  users: { path: '/v2/users/', body: { general: { firstName: 'Ann' } } },
  apiKeys: { path: '/v2/apiKeys', body: { name: 'key of A', scopes: ['read'] } },
  jobTemplates: { path: '/v2/jobTemplates/', body: { name: 'Checklist' } },
  assignments: {
    path: '/v2/assignments/',
    body: (ids) => ({
      objectId: ids.objects,
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=2',
        dtstart: '2027-01-04T06:00:00',
        dtend: '2027-01-04T07:00:00',
      },
    }),
  },
  jobs: { path: '/v2/jobs/', body: { from: '2027-01-05T06:00:00Z', to: '2027-01-05T08:00:00Z' } },
  timeTracking: {
    path: '/v2/timeTracking/',
    body: (ids) => ({
      userId: ids.users,
      timeStart: '2027-01-05T06:00:00Z',
      timeEnd: '2027-01-05T08:00:00Z',
      reason: 'forgot to clock in',
    }),
  },
  salaries: {
    path: (ids) => `/v2/timeTracking/${ids.timeTracking}/approve`,
    body: undefined,
    status: 200,
    idOf: (body) => body.salaryIds[0],
    patch: { billed: true },
  },
  surcharges: {
    path: '/v2/surcharges/',
    body: { name: 'Night', rate: 25, activeOn: { timeWindows: [{ from: '20:00', to: '06:00' }] } },
  },
  payTypes: { path: '/v2/payTypes/', body: { name: 'Normal hours' } },
  absences: {
    path: '/v2/absences/',
    body: (ids) => ({ userId: ids.users, type: 1, dtStart: '2027-01-05T00:00:00Z', dtEnd: '2027-01-06T00:00:00Z' }),
    patch: { desc: 'changed by B?' },
  },
  contacts: { path: '/v2/contacts/', body: { firstName: 'Carl' } },
  equipmentTypes: { path: '/v2/equipmentTypes/', body: { name: 'Scrubber' } },
  equipment: { path: '/v2/equipment/', body: { name: 'Scrubber 1' } },
  suppliers: { path: '/v2/suppliers/', body: { name: 'Supplies Ltd' } },
  serviceProducts: { path: '/v2/serviceProducts/', body: { name: 'Office cleaning' } },
  taskTypes: { path: '/v2/taskTypes/', body: { name: 'Repair' } },
  tasks: { path: '/v2/tasks/', body: { title: 'Fix the door' }, patch: { title: 'Changed by B?' } },
  taskTemplates: {
    path: '/v2/taskTemplates/',
    body: {
      templateName: 'Monthly check',
      iCalendar: { tzid: 'Europe/Berlin', rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', dtstart: '2027-01-01T09:00:00' },
      task: { title: 'Check' },
    },
  },
  complaints: { path: '/v2/complaints/', body: (ids) => ({ objectId: ids.objects, title: 'Dirty floor' }) },
  orders: {
    path: '/v2/orders/',
    body: (ids) => ({ items: [{ articleId: ids.articles, quantity: 1 }], userId: ids.users, objectId: ids.objects }),
  },
  qualityControl: { path: '/v2/qualityControl/', body: (ids) => ({ rating: 4, objectId: ids.objects }) },
  documents: {
    path: '',
    body: undefined,
    create: (ids, as) => uploadDocument(as, ids.objects!),
    patch: { name: 'Renamed by B?' },
  },
  chats: {
    path: '',
    body: undefined,
    create: async (ids, as) => (await call(as.app, 'GET', `/v2/objects/${ids.objects}`, as.headers)).body.chatId,
    noRead: true,
  },
  invoices: {
    path: '/v2/invoices/',
    body: (ids) => ({ customerId: ids.customers, positions: positions('Cleaning', 1, 100) }),
  },
  offers: {
    path: '/v2/offers/',
    body: (ids) => ({ customerId: ids.customers, positions: positions('Cleaning', 1, 100) }),
  },
  assignmentConfirmations: {
    path: '/v2/assignmentConfirmations/',
    body: (ids) => ({ customerId: ids.customers, positions: positions('Cleaning', 1, 100) }),
  },
  credits: {
    path: '/v2/credits/',
    body: (ids) => ({ customerId: ids.customers, positions: positions('Refund', -1, 10) }),
  },
  invoiceStornos: {
    path: '',
    body: undefined,
    patch: {},
    create: async (ids, as) => {
      const storno = await call(as.app, 'POST', `/v2/invoices/${await issuedInvoice(ids, as)}/cancel`, as.headers);
      assert.equal(storno.status, 200, JSON.stringify(storno.body));
      return storno.body._id;
    },
  },
  paymentMethods: { path: '/v2/paymentMethods/', body: { name: 'SEPA transfer', code: '58' } },
  bankingTransactions: {
    path: '',
    body: undefined,
    patch: { note: 'changed by B?' },
    create: async (_ids, as) => {
      const imported = await call(as.app, 'POST', '/v2/bankingTransactions/import', as.headers, {
        format: 'csv',
        content: 'date,amount,purpose\n2027-01-10,10.00,unknown',
      });
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      return imported.body.ids[0];
    },
  },
  invoiceTemplates: {
    path: '/v2/invoiceTemplates/',
    body: { name: 'Standard', introText: 'Für unsere Leistungen berechnen wir:' },
  },
  serviceReports: {
    path: '/v2/serviceReports/',
    body: (ids) => ({ objectId: ids.objects, from: '2027-01-01', to: '2027-01-31' }),
  },
  invoiceReminderTemplates: {
    path: '/v2/invoiceReminderTemplates/',
    body: { level: 1, subject: '{title}', text: 'Bitte zahlen Sie {openAmount} €.' },
  },
  invoiceReminders: {
    path: '',
    body: undefined,
    patch: { note: 'changed by B?' },
    create: async (ids, as) => {
      await issuedInvoice(ids, as, { documentDate: '2020-01-01' });
      const run = await call(as.app, 'POST', '/v2/invoiceReminders/run', as.headers, {});
      assert.equal(run.status, 200, JSON.stringify(run.body));
      return run.body.created[0];
    },
  },
  payments: {
    path: '',
    body: undefined,
    patch: { note: 'changed by B?' },
    create: async (ids, as) => {
      assert.equal((await call(as.app, 'POST', `/v2/invoices/${ids.invoices}/issue`, as.headers)).status, 200);
      const payment = await call(as.app, 'POST', '/v2/payments/', as.headers, {
        invoiceId: ids.invoices,
        amount: 10,
        date: '2027-01-10',
      });
      assert.equal(payment.status, 201, JSON.stringify(payment.body));
      return payment.body._id;
    },
  },
  'integrations/webhooks': {
    path: '/v2/integrations/webhooks/',
    body: { type: 'CREATE', entity: 'customer', url: 'https://93.184.216.34/hook' },
  },
  // One of the caller's own notifications (a job a planner assigned to them): the feed is per user.
  notifications: { path: '', body: undefined, noRead: true, create: ownNotification },
  // The caller's own push subscription: a public address, never connected to; each one another endpoint.
  pushSubscriptions: {
    path: '/v2/pushSubscriptions',
    body: () => ({
      endpoint: `https://93.184.216.34/push/${++pushEndpoints}`,
      keys: {
        p256dh: 'BAvqK3BiWIBV2BL-nmLrtTW1vKpZsUxD9p53fnX4ok-fQ-MV_I8nkzYLHyO7Aa1JOXxHYrf1A-0JB1Olsl2cljE',
        auth: '9s7PMsXKuwKWzF9Q8Kj98Q',
      },
    }),
    noRead: true,
  },
  // An import's record (GET /v2/imports/{id}): a dry run of a one-row CSV.
  imports: {
    path: '',
    body: undefined,
    create: async (_ids, as) => {
      const res = await as.app.inject({
        method: 'POST',
        url: '/v2/imports/articles?dryRun=true',
        headers: { ...as.headers, 'content-type': 'text/csv' },
        payload: 'name\nSoap\n',
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json()._id;
    },
  },
};

/** Valid bodies for actions (POST /{collection}/{id}/{verb}), so a refusal can only come from the id. */
export const ACTION_BODIES: Record<string, (ids: Ids, collection: string) => unknown> = {
  assign: (ids, collection) =>
    collection === 'bankingTransactions' ? { invoiceId: ids.invoices } : { userIds: [ids.users] },
  unassign: () => undefined,
  move: () => ({ from: '2027-01-05T09:00:00Z' }),
  split: () => ({ at: '2027-01-05T07:00:00Z' }),
  accept: () => ({ acceptedStatus: 'accepted' }),
  replacement: (ids) => ({ userId: ids.users }),
  rotateSecret: () => undefined,
  enable: () => undefined,
  test: () => undefined,
  redeliver: () => undefined,
  read: () => undefined,
  start: () => ({}),
  stop: () => ({}),
  approve: () => undefined,
  cancel: () => ({ reason: 'not worked' }),
  decline: () => ({ declineComment: 'no' }),
  complete: () => ({}),
  generate: () => ({ until: '2027-03-01T00:00:00Z' }),
  messages: () => ({ text: 'written by B?' }),
  issue: () => undefined,
  send: () => undefined,
  invoice: () => ({ from: '2027-01-01', to: '2027-01-31' }),
  clientLink: () => ({}),
  confirm: (_ids, collection) => (collection === 'users' ? { code: '000000' } : undefined),
  assignmentConfirmation: () => undefined,
  assignment: (ids) => ({
    objectId: ids.objects,
    iCalendar: {
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY',
      dtstart: '2027-01-04T06:00:00',
      dtend: '2027-01-04T07:00:00',
    },
  }),
  replacements: (ids) => ({ userId: ids.users, all: true }),
  revokeSessions: () => undefined,
  verify: () => undefined,
  invite: () => ({ channel: 'sms' }),
};

/** The create body of a collection's fixture, given the ids created before it. */
export const fixtureBody = (fixture: RecordFixture, ids: Ids) =>
  typeof fixture.body === 'function' ? fixture.body(ids) : fixture.body;

/** Creates one record of every collection in FIXTURES; returns their ids by collection. */
export async function createFixtureRecords(as: As): Promise<Ids> {
  const ids: Ids = {};
  for (const [collection, fixture] of Object.entries(FIXTURES)) {
    if (fixture.create) {
      ids[collection] = await fixture.create(ids, as);
      continue;
    }
    const res = await call(
      as.app,
      'POST',
      typeof fixture.path === 'function' ? fixture.path(ids) : fixture.path,
      as.headers,
      fixtureBody(fixture, ids),
    );
    assert.equal(res.status, fixture.status ?? 201, `${collection}: ${JSON.stringify(res.body)}`);
    ids[collection] = fixture.idOf ? fixture.idOf(res.body) : res.body._id;
  }
  return ids;
}

/** A document of the company, uploaded as the spec says (multipart/form-data). */
export async function uploadDocument(as: As, objectId: string): Promise<string> {
  const boundary = 'record-fixture-boundary';
  const payload = [
    `--${boundary}\r\nContent-Disposition: form-data; name="objectId"\r\n\r\n${objectId}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nonly for A\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  const res = await as.app.inject({
    method: 'POST',
    url: '/v2/documents/',
    headers: { ...as.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  assert.equal(res.statusCode, 201, res.body);
  return JSON.parse(res.body)._id;
}
