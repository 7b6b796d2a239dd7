// SIGTERM while requests wait: every request the server received gets its real answer or a 503
// problem+json, none is reset, on PGlite (one connection: requests queue on it) as on PostgreSQL.
// A shutdown that cannot finish ends at SHUTDOWN_TIMEOUT_SECONDS, exit 1, naming what it waited for;
// a second signal ends it at once. (Restart, idle connections, the worker: test/platform/shutdown.test.ts.)
// test-run: own process (it waits on the servers it starts; scripts/test-schedule.mjs)
import { after, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChildren } from '../helpers/child-processes.js';
import { withScratchPostgres } from '../helpers/scratch-postgres.js';
import { openConnection, startServer, until, type ServerProcess } from '../helpers/server-process.js';
import { migratedDataDir } from '../helpers/test-app.js';

after(killChildren);

const REQUESTS = 24;

interface Outcome {
  status?: number;
  type?: string;
  connection?: string;
  error?: string;
}

/** One request on `agent`; resolves with its answer or the error that ended it (a reset, a hang-up). */
function send(agent: Agent, port: number, method: string, path: string, headers: Record<string, string>, body = '') {
  let written!: () => void;
  const flushed = new Promise<void>((resolve) => {
    written = resolve;
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          type: String(res.headers['content-type']),
          connection: String(res.headers.connection),
        }),
      );
      res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.on('finish', written);
    req.end(body);
  });
  return { flushed, outcome };
}

async function queuedRequestsScenario(t: TestContext, databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-drain-'));
  if (!databaseUrl) await migratedDataDir(dataDir);
  let server: ServerProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: REQUESTS });
  try {
    server = await startServer(dataDir, databaseUrl);
    const signup = await fetch(`${server.base}/v2/company/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: 'Drain', username: 'drain-admin', password: 'drain-password-1' }),
    });
    assert.equal(signup.status, 201);
    const { accessToken } = (await signup.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    // Each request on its own new connection, all written before SIGTERM: on PGlite they queue on its one
    // connection, so most are still waiting (or not yet read) when the signal comes.
    const sent = Array.from({ length: REQUESTS }, (_, i) =>
      send(agent, server!.port, 'POST', '/v2/customers', headers, JSON.stringify({ name: `Customer ${i}` })),
    );
    await Promise.all(sent.map((s) => s.flushed));
    let answeredBefore = 0;
    for (const s of sent) void s.outcome.then(() => answeredBefore++);
    await new Promise((resolve) => setImmediate(resolve));
    const before = answeredBefore;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const outcomes = await Promise.all(sent.map((s) => s.outcome));
    const [code] = await server.exited;
    const created = outcomes.filter((o) => o.status === 201).length;
    const refused = outcomes.filter((o) => o.status === 503).length;
    const failed = outcomes.filter((o) => o.error);
    t.diagnostic(
      `${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${REQUESTS} requests, ${before} answered before SIGTERM; ` +
        `${created} × 201, ${refused} × 503, ${failed.length} reset (${failed.map((o) => o.error).join(', ')}); ` +
        `exit ${code} after ${Date.now() - signalledAt} ms`,
    );
    assert.deepEqual(failed, [], 'no request is reset');
    for (const o of outcomes) {
      assert.ok(o.status === 201 || o.status === 503, `a real answer or 503: ${JSON.stringify(o)}`);
      if (o.status === 503) assert.match(o.type!, /application\/problem\+json/);
    }
    assert.equal(code, 0, server.output());
  } finally {
    agent.destroy();
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const loginBody = JSON.stringify({ username: 'nobody', password: 'never-sent-in-full' });

/** A server with a log-in that never finishes (its body is held back), and the moment SIGTERM was sent. */
async function stuckServer(dataDir: string, env: Record<string, string>) {
  const server = await startServer(dataDir, '', 'serve', env);
  const stuck = await openConnection(server.port);
  stuck.socket.write(
    `POST /v2/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${loginBody.length}\r\n\r\n{`,
  );
  await until(() => server.output().includes('"url":"/v2/auth/login"'), 30_000);
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  return { server, signalledAt };
}

describe('a shutdown that cannot finish', { concurrency: true }, () => {
  test('exits 1 at SHUTDOWN_TIMEOUT_SECONDS, naming the request it waited for', { timeout: 120_000 }, async (t) => {
    const dataDir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'crewbase-deadline-')));
    let server: ServerProcess | undefined;
    try {
      const stuck = await stuckServer(dataDir, { SHUTDOWN_TIMEOUT_SECONDS: '2' });
      server = stuck.server;
      assert.deepEqual(await server.exited, [1, null], server.output());
      const abandonedMs = Date.now() - stuck.signalledAt;
      t.diagnostic(`SIGTERM to exit: ${abandonedMs} ms (deadline 2 s)`);
      assert.ok(abandonedMs >= 2000 && abandonedMs < 5000, `exited at the deadline: ${abandonedMs} ms`);
      assert.match(
        server.output(),
        /not stopped after 2 s, exiting anyway; still waiting for: 1 request\(s\) in flight: POST \/v2\/auth\/login/,
      );
    } finally {
      server?.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a second SIGTERM exits 1 at once, saying so', { timeout: 120_000 }, async (t) => {
    const dataDir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'crewbase-second-')));
    let server: ServerProcess | undefined;
    try {
      const stuck = await stuckServer(dataDir, {}); // the default deadline, 30 s
      server = stuck.server;
      await until(() => server!.output().includes('SIGTERM: finishing in-flight work'), 10_000);
      const againAt = Date.now();
      server.child.kill('SIGTERM');
      assert.deepEqual(await server.exited, [1, null], server.output());
      t.diagnostic(`second SIGTERM to exit: ${Date.now() - againAt} ms`);
      assert.ok(Date.now() - againAt < 2000, 'exited at once');
      assert.match(
        server.output(),
        /SIGTERM again: exiting at once; still waiting for: 1 request\(s\) in flight: POST \/v2\/auth\/login/,
      );
    } finally {
      server?.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('SIGTERM with requests queued', { concurrency: true }, () => {
  test('PGlite: all 24 get their answer or a 503 problem+json, none is reset', { timeout: 120_000 }, async (t) => {
    await queuedRequestsScenario(t, '');
  });

  test('PostgreSQL: the same', {
    timeout: 120_000,
    skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set',
  }, async (t) => {
    await withScratchPostgres('crewbase_drain', (url) => queuedRequestsScenario(t, url));
  });
});
