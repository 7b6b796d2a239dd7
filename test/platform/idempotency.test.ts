import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { createApp } from '../../src/app.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

const LEASE_SECONDS = 1; // short, so that abandoned keys expire within the test

let t: TestApp;
let acme: Tenant;

before(async () => {
  t = await createTestApp({ IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) });
  acme = await signup(t.app, 'Acme');
});
after(() => t.close());

const withKey = (key: string, headers = acme.headers) => ({ ...headers, 'idempotency-key': key });
const countCustomers = async () =>
  Number((await call(t.app, 'GET', '/v2/customers/?limit=1', acme.headers)).headers['x-total-count']);

describe('Idempotency-Key', () => {
  test('a resource create stores its answer in its own transaction: committed before anything is sent', async () => {
    // A second app on the same database, with a hook that looks at the key before the answer leaves.
    const app = await createApp({ config: t.config, database: t.database, logger: false });
    const seen: Array<number | null> = [];
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.headers['idempotency-key'] === 'k-in-tx') {
        const row = await sql<{
          response_status: number | null;
        }>`SELECT response_status FROM idempotency_keys WHERE key = 'k-in-tx'`.execute(t.database.kysely);
        seen.push(row.rows[0]?.response_status ?? null);
      }
      return payload;
    });
    await app.ready();
    const first = await call(app, 'POST', '/v2/customers/', withKey('k-in-tx'), { name: 'Stored with its write' });
    assert.equal(first.status, 201);
    assert.deepEqual(seen, [201], 'a crash after the commit would still replay the answer');
    const replay = await call(t.app, 'POST', '/v2/customers/', withKey('k-in-tx'), { name: 'Stored with its write' });
    assert.deepEqual(replay.body, first.body);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
  });

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
    const first = slowUpload('k-3');
    await until(async () => (await keyRow('k-3')) !== undefined);
    const second = await t.app.inject({
      method: 'POST',
      url: '/v2/documents/',
      headers: first.headers,
      payload: first.whole,
    });
    first.finish();
    assert.deepEqual([(await first.response).statusCode, second.statusCode], [201, 409]);
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
    const keys = (await call(t.app, 'GET', '/v2/apiKeys', acme.headers)).body.filter((k: Json) => k.name === 'once');
    assert.equal(keys.length, 1);
  });

  test('a key whose request died answers 409 until its lease runs out; then a retry runs the request again', async () => {
    const first = await call(t.app, 'POST', '/v2/customers/', withKey('died'), { name: 'Died' });
    assert.equal(first.status, 201);
    // As a process killed mid-request leaves it: a lease long enough that no slow machine outlives it ...
    await abandon('died', 600);
    const before = await countCustomers();
    assert.equal((await call(t.app, 'POST', '/v2/customers/', withKey('died'), { name: 'Died' })).status, 409);
    await abandon('died', -1); // ... and then run out (moved into the past, as time would), with no wait
    const retried = await call(t.app, 'POST', '/v2/customers/', withKey('died'), { name: 'Died' });
    assert.equal(retried.status, 201);
    assert.equal(retried.headers['idempotent-replayed'], undefined, 'it ran again');
    assert.equal(await countCustomers(), before + 1);
    const replayed = await call(t.app, 'POST', '/v2/customers/', withKey('died'), { name: 'Died' });
    assert.deepEqual(
      [replayed.body, replayed.headers['idempotent-replayed']],
      [retried.body, 'true'],
      'its result is stored and replayed',
    );
    await abandon('died', -1);
    assert.equal(
      (await call(t.app, 'POST', '/v2/customers/', withKey('died'), { name: 'Other' })).status,
      422,
      'another body never takes a key over',
    );
  });

  test('of two parallel retries of an abandoned key, only one runs', async () => {
    await call(t.app, 'POST', '/v2/customers/', withKey('race'), { name: 'Race' });
    await abandon('race', -1);
    const before = await countCustomers();
    const retries = await Promise.all(
      [1, 2].map(() => call(t.app, 'POST', '/v2/customers/', withKey('race'), { name: 'Race' })),
    );
    assert.equal(await countCustomers(), before + 1);
    const ran = retries.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    assert.equal(ran.length, 1, JSON.stringify(retries.map((r) => [r.status, r.headers['idempotent-replayed']])));
    const other = retries.find((r) => r !== ran[0])!;
    assert.ok(
      other.status === 409 || (other.status === 201 && other.body._id === ran[0]!.body._id),
      `${other.status} ${JSON.stringify(other.body)}`,
    );
  });

  test('a request running longer than the lease renews it: a retry meanwhile is 409, and the work is done once', async () => {
    const documents = async () =>
      Number((await call(t.app, 'GET', '/v2/documents/?limit=1', acme.headers)).headers['x-total-count']);
    const before = await documents();
    const slow = slowUpload('slow');
    await until(async () => (await keyRow('slow')) !== undefined);
    await sleep(LEASE_SECONDS * 1600);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/v2/documents/',
      headers: slow.headers,
      payload: slow.whole,
    });
    slow.finish();
    assert.equal((await slow.response).statusCode, 201);
    assert.equal(retry.statusCode, 409, retry.body);
    assert.equal(await documents(), before + 1);
  });
});

/** A document upload whose file arrives in two halves: its key is claimed before the handler reads the body. */
function slowUpload(key: string) {
  const boundary = 'slow-upload-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${acme.userId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\nfirst half, `;
  const tail = `second half\r\n--${boundary}--\r\n`;
  const headers = withKey(key, { ...acme.headers, 'content-type': `multipart/form-data; boundary=${boundary}` });
  const body = new PassThrough();
  body.write(head);
  const response = t.app.inject({ method: 'POST', url: '/v2/documents/', headers, payload: body });
  return { headers, whole: head + tail, response, finish: () => body.end(tail) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(isDone: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await isDone()); i++) await sleep(25);
}

async function keyRow(key: string) {
  return t.database.kysely.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Turns a key back into "in progress" with a lease ending in `seconds`, as a request whose process died leaves it. */
async function abandon(key: string, seconds: number) {
  await sql`UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, response_type = NULL,
    lease_until = now() + make_interval(secs => ${seconds}) WHERE key = ${key}`.execute(t.database.kysely);
}
