// GET /metrics (off: 404; on with METRICS_TOKEN: bearer only), what it reports (requests by route
// pattern, connections, queues, job-window extensions, the process), and request ids: X-Request-Id
// taken when plain and bounded, else generated, echoed on every answer and on every log line with
// the caller's company and user; Server-Timing on request (SERVER_TIMING).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { inTenant } from '../../src/platform/db/tenant.js';
import { queueMail } from '../../src/platform/mail/outbox.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const BEARER = { authorization: `Bearer ${TOKEN}` };
const DAY = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const logLines: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line) logLines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let tenant: Tenant;

before(async () => {
  t = await createTestApp({ METRICS: 'on', METRICS_TOKEN: TOKEN }, { logger: { level: 'info', stream: logStream } });
  tenant = await signup(t.app, 'Metrics');
});
after(() => t.close());

const scrape = async (app: FastifyInstance = t.app, headers: Record<string, string> = BEARER) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  assert.equal(res.statusCode, 200, res.body);
  return res.body;
};
/** The value of the sample `name{labels}` (labels as printed), or undefined when there is none. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics access', () => {
  test('off (the default): 404 like any unknown route', async () => {
    const off = await createTestApp();
    try {
      const res = await call(off.app, 'GET', '/metrics', BEARER);
      assert.equal(res.status, 404);
      assert.match(res.headers['content-type'] as string, /^application\/problem\+json/);
      assert.ok(!off.app.routeList.some((route) => route.url === '/metrics'));
    } finally {
      await off.close();
    }
  });

  test('with METRICS_TOKEN: 401 problem+json without it or with another; 200 with it', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer metrics-token-0123456789abcdeX' },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: `Bearer ${TOKEN} extra` },
      { authorization: TOKEN },
    ] as Array<Record<string, string>>) {
      const res = await call(t.app, 'GET', '/metrics', headers);
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.match(res.headers['content-type'] as string, /^application\/problem\+json/);
      assert.equal(res.body.status, 401);
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="metrics"');
    }
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
  });

  test('hidden from the OpenAPI document; credentials of the API do not open it', async () => {
    const doc = (await call(t.app, 'GET', '/v2/openapi.json', {})).body;
    assert.ok(!Object.keys(doc.paths).some((path) => path.includes('metrics')));
    assert.equal((await call(t.app, 'GET', '/metrics', tenant.headers)).status, 401);
  });

  test('settings: METRICS is on or off; METRICS_TOKEN 16 to 256 visible characters', () => {
    const base = { DATA_DIR: t.dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' };
    assert.equal(loadConfig(base).metrics, false);
    assert.equal(loadConfig({ ...base, METRICS: 'on' }).metricsToken, undefined);
    assert.throws(() => loadConfig({ ...base, METRICS: 'yes' }), /METRICS must be on or off/);
    for (const token of ['short', 'with a space in the token', 'x'.repeat(257)])
      assert.throws(() => loadConfig({ ...base, METRICS_TOKEN: token }), /METRICS_TOKEN/);
  });
});

describe('what /metrics reports', () => {
  test('request latency by route pattern, method and status class; never the raw URL', async () => {
    const jobId = '65f1c0de00000000000000ff';
    assert.equal((await call(t.app, 'GET', `/v2/jobs/${jobId}`, tenant.headers)).status, 404);
    assert.equal((await call(t.app, 'GET', '/v2/customers/', tenant.headers)).status, 200);
    assert.equal((await call(t.app, 'GET', '/no/such/route/42', {})).status, 404);
    const text = await scrape();
    assert.match(text, /# TYPE crewbase_http_request_duration_seconds histogram/);
    const count = (labels: string) => sample(text, `crewbase_http_request_duration_seconds_count{${labels}}`);
    assert.ok(count('route="/v2/jobs/:id",method="GET",status_class="4xx"')! >= 1, text);
    assert.ok(count('route="/v2/customers/",method="GET",status_class="2xx"')! >= 1);
    assert.ok(count('route="(unmatched)",method="GET",status_class="4xx"')! >= 1);
    assert.match(
      text,
      /crewbase_http_request_duration_seconds_bucket\{le="0\.0025",route="\/v2\/customers\/",method="GET",status_class="2xx"\} \d+/,
    );
    assert.ok(!text.includes(jobId) && !text.includes('/no/such/route'), 'no raw URL in a label');
  });

  test('webhook and mail queues: count and age of the oldest waiting', async () => {
    const before = await scrape();
    for (const queue of ['webhook_deliveries', 'mail_outbox']) {
      assert.equal(sample(before, `crewbase_${queue}_pending`), 0, before);
      assert.equal(sample(before, `crewbase_${queue}_oldest_age_seconds`), 0);
    }
    // A subscribed webhook gets a delivery for a new customer; no worker runs in the tests, so it waits.
    const hook = await call(t.app, 'POST', '/v2/integrations/webhooks/', tenant.headers, {
      type: 'CREATE',
      entity: 'customer',
      url: 'https://93.184.216.34/hook',
    });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    assert.equal((await call(t.app, 'POST', '/v2/customers/', tenant.headers, { name: 'Queued' })).status, 201);
    await inTenant(t.database, tenant.companyId, (tx) =>
      queueMail(tx, { to: 'someone@example.com', subject: 'waits', text: 'not sent: queued only' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const text = await scrape();
    for (const queue of ['webhook_deliveries', 'mail_outbox']) {
      assert.equal(sample(text, `crewbase_${queue}_pending`), 1, text);
      const age = sample(text, `crewbase_${queue}_oldest_age_seconds`)!;
      assert.ok(age > 0 && age < 60, `${queue} age ${age}`);
    }
  });

  test('job-window extensions are counted', async () => {
    const series = 'crewbase_job_window_extensions_total';
    const before = sample(await scrape(), series)!;
    assert.ok(before >= 0);
    // A frame well beyond the window kept ahead (42 days) extends it.
    const from = Date.now() + 200 * DAY;
    const res = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', tenant.headers, {
      from: String(from),
      to: String(from + DAY),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(sample(await scrape(), series)! > before);
  });

  test('the process: CPU, memory, event-loop lag', async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      assert.ok(sample(text, name) !== undefined, name);
  });

  test('database connections: pool size on PostgreSQL; pool gauges when the database tells its use', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') assert.equal(sample(text, 'crewbase_db_pool_max_connections'), 10);
    else assert.equal(sample(text, 'crewbase_db_pool_max_connections'), undefined);
    // The gauges read connectionStats(): a database object with made-up figures shows the mapping. This
    // app shares the test's database (not closing it) and has no token: /metrics is open then.
    const counting = Object.assign({}, t.database, {
      close: async () => {},
      connectionStats: () => ({ total: 4, idle: 1, waiting: 2, writesWaiting: 3 }),
    });
    const app = await createApp({
      config: { ...t.config, metricsToken: undefined },
      database: counting,
      logger: false,
    });
    try {
      const open = await scrape(app, {});
      assert.equal(sample(open, 'crewbase_db_pool_connections'), 4);
      assert.equal(sample(open, 'crewbase_db_pool_idle_connections'), 1);
      assert.equal(sample(open, 'crewbase_db_pool_waiting'), 2);
      assert.equal(sample(open, 'crewbase_db_writes_waiting'), 3);
      assert.equal(sample(open, 'crewbase_webhook_deliveries_pending'), 1, 'the queues of the shared database');
    } finally {
      await app.close();
    }
    if (t.database.kind === 'postgres') {
      assert.ok((sample(text, 'crewbase_db_pool_connections') ?? 0) >= 1, 'the pool holds the connection just used');
      assert.ok(sample(text, 'crewbase_db_pool_waiting') !== undefined);
    } else {
      assert.equal(sample(text, 'crewbase_db_pool_connections'), undefined, 'no gauge where the database cannot tell');
    }
  });
});

describe('pool gauges at a stall', () => {
  test("the pools' use as the scrape found it, not as its own wait for a connection left it", async () => {
    // A pool with every connection busy and transactions waiting; the scrape's queue statement is itself a
    // transaction, and by the time it has a connection the stall is over (here: its call ends the stall).
    let stalled = true;
    const pool = () => ({ total: 10, idle: 0, waiting: stalled ? 4 : 0 });
    const database = Object.assign({}, t.database, {
      close: async () => {},
      connectionStats: () => ({ ...pool(), writesWaiting: stalled ? 2 : 0 }),
      targetStats: () => [
        { target: 'db:5432', role: 'primary' as const, ...pool(), reads: 0, lagSeconds: 0, inPool: true },
      ],
      failovers: () => 0,
      transaction: ((...args: Parameters<typeof t.database.transaction>) => {
        stalled = false;
        return t.database.transaction(...args);
      }) as typeof t.database.transaction,
    });
    const app = await createApp({ config: { ...t.config, metricsToken: undefined }, database, logger: false });
    try {
      await app.ready(); // its start runs transactions of its own
      stalled = true;
      const text = await scrape(app, {});
      assert.equal(stalled, false, 'the queue statement ran');
      assert.equal(sample(text, 'crewbase_db_pool_waiting'), 4);
      assert.equal(sample(text, 'crewbase_db_writes_waiting'), 2);
      assert.equal(sample(text, 'crewbase_db_target_waiting{target="db:5432",role="primary"}'), 4);
      const later = await scrape(app, {});
      assert.equal(sample(later, 'crewbase_db_pool_waiting'), 0, 'the next scrape finds the pool as it is then');
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  test('a plain X-Request-Id of at most 128 characters is taken and echoed', async () => {
    for (const id of ['abc-123', 'trace.01:span_02-x', 'A'.repeat(128)]) {
      const res = await call(t.app, 'GET', '/v2/customers/', { ...tenant.headers, 'x-request-id': id });
      assert.equal(res.headers['x-request-id'], id);
    }
  });

  test('absent or not plain: a random UUID instead, on every answer (unknown route, 401, 400)', async () => {
    const seen = new Set<string>();
    for (const id of [undefined, '', 'A'.repeat(129), 'has space', 'a/b', 'ünïcode', '<script>']) {
      for (const [url, headers] of [
        ['/v2/customers/', tenant.headers],
        ['/v2/customers/', {}],
        ['/no/such/route', {}],
        ['/v2/customers/?limit=nope', tenant.headers],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { ...headers, ...(id === undefined ? {} : { 'x-request-id': id }) },
        });
        const echoed = res.headers['x-request-id'] as string;
        assert.match(echoed, UUID, `${url} with ${id}: ${echoed}`);
        seen.add(echoed);
      }
    }
    assert.equal(seen.size, 28, 'a new one per request');
  });

  test("a request's log lines carry its reqId, and its company and user once authenticated", async () => {
    logLines.length = 0;
    const id = 'log-line-test-1';
    await call(t.app, 'GET', '/v2/customers/', { ...tenant.headers, 'x-request-id': id });
    const lines = logLines.filter((line) => line.reqId === id);
    const completed = lines.find((line) => line.msg === 'request completed');
    assert.ok(completed, JSON.stringify(lines));
    assert.equal(completed.companyId, tenant.companyId);
    assert.equal(completed.userId, tenant.userId);
    const incoming = lines.find((line) => line.msg === 'incoming request');
    assert.ok(incoming && incoming.companyId === undefined, 'before authentication: reqId only');

    logLines.length = 0;
    await call(t.app, 'GET', '/v2/customers/', { 'x-request-id': 'log-line-test-2' });
    const refused = logLines.find((line) => line.reqId === 'log-line-test-2' && line.msg === 'request completed');
    assert.ok(refused && refused.companyId === undefined && refused.userId === undefined);
  });
});

describe('Server-Timing', () => {
  test('off by default; with SERVER_TIMING on, every answer says how long the server spent (200, 401, 404)', async () => {
    const plain = await call(t.app, 'GET', '/v2/customers/', tenant.headers);
    assert.equal(plain.headers['server-timing'], undefined);
    const timed = await createTestApp({ SERVER_TIMING: 'true' });
    try {
      const owner = await signup(timed.app, 'Timed');
      for (const [url, headers, status] of [
        ['/v2/customers/', owner.headers, 200],
        ['/v2/customers/', {}, 401],
        ['/no/such/route', {}, 404],
      ] as const) {
        const res = await call(timed.app, 'GET', url, headers);
        assert.equal(res.status, status);
        const match = /^app;dur=(\d+\.\d)$/.exec(String(res.headers['server-timing']));
        assert.ok(match, `${url}: ${res.headers['server-timing']}`);
        assert.ok(Number(match[1]) >= 0 && Number(match[1]) < 60_000);
      }
    } finally {
      await timed.close();
    }
  });
});
