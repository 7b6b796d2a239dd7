// GET /v2/search answers only what the caller's GET of each record would: the engine's read rule of
// the type (own level, a document's accessGroup), and in a result only names the caller may read
// (a job's object, an invoice's customer). Each result is checked against a real GET by the same
// caller. Also: `types` takes every type.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BUYER, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let company: Tenant;
let employee: LoggedIn;
let jobsOnly: LoggedIn;
let invoicingOnly: LoggedIn;
const ids: Record<string, string> = {};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Result {
  type: string;
  id: string;
  title: string;
  subtitle: string | null;
  path: string;
}

async function search(query: string, headers: Record<string, string>) {
  const res = await call(t.app, 'GET', `/v2/search?${query}`, headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { types: string[]; results: Result[] };
}

/**
 * The title a record's GET shows, as the search names it: an untitled job is named after its
 * object, which the caller must then be able to GET too.
 */
interface ReadBack {
  name?: string;
  title?: string | null;
  objectId?: string;
  general?: { firstName?: string; lastName?: string };
}

async function titleOf(type: string, body: ReadBack, headers: Record<string, string>): Promise<string | undefined> {
  if (type === 'user') return `${body.general?.firstName} ${body.general?.lastName}`;
  if (type === 'job' && (body.title === null || body.title === undefined)) {
    const object = await call(t.app, 'GET', `/v2/objects/${body.objectId}`, headers);
    assert.equal(object.status, 200, 'an untitled job named after an object the caller may not read');
    return object.body.name;
  }
  return (type === 'customer' || type === 'object' || type === 'document' ? body.name : body.title) ?? undefined;
}

/** Every result: the caller's GET of its path answers 200 and shows the same title. */
async function assertEachReadable(results: Result[], headers: Record<string, string>) {
  for (const result of results) {
    const res = await call(t.app, 'GET', result.path, headers);
    assert.equal(res.status, 200, `${result.path}: ${JSON.stringify(res.body)}`);
    assert.equal(await titleOf(result.type, res.body, headers), result.title, result.path);
  }
}

async function create(path: string, body: unknown): Promise<string> {
  const res = await call(t.app, 'POST', path, company.headers, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id;
}

/** A document filed with a user, seen only by the named access group (and managers) when one is given. */
async function uploadFor(userId: string, name: string, accessGroup?: string): Promise<string> {
  const boundary = 'read-rule-boundary';
  const field = (key: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const payload = [
    field('userId', userId),
    field('name', name),
    ...(accessGroup ? [field('accessGroup', accessGroup)] : []),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.txt"\r\nContent-Type: text/plain\r\n\r\nplan\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/documents/',
    headers: { ...company.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  assert.equal(res.statusCode, 201, res.body);
  return JSON.parse(res.body)._id;
}

async function userInGroup(name: string, permissions: object): Promise<LoggedIn> {
  const groupId = await create('/v2/accessGroups/', { name, permissions });
  return createUser(t.app, company.headers, groupId);
}

before(async () => {
  t = await createTestApp();
  company = await signup(t.app, 'Read rule');
  const groups = await groupIdsOf(t.app, company.headers);
  employee = await createUser(t.app, company.headers, groups.employee);
  jobsOnly = await userInGroup('jobs readers', { jobs: { read: 'all' } });
  invoicingOnly = await userInGroup('invoicing readers', { invoicing: { read: 'all' } });
  ids.customer = await create('/v2/customers/', { ...BUYER, name: 'Zanderwerk GmbH' });
  ids.object = await create('/v2/objects/', { name: 'Seeblick Residenz', customerId: ids.customer });
  const from = new Date(Date.now() + 3 * 86_400_000);
  const job = (title?: string) =>
    create('/v2/jobs/', {
      ...(title ? { title } : {}),
      objectId: ids.object,
      userId: employee.userId,
      from: from.toISOString(),
      to: new Date(from.getTime() + 7_200_000).toISOString(),
    });
  ids.job = await job('Glasreinigung Ostflügel');
  ids.untitledJob = await job();
  const day = from.toISOString().slice(0, 10);
  await create('/v2/assignments/', {
    objectId: ids.object,
    title: 'Fassadenpflege',
    iCalendar: {
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=DAILY;COUNT=2',
      dtstart: `${day}T06:00:00`,
      dtend: `${day}T07:00:00`,
    },
  });
  await setUpSeller(t.app, company.headers);
  ids.invoice = await create('/v2/invoices/', {
    customerId: ids.customer,
    title: 'Unterhalt Ostflügel',
    positions: [{ title: 'Reinigung', quantity: 1, price: 100, tax: 0.19 }],
  });
  ids.hiddenDocument = await uploadFor(employee.userId, 'Abmahnung Vertrag', 'admin');
  ids.document = await uploadFor(employee.userId, 'Arbeitsvertrag');
});
after(() => t?.close());

describe('GET /v2/search: a result only where the same caller may GET it', () => {
  test('an employee does not find an admin-only document filed with them, which their GET refuses', async () => {
    assert.equal((await call(t.app, 'GET', `/v2/documents/${ids.hiddenDocument}`, employee.headers)).status, 404);
    const list = await call(t.app, 'GET', '/v2/documents/', employee.headers);
    assert.deepEqual(
      (list.body as Array<{ _id: string }>).map((d) => d._id),
      [ids.document],
    );
    const { results } = await search('q=vertrag', employee.headers);
    assert.deepEqual(
      results.map((r) => r.id),
      [ids.document],
    );
    await assertEachReadable(results, employee.headers);
    // The admin (managers) see both, so the search finds both for them.
    const admin = (await search('q=vertrag&types=document', company.headers)).results;
    assert.deepEqual(admin.map((r) => r.id).sort(), [ids.document, ids.hiddenDocument].sort());
    await assertEachReadable(admin, company.headers);
  });

  test('a group that may read only jobs: jobs by their own title, no object or assignment names', async () => {
    const body = await search('q=glasreinigung', jobsOnly.headers);
    assert.deepEqual(body.types, ['job']);
    assert.deepEqual(
      body.results.map((r) => [r.id, r.title]),
      [[ids.job, 'Glasreinigung Ostflügel']],
    );
    assert.match(body.results[0]!.subtitle ?? '', DAY); // the day only, not "Seeblick Residenz, <day>"
    assert.equal((await call(t.app, 'GET', `/v2/objects/${ids.object}`, jobsOnly.headers)).status, 403);
    await assertEachReadable(body.results, jobsOnly.headers);
    // The object's and the assignment's names find nothing for them (no job titled after them).
    assert.deepEqual((await search('q=seeblick', jobsOnly.headers)).results, []);
    assert.deepEqual((await search('q=fassadenpflege', jobsOnly.headers)).results, []);
    // Someone who may read objects and assignments gets the names.
    const admin = (await search('q=glasreinigung&types=job', company.headers)).results;
    assert.match(admin[0]!.subtitle ?? '', /^Seeblick Residenz, \d{4}-\d{2}-\d{2}$/);
    const throughObject = (await search('q=seeblick&types=job', company.headers)).results;
    assert.ok(throughObject.some((r) => r.id === ids.untitledJob && r.title === 'Seeblick Residenz'));
    const throughAssignment = (await search('q=fassadenpflege&types=job', company.headers)).results;
    assert.equal(throughAssignment.length, 2);
  });

  test("a group that may read only invoicing: invoices without their customer's name", async () => {
    const body = await search('q=unterhalt', invoicingOnly.headers);
    assert.deepEqual(body.types, ['invoice']);
    assert.deepEqual(
      body.results.map((r) => r.id),
      [ids.invoice],
    );
    const subtitle = body.results[0]!.subtitle ?? '';
    assert.doesNotMatch(subtitle, /Zanderwerk/);
    assert.match(subtitle, /draft|open|issued/i); // the invoice's own state stays
    assert.equal((await call(t.app, 'GET', `/v2/customers/${ids.customer}`, invoicingOnly.headers)).status, 403);
    await assertEachReadable(body.results, invoicingOnly.headers);
    assert.deepEqual((await search('q=zanderwerk', invoicingOnly.headers)).results, []);
    const admin = (await search('q=unterhalt&types=invoice', company.headers)).results;
    assert.match(admin[0]!.subtitle ?? '', /Zanderwerk GmbH/);
  });

  test("every result of every caller's broad search is theirs to GET", async () => {
    for (const [name, headers] of [
      ['admin', company.headers],
      ['employee', employee.headers],
      ['jobs only', jobsOnly.headers],
      ['invoicing only', invoicingOnly.headers],
    ] as const) {
      for (const q of ['vertrag', 'seeblick', 'ostflugel', 'zanderwerk', 'fassadenpflege']) {
        const { results } = await search(`q=${q}&limit=50`, headers);
        await assertEachReadable(results, headers).catch((error) => assert.fail(`${name}, q=${q}: ${error}`));
      }
    }
  });
});

describe('GET /v2/search: types', () => {
  test('takes all seven types at once', async () => {
    const all = 'customer,object,user,job,task,invoice,document';
    const body = await search(`q=seeblick&types=${all}`, company.headers);
    assert.deepEqual(body.types, all.split(','));
    const spaced = await search(`q=seeblick&types=${encodeURIComponent(all.replaceAll(',', ', '))}`, company.headers);
    assert.deepEqual(spaced.types, all.split(','));
  });
});
