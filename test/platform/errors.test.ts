// Every failure is application/problem+json (RFC 9457) with a 4xx status; nothing here may be a 500.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

const BODY_LIMIT = 2048;
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

let t: TestApp;
let a: Tenant;
const statuses: Array<{ url: string; status: number }> = [];

interface Reply { status: number; body: any; contentType: string }

/** Every request of this file goes through here, so the last test can check that none was a 5xx. */
async function send(method: InjectOptions['method'], url: string, options: { payload?: string | object; headers?: Record<string, string>; auth?: boolean } = {}): Promise<Reply> {
  const headers = { ...(options.auth === false ? {} : a.headers), ...options.headers };
  if (typeof options.payload === 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await t.app.inject({ method, url, headers, ...(options.payload === undefined ? {} : { payload: options.payload }) });
  statuses.push({ url: `${method} ${url}`, status: response.statusCode });
  let body: any;
  try { body = response.json(); } catch { body = response.body; }
  return { status: response.statusCode, body, contentType: String(response.headers['content-type'] ?? '') };
}

function assertProblem(res: Reply, status: number, paths?: string[]) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.match(res.contentType, /^application\/problem\+json/);
  assert.equal(typeof res.body, 'object');
  assert.equal(res.body.type, 'about:blank');
  assert.equal(res.body.status, status);
  assert.equal(typeof res.body.title, 'string');
  assert.ok(res.body.title.length > 0);
  assert.equal(typeof res.body.detail, 'string');
  assert.ok(res.body.detail.length > 0);
  if (paths) {
    const reported = (res.body.errors ?? []).map((e: { path: string; message: string }) => {
      assert.equal(typeof e.message, 'string');
      return e.path;
    });
    for (const path of paths) assert.ok(reported.includes(path), `expected ${path} in ${JSON.stringify(res.body.errors)}`);
  }
}

before(async () => {
  t = await createTestApp({ BODY_LIMIT: String(BODY_LIMIT) });
  a = await signup(t.app, 'Errors');
});
after(async () => { await t?.close(); });

describe('malformed and oversized bodies', () => {
  test('malformed JSON is 400 problem+json', async () => {
    for (const payload of ['{"name": ', '{name: "x"}', '[1,2', 'nul']) {
      assertProblem(await send('POST', '/v2/customers/', { payload }), 400);
    }
    const count = await send('GET', '/v2/customers/');
    assert.deepEqual(count.body, []);
  });

  test('an empty JSON body, a non-object body and a prototype-poisoning body are 400', async () => {
    assertProblem(await send('POST', '/v2/customers/', { payload: '' }), 400);
    assertProblem(await send('POST', '/v2/customers/', { payload: '"just a string"' }), 400, ['body']);
    assertProblem(await send('POST', '/v2/customers/', { payload: '{"name":"x","__proto__":{"admin":true}}' }), 400);
  });

  test('an unsupported content type is 415; text/plain is parsed as text and fails the schema', async () => {
    assertProblem(await send('POST', '/v2/customers/', { payload: '<name>x</name>', headers: { 'content-type': 'application/xml' } }), 415);
    assertProblem(await send('POST', '/v2/customers/', { payload: 'name=x', headers: { 'content-type': 'text/plain' } }), 400, ['body']);
  });

  test(`a body over BODY_LIMIT (${BODY_LIMIT} bytes) is 413, one under it is accepted`, async () => {
    const big = { name: 'big', contract: { notes: 'x'.repeat(BODY_LIMIT) } };
    assertProblem(await send('POST', '/v2/customers/', { payload: big }), 413);
    const fits = await send('POST', '/v2/customers/', { payload: { name: 'fits', contract: { notes: 'x'.repeat(BODY_LIMIT - 200) } } });
    assert.equal(fits.status, 201);
  });
});

describe('validation', () => {
  test('wrong types are 400 with errors[].path for each field', async () => {
    assertProblem(await send('POST', '/v2/customers/', { payload: { name: ['a', 'b'] } }), 400, ['name']);
    assertProblem(await send('POST', '/v2/customers/', {
      payload: { name: 'ok', address: { city: { nested: true } }, hideRecipientOnDocuments: 'perhaps', invoiceCCRecipientIds: ['nope'] },
    }), 400, ['address.city', 'hideRecipientOnDocuments', 'invoiceCCRecipientIds.0']);
    assertProblem(await send('POST', '/v2/activityTypes/', { payload: { name: 'x'.repeat(201) } }), 400, ['name']);
    assertProblem(await send('POST', '/v2/customers/', { payload: { name: 'bad mail', contact: { email: 'not-an-email' } } }), 400, ['contact.email']);
  });

  test('null is not a value for a required string', async () => {
    assertProblem(await send('POST', '/v2/customers/', { payload: { name: null } }), 400, ['name']);
    const listed = await send('GET', '/v2/customers/?name=');
    assert.deepEqual(listed.body, []);
  });

  test('bad query parameters are 400 naming the parameter', async () => {
    assertProblem(await send('GET', '/v2/customers/?limit=many'), 400, ['querystring.limit']);
    assertProblem(await send('GET', '/v2/customers/?number=1.5'), 400);
    assertProblem(await send('GET', '/v2/customers/?number=99999999999999999999999'), 400);
    assertProblem(await send('GET', `/v2/customers/?filter=${encodeURIComponent('[{"field":"number","op":"eq","value":1e400}]')}`), 400);
  });

  test('dates outside what the database can store are 400, not 500', async () => {
    for (const value of ['8640000000000000', '-8640000000000000', '+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00Z']) {
      assertProblem(await send('GET', `/v2/customers/?status.createdAtFrom=${encodeURIComponent(value)}`), 400, ['status.createdAtFrom']);
    }
  });

  test('a stored date-time with an unusual offset does not break lists of that field', async () => {
    const created = await send('POST', '/v2/users/', { payload: { id: 'tz-user', general: { lastNpsScoreSend: '2024-01-01T00:00:00+20:00' } } });
    assert.ok([201, 400].includes(created.status), JSON.stringify(created.body));
    for (const url of ['/v2/users/?sort=general.lastNpsScoreSend:1', '/v2/users/?general.lastNpsScoreSendFrom=0']) {
      const listed = await send('GET', url);
      assert.equal(listed.status, 200, `${url}: ${JSON.stringify(listed.body)}`);
      assert.equal(listed.body.some((u: { id: string }) => u.id === 'tz-user'), created.status === 201);
    }
  });
});

describe('ids and routes', () => {
  test('an invalid ObjectId in the path is 400', async () => {
    for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', '0123456789abcdef0123456g', `${UNKNOWN_ID}0`]) {
      assertProblem(await send('GET', `/v2/customers/${id}`), 400, ['params.id']);
      assertProblem(await send('PATCH', `/v2/customers/${id}`, { payload: { name: 'x' } }), 400, ['params.id']);
      assertProblem(await send('DELETE', `/v2/customers/${id}`), 400, ['params.id']);
    }
    assertProblem(await send('GET', '/v2/users/abc/byNumber'), 400, ['params.userNumber']);
  });

  test('an unknown but well-formed id is 404', async () => {
    for (const collection of ['customers', 'activityTypes', 'objects', 'taxRates', 'paymentTerms', 'articles', 'accessGroups', 'users']) {
      assertProblem(await send('GET', `/v2/${collection}/${UNKNOWN_ID}`), 404);
      assertProblem(await send('DELETE', `/v2/${collection}/${UNKNOWN_ID}`), 404);
    }
    assertProblem(await send('PATCH', `/v2/customers/${UNKNOWN_ID}`, { payload: { name: 'x' } }), 404);
    assertProblem(await send('GET', '/v2/users/99999/byNumber'), 404);
  });

  test('an unknown route is 404 problem+json, with or without credentials', async () => {
    const res = await send('GET', '/v2/no-such-thing');
    assertProblem(res, 404);
    assert.match(res.body.detail, /\/v2\/no-such-thing/);
    assertProblem(await send('POST', '/v3/customers/', { payload: { name: 'x' }, auth: false }), 404);
    assertProblem(await send('PUT', `/v2/customers/${UNKNOWN_ID}`, { payload: { name: 'x' } }), 404);
  });

  test('missing or invalid credentials are 401 problem+json', async () => {
    assertProblem(await send('GET', '/v2/customers/', { auth: false }), 401);
    assertProblem(await send('GET', '/v2/customers/', { headers: { authorization: 'Bearer not.a.token' } }), 401);
  });
});

test('no request of this file answered with a 5xx', () => {
  assert.ok(statuses.length > 40, `only ${statuses.length} requests were recorded`);
  assert.deepEqual(statuses.filter((s) => s.status >= 500), []);
});
