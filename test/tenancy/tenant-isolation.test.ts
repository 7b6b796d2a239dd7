// Tenancy is structural: row-level security as a non-superuser role, and every route that takes
// an id answers 404 to another company's credentials (enumerated from the app's own route table).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'A');
  b = await signup(t.app, 'B');
});
after(() => t.close());

/** A valid create body per collection (created in this order); a new collection without one fails the test below. */
type Ids = Record<string, string>;
/** How company A gets one record of each collection: POST body to path (201 and `_id` unless said otherwise). */
const FIXTURES: Record<string, {
  path: string | ((ids: Ids) => string);
  body: Record<string, unknown> | undefined | ((ids: Ids) => Record<string, unknown>);
  status?: number;
  idOf?: (body: any) => string;
  /** PATCH body when the create body is not one. */
  patch?: Record<string, unknown>;
  /** Creates the record another way than a JSON POST (a multipart upload); returns its id. */
  create?: (ids: Ids) => Promise<string>;
  /** Not a record readable at /v2/<collection>/<id> (a chat). */
  noRead?: boolean;
}> = {
  customers: { path: '/v2/customers/', body: { name: 'Customer of A' } },
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
    body: (ids) => ({ objectId: ids.objects, iCalendar: { tzid: 'Europe/Berlin', rrule: 'FREQ=DAILY;COUNT=2', dtstart: '2027-01-04T06:00:00', dtend: '2027-01-04T07:00:00' } }),
  },
  jobs: { path: '/v2/jobs/', body: { from: '2027-01-05T06:00:00Z', to: '2027-01-05T08:00:00Z' } },
  timeTracking: {
    path: '/v2/timeTracking/',
    body: (ids) => ({ userId: ids.users, timeStart: '2027-01-05T06:00:00Z', timeEnd: '2027-01-05T08:00:00Z', reason: 'forgot to clock in' }),
  },
  salaries: {
    path: (ids) => `/v2/timeTracking/${ids.timeTracking}/approve`, body: undefined, status: 200,
    idOf: (body) => body.salaryIds[0], patch: { billed: true },
  },
  surcharges: { path: '/v2/surcharges/', body: { name: 'Night', rate: 25, activeOn: { timeWindows: [{ from: '20:00', to: '06:00' }] } } },
  payTypes: { path: '/v2/payTypes/', body: { name: 'Normal hours' } },
  absences: {
    path: '/v2/absences/', body: (ids) => ({ userId: ids.users, type: 1, dtStart: '2027-01-05T00:00:00Z', dtEnd: '2027-01-06T00:00:00Z' }),
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
    body: { templateName: 'Monthly check', iCalendar: { tzid: 'Europe/Berlin', rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', dtstart: '2027-01-01T09:00:00' }, task: { title: 'Check' } },
  },
  complaints: { path: '/v2/complaints/', body: (ids) => ({ objectId: ids.objects, title: 'Dirty floor' }) },
  orders: { path: '/v2/orders/', body: (ids) => ({ items: [{ articleId: ids.articles, quantity: 1 }], userId: ids.users, objectId: ids.objects }) },
  qualityControl: { path: '/v2/qualityControl/', body: (ids) => ({ rating: 4, objectId: ids.objects }) },
  documents: { path: '', body: undefined, create: (ids) => uploadDocument(ids.objects!), patch: { name: 'Renamed by B?' } },
  chats: { path: '', body: undefined, create: async (ids) => (await call(t.app, 'GET', `/v2/objects/${ids.objects}`, a.headers)).body.chatId, noRead: true },
  invoices: { path: '/v2/invoices/', body: (ids) => ({ customerId: ids.customers, positions: [{ title: 'Cleaning', quantity: 1, price: 100, tax: 0.19 }] }) },
  offers: { path: '/v2/offers/', body: (ids) => ({ customerId: ids.customers, positions: [{ title: 'Cleaning', quantity: 1, price: 100, tax: 0.19 }] }) },
  credits: { path: '/v2/credits/', body: (ids) => ({ customerId: ids.customers, positions: [{ title: 'Refund', quantity: -1, price: 10, tax: 0.19 }] }) },
  invoiceStornos: {
    path: '', body: undefined, patch: {},
    create: async (ids) => {
      const invoice = (await call(t.app, 'POST', '/v2/invoices/', a.headers, { customerId: ids.customers, positions: [{ title: 'Once', quantity: 1, price: 50, tax: 0.19 }] })).body._id;
      assert.equal((await call(t.app, 'POST', `/v2/invoices/${invoice}/issue`, a.headers)).status, 200);
      const storno = await call(t.app, 'POST', `/v2/invoices/${invoice}/cancel`, a.headers);
      assert.equal(storno.status, 200, JSON.stringify(storno.body));
      return storno.body._id;
    },
  },
  paymentMethods: { path: '/v2/paymentMethods/', body: { name: 'SEPA transfer', code: '58' } },
  bankingTransactions: {
    path: '', body: undefined, patch: { note: 'changed by B?' },
    create: async () => {
      const imported = await call(t.app, 'POST', '/v2/bankingTransactions/import', a.headers, { format: 'csv', content: 'date,amount,purpose\n2027-01-10,10.00,unknown' });
      assert.equal(imported.status, 200, JSON.stringify(imported.body));
      return imported.body.ids[0];
    },
  },
  invoiceTemplates: { path: '/v2/invoiceTemplates/', body: { name: 'Standard', introText: 'Für unsere Leistungen berechnen wir:' } },
  serviceReports: { path: '/v2/serviceReports/', body: (ids) => ({ objectId: ids.objects, from: '2027-01-01', to: '2027-01-31' }) },
  invoiceReminderTemplates: { path: '/v2/invoiceReminderTemplates/', body: { level: 1, subject: '{title}', text: 'Bitte zahlen Sie {openAmount} €.' } },
  invoiceReminders: {
    path: '', body: undefined, patch: { note: 'changed by B?' },
    create: async (ids) => {
      const invoice = (await call(t.app, 'POST', '/v2/invoices/', a.headers, { customerId: ids.customers, documentDate: '2020-01-01', positions: [{ title: 'Old', quantity: 1, price: 80, tax: 0.19 }] })).body._id;
      assert.equal((await call(t.app, 'POST', `/v2/invoices/${invoice}/issue`, a.headers)).status, 200);
      const run = await call(t.app, 'POST', '/v2/invoiceReminders/run', a.headers, {});
      assert.equal(run.status, 200, JSON.stringify(run.body));
      return run.body.created[0];
    },
  },
  payments: {
    path: '', body: undefined, patch: { note: 'changed by B?' },
    create: async (ids) => {
      assert.equal((await call(t.app, 'POST', `/v2/invoices/${ids.invoices}/issue`, a.headers)).status, 200);
      const payment = await call(t.app, 'POST', '/v2/payments/', a.headers, { invoiceId: ids.invoices, amount: 10, date: '2027-01-10' });
      assert.equal(payment.status, 201, JSON.stringify(payment.body));
      return payment.body._id;
    },
  },
  'integrations/webhooks': { path: '/v2/integrations/webhooks/', body: { type: 'CREATE', entity: 'customer', url: 'https://93.184.216.34/hook' } },
};

/** Valid bodies for actions (POST /{collection}/{id}/{verb}), so a refusal can only come from the id. */
const ACTION_BODIES: Record<string, (ids: Record<string, string>, collection: string) => unknown> = {
  assign: (ids, collection) => (collection === 'bankingTransactions' ? { invoiceId: ids.invoices } : { userIds: [ids.users] }),
  unassign: () => undefined,
  move: () => ({ from: '2027-01-05T09:00:00Z' }),
  split: () => ({ at: '2027-01-05T07:00:00Z' }),
  accept: () => ({ acceptedStatus: 'accepted' }),
  replacement: (ids) => ({ userId: ids.users }),
  rotateSecret: () => undefined,
  enable: () => undefined,
  test: () => undefined,
  redeliver: () => undefined,
  start: () => ({}),
  stop: () => ({}),
  approve: () => undefined,
  cancel: () => ({ reason: 'not worked' }),
  decline: () => ({ declineComment: 'no' }),
  complete: () => ({}),
  generate: () => ({ until: '2027-03-01T00:00:00Z' }),
  messages: () => ({ text: 'written by B?' }),
  issue: () => undefined,
  invoice: () => ({ from: '2027-01-01', to: '2027-01-31' }),
  clientLink: () => ({}),
  assignment: (ids) => ({ objectId: ids.objects, iCalendar: { tzid: 'Europe/Berlin', rrule: 'FREQ=WEEKLY', dtstart: '2027-01-04T06:00:00', dtend: '2027-01-04T07:00:00' } }),
  replacements: (ids) => ({ userId: ids.users, all: true }),
};

/** A document of company A, uploaded as the spec says (multipart/form-data). */
async function uploadDocument(objectId: string): Promise<string> {
  const boundary = 'tenant-test-boundary';
  const payload = [
    `--${boundary}\r\nContent-Disposition: form-data; name="objectId"\r\n\r\n${objectId}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nonly for A\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  const res = await t.app.inject({ method: 'POST', url: '/v2/documents/', headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  assert.equal(res.statusCode, 201, res.body);
  return JSON.parse(res.body)._id;
}

describe('row-level security', () => {
  test('the request role is no superuser and sees nothing without a tenant', async () => {
    await call(t.app, 'POST', '/v2/customers/', a.headers, { name: 'Visible only to A' });
    const rows = await t.database.kysely.transaction().execute(async (tx) => {
      await sql`SELECT set_config('role', 'crewbase_app', true)`.execute(tx);
      const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
        SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`.execute(tx);
      const customers = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers`.execute(tx);
      const users = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(tx);
      return { role: role.rows[0]!, customers: customers.rows[0]!.n, users: users.rows[0]!.n };
    });
    assert.deepEqual(rows, { role: { rolsuper: false, rolbypassrls: false }, customers: 0, users: 0 });
  });

  test('RLS is enabled and forced on every table with a company_id', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
      JOIN pg_attribute at ON at.attrelid = c.oid AND at.attname = 'company_id'
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind = 'r'`.execute(t.database.kysely);
    assert.ok(rows.length >= 10);
    for (const row of rows) assert.ok(row.relrowsecurity && row.relforcerowsecurity, row.relname);
  });

  test('a tenant cannot write rows of another company', async () => {
    await assert.rejects(t.database.kysely.transaction().execute(async (tx) => {
      await sql`SELECT set_config('role', 'crewbase_app', true), set_config('app.company_id', ${b.companyId}, true)`.execute(tx);
      await sql`INSERT INTO customers (company_id, id, number) VALUES (${a.companyId}, 'x', 999)`.execute(tx);
    }), /row-level security/);
  });
});

describe('cross-tenant access through every route with an id', () => {
  test('company B gets 404 on company A\'s records and changes nothing', { timeout: 120_000 }, async () => {
    const idOf: Record<string, string> = {};
    for (const [collection, fixture] of Object.entries(FIXTURES)) {
      if (fixture.create) {
        idOf[collection] = await fixture.create(idOf);
        continue;
      }
      const body = typeof fixture.body === 'function' ? fixture.body(idOf) : fixture.body;
      const res = await call(t.app, 'POST', typeof fixture.path === 'function' ? fixture.path(idOf) : fixture.path, a.headers, body);
      assert.equal(res.status, fixture.status ?? 201, `${collection}: ${JSON.stringify(res.body)}`);
      idOf[collection] = fixture.idOf ? fixture.idOf(res.body) : res.body._id;
    }
    // A user number that exists in A only.
    for (let i = 0; i < 3; i++) await call(t.app, 'POST', '/v2/users/', a.headers, { general: { firstName: `Extra ${i}` } });
    const aUsers = await call(t.app, 'GET', '/v2/users?sort=number:-1&limit=1', a.headers);
    const onlyInA = aUsers.body[0].number;

    // Public routes (a client link's token) are not bound to credentials; test/invoicing covers their tokens.
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/v2/') && r.url.includes(':') && !r.isPublic);
    assert.ok(routes.length >= 25, `found ${routes.length} routes with parameters`);
    for (const route of routes) {
      // /v2/<collection>/:param[/<verb>...]: the collection may contain a slash.
      const [, collection = '', rest = ''] = /^\/v2\/(.+?)\/:[A-Za-z]+(.*)$/.exec(route.url) ?? [];
      const fixture = FIXTURES[collection];
      assert.ok(fixture, `no fixture for ${collection}: add one so ${route.method} ${route.url} is covered`);
      const url = route.url.replace(/:[A-Za-z]+/g, (param) => (param === ':userNumber' ? String(onlyInA) : idOf[collection]!));
      const verb = rest.split('/').filter((part) => part && !part.startsWith(':')).at(-1);
      const readUrl = verb && verb !== 'byNumber' ? `/v2/${collection}/${idOf[collection]}` : url;
      const before = await call(t.app, 'GET', readUrl, a.headers);
      let payload: unknown;
      if (route.method === 'POST') {
        const action = ACTION_BODIES[verb ?? ''];
        assert.ok(action, `no action body for ${route.url}: add one to ACTION_BODIES`);
        payload = action(idOf, collection);
      } else if (route.method === 'PATCH') {
        payload = fixture.patch ?? (typeof fixture.body === 'function' ? fixture.body(idOf) : fixture.body);
      }
      const res = await call(t.app, route.method as 'GET', url, b.headers, payload);
      assert.equal(res.status, 404, `${route.method} ${route.url} as B: ${res.status} ${JSON.stringify(res.body)}`);
      const afterwards = await call(t.app, 'GET', readUrl, a.headers);
      assert.deepEqual(afterwards.body, before.body, `${route.method} ${route.url} changed A's record`);
    }
    // Every record of A is still there.
    for (const [collection, id] of Object.entries(idOf)) {
      if (collection === 'apiKeys' || FIXTURES[collection]!.noRead) continue;
      assert.equal((await call(t.app, 'GET', `/v2/${collection}/${id}`, a.headers)).status, 200, collection);
    }
  });

  test('lists never show another company\'s records', async () => {
    const list = await call(t.app, 'GET', '/v2/customers/?limit=1000', b.headers);
    assert.equal(list.status, 200);
    assert.ok(list.body.every((c: any) => c.companyId === b.companyId));
    assert.equal(list.headers['x-total-count'], String(list.body.length));
  });
});

describe('permissions by access group', () => {
  test('an employee reads only their own user record and no customers', async () => {
    const created = await call(t.app, 'POST', '/v2/users/', a.headers, { id: 'emp-a', password: 'employee-pass-1' });
    assert.equal(created.status, 201);
    const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'emp-a', password: 'employee-pass-1' });
    const emp = { authorization: `Bearer ${login.body.accessToken}` };
    const list = await call(t.app, 'GET', '/v2/users', emp);
    assert.deepEqual(list.body.map((u: any) => u._id), [created.body._id]);
    assert.equal((await call(t.app, 'GET', `/v2/users/${created.body._id}`, emp)).status, 200);
    assert.equal((await call(t.app, 'GET', `/v2/users/${a.userId}`, emp)).status, 404);
    assert.equal((await call(t.app, 'GET', '/v2/customers/', emp)).status, 403);
    assert.equal((await call(t.app, 'POST', '/v2/users/', emp, { general: { firstName: 'X' } })).status, 403);
    assert.equal((await call(t.app, 'GET', '/v2/apiKeys', emp)).status, 403);
  });

  test('only group administrators may assign an access group', async () => {
    const groups = (await call(t.app, 'GET', '/v2/accessGroups/', a.headers)).body;
    const admin = groups.find((g: any) => g.name === 'admin');
    const manager = groups.find((g: any) => g.name === 'objectmanager');
    await call(t.app, 'POST', '/v2/users/', a.headers, { id: 'mgr-a', password: 'manager-pass-1', accessGroupId: manager._id });
    const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'mgr-a', password: 'manager-pass-1' });
    const mgr = { authorization: `Bearer ${login.body.accessToken}` };
    assert.equal((await call(t.app, 'POST', '/v2/customers/', mgr, { name: 'ok' })).status, 201);
    const escalate = await call(t.app, 'POST', '/v2/users/', mgr, { id: 'evil', password: 'evil-password-1', accessGroupId: admin._id });
    assert.equal(escalate.status, 403);
  });
});
