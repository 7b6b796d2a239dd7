// The resource engine end to end, through /v2/customers and /v2/activityTypes:
// create, read (spec shape), numbering, JSON Merge Patch, delete with audit, body validation.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp, signup, call, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

const HEX24 = /^[0-9a-f]{24}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let a: Tenant;
let b: Tenant;

type Reply = Awaited<ReturnType<typeof call>>;
const req = (tenant: Tenant, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, method, url, tenant.headers, payload);

/** A problem+json reply whose errors[] name these field paths (and nothing unrelated). */
function assertProblem(res: Reply, status: number, paths?: string[]) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.body.status, status);
  assert.equal(typeof res.body.title, 'string');
  assert.equal(typeof res.body.detail, 'string');
  if (paths) {
    assert.ok(Array.isArray(res.body.errors), 'errors[] expected');
    const reported = new Set<string>(res.body.errors.map((e: { path: string }) => e.path));
    for (const path of paths) assert.ok(reported.has(path), `${path} not in ${[...reported].join(', ')}`);
    // A PATCH field is anyOf [value, null]: its wrapper may add errors for an ancestor path, nothing else.
    for (const path of reported)
      assert.ok(
        paths.some((p) => p === path || p.startsWith(`${path}.`)),
        `unexpected error path ${path}`,
      );
  }
}

async function create(tenant: Tenant, collection: string, body: Record<string, unknown>): Promise<string> {
  const res = await req(tenant, 'POST', `/v2/${collection}/`, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id;
}

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Crud A');
  b = await signup(t.app, 'Crud B');
});
after(async () => {
  await t?.close();
});

describe('create and read', () => {
  test('POST answers 201 with only a 24-hex _id', async () => {
    const res = await req(a, 'POST', '/v2/customers/', { name: 'Acme' });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body), ['_id']);
    assert.match(res.body._id, HEX24);
  });

  test('GET returns the written fields plus the common entity fields', async () => {
    const body = {
      name: 'Beta GmbH',
      contactPerson: 'Eva',
      address: { street: 'Hauptstr. 1', zip: '10115', city: 'Berlin' },
      contact: { email: 'office@beta.example', telephone: '+49 30 1234' },
      hideRecipientOnDocuments: true,
    };
    const id = await create(a, 'customers', body);
    const res = await req(a, 'GET', `/v2/customers/${id}`);
    assert.equal(res.status, 200);
    const { _id, number, companyId, status, chatId, ...rest } = res.body;
    assert.equal(_id, id);
    assert.ok(Number.isInteger(number) && number >= 1);
    assert.equal(companyId, a.companyId);
    assert.deepEqual(Object.keys(status).sort(), [
      'createdAt',
      'createdBy',
      'lastModifiedAt',
      'lastModifiedBy',
      'status',
    ]);
    assert.equal(status.status, 1);
    assert.match(status.createdAt, ISO);
    assert.equal(status.lastModifiedAt, status.createdAt);
    assert.equal(status.createdBy, a.userId);
    assert.equal(status.lastModifiedBy, a.userId);
    assert.match(chatId, HEX24);
    assert.notEqual(chatId, id);
    // The written fields as written; an unset field is absent ([] for an array), never null (schema-shapes.ts).
    assert.deepEqual(Object.fromEntries(Object.keys(body).map((key) => [key, rest[key]])), body);
    for (const [key, value] of Object.entries(rest))
      if (!(key in body)) assert.ok(Array.isArray(value) && !value.length, `${key}: ${JSON.stringify(value)}`);
  });

  test('another company cannot read, change or delete the record', async () => {
    const id = await create(a, 'customers', { name: 'Private' });
    assertProblem(await req(b, 'GET', `/v2/customers/${id}`), 404);
    assertProblem(await req(b, 'PATCH', `/v2/customers/${id}`, { name: 'Stolen' }), 404);
    assertProblem(await req(b, 'DELETE', `/v2/customers/${id}`), 404);
    assert.equal((await req(a, 'GET', `/v2/customers/${id}`)).body.name, 'Private');
  });
});

describe('numbers', () => {
  test('number counts up per company and resource', async () => {
    const numbers: number[] = [];
    for (const name of ['one', 'two', 'three']) {
      const id = await create(a, 'activityTypes', { name });
      numbers.push((await req(a, 'GET', `/v2/activityTypes/${id}`)).body.number);
    }
    assert.deepEqual(numbers, [numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    const other = await create(b, 'activityTypes', { name: 'first of B' });
    assert.equal((await req(b, 'GET', `/v2/activityTypes/${other}`)).body.number, 1);
  });

  test('a customer number can be supplied; later ones continue after it; a duplicate is 409', async () => {
    const supplied = await create(a, 'customers', { name: 'Supplied', number: 500 });
    assert.equal((await req(a, 'GET', `/v2/customers/${supplied}`)).body.number, 500);
    const next = await create(a, 'customers', { name: 'Auto after 500' });
    assert.equal((await req(a, 'GET', `/v2/customers/${next}`)).body.number, 501);
    const lower = await create(a, 'customers', { name: 'Gap filler', number: 250 });
    assert.equal((await req(a, 'GET', `/v2/customers/${lower}`)).body.number, 250);
    const after250 = await create(a, 'customers', { name: 'Auto after 501' });
    assert.equal((await req(a, 'GET', `/v2/customers/${after250}`)).body.number, 502);

    const duplicate = await req(a, 'POST', '/v2/customers/', { name: 'Duplicate', number: 500 });
    assertProblem(duplicate, 409);
    const listed = await req(a, 'GET', '/v2/customers/?number=500');
    assert.deepEqual(
      listed.body.map((c: { _id: string }) => c._id),
      [supplied],
    );
    // Numbers are unique per company, not globally.
    const inB = await create(b, 'customers', { name: 'Same number, other company', number: 500 });
    assert.equal((await req(b, 'GET', `/v2/customers/${inB}`)).body.number, 500);
  });

  test('number is ignored where the resource does not accept it, checked where it does', async () => {
    const id = await create(a, 'activityTypes', { name: 'x', number: 7777 });
    assert.notEqual((await req(a, 'GET', `/v2/activityTypes/${id}`)).body.number, 7777);
    assertProblem(await req(a, 'POST', '/v2/customers/', { name: 'x', number: 0 }), 400, ['number']);
  });
});

describe('PATCH (JSON Merge Patch)', () => {
  const original = {
    name: 'Patchable',
    contactPerson: 'Max',
    address: { street: 'Ring 2', zip: '20095', city: 'Hamburg' },
    contact: { email: 'max@patch.example', mobile: '+49 170 1' },
    vatNumber: 'DE123',
  };

  test('only supplied fields change, nested objects merge, lastModifiedAt moves', async () => {
    const id = await create(a, 'customers', original);
    const before = (await req(a, 'GET', `/v2/customers/${id}`)).body;
    await sleep(5);
    const res = await req(a, 'PATCH', `/v2/customers/${id}`, { address: { city: 'Bremen' }, vatNumber: 'DE999' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { updated: true });
    const after = (await req(a, 'GET', `/v2/customers/${id}`)).body;
    assert.deepEqual(after.address, { street: 'Ring 2', zip: '20095', city: 'Bremen' });
    assert.equal(after.vatNumber, 'DE999');
    assert.equal(after.name, original.name);
    assert.equal(after.contactPerson, original.contactPerson);
    assert.deepEqual(after.contact, original.contact);
    assert.equal(after.number, before.number);
    assert.equal(after.chatId, before.chatId);
    assert.equal(after.status.createdAt, before.status.createdAt);
    assert.ok(Date.parse(after.status.lastModifiedAt) > Date.parse(before.status.lastModifiedAt));
    assert.equal(after.status.lastModifiedBy, a.userId);
  });

  test('null removes a nested object', async () => {
    const id = await create(a, 'customers', original);
    assert.equal((await req(a, 'PATCH', `/v2/customers/${id}`, { contact: null })).status, 200);
    const after = (await req(a, 'GET', `/v2/customers/${id}`)).body;
    assert.equal('contact' in after, false, 'removed, so absent (not null)');
    assert.deepEqual(after.address, original.address);
  });

  test('null removes a scalar field, also inside a nested object; a required field cannot be removed', async () => {
    const id = await create(a, 'customers', { ...original, hideRecipientOnDocuments: true });
    const res = await req(a, 'PATCH', `/v2/customers/${id}`, {
      contactPerson: null,
      hideRecipientOnDocuments: null,
      address: { zip: null },
    });
    assert.equal(res.status, 200);
    const after = (await req(a, 'GET', `/v2/customers/${id}`)).body;
    assert.equal('contactPerson' in after, false);
    assert.equal('hideRecipientOnDocuments' in after, false);
    assert.deepEqual(after.address, { street: 'Ring 2', city: 'Hamburg' });

    assertProblem(await req(a, 'PATCH', `/v2/customers/${id}`, { name: null }), 400, ['name']);
    assert.equal((await req(a, 'GET', `/v2/customers/${id}`)).body.name, original.name);
  });

  test('common fields are ignored, unknown fields refused by name', async () => {
    const id = await create(a, 'customers', { name: 'Guarded' });
    const before = (await req(a, 'GET', `/v2/customers/${id}`)).body;
    for (const field of ['_id', 'number', 'companyId', 'status', 'chatId']) {
      assert.equal(
        (await req(a, 'PATCH', `/v2/customers/${id}`, { [field]: field === 'status' ? { status: 2 } : 'x' })).status,
        200,
      );
    }
    const ignored = (await req(a, 'GET', `/v2/customers/${id}`)).body;
    for (const field of ['_id', 'number', 'companyId', 'chatId']) assert.equal(ignored[field], before[field]);
    assertProblem(await req(a, 'PATCH', `/v2/customers/${id}`, { colour: 'x' }), 400, ['colour']);
    assertProblem(await req(a, 'PATCH', `/v2/customers/${id}`, { address: { planet: 'Mars' } }), 400, [
      'address.planet',
    ]);
    assertProblem(await req(a, 'PATCH', '/v2/customers/aaaaaaaaaaaaaaaaaaaaaaaa', { name: 'Nobody' }), 404);
    const after = (await req(a, 'GET', `/v2/customers/${id}`)).body;
    assert.equal(after.name, 'Guarded');
    assert.equal(after.status.status, 1);
  });
});

describe('DELETE', () => {
  test('deletes, then 404, and keeps the record in the deleted_records audit', async () => {
    const id = await create(a, 'customers', { name: 'Doomed', address: { city: 'Kiel' } });
    const number = (await req(a, 'GET', `/v2/customers/${id}`)).body.number;
    const res = await req(a, 'DELETE', `/v2/customers/${id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { deleted: true });
    assertProblem(await req(a, 'GET', `/v2/customers/${id}`), 404);
    assertProblem(await req(a, 'DELETE', `/v2/customers/${id}`), 404);
    assertProblem(await req(a, 'PATCH', `/v2/customers/${id}`, { name: 'Zombie' }), 404);
    const listed = await req(a, 'GET', `/v2/customers/?_id=${id}`);
    assert.deepEqual(listed.body, []);
    assert.equal(listed.headers['x-total-count'], '0');

    const { rows } = await sql<{ resource: string; number: number; doc: Json; deleted_by: string; deleted_at: Date }>`
      SELECT resource, number, doc, deleted_by, deleted_at FROM deleted_records
      WHERE company_id = ${a.companyId} AND id = ${id}`.execute(t.database.kysely);
    assert.equal(rows.length, 1);
    const row = rows[0]!;
    assert.equal(row.resource, 'customers');
    assert.equal(Number(row.number), number);
    const doc = typeof row.doc === 'string' ? JSON.parse(row.doc) : row.doc;
    assert.deepEqual(doc, { name: 'Doomed', address: { city: 'Kiel' } });
    assert.equal(row.deleted_by, a.userId);
    assert.ok(Math.abs(new Date(row.deleted_at).getTime() - Date.now()) < 60_000);
  });
});

describe('create body validation', () => {
  test('unknown fields are 400 naming the field (common entity fields: common-fields.test.ts)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x', favouriteColour: 'blue' }, 'favouriteColour'],
      [{ name: 'x', address: { city: 'Ulm', planet: 'Earth' } }, 'address.planet'],
    ];
    for (const [body, path] of cases) assertProblem(await req(a, 'POST', '/v2/customers/', body), 400, [path]);
    assertProblem(await req(a, 'POST', '/v2/activityTypes/', { name: 'x', colour: 'red' }), 400, ['colour']);
    assertProblem(await req(a, 'POST', '/v2/customers/', {}), 400, ['name']);
    const count = await req(a, 'GET', '/v2/customers/?name=x');
    assert.equal(count.headers['x-total-count'], '0');
  });

  test('activity type hexCode must be #rrggbb', async () => {
    const id = await create(a, 'activityTypes', { name: 'Cleaning', hexCode: '#a1B2c3', description: 'floors' });
    const got = (await req(a, 'GET', `/v2/activityTypes/${id}`)).body;
    assert.equal(got.hexCode, '#a1B2c3');
    assert.equal(got.description, 'floors');
    for (const hexCode of ['red', '#12345', '#1234567', 'a1b2c3', '#gggggg', '#12 345']) {
      assertProblem(await req(a, 'POST', '/v2/activityTypes/', { name: 'Bad', hexCode }), 400, ['hexCode']);
    }
    assertProblem(await req(a, 'PATCH', `/v2/activityTypes/${id}`, { hexCode: 'blue' }), 400, ['hexCode']);
    assert.equal((await req(a, 'GET', `/v2/activityTypes/${id}`)).body.hexCode, '#a1B2c3');
  });
});
