// The real server process, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL: data survives a restart;
// SIGTERM closes idle keep-alive connections at once, lets an in-flight request finish with its normal
// status, and exits 0 well within the deadline; the worker stops too. Queued requests, the deadline and a
// second signal: test/security/shutdown-drain.test.ts.
// test-run: own process (it waits on the servers it starts; scripts/test-schedule.mjs)
import { after, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChildren } from '../helpers/child-processes.js';
import { withScratchPostgres } from '../helpers/scratch-postgres.js';
import { openConnection, sleep, startServer, until, type ServerProcess } from '../helpers/server-process.js';
import { migratedDataDir } from '../helpers/test-app.js';

const DEADLINE_MS = 30_000; // SHUTDOWN_TIMEOUT_SECONDS' default

// Every server a test started is gone when the file ends, even when a test failed or timed out mid-way.
after(killChildren);

const loginBody = JSON.stringify({ username: 'persist-admin', password: 'persist-password-1' });

async function shutdownScenario(t: TestContext, databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-shutdown-'));
  if (!databaseUrl) await migratedDataDir(dataDir); // a restart is the subject here, not a first start
  const servers: ServerProcess[] = [];
  try {
    const first = await startServer(dataDir, databaseUrl);
    servers.push(first);
    const signup = await fetch(`${first.base}/v2/company/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: 'Persist', username: 'persist-admin', password: 'persist-password-1' }),
    });
    assert.equal(signup.status, 201);
    first.child.kill('SIGTERM');
    assert.deepEqual(await first.exited, [0, null], first.output());

    const second = await startServer(dataDir, databaseUrl);
    servers.push(second);
    // An idle keep-alive connection (one request answered, kept open) ...
    const idle = await openConnection(second.port);
    idle.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => idle.received.includes('"status":"ok"'), 10_000);
    assert.match(idle.received, /connection: keep-alive/i);
    // ... and a keep-alive log-in in flight (half its body sent) when SIGTERM arrives; the rest follows after it.
    const inflight = await openConnection(second.port);
    inflight.socket.write(
      `POST /v2/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${loginBody.length}\r\n\r\n${loginBody.slice(0, 10)}`,
    );
    // The server has begun the request (a connection it has not read yet counts as idle and is closed).
    await until(() => second.output().includes('"url":"/v2/auth/login"'), 30_000);
    const signalledAt = Date.now();
    second.child.kill('SIGTERM');
    await idle.closed;
    assert.ok(
      idle.closedAt() - signalledAt < 2000,
      `the idle connection closed at once (${idle.closedAt() - signalledAt} ms)`,
    );
    await sleep(200);
    inflight.socket.write(loginBody.slice(10)); // (not end(): a half-closed request is aborted by Node's HTTP server)
    await inflight.closed; // the server closes it after the answer, though the client asked for keep-alive
    assert.match(
      inflight.received,
      /^HTTP\/1\.1 200/,
      `the in-flight log-in completed (and the company made before the restart exists); server said: ${second.output()}`,
    );
    assert.match(inflight.received, /"accessToken"/);
    assert.match(inflight.received, /connection: close/i);
    assert.deepEqual(await second.exited, [0, null], second.output());
    const stoppedMs = Date.now() - signalledAt;
    t.diagnostic(
      `SIGTERM to exit: ${stoppedMs} ms (the in-flight request's body was held back 200 ms); idle connection closed after ${idle.closedAt() - signalledAt} ms`,
    );
    assert.ok(stoppedMs < DEADLINE_MS, `exited within ${DEADLINE_MS} ms: ${stoppedMs} ms`);
    await assert.rejects(fetch(`${second.base}/health`), 'no new connections after shutdown');
  } finally {
    for (const server of servers) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The scenarios use their own directories and databases, so they run side by side.
describe('the server process', { concurrency: true }, () => {
  test('PGlite: data survives a restart; SIGTERM closes idle connections, finishes in-flight requests, exits 0', {
    timeout: 180_000,
  }, async (t) => {
    await shutdownScenario(t, '');
  });

  test('PostgreSQL: the same', {
    timeout: 180_000,
    skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set',
  }, async (t) => {
    await withScratchPostgres('crewbase_shutdown', (url) => shutdownScenario(t, url));
  });

  test('the worker command stops at SIGTERM, exit 0', { timeout: 180_000 }, async (t) => {
    const dataDir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'crewbase-worker-')));
    let worker: ServerProcess | undefined;
    try {
      worker = await startServer(dataDir, '', 'worker');
      const signalledAt = Date.now();
      worker.child.kill('SIGTERM');
      assert.deepEqual(await worker.exited, [0, null], worker.output());
      t.diagnostic(`worker: SIGTERM to exit ${Date.now() - signalledAt} ms`);
      assert.ok(Date.now() - signalledAt < DEADLINE_MS);
    } finally {
      worker?.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
