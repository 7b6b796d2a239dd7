// Health, OpenAPI and the reference page, the rate limits on authentication, and the command line.
// test-run: own process (it waits on the commands it starts; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';
import { mainArgs } from '../helpers/child-processes.js';

let t: TestApp;

before(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '6', AUTH_RATE_LIMIT_PER_USERNAME: '3' });
});
after(() => t.close());

describe('health and readiness', () => {
  test('/health and /ready', async () => {
    assert.deepEqual((await call(t.app, 'GET', '/health', {})).body, { status: 'ok' });
    const ready = (await call(t.app, 'GET', '/ready', {})).body;
    if (t.database.kind === 'pglite') assert.deepEqual(ready, { status: 'ready' });
    else {
      // On PostgreSQL: the role the pool reached, where, and the read replicas (none here).
      const { hostname, port } = new URL(process.env.TEST_DATABASE_URL!);
      assert.deepEqual(ready, {
        status: 'ready',
        database: { role: 'primary', target: `${hostname}:${port || 5432}`, failovers: 0, replicas: [] },
      });
    }
  });
});

describe('OpenAPI and reference', () => {
  test('openapi.json is OpenAPI 3.1 with both security schemes and every route', async () => {
    const res = await call(t.app, 'GET', '/v2/openapi.json', {});
    assert.equal(res.status, 200);
    const doc = res.body;
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['API-Key', 'Bearer-Auth']);
    assert.equal(doc.components.securitySchemes['API-Key'].name, 'x-API-Key');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    for (const route of t.app.routeList.filter(
      (r) => r.url.startsWith('/v2/') && !r.url.startsWith('/v2/docs') && r.url !== '/v2/openapi.json',
    )) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      assert.ok(documented.has(`${route.method} ${path}`), `${route.method} ${path} is documented`);
    }
    const getCustomer = doc.paths['/v2/customers/{id}'].get;
    assert.ok(getCustomer.responses['200'] && getCustomer.responses['404'] && getCustomer.responses['401']);
    assert.deepEqual(getCustomer.security, [{ 'Bearer-Auth': [] }, { 'API-Key': [] }]);
  });

  test('/v2/docs serves an interactive reference page with its script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/v2/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.body, /openapi\.json/);
    const script = /src="([^"]+\.js)"/.exec(page.body)?.[1];
    assert.ok(script, 'the page loads a script');
    const js = await t.app.inject({ method: 'GET', url: script!.startsWith('/') ? script! : `/v2/docs/${script}` });
    assert.equal(js.statusCode, 200, 'the script is served locally, not from a CDN');
  });
});

describe('rate limits on authentication', () => {
  // Each test logs in from its own address, so neither counts the other's attempts whatever the order.
  const login = (remoteAddress: string, username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      remoteAddress,
      payload: { username, password: 'wrong-password' },
    });

  test('per user name: 429 with Retry-After as problem+json', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await login('10.0.0.1', 'target-user');
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    assert.ok(Number(last!.headers['retry-after']) > 0);
    assert.equal(last!.headers['content-type'], 'application/problem+json; charset=utf-8');
  });

  test('per IP across user names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login('10.0.0.2', `other-${i}`)).statusCode);
    // The limit is 6 per IP; each user name is tried once, far below its own limit.
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('command line', () => {
  test('company create prints the ids; migrate is idempotent', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: `${t.dataDir}/cli`,
      JWT_SECRET: 'cli-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    const run = (...args: string[]) =>
      spawnSync(process.execPath, mainArgs(...args), {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const created = run(
      'company',
      'create',
      '--name',
      'CLI Co',
      '--username',
      'cli-admin',
      '--password',
      'cli-password-1',
    );
    assert.equal(created.status, 0, created.stderr);
    const ids = JSON.parse(created.stdout.trim().split('\n').at(-1)!);
    assert.match(ids.companyId, /^[0-9a-f]{24}$/);
    assert.match(ids.userId, /^[0-9a-f]{24}$/);
    const migrated = run('migrate');
    assert.equal(migrated.status, 0, migrated.stderr);
    assert.match(migrated.stdout, /0 migration\(s\) applied/);
    const bad = run('company', 'create', '--name', 'X');
    assert.notEqual(bad.status, 0);
  });
});
