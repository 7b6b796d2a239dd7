// Every field of a record is in its answer: null when unset, [] for an empty array, the declared
// default otherwise (schema-shapes.ts presentFields), in the engine's answers and in the job read
// model built in SQL alike; the OpenAPI document says so (required, nullable, default).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { presentFields } from '../../src/resources/engine/schema-shapes.js';
import { createFixtureRecords, FIXTURES } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let doc: any;

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
function responseSchema(path: string, method = 'get'): any {
  const schema = doc.paths[path][method].responses['200'].content['application/json'].schema;
  const resolve = (s: any): any => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s);
  const top = resolve(schema);
  return top.type === 'array' ? resolve(top.items) : top;
}

describe('the rule', () => {
  test('top-level fields are required: arrays default to [], declared defaults stay, the rest is nullable with default null', () => {
    const shaped = presentFields({
      type: 'object',
      properties: {
        name: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        active: { type: 'boolean', default: true },
        kind: {
          anyOf: [
            { const: 'a', type: 'string' },
            { const: 'b', type: 'string' },
          ],
        },
        address: { type: 'object', properties: { city: { type: 'string' } } },
        userId: { type: 'string', 'x-absentWhenUnset': true },
      },
    });
    assert.deepEqual(shaped.required, ['name', 'tags', 'active', 'kind', 'address']);
    assert.deepEqual(shaped.properties.name, { type: ['string', 'null'], default: null });
    assert.deepEqual(shaped.properties.tags.default, []);
    assert.deepEqual(shaped.properties.active, { type: 'boolean', default: true });
    assert.deepEqual(shaped.properties.kind.anyOf.at(-1), { type: 'null' });
    assert.deepEqual(shaped.properties.address.type, ['object', 'null']);
    assert.equal(shaped.properties.address.properties.city.type, 'string', 'nested fields stay as declared');
    assert.deepEqual(shaped.properties.userId, { type: 'string', 'x-absentWhenUnset': true });
  });
});

describe('answers', () => {
  test('a customer written with a name only reads back with every field, unset ones null or []', async () => {
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
      assert.equal(customer[field], null, field);
    }
    assert.deepEqual(customer.invoiceCCRecipientIds, []);
    assert.equal(typeof customer.chatId, 'string');
    const listed = (await get('/v2/customers/?name=Bare'))[0];
    assert.deepEqual(listed, customer);
  });

  test('a one-off job: regionId, splitId, teamId null and documentIds [] in GET, list and jobsInTimeFrame; userId absent while unassigned', async () => {
    const id = await create('jobs', { from: '2027-03-01T08:00:00Z', to: '2027-03-01T09:00:00Z', title: 'Shape' });
    const read = await get(`/v2/jobs/${id}`);
    const [listed] = await get(`/v2/jobs/?number=${read.number}`);
    const frame = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', admin.headers, {
      from: Date.parse('2027-03-01T00:00:00Z'),
      to: Date.parse('2027-03-02T00:00:00Z'),
    });
    const inFrame = frame.body.find((job: any) => job._id === id);
    for (const job of [read, listed, inFrame]) {
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
      ])
        assert.equal(job[field], null, field);
      for (const field of ['documentIds', 'started', 'absences', 'timeTrackings', 'salaries'])
        assert.deepEqual(job[field], [], field);
      assert.equal('userId' in job, false, 'the spec: absent for unassigned jobs');
      assert.equal('user' in job, false, 'only with includeUsersInResponse');
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
  test('marks every field of a record required, unset ones nullable, arrays defaulting to []', () => {
    const job = responseSchema('/v2/jobs/{id}');
    for (const field of [
      '_id',
      'number',
      'companyId',
      'status',
      'chatId',
      'regionId',
      'splitId',
      'teamId',
      'documentIds',
      'from',
      'to',
    ]) {
      assert.ok(job.required.includes(field), `Job.${field} is required`);
    }
    assert.equal(job.required.includes('userId'), false);
    for (const field of ['regionId', 'splitId', 'teamId', 'chatId'])
      assert.ok([job.properties[field].type].flat().includes('null'), `Job.${field} is nullable`);
    assert.deepEqual(job.properties.documentIds.default, []);
    assert.equal([job.properties.documentIds.type].flat().includes('null'), false, 'an array is [] rather than null');
    assert.deepEqual([job.properties._id.type].flat(), ['string'], 'common fields are always set');
    const customer = responseSchema('/v2/customers/{id}');
    assert.ok(customer.required.includes('contactPerson') && customer.properties.contactPerson.default === null);
  });
});
