import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Acme');
});
after(() => t.close());

const withKey = (key: string, headers = acme.headers) => ({ ...headers, 'idempotency-key': key });
const countCustomers = async () => Number((await call(t.app, 'GET', '/v2/customers/?limit=1', acme.headers)).headers['x-total-count']);

describe('Idempotency-Key', () => {
  test('a retry returns the first response and does the work once', async () => {
    const before = await countCustomers();
    const first = await call(t.app, 'POST', '/v2/customers/', withKey('k-1'), { name: 'Once' });
    const second = await call(t.app, 'POST', '/v2/customers/', withKey('k-1'), { name: 'Once' });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.deepEqual(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(await countCustomers(), before + 1);
  });

  test('the same key with another body is 422', async () => {
    await call(t.app, 'POST', '/v2/customers/', withKey('k-2'), { name: 'One' });
    const other = await call(t.app, 'POST', '/v2/customers/', withKey('k-2'), { name: 'Two' });
    assert.equal(other.status, 422);
    assert.equal(other.headers['content-type'], 'application/problem+json; charset=utf-8');
  });

  test('the same key while the first request runs is 409', async () => {
    const [x, y] = await Promise.all([
      call(t.app, 'POST', '/v2/users/', withKey('k-3'), { id: 'slow-user', password: 'a-slow-password-1' }),
      new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
        call(t.app, 'POST', '/v2/users/', withKey('k-3'), { id: 'slow-user', password: 'a-slow-password-1' })),
    ]);
    assert.deepEqual([x.status, y.status].sort(), [201, 409]);
  });

  test('keys are scoped to the credentials', async () => {
    const other = await signup(t.app, 'Other');
    const mine = await call(t.app, 'POST', '/v2/customers/', withKey('shared-key'), { name: 'Mine' });
    const theirs = await call(t.app, 'POST', '/v2/customers/', withKey('shared-key', other.headers), { name: 'Mine' });
    assert.equal(theirs.status, 201);
    assert.notEqual(theirs.body._id, mine.body._id);
  });

  test('a failed request (4xx) is replayed too, an over-long key is refused', async () => {
    const bad = await call(t.app, 'POST', '/v2/customers/', withKey('k-4'), { name: 'Dup', number: 1 });
    const again = await call(t.app, 'POST', '/v2/customers/', withKey('k-4'), { name: 'Dup', number: 1 });
    assert.equal(bad.status, again.status);
    assert.equal((await call(t.app, 'POST', '/v2/customers/', withKey('x'.repeat(300)), { name: 'Long' })).status, 400);
  });

  test('an API key response (a secret shown once) is not replayed', async () => {
    const first = await call(t.app, 'POST', '/v2/apiKeys', withKey('k-5'), { name: 'once', scopes: ['read'] });
    assert.equal(first.status, 201);
    const retry = await call(t.app, 'POST', '/v2/apiKeys', withKey('k-5'), { name: 'once', scopes: ['read'] });
    assert.equal(retry.status, 409);
    assert.ok(!JSON.stringify(retry.body).includes(first.body.key));
    const keys = (await call(t.app, 'GET', '/v2/apiKeys', acme.headers)).body.filter((k: any) => k.name === 'once');
    assert.equal(keys.length, 1);
  });
});
