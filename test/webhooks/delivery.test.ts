// Delivery end to end against a real receiver on 127.0.0.1 (the only address allow-listed here):
// signatures, retries, final failure, disabling, exactly-once under two workers, no redirects,
// the deliveries log, redelivery, pings, DNS rebinding and the attempt sweep. DNS is a stub.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { deliveryWorker, type DeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { webhookDeps } from '../../src/modules/webhooks/webhook-deps.js';
import type { Resolver } from '../../src/modules/webhooks/target-guard.js';
import { eventsUntil } from '../helpers/event-feed.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

const BASE = '/v2/integrations/webhooks';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The stub DNS. A name has answers for checks (one per call, the last repeats) and for look-ups made
// while a socket connects (node:net on the stack): those get `connect`, loopback at most, so even a
// broken guard could only ever reach our own receiver, never a private or public host.
const dns = new Map<string, { check: string[]; connect: string[] }>();
const resolverCalls: Array<{ host: string; connecting: boolean }> = [];
const resolver: Resolver = async (host) => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const connecting = /node:net/.test(new Error().stack ?? '');
  Error.stackTraceLimit = limit;
  resolverCalls.push({ host, connecting });
  const name = dns.get(host);
  if (!name) throw new Error(`ENOTFOUND ${host}`);
  const answers = connecting ? name.connect : name.check;
  return [answers.length > 1 ? answers.shift()! : answers[0]!];
};

interface Step {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  size?: number;
}
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
const behaviour = new Map<string, Step[]>(); // per path; the last step repeats; default 200 "ok"
const hits = (path: string) => received.filter((r) => r.path === path);
const streamed = new Map<string, { written: number; finished: boolean }>(); // answers sent as a stream of `size` bytes

let t: TestApp;
let server: Server;
let port: number;
let worker: DeliveryWorker;
const extraWorkers: DeliveryWorker[] = [];

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body });
      const steps = behaviour.get(req.url!) ?? [{ status: 200, body: 'ok' }];
      const step = steps.length > 1 ? steps.shift()! : steps[0]!;
      if (!step.size) return void res.writeHead(step.status, step.headers).end(step.body ?? '');
      const state = { written: 0, finished: false };
      streamed.set(req.url!, state);
      res.writeHead(step.status, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (state.written < step.size!) {
          state.written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end(() => {
          state.finished = true;
        });
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  t = await createTestApp(
    {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE: '0.5,0.5,0.5',
      WEBHOOK_DISABLE_AFTER_HOURS: '1',
      WEBHOOK_ATTEMPT_RETENTION_DAYS: '1',
    },
    { resolveHost: resolver },
  );
  worker = newWorker();
});
after(async () => {
  for (const w of [worker, ...extraWorkers]) await w?.stop();
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

function newWorker(overrides: Partial<ReturnType<typeof webhookDeps>> = {}) {
  const w = deliveryWorker({
    database: t.database,
    config: t.config,
    log: t.app.log,
    ...webhookDeps(t.config, resolver),
    ...overrides,
  });
  if (worker) extraWorkers.push(w);
  return w;
}

/** Runs the worker (waiting out retry delays) until `done` holds. */
async function deliverUntil(done: () => boolean | Promise<boolean>, w = worker, timeoutMs = 6000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    assert.ok(Date.now() < deadline, 'timed out waiting for deliveries');
    if ((await w.runOnce()) === 0) await sleep(50);
  }
}

async function hook(tenant: Tenant, path: string, extra: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', `${BASE}/`, tenant.headers, {
    type: 'CREATE',
    entity: 'customer',
    url: `http://127.0.0.1:${port}${path}`,
    ...extra,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { _id: string; secret: string };
}

async function customer(tenant: Tenant, name = 'Customer') {
  const res = await call(t.app, 'POST', '/v2/customers/', tenant.headers, { name });
  assert.equal(res.status, 201);
  return res.body._id as string;
}

async function deliveries(tenant: Tenant, webhookId: string, query = '') {
  const res = await call(t.app, 'GET', `${BASE}/${webhookId}/deliveries${query}`, tenant.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as Json[];
}

const verify = (secret: string, r: { headers: IncomingHttpHeaders; body: string }) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Json;

describe('delivery', () => {
  test('signed (Standard Webhooks) with the event payload; after rotateSecret signed with the new secret', async () => {
    const acme = await signup(t.app, 'Signed');
    const { _id, secret } = await hook(acme, '/signed');
    const id = await customer(acme, 'Signed Ltd');
    await deliverUntil(() => hits('/signed').length === 1);
    const [first] = hits('/signed');
    const payload = verify(secret, first!);
    assert.deepEqual(Object.keys(payload).sort(), ['companyId', 'data', 'entity', 'id', 'occurredAt', 'type']);
    assert.deepEqual([payload.type, payload.entity, payload.companyId], ['CREATE', 'customer', acme.companyId]);
    assert.match(payload.occurredAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(payload.data, (await call(t.app, 'GET', `/v2/customers/${id}`, acme.headers)).body);
    assert.equal(first!.headers['webhook-id'], payload.id);
    assert.match(String(first!.headers['content-type']), /^application\/json/);
    const { rows: events } = await sql<{
      type: string;
    }>`SELECT type FROM events WHERE company_id = ${acme.companyId} AND id = ${payload.id}`.execute(t.database.kysely);
    assert.deepEqual(
      events.map((e) => e.type),
      ['CREATE'],
      'the webhook-id is the event id',
    );
    assert.throws(
      () => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, first!),
      'another secret does not verify',
    );

    const rotated = (await call(t.app, 'POST', `${BASE}/${_id}/rotateSecret`, acme.headers)).body.secret;
    await customer(acme, 'After rotation');
    await deliverUntil(() => hits('/signed').length === 2);
    const second = hits('/signed')[1]!;
    assert.equal(verify(rotated, second).data.name, 'After rotation');
    assert.throws(() => verify(secret, second), 'the old secret stops at once');
  });

  test('500 twice then 200: three attempts with the same webhook-id, each after its retry delay; all recorded', async () => {
    const acme = await signup(t.app, 'Flaky');
    const { _id, secret } = await hook(acme, '/flaky');
    behaviour.set('/flaky', [
      { status: 500, body: 'boom' },
      { status: 500, body: 'boom' },
      { status: 200, body: 'thanks' },
    ]);
    await customer(acme);
    await deliverUntil(() => hits('/flaky').length === 1);
    assert.equal(await worker.runOnce(), 0, 'the retry waits for its delay');
    await deliverUntil(() => hits('/flaky').length === 3);
    const ids = hits('/flaky').map((r) => r.headers['webhook-id']);
    assert.equal(new Set(ids).size, 1);
    for (const r of hits('/flaky')) assert.equal(verify(secret, r).id, ids[0]);
    const [delivery] = await deliveries(acme, _id);
    assert.deepEqual([delivery.status, delivery.eventId], ['delivered', ids[0]]);
    assert.deepEqual(
      delivery.attempts.map((a: Json) => a.statusCode),
      [500, 500, 200],
    );
    assert.deepEqual(
      delivery.attempts.map((a: Json) => a.responseExcerpt),
      ['boom', 'boom', 'thanks'],
    );
    assert.deepEqual(
      delivery.attempts.map((a: Json) => a.error),
      ['answered 500', 'answered 500', null],
    );
    assert.ok(
      delivery.attempts.every((a: Json) => Number.isInteger(a.durationMs) && a.durationMs >= 0 && a.attemptedAt),
    );
    const gaps = delivery.attempts
      .slice(1)
      .map((a: Json, i: number) => Date.parse(a.attemptedAt) - Date.parse(delivery.attempts[i].attemptedAt));
    assert.ok(
      gaps.every((g: number) => g >= 350),
      `retries wait (gaps ${gaps})`,
    );
    await sleep(600).then(() => worker.runOnce());
    assert.equal(hits('/flaky').length, 3, 'a delivered event is not sent again');
  });

  test('after the last retry the delivery fails; a webhook failing longer than the limit is disabled', async () => {
    const acme = await signup(t.app, 'Failing');
    const fresh = await hook(acme, '/down-new');
    const old = await hook(acme, '/down-old');
    for (const path of ['/down-new', '/down-old']) behaviour.set(path, [{ status: 503, body: 'x'.repeat(2000) }]);
    // The old one has been failing for two hours (limit: 1 hour); a success would have reset it.
    await sql`UPDATE webhooks SET failing_since = now() - interval '2 hours' WHERE id = ${old._id}`.execute(
      t.database.kysely,
    );
    await customer(acme);
    const attempts = t.config.webhookRetrySchedule.length + 1;
    await deliverUntil(
      async () =>
        (await deliveries(acme, fresh._id))[0]?.status === 'failed' &&
        (await deliveries(acme, old._id))[0]?.status === 'failed',
    );
    assert.equal(hits('/down-new').length, attempts);
    const [failed] = await deliveries(acme, fresh._id);
    assert.deepEqual(
      [failed.attempts.length, failed.lastStatusCode, typeof failed.finishedAt],
      [attempts, 503, 'string'],
    );
    assert.equal(failed.attempts[0].responseExcerpt.length, 500, 'the first 500 bytes of the answer');

    const freshRead = (await call(t.app, 'GET', `${BASE}/${fresh._id}`, acme.headers)).body;
    assert.equal(freshRead.disabledAt, undefined, 'failing for less than the limit: still enabled');
    const oldRead = (await call(t.app, 'GET', `${BASE}/${old._id}`, acme.headers)).body;
    assert.match(oldRead.disabledAt, /^\d{4}-\d\d-\d\dT/);
    assert.match(oldRead.disabledReason, /1 hours.*503/);

    await customer(acme, 'After disabling');
    await deliverUntil(async () => (await deliveries(acme, fresh._id)).length === 2);
    assert.equal((await deliveries(acme, old._id)).length, 1, 'a disabled webhook gets no new deliveries');
    await sleep(600).then(() => worker.runOnce());
    assert.equal(hits('/down-old').length, attempts, 'nothing more was sent to the disabled webhook');

    assert.deepEqual((await call(t.app, 'POST', `${BASE}/${old._id}/enable`, acme.headers)).body, { _id: old._id });
    const enabled = (await call(t.app, 'GET', `${BASE}/${old._id}`, acme.headers)).body;
    assert.deepEqual([enabled.disabledAt, enabled.disabledReason], [undefined, undefined]);
    await customer(acme, 'After enabling');
    await deliverUntil(async () => (await deliveries(acme, old._id)).length === 2);
  });

  test('two workers at once deliver each event exactly once', async () => {
    const acme = await signup(t.app, 'Busy');
    await hook(acme, '/many');
    const count = 30;
    for (let i = 0; i < count; i += 1) await customer(acme, `Many ${i}`);
    const other = newWorker();
    const worked = { first: 0, second: 0 };
    for (let round = 0; round < 50; round += 1) {
      const [a, b] = await Promise.all([worker.runOnce(4), other.runOnce(4)]);
      worked.first += a;
      worked.second += b;
      if (a === 0 && b === 0 && hits('/many').length >= count) break;
    }
    const ids = hits('/many').map((r) => r.headers['webhook-id']);
    assert.equal(ids.length, count);
    assert.equal(new Set(ids).size, count, 'no event twice');
    assert.ok(worked.first > 0 && worked.second > 0, `both workers took part (${JSON.stringify(worked)})`);
  });

  test('redirects are not followed: a 302 is a failed attempt and its target is never asked', async () => {
    const acme = await signup(t.app, 'Redirect');
    const { _id } = await hook(acme, '/moved');
    behaviour.set('/moved', [{ status: 302, headers: { location: `http://127.0.0.1:${port}/moved-target` } }]);
    await customer(acme);
    await deliverUntil(() => hits('/moved').length === 1);
    await sleep(100);
    assert.equal(hits('/moved-target').length, 0);
    const [delivery] = await deliveries(acme, _id);
    assert.notEqual(delivery.status, 'delivered');
    assert.deepEqual([delivery.attempts[0].statusCode, delivery.attempts[0].error], [302, 'answered 302']);
  });

  test('deliveries are listed and filtered; redeliver sends again; test sends a PING; a success resets the failure clock', async () => {
    const acme = await signup(t.app, 'Log');
    const { _id, secret } = await hook(acme, '/log');
    await hook(acme, '/log-articles', { entity: 'article' });
    await hook(acme, '/log-updates', { type: 'UPDATE' });
    await sql`UPDATE webhooks SET failing_since = now() - interval '30 minutes' WHERE id = ${_id}`.execute(
      t.database.kysely,
    );
    const before = new Date(Date.now() - 1000).toISOString();
    await customer(acme);
    await deliverUntil(() => hits('/log').length === 1);
    const { rows } = await sql<{
      failing_since: Date | null;
    }>`SELECT failing_since FROM webhooks WHERE id = ${_id}`.execute(t.database.kysely);
    assert.equal(rows[0]!.failing_since, null);
    const ping = await call(t.app, 'POST', `${BASE}/${_id}/test`, acme.headers);
    assert.equal(ping.status, 200);
    await deliverUntil(() => hits('/log').length === 2);
    const pinged = verify(secret, hits('/log')[1]!);
    assert.deepEqual([pinged.type, pinged.entity, pinged.data.webhookId], ['PING', 'customer', _id]);
    assert.equal(hits('/log-articles').length + hits('/log-updates').length, 0, 'only subscribed entity and type');

    const all = await deliveries(acme, _id);
    assert.deepEqual(
      all.map((d) => d.type),
      ['PING', 'CREATE'],
      'newest first',
    );
    assert.equal(all[0]._id, ping.body._id);
    for (const d of all) {
      assert.deepEqual([d.status, d.attempts.length], ['delivered', 1]);
      const { attemptedAt, durationMs, ...attempt } = d.attempts[0];
      assert.ok(attemptedAt && Number.isInteger(durationMs));
      assert.deepEqual(attempt, { statusCode: 200, error: null, responseExcerpt: 'ok' });
    }
    const later = new Date(Date.now() + 60_000).toISOString();
    assert.equal((await deliveries(acme, _id, '?status=failed')).length, 0);
    assert.equal((await deliveries(acme, _id, '?status=pending,delivered')).length, 2);
    assert.equal((await deliveries(acme, _id, `?from=${encodeURIComponent(later)}`)).length, 0);
    assert.equal((await deliveries(acme, _id, `?to=${encodeURIComponent(before)}`)).length, 0);
    assert.equal(
      (await deliveries(acme, _id, `?from=${encodeURIComponent(before)}&to=${encodeURIComponent(later)}`)).length,
      2,
    );
    assert.equal((await deliveries(acme, _id, '?limit=1&offset=1'))[0]._id, all[1]._id);

    const again = await call(t.app, 'POST', `${BASE}/${_id}/deliveries/${all[1]._id}/redeliver`, acme.headers);
    assert.equal(again.status, 200);
    assert.notEqual(again.body._id, all[1]._id);
    const stillPending = await call(
      t.app,
      'POST',
      `${BASE}/${_id}/deliveries/${again.body._id}/redeliver`,
      acme.headers,
    );
    assert.equal(stillPending.status, 409, 'a delivery under way is not redelivered');
    await deliverUntil(() => hits('/log').length === 3);
    assert.equal(hits('/log')[2]!.headers['webhook-id'], all[1].eventId, 'the same event again');
    assert.equal((await deliveries(acme, _id)).length, 3);
    assert.equal(
      (await call(t.app, 'POST', `${BASE}/${_id}/deliveries/0123456789abcdef01234567/redeliver`, acme.headers)).status,
      404,
    );

    // A customer made after the ping: once the feed shows it, a ping in the feed would show too. (On PostgreSQL
    // the feed holds events back while an older transaction runs elsewhere on the server: wait, do not read once.)
    const made = await customer(acme);
    const feed = await eventsUntil(t.app, acme, (es) => es.some((e) => e.data._id === made), 'the later customer');
    assert.ok(!feed.some((e) => e.type === 'PING'), 'a test ping is not part of the event feed');
  });

  test('DNS rebinding: a name that turns private after creation is refused at delivery, before connecting', async () => {
    const acme = await signup(t.app, 'Rebind');
    dns.set('rebind.example', { check: ['93.184.216.34', '10.0.0.1'], connect: ['127.0.0.1'] });
    const { _id } = await hook(acme, '/rebind', { url: `http://rebind.example:${port}/rebind` });
    resolverCalls.length = 0;
    await customer(acme);
    await deliverUntil(async () => (await deliveries(acme, _id))[0]?.attempts.length === 1);
    const [delivery] = await deliveries(acme, _id);
    assert.match(delivery.attempts[0].error, /rebind\.example resolves to a non-public address \(10\.0\.0\.1\)/);
    assert.equal(delivery.attempts[0].statusCode, null);
    assert.deepEqual(
      resolverCalls.filter((c) => c.host === 'rebind.example'),
      [{ host: 'rebind.example', connecting: false }],
      'refused by the guard before any connection was attempted',
    );
    assert.equal(hits('/rebind').length, 0);
    await call(t.app, 'DELETE', `${BASE}/${_id}`, acme.headers); // its retries end as 'the webhook was deleted'
  });

  test('DNS rebinding between the check and the connection is refused at connect time', async () => {
    const acme = await signup(t.app, 'Rebind late');
    // Public when checked, loopback when connecting (our receiver, which this worker does not allow).
    dns.set('late.example', { check: ['93.184.216.34'], connect: ['127.0.0.1'] });
    const { _id } = await hook(acme, '/late', { url: `http://late.example:${port}/late` });
    resolverCalls.length = 0;
    const strict = newWorker({ policy: { allowHttp: true, allowed: [] } });
    await customer(acme);
    await deliverUntil(async () => (await deliveries(acme, _id))[0]?.attempts.length === 1, strict);
    const [delivery] = await deliveries(acme, _id);
    assert.match(delivery.attempts[0].error ?? '', /non-public address \(127\.0\.0\.1\)/);
    assert.ok(
      resolverCalls.some((c) => c.host === 'late.example' && c.connecting),
      'the connection looked the name up through the guard',
    );
    assert.equal(hits('/late').length, 0, 'never connected');
    await call(t.app, 'DELETE', `${BASE}/${_id}`, acme.headers);
  });

  test('WEBHOOK_ALLOW_HTTP with WEBHOOK_ALLOWED_TARGETS=127.0.0.1 allows that address in any spelling, and nothing else', async () => {
    const acme = await signup(t.app, 'Allowed');
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433'])
      await hook(acme, '/allowed', { url: `http://${host}:${port}/allowed`, entity: 'task' });
    for (const url of [
      'http://127.0.0.2/',
      'http://10.0.0.1/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'ftp://127.0.0.1/',
    ]) {
      const res = await call(t.app, 'POST', `${BASE}/`, acme.headers, { type: 'CREATE', entity: 'task', url });
      assert.equal(res.status, 400, url);
    }
  });

  test('only the excerpt of an answer is read: a huge body is not downloaded', async () => {
    const acme = await signup(t.app, 'Huge');
    const { _id } = await hook(acme, '/huge');
    behaviour.set('/huge', [{ status: 200, size: 64 * 1024 * 1024 }]);
    await customer(acme);
    await deliverUntil(async () => (await deliveries(acme, _id))[0]?.attempts.length === 1);
    const [delivery] = await deliveries(acme, _id);
    assert.equal(delivery.attempts[0].statusCode, 200);
    assert.equal(Buffer.byteLength(delivery.attempts[0].responseExcerpt), 500);
    await sleep(50);
    const state = streamed.get('/huge')!;
    assert.equal(state.finished, false, `the worker read the whole answer (${state.written} bytes) to keep 500`);
  });

  test('sweep forgets attempts older than the retention period', async () => {
    const acme = await signup(t.app, 'Sweep');
    const { _id } = await hook(acme, '/sweep');
    await customer(acme, 'Old');
    await deliverUntil(() => hits('/sweep').length === 1);
    const [old] = await deliveries(acme, _id);
    await sql`UPDATE webhook_attempts SET attempted_at = now() - interval '25 hours' WHERE delivery_id = ${old._id}`.execute(
      t.database.kysely,
    );
    await customer(acme, 'New');
    await deliverUntil(() => hits('/sweep').length === 2);
    await worker.sweep();
    const after = await deliveries(acme, _id);
    assert.equal(after.find((d) => d._id === old._id).attempts.length, 0);
    assert.equal(after.find((d) => d._id !== old._id).attempts.length, 1);
  });
});
