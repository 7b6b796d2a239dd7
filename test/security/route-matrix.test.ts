// The route × credential matrix: every authenticated route of the app's own route table, called with
// each kind of credential, answers the status recorded in route-matrix.json. A new route fails until
// its row is generated and reviewed; the invariants below hold whatever the data says.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import type { RouteEntry } from '../../src/app.js';
import { call, createTestApp, signup, type TestApp } from '../helpers/test-app.js';
import { createUser, setUpPrincipals, type Principals } from '../helpers/principals.js';
import { ACTION_BODIES, FIXTURES, createFixtureRecords, fixtureBody, type Ids } from '../helpers/record-fixtures.js';
import { expiredToken, resignedToken, tamperedToken } from '../helpers/tokens.js';

const DATA = new URL('./route-matrix.json', import.meta.url);
const UPDATE = process.env.UPDATE_ROUTE_MATRIX === '1';
const REGENERATE = 'UPDATE_ROUTE_MATRIX=1 npm test -- test/security/route-matrix.test.ts';

const CREDENTIALS = [
  'none',
  'expired',
  'tampered',
  'otherCompany',
  'admin',
  'objectmanager',
  'employee',
  'readKey',
  'writeKey',
  'adminKey',
] as const;
type Credential = (typeof CREDENTIALS)[number];
type Row = Record<Credential, number>;
/** The company's own callers: a request of theirs may change its record, so each gets a fresh one. */
const IN_COMPANY = new Set<Credential>(['admin', 'objectmanager', 'employee', 'readKey', 'writeKey', 'adminKey']);
/** POST routes marked `readsOnly` (searches with a body), from the route table. */
const READS_ONLY = new Set<string>();
/** Areas only administrators reach (admin group, admin-scoped keys): company settings, keys, groups, webhooks and their events. */
const ADMIN_AREA = /^\/v2\/(apiKeys|accessGroups|company|integrations\/webhooks|events)(\/|$)/;
/** Areas the default employee group has no right in, and areas it may only read. */
const EMPLOYEE_NONE =
  /^\/v2\/(customers|contacts|suppliers|serviceProducts|taxRates|paymentTerms|equipment|equipmentTypes|assignments|jobTemplates|payTypes|surcharges|complaints|taskTypes|taskTemplates|qualityControl|invoices|offers|assignmentConfirmations|credits|invoiceStornos|payments|paymentMethods|invoiceReminderTemplates|invoiceTemplates|invoiceReminders|serviceReports|bankingTransactions|apiKeys|accessGroups|company|integrations|events)(\/|$)/;
const EMPLOYEE_READ_ONLY = /^\/v2\/(users|objects|activityTypes|articles|jobs|salaries|holidays)(\/|$)/;

/** Routes every user may call on their own record, whatever their rights in its area. */
const OWN_SETTINGS = new Set(['PUT /v2/users/self/language']);

/** Requests that need more than the defaults (below) to pass validation, so that permissions decide. */
const QUERIES: Record<string, string> = {
  'GET /v2/holidays': '?year=2027',
  'GET /v2/users/:id/timesheet': '?month=2027-01',
  'GET /v2/timesheets': '?month=2027-01',
  'GET /v2/payroll/export': '?month=2027-01',
  'GET /v2/search': '?q=a',
  'GET /v2/accounting/export': '?from=2027-01-01&to=2027-01-31',
  'GET /v2/users/:id/leave': '?year=2027',
  'GET /v2/customers/:id/statement': '?from=2027-01-01&to=2027-01-31',
};
const BODIES: Record<string, (ids: Ids) => unknown> = {
  'POST /v2/assignments/preview': () => ({
    iCalendar: {
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY',
      dtstart: '2027-01-04T06:00:00',
      dtend: '2027-01-04T07:00:00',
    },
  }),
  'POST /v2/jobs/copyWeek': () => ({ weekStart: '2027-01-11' }),
  'POST /v2/timeTracking/approve': (ids) => ({ ids: [ids.timeTracking] }),
  'PUT /v2/users/self/language': () => ({ language: 'de' }),
  'POST /v2/jobs/jobsInTimeFrame': () => ({ from: String(Date.UTC(2027, 0, 1)), to: String(Date.UTC(2027, 0, 15)) }),
  'POST /v2/salaries/compute': () => ({ from: '2027-01-01T00:00:00Z', to: '2027-02-01T00:00:00Z' }),
  'POST /v2/invoices/generate': () => ({ month: '2027-01' }),
  'POST /v2/invoiceReminders/run': () => ({ date: '2027-01-20' }),
  'POST /v2/bankingTransactions/import': () => ({
    format: 'csv',
    content: 'date,amount,purpose\n2027-01-11,12.00,matrix',
  }),
  'POST /v2/payments/': (ids) => ({ invoiceId: ids.invoices, amount: 1, date: '2027-01-10' }),
  'POST /v2/sms': (ids) => ({ userIds: [ids.users], text: 'matrix' }),
  'PUT /v2/company/accountingSettings': () => ({}),
  'PUT /v2/notifications/preferences': () => ({ jobMoved: { push: false } }),
  'PATCH /v2/absences/:id': () => ({ desc: 'matrix' }),
  'PATCH /v2/timeTracking/:id': () => ({ reason: 'matrix' }),
};
/** Records a fresh one needs fresh as well (a payment needs an invoice not yet issued). */
const FRESH_TOO: Record<string, string[]> = { payments: ['invoices'] };

let t: TestApp;
let p: Principals;
let ids: Ids;
let userNumber: number;
const headers = {} as Record<Credential, Record<string, string>>;
const matrix: Record<string, Row> = {};
const publicRows: Record<string, number> = {};
const serverErrors: string[] = [];
const leaks: string[] = [];

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
/** Public: marked so, outside /v2, or the API reference (its plugin's routes cannot carry the mark). */
const isPublic = (route: RouteEntry) => route.isPublic || !route.url.startsWith('/v2/');
/** By URL, then method: rows of one path stay together whatever order the modules register in. */
const byUrl = <T>(record: Record<string, T>) =>
  Object.entries(record).sort(([a], [b]) => {
    const [x, y] = [a.split(' ').reverse().join(' '), b.split(' ').reverse().join(' ')];
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** /v2/<collection>[/:param[/<verb>...]]; the collection may contain a slash. */
function parse(route: RouteEntry) {
  const match = /^\/v2\/(.+?)\/:[A-Za-z]+(.*)$/.exec(route.url);
  const collection = match ? match[1]! : (/^\/v2\/(.+?)\/?$/.exec(route.url)?.[1] ?? '');
  const verb = (match?.[2] ?? '')
    .split('/')
    .filter((part) => part && !part.startsWith(':'))
    .at(-1);
  return { collection, verb, hasParams: Boolean(match) };
}

/**
 * Routes that end the caller's sessions (logoutAll: every session of the user): sent as a new user of the same kind,
 * so the shared credentials stay valid for the rest of the matrix.
 */
const ENDS_OWN_SESSION = new Set(['POST /v2/auth/logout', 'POST /v2/auth/logoutAll']);

/** The credential's headers, or for a session-ending route those of a new user of the same group (or company). */
async function headersFor(route: RouteEntry, credential: Credential): Promise<Record<string, string>> {
  if (!ENDS_OWN_SESSION.has(keyOf(route))) return headers[credential];
  if (credential === 'admin' || credential === 'objectmanager' || credential === 'employee')
    return (await createUser(t.app, p.company.headers, p.groupIds[credential])).headers;
  if (credential === 'otherCompany') return (await signup(t.app, 'Other sessions')).headers;
  return headers[credential];
}

let serial = 0;
async function createRecord(collection: string, own: Ids): Promise<string> {
  const as = { app: t.app, headers: p.company.headers };
  if (collection === 'bankingTransactions') {
    // a statement entry is imported once: each fresh one is another entry
    serial += 1;
    return (
      await call(t.app, 'POST', '/v2/bankingTransactions/import', as.headers, {
        format: 'csv',
        content: `date,amount,purpose\n2027-01-10,${serial}.00,entry ${serial}`,
      })
    ).body.ids[0];
  }
  const fixture = FIXTURES[collection]!;
  if (fixture.create) return fixture.create(own, as);
  const res = await call(
    t.app,
    'POST',
    typeof fixture.path === 'function' ? fixture.path(own) : fixture.path,
    as.headers,
    fixtureBody(fixture, own),
  );
  assert.equal(res.status, fixture.status ?? 201, `fresh ${collection}: ${JSON.stringify(res.body)}`);
  return fixture.idOf ? fixture.idOf(res.body) : res.body._id;
}

/** The company's ids, with a record of `collection` (and what it needs) that no request has touched. */
async function freshIds(collection: string): Promise<Ids> {
  const own = { ...ids };
  for (const needed of [...(FRESH_TOO[collection] ?? []), collection]) {
    // Not a collection of records (the company's logo): nothing to make fresh.
    if (FIXTURES[needed] || needed === 'bankingTransactions') own[needed] = await createRecord(needed, own);
  }
  if (collection === 'integrations/webhooks')
    own.deliveries = (
      await call(t.app, 'POST', `/v2/integrations/webhooks/${own[collection]}/test`, p.company.headers)
    ).body._id;
  return own;
}

/** A multipart upload for the one route that takes no JSON. */
function documentUpload(objectId: string) {
  const boundary = 'route-matrix-boundary';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="objectId"\r\n\r\n${objectId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nmatrix\r\n--${boundary}--\r\n`,
  };
}

/** The cell's request: path parameters name records of the company; bodies are valid where a shared one exists. */
async function send(route: RouteEntry, own: Ids, credential: Credential) {
  const { collection, verb, hasParams } = parse(route);
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    name === 'userNumber'
      ? String(userNumber)
      : name === 'deliveryId'
        ? own.deliveries!
        : (own[collection] ?? 'no-such-token'),
  );
  const fixture = FIXTURES[collection];
  let body: unknown;
  if (BODIES[keyOf(route)]) body = BODIES[keyOf(route)]!(own);
  else if (route.method === 'PATCH') body = {};
  else if (route.method === 'POST' && verb) body = ACTION_BODIES[verb] ? ACTION_BODIES[verb](own, collection) : {};
  else if (route.method === 'POST' && !hasParams) body = fixture?.path === route.url ? fixtureBody(fixture, own) : {};
  if (keyOf(route) === 'POST /v2/documents/') {
    const upload = documentUpload(own.objects!);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...(await headersFor(route, credential)), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    return { status: res.statusCode, body: res.body };
  }
  return call(
    t.app,
    route.method as 'GET',
    url + (QUERIES[keyOf(route)] ?? ''),
    await headersFor(route, credential),
    body,
  );
}

before(
  async () => {
    // No caller's rights change here: fewer look-ups. /metrics is on (off by default) with its own token.
    t = await createTestApp({
      API_KEY_CACHE_SECONDS: '60',
      METRICS: 'on',
      METRICS_TOKEN: 'route-matrix-metrics-token',
    });
    p = await setUpPrincipals(t.app, 'Matrix');
    const other = await signup(t.app, 'Other');
    ids = await createFixtureRecords({ app: t.app, headers: p.company.headers });
    ids.deliveries = (
      await call(t.app, 'POST', `/v2/integrations/webhooks/${ids['integrations/webhooks']}/test`, p.company.headers)
    ).body._id;
    userNumber = (await call(t.app, 'GET', `/v2/users/${ids.users}`, p.company.headers)).body.number; // the other company has no such number
    Object.assign(headers, {
      none: {},
      expired: await expiredToken(t.config, p.users.admin.headers),
      tampered: tamperedToken(p.users.admin.headers, { companyId: other.companyId }),
      otherCompany: other.headers,
      admin: p.users.admin.headers,
      objectmanager: p.users.objectmanager.headers,
      employee: p.users.employee.headers,
      readKey: p.keys.read.headers,
      writeKey: p.keys.write.headers,
      adminKey: p.keys.admin.headers,
    });
    const companyIds = [p.company.companyId, ...Object.values(ids)];

    for (const route of t.app.routeList) {
      if (route.readsOnly) READS_ONLY.add(keyOf(route));
      if (isPublic(route)) {
        publicRows[keyOf(route)] = (await send(route, {}, 'none')).status;
        continue;
      }
      const { collection, verb, hasParams } = parse(route);
      const changes = route.method === 'DELETE' || (route.method === 'POST' && hasParams && verb !== undefined);
      const row = {} as Row;
      for (const credential of CREDENTIALS) {
        // Without the company's credentials a request aims at the shared records, which must survive it.
        const res = await send(
          route,
          changes && IN_COMPANY.has(credential) ? await freshIds(collection) : ids,
          credential,
        );
        row[credential] = res.status;
        if (res.status >= 500)
          serverErrors.push(
            `${keyOf(route)} as ${credential}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
          );
        if (credential === 'otherCompany' && route.method === 'GET' && res.status < 300) {
          const text = JSON.stringify(res.body);
          const seen = companyIds.filter((id) => text.includes(id));
          if (seen.length) leaks.push(`${keyOf(route)} shows the company's ${seen.join(', ')}`);
        }
      }
      matrix[keyOf(route)] = row;
    }
    if (UPDATE) writeData();
  },
  { timeout: 180_000 },
);

after(async () => {
  const routes = Object.keys(matrix).length;
  console.log(
    `route matrix: ${routes} routes × ${CREDENTIALS.length} credentials = ${routes * CREDENTIALS.length} cells (and ${Object.keys(publicRows).length} public routes)`,
  );
  await t.close();
});

function writeData() {
  const lines = (rows: Array<[string, unknown]>) =>
    rows.map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',\n');
  const comment = [
    `Expected status per authenticated route and credential, checked cell by cell by route-matrix.test.ts. Regenerate with ${REGENERATE}, then review every changed cell before committing.`,
    'Path parameters name records of the company. Creates and actions get valid bodies (the shared record fixtures), PATCH an empty merge patch, other POSTs {} unless the test names a body: a 400 means validation ran before the permission check.',
    "DELETE and actions on a record get a fresh record per credential of the company; without credentials, with an expired or tampered token or as another company's admin they aim at records that must survive.",
    '"public" lists the routes that need no credentials, with the status of a request without any.',
  ];
  const text = [
    '{',
    `  "_comment": [\n${comment.map((line) => `    ${JSON.stringify(line)}`).join(',\n')}\n  ],`,
    `  "credentials": ${JSON.stringify(CREDENTIALS)},`,
    '  "public": {',
    lines(byUrl(publicRows)),
    '  },',
    '  "routes": {',
    lines(byUrl(matrix)),
    '  }',
    '}',
  ].join('\n');
  writeFileSync(DATA, `${text}\n`);
}

describe('route × credential matrix', () => {
  test('every cell answers as recorded in route-matrix.json', () => {
    if (UPDATE) return;
    const data = JSON.parse(readFileSync(DATA, 'utf8')) as {
      public: Record<string, number>;
      routes: Record<string, Row>;
    };
    const problems: string[] = [];
    for (const [key, row] of Object.entries(matrix)) {
      const expected = data.routes[key];
      if (!expected) {
        problems.push(`${key} is a new route: run ${REGENERATE} and review its row`);
        continue;
      }
      for (const c of CREDENTIALS)
        if (expected[c] !== row[c]) problems.push(`${key} as ${c}: expected ${expected[c]}, got ${row[c]}`);
    }
    for (const key of Object.keys(data.routes))
      if (!matrix[key]) problems.push(`${key} is no longer a route: run ${REGENERATE}`);
    for (const [key, status] of Object.entries(publicRows)) {
      if (data.public[key] !== status)
        problems.push(`public ${key}: expected ${data.public[key] ?? '(not public before: review)'}, got ${status}`);
    }
    for (const key of Object.keys(data.public))
      if (publicRows[key] === undefined) problems.push(`${key} is no longer public: run ${REGENERATE}`);
    assert.deepEqual(problems, []);
  });

  test('covers the route table, and no cell is a 5xx', () => {
    assert.ok(Object.keys(matrix).length >= 250, `${Object.keys(matrix).length} routes`);
    assert.deepEqual(serverErrors, []);
  });

  test('without valid credentials every route is 401', () => {
    for (const [key, row] of Object.entries(matrix)) {
      for (const credential of ['none', 'expired', 'tampered'] as const)
        assert.equal(row[credential], 401, `${key} as ${credential}`);
    }
  });

  test("another company's admin gets 404 for every record and sees none of the company's", () => {
    for (const [key, row] of Object.entries(matrix)) if (key.includes('/:')) assert.equal(row.otherCompany, 404, key);
    assert.deepEqual(leaks, []);
  });

  test('a read-scoped key changes nothing; keys below admin scope and managers stay out of admin areas', () => {
    for (const [key, row] of Object.entries(matrix)) {
      const [method, url] = key.split(' ') as [string, string];
      if (method !== 'GET')
        assert.equal(row.readKey === 403, !READS_ONLY.has(key), `${key} as readKey: ${row.readKey}`);
      if (!ADMIN_AREA.test(url)) continue;
      assert.deepEqual([row.readKey, row.writeKey], [403, 403], `${key} as read and write key`);
      if (method !== 'GET' || !url.startsWith('/v2/accessGroups/'))
        assert.equal(row.objectmanager, 403, `${key} as objectmanager`);
    }
  });

  test('employees reach no manager area and change nothing they may only read', () => {
    for (const [key, row] of Object.entries(matrix)) {
      const [method, url] = key.split(' ') as [string, string];
      if (EMPLOYEE_NONE.test(url)) assert.equal(row.employee, 403, `${key} as employee`);
      if (EMPLOYEE_READ_ONLY.test(url) && method !== 'GET' && !READS_ONLY.has(key) && !OWN_SETTINGS.has(key))
        assert.ok([403, 404].includes(row.employee), `${key} as employee: ${row.employee}`);
    }
  });

  test('valid credentials are never 401, and administrators are refused nothing', () => {
    for (const [key, row] of Object.entries(matrix)) {
      for (const credential of CREDENTIALS.slice(3)) assert.notEqual(row[credential], 401, `${key} as ${credential}`);
      for (const credential of ['admin', 'adminKey'] as const) {
        // A key has no session to end (403 by design).
        if (credential === 'adminKey' && ENDS_OWN_SESSION.has(key)) continue;
        // The company has no logo, letterhead or signature image (their DELETE ran first).
        if (
          /^GET \/v2\/(company\/invoicingSettings\/(logo|letterhead)|users\/:id\/signatureImage)$/.test(key) &&
          row[credential] === 404
        )
          continue;
        assert.ok(![403, 404].includes(row[credential]), `${key} as ${credential}: ${row[credential]}`);
      }
    }
  });

  test('the expired and tampered tokens differ from a working one only in expiry and signature', async () => {
    assert.equal(
      (
        await call(
          t.app,
          'GET',
          '/v2/users/',
          await resignedToken(t.config, p.users.admin.headers, Math.floor(Date.now() / 1000) + 600),
        )
      ).status,
      200,
    );
    assert.equal((await call(t.app, 'GET', '/v2/users/', tamperedToken(p.users.admin.headers, {}))).status, 200);
  });

  test('the records aimed at without the right to change them are still there', async () => {
    for (const [collection, id] of Object.entries(ids)) {
      if (!FIXTURES[collection] || collection === 'apiKeys' || FIXTURES[collection]!.noRead) continue;
      assert.equal((await call(t.app, 'GET', `/v2/${collection}/${id}`, p.company.headers)).status, 200, collection);
    }
  });
});
