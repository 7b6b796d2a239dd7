import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Acme');
});
after(() => t.close());

const createKey = async (scopes: string[], extra: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', '/v2/apiKeys', acme.headers, {
    name: `key ${scopes.join('+')}`,
    scopes,
    ...extra,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
};

describe('API keys', () => {
  test('the key is shown once, stored hashed, and listed by prefix only', async () => {
    const created = await createKey(['read']);
    assert.match(created._id, /^[0-9a-f]{24}$/);
    assert.ok(created.key.startsWith(created.prefix));
    const list = await call(t.app, 'GET', '/v2/apiKeys?limit=10&offset=0', acme.headers);
    assert.equal(list.status, 200);
    const listed = list.body.find((k: Json) => k._id === created._id);
    assert.equal(listed.prefix, created.prefix);
    assert.deepEqual(listed.scopes, ['read']);
    assert.ok(!JSON.stringify(list.body).includes(created.key), 'the key never appears in a list');
    const { rows } = await sql<{ key_hash: string }>`SELECT key_hash FROM api_keys WHERE id = ${created._id}`.execute(
      t.database.kysely,
    );
    assert.equal(rows[0]!.key_hash.length, 64);
    assert.ok(!rows[0]!.key_hash.includes(created.key));
  });

  test('a read key reads (401 when wrong), gets 403 on a write and on admin areas', async () => {
    const { key } = await createKey(['read']);
    assert.equal((await call(t.app, 'GET', '/v2/customers/', { 'x-api-key': key })).status, 200);
    assert.equal((await call(t.app, 'GET', '/v2/customers/', { 'x-api-key': `${key}x` })).status, 401);
    assert.equal((await call(t.app, 'POST', '/v2/customers/', { 'x-api-key': key }, { name: 'N' })).status, 403);
    assert.equal((await call(t.app, 'GET', '/v2/apiKeys', { 'x-api-key': key })).status, 403);
  });

  test('a write key writes as its company; an admin key manages keys', async () => {
    const { key } = await createKey(['write']);
    const created = await call(t.app, 'POST', '/v2/customers/', { 'x-api-key': key }, { name: 'Via key' });
    assert.equal(created.status, 201);
    const read = await call(t.app, 'GET', `/v2/customers/${created.body._id}`, acme.headers);
    assert.equal(read.body.companyId, acme.companyId);
    assert.equal(read.body.status.createdBy, acme.userId, 'acts for the user who created the key');
    assert.equal(
      (await call(t.app, 'POST', '/v2/apiKeys', { 'x-api-key': key }, { name: 'n', scopes: ['read'] })).status,
      403,
    );
    const admin = await createKey(['admin']);
    assert.equal((await call(t.app, 'GET', '/v2/apiKeys', { 'x-api-key': admin.key })).status, 200);
  });

  test('a revoked or expired key is 401', async () => {
    const { _id, key } = await createKey(['read']);
    assert.equal((await call(t.app, 'GET', '/v2/customers/', { 'x-api-key': key })).status, 200);
    assert.deepEqual((await call(t.app, 'DELETE', `/v2/apiKeys/${_id}`, acme.headers)).body, { deleted: true });
    assert.equal((await call(t.app, 'GET', '/v2/customers/', { 'x-api-key': key })).status, 401);
    assert.equal((await call(t.app, 'DELETE', `/v2/apiKeys/${_id}`, acme.headers)).status, 404);

    const past = await call(t.app, 'POST', '/v2/apiKeys', acme.headers, {
      name: 'old',
      scopes: ['read'],
      expiresAt: '2020-01-01T00:00:00Z',
    });
    assert.equal(past.status, 400);
    // Expiry without racing the clock: a key before its expiresAt works; one whose expiresAt has
    // passed (moved into the past in the table, as time would) is 401.
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const valid = await createKey(['read'], { expiresAt: inAnHour });
    assert.equal((await call(t.app, 'GET', '/v2/customers/', { 'x-api-key': valid.key })).status, 200);
    const expired = await createKey(['read'], { expiresAt: inAnHour });
    await sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${expired._id}`.execute(
      t.database.kysely,
    );
    assert.equal((await call(t.app, 'GET', '/v2/customers/', { 'x-api-key': expired.key })).status, 401);
  });

  test('unknown scopes are refused', async () => {
    const res = await call(t.app, 'POST', '/v2/apiKeys', acme.headers, { name: 'x', scopes: ['root'] });
    assert.equal(res.status, 400);
  });
});
