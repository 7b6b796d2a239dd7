// An unset field is absent from its answer, never null (the spec's contract: it types most fields
// as plain strings or numbers); an unset array is [], a declared default is written
// (schema-shapes.ts presentFields), in the engine's answers and in the job read model built in SQL
// alike; the OpenAPI document says so (required only what is always set, no null branch added).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { presentFields } from '../../src/resources/engine/schema-shapes.js';
import { createFixtureRecords, FIXTURES } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let doc: Json;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Shapes');
  doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
});
after(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await call(t.app, 'GET', url, admin.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};
const create = async (collection: string, body: Record<string, unknown>) => {
  const res = await call(t.app, 'POST', `/v2/${collection}/`, admin.headers, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id as string;
};

/** The 200 answer's schema of a route in the served document, with component $refs followed. */
function responseSchema(path: string, method = 'get'): Json {
  const schema = doc.paths[path][method].responses['200'].content['application/json'].schema;
  const resolve = (s: Json): Json => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s);
  const top = resolve(schema);
  return top.type === 'array' ? resolve(top.items) : top;
}

describe('the rule', () => {
  test('required: arrays (default []), declared defaults and always-set fields; the rest optional as declared', () => {
    const shaped = presentFields(
      {
        type: 'object',
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          active: { type: 'boolean', default: true },
          kind: {
            anyOf: [
              { const: 'a', type: 'string' },
              { const: 'b', type: 'string' },
            ],
          },
          address: { type: 'object', properties: { city: { type: 'string' } } },
          regionId: { type: ['string', 'null'] },
        },
      },
      new Set(['title']),
    );
    assert.deepEqual(shaped.required, ['title', 'tags', 'active']);
    assert.deepEqual(shaped.properties.name, { type: 'string' }, 'no null branch, no default');
    assert.deepEqual(shaped.properties.tags.default, []);
    assert.deepEqual(shaped.properties.active, { type: 'boolean', default: true });
    assert.equal(shaped.properties.kind.anyOf.length, 2);
    assert.equal(shaped.properties.address.type, 'object');
    assert.deepEqual(shaped.properties.regionId.type, ['string', 'null'], 'nullable where declared so');
  });
});

/** Paths of every null in the value (an answer must hold none for an unset field). */
function nullPaths(value: unknown, path = ''): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => nullPaths(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => nullPaths(v, `${path}.${k}`));
  return [];
}

describe('answers', () => {
  test('a customer written with a name only reads back without its unset fields, arrays []', async () => {
    const id = await create('customers', { name: 'Bare' });
    const customer = await get(`/v2/customers/${id}`);
    for (const field of [
      'contactPerson',
      'address',
      'contact',
      'contract',
      'vatNumber',
      'paymentTermId',
      'hideRecipientOnDocuments',
    ]) {
      assert.equal(field in customer, false, field);
    }
    assert.deepEqual(customer.invoiceCCRecipientIds, []);
    assert.equal(typeof customer.chatId, 'string');
    assert.deepEqual(nullPaths(customer), []);
    const listed = (await get('/v2/customers/?name=Bare'))[0];
    assert.deepEqual(listed, customer);
  });

  test("a one-off job: no null in GET, list and jobsInTimeFrame (jobsInTimeFrame's absenceId, masterJobId, jobComment... absent); arrays []", async () => {
    const id = await create('jobs', { from: '2027-03-01T08:00:00Z', to: '2027-03-01T09:00:00Z', title: 'Shape' });
    const read = await get(`/v2/jobs/${id}`);
    const [listed] = await get(`/v2/jobs/?number=${read.number}`);
    const frame = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', admin.headers, {
      from: Date.parse('2027-03-01T00:00:00Z'),
      to: Date.parse('2027-03-02T00:00:00Z'),
      includeUsersInResponse: true,
    });
    const inFrame = frame.body.find((job: Json) => job._id === id);
    for (const job of [read, listed, inFrame]) {
      assert.deepEqual(nullPaths(job), []);
      for (const field of [
        'regionId',
        'splitId',
        'teamId',
        'assignmentId',
        'assignment',
        'activityType',
        'masterJobId',
        'absenceId',
        'jobComment',
        'exceptionJobId',
        'requiredDrivingTime',
        'requiredBreakTime',
        'userId',
        'user',
      ])
        assert.equal(field in job, false, field);
      for (const field of ['documentIds', 'started', 'absences', 'timeTrackings', 'salaries'])
        assert.deepEqual(job[field], [], field);
    }
  });

  test('every record of every collection has each field its schema requires', async () => {
    const ids = await createFixtureRecords({ app: t.app, headers: admin.headers });
    let checked = 0;
    for (const [collection, fixture] of Object.entries(FIXTURES)) {
      if (fixture.noRead || !ids[collection] || !doc.paths[`/v2/${collection}/{id}`]?.get) continue;
      const schema = responseSchema(`/v2/${collection}/{id}`);
      const record = await get(`/v2/${collection}/${ids[collection]}`);
      for (const field of schema.required ?? []) assert.ok(field in record, `${collection}.${field} is present`);
      checked += 1;
    }
    assert.ok(checked >= 20, `${checked} collections checked`);
  });
});

describe('the OpenAPI document', () => {
  test('requires what is always set; unset-able fields optional and not nullable unless the spec says so', () => {
    const job = responseSchema('/v2/jobs/{id}');
    for (const field of ['_id', 'number', 'companyId', 'status', 'documentIds', 'from', 'to'])
      assert.ok(job.required.includes(field), `Job.${field} is required`);
    for (const field of ['userId', 'chatId', 'absenceId', 'masterJobId', 'jobComment', 'requiredBreakTime'])
      assert.equal(job.required.includes(field), false, `Job.${field} is optional`);
    for (const field of ['absenceId', 'masterJobId', 'jobComment', 'exceptionJobId', 'requiredDrivingTime', 'chatId'])
      assert.equal([job.properties[field].type].flat().includes('null'), false, `Job.${field} is not nullable`);
    assert.deepEqual(job.properties.documentIds.default, []);
    assert.equal([job.properties.documentIds.type].flat().includes('null'), false, 'an array is [] rather than null');
    const customer = responseSchema('/v2/customers/{id}');
    assert.ok(!customer.required.includes('contactPerson') && !('default' in customer.properties.contactPerson));
  });
});
