// Master data beyond the plain engine: objects (customer created on the fly), article numbers,
// tax rates, access groups, and users (write-only password, log-in, POST /users/filter).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, call, type TestApp, type Tenant } from '../helpers/test-app.js';

const HEX24 = /^[0-9a-f]{24}$/;
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

let t: TestApp;
let a: Tenant;

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, tenant: Tenant = a) =>
  call(t.app, method, url, tenant.headers, payload);

async function total(url: string, tenant: Tenant = a): Promise<number> {
  const res = await req('GET', url, undefined, tenant);
  assert.equal(res.status, 200);
  return Number(res.headers['x-total-count']);
}

function assertFieldError(res: Awaited<ReturnType<typeof call>>, path: string) {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.ok(
    res.body.errors?.some((e: { path: string }) => e.path === path),
    `expected an error at ${path}: ${JSON.stringify(res.body)}`,
  );
}

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Master data');
});
after(async () => {
  await t?.close();
});

describe('POST /v2/objects/', () => {
  const address = { street: 'Werkstr. 5', city: 'Leipzig', zip: '04109', country: 'DE' };

  test('without customerId a customer is created with it', async () => {
    const customersBefore = await total('/v2/customers/');
    const res = await req('POST', '/v2/objects/', { name: 'Warehouse North', address });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body), ['_id']);
    assert.match(res.body._id, HEX24);
    const object = (await req('GET', `/v2/objects/${res.body._id}`)).body;
    assert.match(object.customerId, HEX24);
    const customer = await req('GET', `/v2/customers/${object.customerId}`);
    assert.equal(customer.status, 200);
    assert.equal(customer.body.name, 'Warehouse North');
    assert.deepEqual(customer.body.address, address);
    assert.equal(customer.body.companyId, a.companyId);
    assert.equal(await total('/v2/customers/'), customersBefore + 1);
  });

  test('an unknown customerId is 400 and creates neither object nor customer', async () => {
    const customersBefore = await total('/v2/customers/');
    const objectsBefore = await total('/v2/objects/');
    assertFieldError(await req('POST', '/v2/objects/', { name: 'Orphan', customerId: UNKNOWN_ID }), 'customerId');
    assert.equal(await total('/v2/customers/'), customersBefore);
    assert.equal(await total('/v2/objects/'), objectsBefore);
    assert.equal(await total('/v2/customers/?name=Orphan'), 0);
  });

  test('a customerId of another company is unknown here', async () => {
    const other = await signup(t.app, 'Other');
    const foreign = await req('POST', '/v2/customers/', { name: 'Foreign' }, other);
    assert.equal(foreign.status, 201);
    assertFieldError(
      await req('POST', '/v2/objects/', { name: 'Trespass', customerId: foreign.body._id }),
      'customerId',
    );
  });

  test('a valid customerId is used, with every field of the spec body', async () => {
    const customer = await req('POST', '/v2/customers/', { name: 'Owner AG' });
    const customersBefore = await total('/v2/customers/');
    const body = {
      name: 'Office Tower',
      address,
      customerId: customer.body._id,
      number: 77,
      objectManagerId: a.userId,
      contact: { phone: '+49 341 1', email: 'desk@tower.example', fax: '+49 341 2' },
      description: 'Floors 1-12',
      securityCode: '4711',
      key: 'K-12',
      tags: ['vip', 'night'],
    };
    const res = await req('POST', '/v2/objects/', body);
    assert.equal(res.status, 201);
    const object = (await req('GET', `/v2/objects/${res.body._id}`)).body;
    const { _id, companyId, status, chatId, ...fields } = object;
    assert.equal(_id, res.body._id);
    assert.equal(companyId, a.companyId);
    assert.equal(status.status, 1);
    assert.match(chatId, HEX24);
    const { location, ...written } = fields;
    assert.equal(location, undefined); // unset fields are absent, never null
    assert.deepEqual(written, body);
    assert.equal(await total('/v2/customers/'), customersBefore);
  });
});

describe('GET /v2/articles/lastNumber', () => {
  test('0 before any article, then the highest number used', async () => {
    const last = async () => {
      const res = await req('GET', '/v2/articles/lastNumber');
      assert.equal(res.status, 200);
      return res.body;
    };
    assert.deepEqual(await last(), { lastNumber: 0 });
    for (const name of ['Mop', 'Bucket'])
      assert.equal((await req('POST', '/v2/articles/', { name, price: 9.5 })).status, 201);
    assert.deepEqual(await last(), { lastNumber: 2 });
    assert.equal((await req('POST', '/v2/articles/', { name: 'Vacuum', number: 40 })).status, 201);
    assert.deepEqual(await last(), { lastNumber: 40 });
    assert.equal((await req('POST', '/v2/articles/', { name: 'Low number', number: 10 })).status, 201);
    assert.deepEqual(await last(), { lastNumber: 40 });
    const next = await req('POST', '/v2/articles/', { name: 'Gloves' });
    assert.equal((await req('GET', `/v2/articles/${next.body._id}`)).body.number, 41);
    assert.deepEqual(await last(), { lastNumber: 41 });
  });
});

describe('tax rates', () => {
  test('rate is a fraction from 0 to 1', async () => {
    for (const rate of [0, 0.07, 0.19, 1]) {
      const res = await req('POST', '/v2/taxRates/', { type: 'VAT', rate, description: `${rate}` });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal((await req('GET', `/v2/taxRates/${res.body._id}`)).body.rate, rate);
    }
    for (const rate of [1.5, -0.1, 19])
      assertFieldError(await req('POST', '/v2/taxRates/', { type: 'VAT', rate }), 'rate');
    assertFieldError(await req('POST', '/v2/taxRates/', { type: 'VAT' }), 'rate');
    assert.equal(await total('/v2/taxRates/'), 4);
    const id = (await req('GET', '/v2/taxRates/?limit=1')).body[0]._id;
    assertFieldError(await req('PATCH', `/v2/taxRates/${id}`, { rate: 1.5 }), 'rate');
    assert.equal((await req('GET', `/v2/taxRates/${id}`)).body.rate, 0);
  });
});

describe('access groups', () => {
  test('signup creates admin, objectmanager and employee; a group in use cannot be deleted', async () => {
    const tenant = await signup(t.app, 'Groups');
    const groups = (await req('GET', '/v2/accessGroups/', undefined, tenant)).body as Array<{
      _id: string;
      name: string;
      permissions: object;
    }>;
    assert.deepEqual(
      groups.map((g) => g.name),
      ['admin', 'objectmanager', 'employee'],
    );
    const byName = Object.fromEntries(groups.map((g) => [g.name, g]));
    assert.deepEqual(byName.admin!.permissions, { '*': { read: 'all', write: 'all' } });
    const me = (await req('GET', `/v2/users/${tenant.userId}`, undefined, tenant)).body;
    assert.equal(me.accessGroupId, byName.admin!._id);

    const refused = await req('DELETE', `/v2/accessGroups/${byName.admin!._id}`, undefined, tenant);
    assert.equal(refused.status, 409);
    assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
    assert.equal((await req('GET', `/v2/accessGroups/${byName.admin!._id}`, undefined, tenant)).status, 200);

    const user = await req(
      'POST',
      '/v2/users/',
      { id: `worker-${Date.now()}`, accessGroupId: byName.objectmanager!._id },
      tenant,
    );
    assert.equal(user.status, 201);
    assert.equal((await req('DELETE', `/v2/accessGroups/${byName.objectmanager!._id}`, undefined, tenant)).status, 409);
    assert.equal(
      (await req('PATCH', `/v2/users/${user.body._id}`, { accessGroupId: byName.employee!._id }, tenant)).status,
      200,
    );
    const freed = await req('DELETE', `/v2/accessGroups/${byName.objectmanager!._id}`, undefined, tenant);
    assert.deepEqual([freed.status, freed.body], [200, { deleted: true }]);
    assert.equal((await req('GET', `/v2/accessGroups/${byName.objectmanager!._id}`, undefined, tenant)).status, 404);
  });
});

describe('users', () => {
  const password = 'Sunflower-Meadow-42';
  let created: { _id: string; number: number };

  /** No key `password` anywhere, and neither the password nor an argon2 hash in the text. */
  function assertNoSecret(body: unknown) {
    const text = JSON.stringify(body);
    assert.equal(text.includes(password), false);
    assert.equal(text.includes('$argon2'), false);
    assert.equal(/"password(_hash|Hash)?"\s*:/.test(text), false, text);
  }

  test('POST /v2/users/ accepts a write-only password that never comes back', async () => {
    const res = await req('POST', '/v2/users/', {
      id: 'jane.doe',
      password,
      general: { firstName: 'Jane', lastName: 'Xylander' },
      access: { email: 'Jane.Doe@Example.com' },
    });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body), ['_id']);
    const one = await req('GET', `/v2/users/${res.body._id}`);
    assert.equal(one.status, 200);
    assertNoSecret(one.body);
    assert.equal(one.body.id, 'jane.doe');
    assert.deepEqual(one.body.general, { firstName: 'Jane', lastName: 'Xylander' });
    assert.equal(one.body.access.email, 'Jane.Doe@Example.com');
    created = { _id: res.body._id, number: one.body.number };

    const listed = await req('GET', '/v2/users/');
    assert.equal(listed.status, 200);
    assertNoSecret(listed.body);
    assert.ok(listed.body.some((u: { _id: string }) => u._id === created._id));
    const byNumber = await req('GET', `/v2/users/${created.number}/byNumber`);
    assert.equal(byNumber.status, 200);
    assert.equal(byNumber.body._id, created._id);
    assertNoSecret(byNumber.body);
    assert.equal((await req('GET', '/v2/users/9999/byNumber')).status, 404);
  });

  test('the user logs in with the login id and with access.email', async () => {
    for (const username of ['jane.doe', 'jane.doe@example.com']) {
      const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username, password, type: 'dashboard' });
      assert.equal(login.status, 200, `${username}: ${JSON.stringify(login.body)}`);
      assert.equal(typeof login.body.accessToken, 'string');
      assert.equal(login.body.user._id, created._id);
      assertNoSecret(login.body.user);
      const own = await call(t.app, 'GET', `/v2/users/${created._id}`, {
        authorization: `Bearer ${login.body.accessToken}`,
      });
      assert.equal(own.status, 200);
      assert.equal(own.body.id, 'jane.doe');
    }
    const wrong = await call(
      t.app,
      'POST',
      '/v2/auth/login',
      {},
      { username: 'jane.doe', password: 'not-the-password' },
    );
    assert.equal(wrong.status, 401);
  });

  test('POST /v2/users/filter with filters, limit and skip', async () => {
    for (const [id, lastName] of [
      ['x.two', 'Xylander'],
      ['y.one', 'Young'],
    ]) {
      assert.equal((await req('POST', '/v2/users/', { id, general: { lastName } })).status, 201);
    }
    const filters = [{ field: 'general.lastName', type: 'string', op: 'eq', value: 'Xylander' }];
    const both = await req('POST', '/v2/users/filter', { filters, limit: 10, skip: 0 });
    assert.equal(both.status, 200);
    assert.deepEqual(
      both.body.map((u: { id: string }) => u.id),
      ['jane.doe', 'x.two'],
    );
    assert.equal(both.headers['x-total-count'], '2');
    assertNoSecret(both.body);
    const second = await req('POST', '/v2/users/filter', { filters, limit: 1, skip: 1 });
    assert.deepEqual(
      second.body.map((u: { id: string }) => u.id),
      ['x.two'],
    );
    assert.equal(second.headers['x-total-count'], '2');
    const young = await req('POST', '/v2/users/filter', {
      filters: [{ field: 'general.lastName', type: 'string', op: 'startsWith', value: 'you' }],
    });
    assert.deepEqual(
      young.body.map((u: { id: string }) => u.id),
      ['y.one'],
    );
    assertFieldError(
      await req('POST', '/v2/users/filter', { filters: [{ field: 'shoeSize', type: 'number', op: 'eq', value: 1 }] }),
      'filters[0].field',
    );
    assertFieldError(
      await req('POST', '/v2/users/filter', {
        filters: [{ field: 'password', type: 'string', op: 'eq', value: password }],
      }),
      'filters[0].field',
    );
    assertFieldError(await req('POST', '/v2/users/filter', { limit: 1001 }), 'limit');
  });

  test('a password shorter than 8 or equal to the login id or e-mail is 400, and no user is created', async () => {
    const count = await total('/v2/users/');
    assertFieldError(await req('POST', '/v2/users/', { id: 'shorty', password: 'Seven77' }), 'password');
    assertFieldError(await req('POST', '/v2/users/', { id: 'Long.Username', password: 'long.username' }), 'password');
    assertFieldError(
      await req('POST', '/v2/users/', {
        id: 'mailer',
        password: 'mail@ex.example',
        access: { email: 'mail@ex.example' },
      }),
      'password',
    );
    assertFieldError(await req('PATCH', `/v2/users/${created._id}`, { password: 'short' }), 'password');
    assert.equal(await total('/v2/users/'), count);
    const still = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'jane.doe', password });
    assert.equal(still.status, 200);
  });
});
