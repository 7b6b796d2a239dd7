// A request that meets a lost database connection (a failover, a restart) is answered 503 with
// Retry-After as problem+json, never 500; a statement's own error keeps its status.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;
before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Lost Connection');
});
after(() => t.close());

test('a request whose database connection is lost (a read, a write) is 503 with Retry-After', async () => {
  const transaction = t.database.transaction;
  t.database.transaction = async () => {
    throw Object.assign(new Error('Connection terminated unexpectedly'), {});
  };
  try {
    for (const [method, path, body] of [
      ['GET', '/v2/customers/', undefined],
      ['POST', '/v2/customers/', { name: 'Never written' }],
    ] as const) {
      const res = await call(t.app, method, path, acme.headers, body);
      assert.equal(res.status, 503, `${method} ${path}: ${JSON.stringify(res.body)}`);
      assert.equal(res.headers['retry-after'], '2');
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.equal(res.body.status, 503);
    }
  } finally {
    t.database.transaction = transaction;
  }
  const after = await call(t.app, 'GET', '/v2/customers/', acme.headers);
  assert.equal(after.status, 200, 'served again once the database is back');
});

test('an error of the statement itself is still not a 503', async () => {
  const transaction = t.database.transaction;
  t.database.transaction = async () => {
    throw new Error('something else broke');
  };
  try {
    const res = await call(t.app, 'GET', '/v2/customers/', acme.headers);
    assert.equal(res.status, 500);
  } finally {
    t.database.transaction = transaction;
  }
});
