// /v2/integrations/webhooks: registration, validation, the secret shown once, rotation, the SSRF
// guard at creation and on PATCH, and who may touch webhooks. DNS is a stub: nothing resolves or
// connects to a real host here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { EVENT_TYPES, WEBHOOK_ENTITIES } from '../../src/platform/outbox/emit.js';
import type { Resolver } from '../../src/modules/webhooks/target-guard.js';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

const HEX24 = /^[0-9a-f]{24}$/;
const BASE = '/v2/integrations/webhooks';
const resolved: string[] = [];
const resolveHost: Resolver = async (host) => {
  resolved.push(host);
  return host === 'evil.example' ? ['127.0.0.1'] : host === 'meta.example' ? ['169.254.169.254'] : ['93.184.216.34'];
};

let t: TestApp;
let acme: Tenant;
let other: Tenant;

before(async () => {
  t = await createTestApp({}, { resolveHost }); // https only, nothing allow-listed
  acme = await signup(t.app, 'Hooks');
  other = await signup(t.app, 'Other');
});
after(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  type: 'CREATE',
  entity: 'customer',
  url: 'https://hooks.example/in',
  ...extra,
});

async function createWebhook(extra: Record<string, unknown> = {}, tenant = acme) {
  const res = await call(t.app, 'POST', `${BASE}/`, tenant.headers, body(extra));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { _id: string; secret: string };
}

describe('registration', () => {
  test('create answers 201 with the id and a whsec_ secret that no read shows again', async () => {
    const created = await createWebhook({ description: 'CRM sync' });
    assert.deepEqual(Object.keys(created).sort(), ['_id', 'secret']);
    assert.match(created._id, HEX24);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.equal(Buffer.from(created.secret.slice(6), 'base64').length, 32);

    const one = await call(t.app, 'GET', `${BASE}/${created._id}`, acme.headers);
    assert.equal(one.status, 200);
    assert.equal(one.body._id, created._id);
    assert.equal(one.body.type, 'CREATE');
    assert.equal(one.body.entity, 'customer');
    assert.equal(one.body.url, 'https://hooks.example/in');
    assert.equal(one.body.description, 'CRM sync');
    assert.equal(one.body.companyId, acme.companyId);
    assert.equal(typeof one.body.number, 'number');
    assert.match(one.body.status.createdAt, /^\d{4}-\d\d-\d\dT/);
    assert.equal(one.body.status.createdBy, acme.userId);
    assert.equal(one.body.disabledAt, undefined);
    const list = await call(t.app, 'GET', `${BASE}/`, acme.headers);
    for (const text of [JSON.stringify(one.body), JSON.stringify(list.body)]) {
      assert.ok(
        !text.includes(created.secret) && !text.includes(created.secret.slice(6)),
        'the secret is never read back',
      );
      assert.ok(!/secret/i.test(text), 'no secret field at all');
    }
    const { rows } = await sql<{
      secret_sealed: string;
    }>`SELECT secret_sealed FROM webhooks WHERE id = ${created._id}`.execute(t.database.kysely);
    assert.ok(
      rows[0]!.secret_sealed && !rows[0]!.secret_sealed.includes(created.secret.slice(6)),
      'stored sealed, not in clear',
    );
  });

  test('every event type and every entity of the spec is accepted', async () => {
    assert.equal(WEBHOOK_ENTITIES.length, 19);
    for (const type of ['CREATE', 'UPDATE', 'DELETE', 'ABSENCE_APPROVED', 'ABSENCE_CANCELED', 'OPEN'])
      await createWebhook({ type, entity: 'absence' });
    assert.deepEqual([...EVENT_TYPES].sort(), [
      'ABSENCE_APPROVED',
      'ABSENCE_CANCELED',
      'CREATE',
      'DELETE',
      'OPEN',
      'UPDATE',
    ]);
    for (const entity of [
      'user',
      'customer',
      'customerobject',
      'materialorder',
      'absence',
      'complaint',
      'article',
      'salary',
      'job',
      'qualitycontrol',
      'invoice',
      'offer',
      'credit',
      'invoicestorno',
      'servicereport',
      'payment',
      'contact',
      'equipment',
      'task',
    ]) {
      await createWebhook({ entity });
    }
  });

  test('anything else is 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [body({ type: 'create' }), 'type'],
      [body({ type: 'PING' }), 'type'],
      [body({ type: 'ANY' }), 'type'],
      [body({ type: undefined }), 'type'],
      [body({ entity: 'customers' }), 'entity'],
      [body({ entity: 'Customer' }), 'entity'],
      [body({ entity: 'webhook' }), 'entity'],
      [body({ entity: undefined }), 'entity'],
      [body({ url: undefined }), 'url'],
      [body({ url: 42 }), 'url'],
      [body({ url: 'not a url' }), 'url'],
    ];
    for (const [payload, path] of cases) {
      const res = await call(t.app, 'POST', `${BASE}/`, acme.headers, JSON.parse(JSON.stringify(payload)));
      assert.equal(res.status, 400, `${JSON.stringify(payload)}: ${res.status}`);
      assert.ok(
        res.body.errors.some((e: { path: string }) => e.path.startsWith(path)),
        JSON.stringify(res.body.errors),
      );
    }
  });

  test('list pages and sorts with the common fields; PATCH answers {_id}; DELETE {deleted: true}', async () => {
    const fresh = await signup(t.app, 'Lister');
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createWebhook({ description: `hook ${i}` }, fresh))._id);
    const page = await call(t.app, 'GET', `${BASE}/?limit=2&offset=0&sort=number:-1`, fresh.headers);
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.body.map((w: { _id: string }) => w._id),
      [ids[2], ids[1]],
    );
    assert.equal(page.headers['x-total-count'], '3');
    const rest = await call(t.app, 'GET', `${BASE}/?limit=2&offset=2&sort=number:-1`, fresh.headers);
    assert.deepEqual(
      rest.body.map((w: { _id: string }) => w._id),
      [ids[0]],
    );
    for (const w of page.body) {
      assert.equal(w.companyId, fresh.companyId);
      assert.ok(w.status.createdAt && w.status.lastModifiedAt && typeof w.number === 'number');
    }

    const patched = await call(t.app, 'PATCH', `${BASE}/${ids[0]}`, fresh.headers, {
      type: 'DELETE',
      url: 'https://other.example/x',
      description: null,
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(patched.body, { _id: ids[0] });
    const read = (await call(t.app, 'GET', `${BASE}/${ids[0]}`, fresh.headers)).body;
    assert.equal(read.type, 'DELETE');
    assert.equal(read.url, 'https://other.example/x');
    assert.equal(read.description, undefined);
    assert.equal((await call(t.app, 'PATCH', `${BASE}/${ids[0]}`, fresh.headers, { entity: 'nope' })).status, 400);

    assert.deepEqual((await call(t.app, 'DELETE', `${BASE}/${ids[0]}`, fresh.headers)).body, { deleted: true });
    assert.equal((await call(t.app, 'GET', `${BASE}/${ids[0]}`, fresh.headers)).status, 404);
    assert.equal((await call(t.app, 'DELETE', `${BASE}/${ids[0]}`, fresh.headers)).status, 404);
  });

  test('rotateSecret gives a new whsec_ secret (404 for an unknown webhook)', async () => {
    const { _id, secret } = await createWebhook();
    const rotated = await call(t.app, 'POST', `${BASE}/${_id}/rotateSecret`, acme.headers);
    assert.equal(rotated.status, 200);
    assert.equal(rotated.body._id, _id);
    assert.match(rotated.body.secret, /^whsec_/);
    assert.notEqual(rotated.body.secret, secret);
    assert.equal(
      (await call(t.app, 'POST', `${BASE}/0123456789abcdef01234567/rotateSecret`, acme.headers)).status,
      404,
    );
  });

  test('an Idempotency-Key retry of a create does not replay the secret', async () => {
    const headers = { ...acme.headers, 'idempotency-key': `hook-${Date.now()}` };
    const first = await call(t.app, 'POST', `${BASE}/`, headers, body());
    assert.equal(first.status, 201);
    const retry = await call(t.app, 'POST', `${BASE}/`, headers, body());
    assert.equal(retry.status, 409, 'refused rather than replaying or creating a second webhook');
    assert.ok(!JSON.stringify(retry.body).includes(first.body.secret));
  });
});

describe('target guard (SSRF)', () => {
  const refused: Array<[string, RegExp]> = [
    ['http://hooks.example/in', /https/],
    ['https://127.0.0.1/in', /non-public/],
    ['https://10.0.0.1/in', /non-public/],
    ['https://169.254.169.254/latest/meta-data/', /non-public/],
    ['https://[::1]/in', /non-public/],
    ['https://[::ffff:127.0.0.1]/in', /non-public/],
    ['https://2130706433/in', /non-public/],
    ['http://2130706433/', /https|non-public/],
    ['https://evil.example/in', /evil\.example resolves to a non-public address \(127\.0\.0\.1\)/],
    ['https://meta.example/in', /169\.254\.169\.254/],
    ['https://user:pw@hooks.example/in', /credentials/],
  ];
  for (const [url, reason] of refused) {
    test(`${url} is refused at creation and on PATCH`, async () => {
      const res = await call(t.app, 'POST', `${BASE}/`, acme.headers, body({ url }));
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.errors[0].path, 'url');
      assert.match(res.body.detail, reason);

      const { _id } = await createWebhook();
      const patch = await call(t.app, 'PATCH', `${BASE}/${_id}`, acme.headers, { url });
      assert.equal(patch.status, 400, JSON.stringify(patch.body));
      assert.equal(patch.body.errors[0].path, 'url');
      assert.equal(
        (await call(t.app, 'GET', `${BASE}/${_id}`, acme.headers)).body.url,
        'https://hooks.example/in',
        'unchanged',
      );
    });
  }

  test('the host name is resolved through the injected resolver', async () => {
    resolved.length = 0;
    await createWebhook({ url: 'https://resolver-check.example/in' });
    assert.deepEqual(resolved, ['resolver-check.example']);
  });
});

describe('permissions', () => {
  test('a write-scoped API key gets 403 everywhere in webhooks and on the event feed; an admin key works', async () => {
    const { _id } = await createWebhook();
    const key = await call(t.app, 'POST', '/v2/apiKeys', acme.headers, { name: 'writer', scopes: ['write'] });
    assert.equal(key.status, 201);
    const h = { 'x-api-key': key.body.key };
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `${BASE}/`],
      ['GET', `${BASE}/${_id}`],
      ['POST', `${BASE}/`, body()],
      ['PATCH', `${BASE}/${_id}`, { description: 'x' }],
      ['DELETE', `${BASE}/${_id}`],
      ['POST', `${BASE}/${_id}/rotateSecret`],
      ['GET', `${BASE}/${_id}/deliveries`],
      ['POST', `${BASE}/${_id}/test`],
      ['GET', '/v2/events'],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(t.app, method as 'GET', url, h, payload);
      assert.equal(res.status, 403, `${method} ${url}: ${res.status}`);
    }
    assert.equal(
      (await call(t.app, 'GET', `${BASE}/${_id}`, acme.headers)).body.description,
      undefined,
      'nothing changed',
    );
    const admin = await call(t.app, 'POST', '/v2/apiKeys', acme.headers, { name: 'admin', scopes: ['admin'] });
    assert.equal((await call(t.app, 'GET', `${BASE}/${_id}`, { 'x-api-key': admin.body.key })).status, 200);
    assert.equal((await call(t.app, 'GET', '/v2/events', { 'x-api-key': admin.body.key })).status, 200);
  });

  test('another company gets 404 on a webhook id, on every route', async () => {
    const { _id } = await createWebhook();
    const ping = await call(t.app, 'POST', `${BASE}/${_id}/test`, acme.headers);
    assert.equal(ping.status, 200);
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `${BASE}/${_id}`],
      ['PATCH', `${BASE}/${_id}`, { description: 'mine now' }],
      ['DELETE', `${BASE}/${_id}`],
      ['POST', `${BASE}/${_id}/rotateSecret`],
      ['GET', `${BASE}/${_id}/deliveries`],
      ['POST', `${BASE}/${_id}/test`],
      ['POST', `${BASE}/${_id}/deliveries/${ping.body._id}/redeliver`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(t.app, method as 'GET', url, other.headers, payload);
      assert.equal(res.status, 404, `${method} ${url}: ${res.status}`);
    }
    const list = await call(t.app, 'GET', `${BASE}/`, other.headers);
    assert.ok(!list.body.some((w: { _id: string }) => w._id === _id));
    const still = await call(t.app, 'GET', `${BASE}/${_id}`, acme.headers);
    assert.equal(still.status, 200);
    assert.equal(still.body.description, undefined);
  });
});
