// References are checked: every id field a body names a record with (x-references in the app's own
// OpenAPI document) must name a record of the caller's company. Derived from the schemas: each
// annotated field of each create body gets another company's id and a random id (400 naming the
// field, on create and on PATCH) and an id of the company (2xx). Module actions with bodies of their
// own are listed explicitly at the end.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OBJECT_ID_PATTERN, newObjectId } from '../../src/platform/ids.js';
import {
  REFERENCED_TABLES,
  referenceSites,
  type ReferencedTable,
  type ReferenceSite,
} from '../../src/resources/engine/references.js';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { inlinedOpenApi } from '../helpers/openapi.js';
import { FIXTURES, createFixtureRecords, fixtureBody, type Ids } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';
import { setUpSeller } from '../helpers/invoicing-fixtures.js';

/** The collection whose fixture record stands for each referenced table. */
const COLLECTION_OF: Record<ReferencedTable, string> = {
  absences: 'absences',
  access_groups: 'accessGroups',
  activity_types: 'activityTypes',
  articles: 'articles',
  assignments: 'assignments',
  contacts: 'contacts',
  customers: 'customers',
  documents: 'documents',
  equipment: 'equipment',
  equipment_types: 'equipmentTypes',
  invoice_templates: 'invoiceTemplates',
  invoices: 'invoices',
  job_templates: 'jobTemplates',
  jobs: 'jobs',
  objects: 'objects',
  pay_types: 'payTypes',
  payment_methods: 'paymentMethods',
  payment_terms: 'paymentTerms',
  service_products: 'serviceProducts',
  suppliers: 'suppliers',
  task_types: 'taskTypes',
  tax_rates: 'taxRates',
  users: 'users',
};

/** Create bodies of collections whose fixture is not a JSON create (payments are booked on the issued fixture invoice). */
const BASE_BODIES: Record<string, (ids: Ids) => Record<string, unknown>> = {
  payments: (ids) => ({ invoiceId: ids.invoices, amount: 1, date: '2027-01-10' }),
};
/**
 * References whose own-id create is refused by a rule of the domain after the reference check
 * passed: the answer is a 4xx that is not a reference error.
 */
const DOMAIN_REFUSES_OWN_ID: Record<string, string> = {
  'invoices.partialInvoiceIds':
    'the fixture invoice is no partial invoice, and only a final invoice settles partial ones',
};
/**
 * Fields a PATCH takes back only unchanged (a record's own GET answer as a PATCH body): any other value is a 400
 * "set at creation", before references are looked at (test/resources/patch-own-answer.test.ts).
 */
const SET_AT_CREATION = new Set(['absences.userId', 'absences.objectManagerIds']);
/** What a PATCH needs besides the changed field. */
const PATCH_EXTRAS: Record<string, Record<string, unknown>> = { timeTracking: { reason: 'reference test' } };

/** Ids that name no record kept by the server (so no table to check), or that only filter a list. */
const NOT_REFERENCES = new Set([
  'POST /v2/jobs/ regionId',
  'PATCH /v2/jobs/{id} regionId', // regions are not kept
  'POST /v2/timeTracking/ signingId',
  'PATCH /v2/timeTracking/{id} signingId', // signings are not kept
  'POST /v2/salaries/compute userIds', // a filter: the run covers the users named
  'POST /v2/jobs/jobsInTimeFrame *', // filters
  // The entries acted on, as the path id of /{id}/approve: another company's is a 404 naming it
  // (test/time-tracking/bulk-approval.test.ts), not a reference stored in a record.
  'POST /v2/timeTracking/approve ids',
  // A position's taxRate is a copy of the tax rate as it was (the spec's shape), kept even when the rate changes:
  // its _id names where it came from, not a record it depends on.
  'PATCH /v2/assignmentConfirmations/{id} positions.taxRate._id',
  'PATCH /v2/assignments/{id} billing.positions.taxRate._id',
  'PATCH /v2/credits/{id} positions.taxRate._id',
  'PATCH /v2/invoices/{id} positions.taxRate._id',
  'PATCH /v2/offers/{id} positions.taxRate._id',
  'POST /v2/assignmentConfirmations/ positions.taxRate._id',
  'POST /v2/assignments/ billing.positions.taxRate._id',
  'POST /v2/credits/ positions.taxRate._id',
  'POST /v2/invoices/ positions.taxRate._id',
  'POST /v2/offers/ positions.taxRate._id',
]);

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ownIds: Ids;
let foreignIds: Ids;
let openapi: Json;
const { req, ok } = requester(
  () => t.app,
  () => a.headers,
);

before(async () => {
  t = await createTestApp({}, { resolveHost: async () => ['93.184.216.34'] });
  a = await signup(t.app, 'A');
  await setUpSeller(t.app, a.headers); // offers are issued below
  b = await signup(t.app, 'B');
  ownIds = await createFixtureRecords({ app: t.app, headers: a.headers });
  foreignIds = await createFixtureRecords({ app: t.app, headers: b.headers });
  openapi = await inlinedOpenApi(t.app);
});
after(() => t.close());

const bodySchema = (method: string, path: string) =>
  openapi.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;

/** The body with `value` at the site: the first item of a list of objects, the whole list for a list of ids. */
function withValue(body: Record<string, unknown>, site: ReferenceSite, value: string): Record<string, Json> {
  const copy = structuredClone(body) as Record<string, Json>;
  const segments = site.segments;
  let node: Json = copy;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const next = segments[i + 1];
    if (segment === '*') continue;
    if (next === undefined) {
      node[segment] = value;
      break;
    }
    if (next === '*' && i + 2 === segments.length) {
      node[segment] = [value];
      break;
    }
    if (next === '*') {
      if (!Array.isArray(node[segment]) || node[segment].length === 0) node[segment] = [{}];
      node = node[segment][0];
    } else {
      node[segment] ??= {};
      node = node[segment];
    }
  }
  return copy;
}

/** The path a 400 names: list items of objects by index, a list of ids by the list. */
const fieldPath = (site: ReferenceSite) =>
  site.segments
    .map((s) => (s === '*' ? '0' : s))
    .join('.')
    .replace(/\.0$/, '');
const referenceError = (res: { body: Json }, path: string) =>
  assert.ok(
    res.body.errors?.some((e: { path: string; message: string }) => e.path === path && e.message.startsWith('no such')),
    JSON.stringify(res.body),
  );

/** Collections with a JSON create route (POST /v2/{collection}/) whose body has references, with their sites. */
function annotatedCollections(): Array<{ collection: string; sites: ReferenceSite[] }> {
  return Object.keys(openapi.paths)
    .map((path) => /^\/v2\/([A-Za-z/]+)\/$/.exec(path)?.[1])
    .filter((collection): collection is string => Boolean(collection && bodySchema('post', `/v2/${collection}/`)))
    .map((collection) => ({ collection, sites: referenceSites(bodySchema('post', `/v2/${collection}/`)) }))
    .filter(({ sites }) => sites.length > 0);
}

test('every id in a request body is annotated with the table it names, or listed as naming none', () => {
  const unannotated: string[] = [];
  let annotated = 0;
  for (const [path, operations] of Object.entries<Json>(openapi.paths)) {
    for (const method of Object.keys(operations)) {
      const schema = bodySchema(method, path);
      if (!schema) continue;
      const stack: Array<{ node: Json; at: string[] }> = [{ node: schema, at: [] }];
      while (stack.length) {
        const { node, at } = stack.pop()!;
        if (!node || typeof node !== 'object') continue;
        if (node['x-references']) annotated++;
        if (node.pattern === OBJECT_ID_PATTERN && !node['x-references'])
          unannotated.push(`${method.toUpperCase()} ${path} ${at.filter((s) => s !== '*').join('.')}`);
        for (const [key, child] of Object.entries<Json>(node.properties ?? {}))
          stack.push({ node: child, at: [...at, key] });
        if (node.items) stack.push({ node: node.items, at: [...at, '*'] });
        for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) stack.push({ node: branch, at });
      }
    }
  }
  const explanation = (entry: string) =>
    [entry, `${entry.split(' ').slice(0, 2).join(' ')} *`].find((key) => NOT_REFERENCES.has(key));
  assert.deepEqual(
    unannotated.filter((entry) => !explanation(entry)),
    [],
  );
  assert.ok(annotated > 150, `only ${annotated} annotated ids seen`);
  assert.deepEqual(
    [...NOT_REFERENCES].filter((key) => !unannotated.some((entry) => explanation(entry) === key)),
    [],
    'stale entries',
  );
});

test('every referenced table has a fixture record, every annotated collection a create body', () => {
  for (const table of Object.keys(REFERENCED_TABLES) as ReferencedTable[])
    assert.ok(ownIds[COLLECTION_OF[table]], table);
  const collections = annotatedCollections();
  assert.ok(collections.length >= 21, `only ${collections.length} collections with references`);
  for (const { collection } of collections)
    assert.ok(BASE_BODIES[collection] ?? FIXTURES[collection]?.body, `no create body for ${collection}`);
});

describe('each annotated field of each create body', () => {
  test("another company's id or a random id is 400 naming the field, on create and PATCH; an own id is 2xx", async () => {
    for (const { collection, sites } of annotatedCollections()) {
      const base = BASE_BODIES[collection]?.(ownIds) ?? fixtureBody(FIXTURES[collection]!, ownIds)!;
      const patchable = bodySchema('patch', `/v2/${collection}/{id}`)?.properties ?? {};
      for (const site of sites) {
        const path = fieldPath(site);
        const label = `${collection}.${path}`;
        const foreign = foreignIds[COLLECTION_OF[site.tables[0]!]]!;
        for (const id of [foreign, newObjectId()]) {
          const res = await req('POST', `/v2/${collection}/`, withValue(base, site, id));
          assertProblem(res, 400, path);
          referenceError(res, path);
        }
        for (const table of site.tables) {
          const res = await req('POST', `/v2/${collection}/`, withValue(base, site, ownIds[COLLECTION_OF[table]]!));
          if (DOMAIN_REFUSES_OWN_ID[label]) {
            assert.ok(
              res.status >= 400 &&
                res.status < 500 &&
                !res.body.errors?.some((e: { message: string }) => e.message.startsWith('no such')),
              `${label} = own ${table}: ${res.status} ${JSON.stringify(res.body)}`,
            );
            continue;
          }
          assert.ok(
            res.status >= 200 && res.status < 300,
            `${label} = own ${table}: ${res.status} ${JSON.stringify(res.body)}`,
          );
        }
        const top = site.segments[0]!;
        if (!(top in patchable) || SET_AT_CREATION.has(`${collection}.${top}`)) continue; // not writable by PATCH
        const { _id } = await ok('POST', `/v2/${collection}/`, base, 201);
        const patch = { [top]: withValue(base, site, foreign)[top], ...PATCH_EXTRAS[collection] };
        const res = await req('PATCH', `/v2/${collection}/${_id}`, patch);
        assertProblem(res, 400, path);
        referenceError(res, path);
      }
    }
  });

  test('an unchanged reference to a record deleted since does not block a PATCH of other fields', async () => {
    const payTerm = await ok('POST', '/v2/paymentTerms/', { name: 'short-lived', netDays: 7 }, 201);
    const customer = await ok('POST', '/v2/customers/', { name: 'Keeps its term', paymentTermId: payTerm._id }, 201);
    await ok('DELETE', `/v2/paymentTerms/${payTerm._id}`);
    await ok('PATCH', `/v2/customers/${customer._id}`, { contactPerson: 'Someone' });
    assertProblem(
      await req('PATCH', `/v2/customers/${customer._id}`, { paymentTermId: foreignIds.paymentTerms }),
      400,
      'paymentTermId',
    );
  });

  test('several bad references are all named, each once', async () => {
    const res = await req('POST', '/v2/contacts/', {
      customerId: foreignIds.customers,
      objectIds: [foreignIds.objects, ownIds.objects, foreignIds.objects],
    });
    assertProblem(res, 400);
    assert.deepEqual(res.body.errors.map((e: { path: string }) => e.path).sort(), ['customerId', 'objectIds']);
  });
});

describe('module actions with bodies of their own', () => {
  const cases: Array<[string, () => string, (foreign: string) => Record<string, unknown>, string]> = [
    ['assign a job', () => `/v2/jobs/${ownIds.jobs}/assign`, (id) => ({ userIds: [id] }), 'userIds'],
    ['replace a job', () => `/v2/jobs/${ownIds.jobs}/replacement`, (id) => ({ userId: id }), 'userId'],
    [
      'write in a chat',
      () => `/v2/chats/${ownIds.chats}/messages`,
      (id) => ({ text: 'see attachment', documentIds: [id] }),
      'documentIds',
    ],
    [
      'assign a bank receipt',
      () => `/v2/bankingTransactions/${ownIds.bankingTransactions}/assign`,
      (id) => ({ invoiceId: id }),
      'invoiceId',
    ],
  ];
  for (const [name, url, body, path] of cases) {
    test(`${name}: another company's id or a random id is 400 naming ${path}`, async () => {
      const foreign =
        path === 'documentIds'
          ? foreignIds.documents!
          : path === 'invoiceId'
            ? foreignIds.invoices!
            : foreignIds.users!;
      for (const id of [foreign, newObjectId()]) {
        const res = await req('POST', url(), body(id));
        assertProblem(res, 400, path);
        referenceError(res, path);
      }
    });
  }

  test("absence replacements: the replacing user and the jobs must be the company's", async () => {
    const absent = await ok('POST', '/v2/users/', { general: { firstName: 'Away' } }, 201);
    const absence = await ok(
      'POST',
      '/v2/absences/',
      { userId: absent._id, type: 1, dtStart: '2027-03-01T00:00:00Z', dtEnd: '2027-03-02T00:00:00Z' },
      201,
    );
    await ok('POST', `/v2/absences/${absence._id}/approve`);
    for (const [body, path] of [
      [{ userId: foreignIds.users, all: true }, 'userId'],
      [{ userId: ownIds.users, jobIds: [foreignIds.jobs] }, 'jobIds'],
    ] as const) {
      const res = await req('POST', `/v2/absences/${absence._id}/replacements`, body);
      assertProblem(res, 400, path);
      referenceError(res, path);
    }
  });

  test('an offer becomes an assignment only at an object of the company', async () => {
    const offer = await ok(
      'POST',
      '/v2/offers/',
      { customerId: ownIds.customers, positions: [{ title: 'Weekly', quantity: 1, price: 10, tax: 0.19 }] },
      201,
    );
    await ok('POST', `/v2/offers/${offer._id}/issue`);
    await ok('POST', `/v2/offers/${offer._id}/accept`);
    const iCalendar = {
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY',
      dtstart: '2027-01-04T06:00:00',
      dtend: '2027-01-04T07:00:00',
    };
    const res = await req('POST', `/v2/offers/${offer._id}/assignment`, { objectId: foreignIds.objects, iCalendar });
    assertProblem(res, 400, 'objectId');
    await ok('POST', `/v2/offers/${offer._id}/assignment`, { objectId: ownIds.objects, iCalendar });
  });
});

test('an own id is accepted by the actions', async () => {
  const res = await call(t.app, 'POST', `/v2/jobs/${ownIds.jobs}/assign`, a.headers, { userIds: [ownIds.users] });
  assert.equal(res.status, 200, JSON.stringify(res.body));
});
