// Every failure is application/problem+json (RFC 9457) with a 4xx status; nothing here may be a 500.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { once } from 'node:events';
import type { InjectOptions } from 'fastify';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

const BODY_LIMIT = 2048;
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

let t: TestApp;
let a: Tenant;
const statuses: Array<{ url: string; status: number }> = [];

interface Reply {
  status: number;
  body: Json;
  contentType: string;
}

/** Every request of this file goes through here, so the last test can check that none was a 5xx. */
async function send(
  method: InjectOptions['method'],
  url: string,
  options: { payload?: string | object; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<Reply> {
  const headers = { ...(options.auth === false ? {} : a.headers), ...options.headers };
  if (typeof options.payload === 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await t.app.inject({
    method,
    url,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
  statuses.push({ url: `${method} ${url}`, status: response.statusCode });
  let body: Json;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
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
    for (const path of paths)
      assert.ok(reported.includes(path), `expected ${path} in ${JSON.stringify(res.body.errors)}`);
  }
}

before(async () => {
  t = await createTestApp({ BODY_LIMIT: String(BODY_LIMIT) });
  a = await signup(t.app, 'Errors');
});
after(async () => {
  await t?.close();
});

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

  test('a body in another type than JSON (text/plain too) is 415 naming application/json', async () => {
    for (const type of ['application/xml', 'text/plain']) {
      const res = await send('POST', '/v2/customers/', { payload: 'name=x', headers: { 'content-type': type } });
      assertProblem(res, 415);
      assert.equal(res.body.detail, 'Content-Type must be application/json');
    }
  });

  test(`a body over BODY_LIMIT (${BODY_LIMIT} bytes) is 413, one under it is accepted`, async () => {
    const big = { name: 'big', contract: { notes: 'x'.repeat(BODY_LIMIT) } };
    assertProblem(await send('POST', '/v2/customers/', { payload: big }), 413);
    const fits = await send('POST', '/v2/customers/', {
      payload: { name: 'fits', contract: { notes: 'x'.repeat(BODY_LIMIT - 200) } },
    });
    assert.equal(fits.status, 201);
  });
});

describe('validation', () => {
  test('wrong types are 400 with errors[].path for each field', async () => {
    assertProblem(await send('POST', '/v2/customers/', { payload: { name: ['a', 'b'] } }), 400, ['name']);
    assertProblem(
      await send('POST', '/v2/customers/', {
        payload: {
          name: 'ok',
          address: { city: { nested: true } },
          hideRecipientOnDocuments: 'perhaps',
          invoiceCCRecipientIds: ['nope'],
        },
      }),
      400,
      ['address.city', 'hideRecipientOnDocuments', 'invoiceCCRecipientIds.0'],
    );
    assertProblem(await send('POST', '/v2/activityTypes/', { payload: { name: 'x'.repeat(201) } }), 400, ['name']);
    assertProblem(
      await send('POST', '/v2/customers/', { payload: { name: 'bad mail', contact: { email: 'not-an-email' } } }),
      400,
      ['contact.email'],
    );
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
    assertProblem(
      await send('GET', `/v2/customers/?filter=${encodeURIComponent('[{"field":"number","op":"eq","value":1e400}]')}`),
      400,
    );
  });

  test('dates outside what the database can store are 400, not 500', async () => {
    for (const value of [
      '8640000000000000',
      '-8640000000000000',
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00Z',
    ]) {
      assertProblem(await send('GET', `/v2/customers/?status.createdAtFrom=${encodeURIComponent(value)}`), 400, [
        'status.createdAtFrom',
      ]);
    }
  });

  test('a stored date-time with an unusual offset does not break lists of that field', async () => {
    const created = await send('POST', '/v2/users/', {
      payload: { id: 'tz-user', general: { lastNpsScoreSend: '2024-01-01T00:00:00+20:00' } },
    });
    assert.ok([201, 400].includes(created.status), JSON.stringify(created.body));
    for (const url of ['/v2/users/?sort=general.lastNpsScoreSend:1', '/v2/users/?general.lastNpsScoreSendFrom=0']) {
      const listed = await send('GET', url);
      assert.equal(listed.status, 200, `${url}: ${JSON.stringify(listed.body)}`);
      assert.equal(
        listed.body.some((u: { id: string }) => u.id === 'tz-user'),
        created.status === 201,
      );
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
    for (const collection of [
      'customers',
      'activityTypes',
      'objects',
      'taxRates',
      'paymentTerms',
      'articles',
      'accessGroups',
      'users',
    ]) {
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

interface RawReply {
  status: number;
  headers: string;
  body: Json;
}

/** Writes raw bytes on a new connection and reads the answer until the server closes it. */
async function raw(port: number, ...chunks: Array<string | (() => Promise<unknown>)>): Promise<RawReply> {
  const socket = connect(port, '127.0.0.1');
  const closed = once(socket, 'close');
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk;
  });
  socket.on('error', () => {
    /* a reset after the answer: the answer is what counts */
  });
  await once(socket, 'connect');
  for (const chunk of chunks) {
    if (typeof chunk === 'string') socket.write(chunk);
    else await chunk();
  }
  await closed;
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
  statuses.push({ url: `raw ${head.split('\r\n')[0]}`, status });
  let body: Json;
  try {
    body = JSON.parse(rest.join('\r\n\r\n'));
  } catch {
    body = rest.join('\r\n\r\n');
  }
  return { status, headers: head.toLowerCase(), body };
}

function assertRawProblem(res: RawReply, status: number) {
  assert.equal(res.status, status, res.headers);
  assert.match(res.headers, /\r\ncontent-type: application\/problem\+json/);
  assertProblem({ status: res.status, body: res.body, contentType: 'application/problem+json' }, status);
}

describe('framework-level errors over a real connection', () => {
  let port = 0;
  before(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  test('an over-long URL or header is 431 problem+json', async () => {
    assertRawProblem(await raw(port, `GET /v2/customers/?name=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 431);
    assertRawProblem(await raw(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
  });

  test('a malformed request line or header is 400 problem+json', async () => {
    assertRawProblem(await raw(port, 'THIS IS NOT HTTP\r\n\r\n'), 400);
    assertRawProblem(await raw(port, 'GET /health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'), 400);
  });

  test('404, 413, 415 and a JSON parse error are problem+json on the wire too', async () => {
    const auth = `Authorization: ${a.headers.authorization}\r\n`;
    assertRawProblem(await raw(port, 'GET /v2/nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 404);
    assertRawProblem(
      await raw(
        port,
        `POST /v2/customers/ HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${BODY_LIMIT * 10}\r\nConnection: close\r\n\r\n{`,
      ),
      413,
    );
    assertRawProblem(
      await raw(
        port,
        `POST /v2/customers/ HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/xml\r\nContent-Length: 3\r\nConnection: close\r\n\r\n<a>`,
      ),
      415,
    );
    assertRawProblem(
      await raw(
        port,
        `POST /v2/customers/ HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"a":`,
      ),
      400,
    );
  });
});

describe('router errors', () => {
  test('a malformed percent-encoding is 400, an over-long path parameter 414, a method without a route 404 (Fastify has no 405)', async () => {
    assertProblem(await send('GET', '/v2/customers/%zz'), 400);
    assertProblem(await send('GET', `/v2/customers/${'a'.repeat(300)}`), 414);
    assertProblem(await send('PROPFIND' as InjectOptions['method'], '/v2/customers/'), 404);
    assertProblem(await send('POST', '/v2/customers/', { payload: 'x', headers: { 'content-type': ';;;' } }), 415);
  });
});

test('while the server closes, a request still arriving on an open connection is 503 problem+json', {
  timeout: 60_000,
}, async () => {
  const closing = await createTestApp();
  await closing.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = closing.app.server.address() as { port: number };
  let closed: Promise<void> | undefined;
  let res: Awaited<ReturnType<typeof raw>>;
  try {
    // The request line has arrived (the connection is not idle, so closing waits for it); its end comes after close began.
    res = await raw(
      port,
      'GET /health HTTP/1.1\r\nHost: x\r\n',
      () => new Promise((resolve) => setTimeout(resolve, 100)),
      async () => {
        closed = closing.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
      },
      '\r\n',
    );
  } finally {
    await (closed ?? closing.close()); // a listening server left open would keep the file from ending
  }
  assertRawProblem(res, 503);
  assert.match(res.headers, /\r\nconnection: close/);
  assert.match(res.headers, /\r\nretry-after: 5/);
  statuses.pop(); // this 503 is the point of the test
});

// A check over every test of the file, so an after hook (it runs last whatever the order; a failure
// fails the run) rather than a test that must come last.
after(() => {
  assert.ok(statuses.length > 40, `only ${statuses.length} requests were recorded`);
  assert.deepEqual(
    statuses.filter((s) => s.status >= 500),
    [],
    'no request of this file answered with a 5xx',
  );
});
