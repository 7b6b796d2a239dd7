// The real server process: data survives a restart, and SIGTERM lets an in-flight request finish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { connect } from 'node:net';

async function until(isDone: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Server { child: ChildProcess; base: string; exited: Promise<unknown[]>; output(): string }

function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Listened for from the start, so an exit is never missed, however early it comes.
  const exited = once(child, 'exit');
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) { clearTimeout(timer); resolve({ child, base: match[1]!, exited, output: () => output }); }
    });
    void exited.then(([code]) => { clearTimeout(timer); reject(new Error(`server exited ${code}: ${output}`)); });
  });
}

test('data survives a restart; SIGTERM finishes in-flight requests, then exits 0', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-shutdown-'));
  try {
    const first = await startServer(dataDir);
    const signup = await fetch(`${first.base}/v2/company/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: 'Persist', username: 'persist-admin', password: 'persist-password-1' }),
    });
    assert.equal(signup.status, 201);
    first.child.kill('SIGTERM');
    assert.deepEqual(await first.exited, [0, null], first.output());

    const second = await startServer(dataDir);
    // A log-in is in flight (half its body sent) when SIGTERM arrives; the rest follows after it.
    const body = JSON.stringify({ username: 'persist-admin', password: 'persist-password-1' });
    const { port } = new URL(second.base);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = once(socket, 'close'); // listened for from the start: it must not be missed
    await once(socket, 'connect');
    let raw = '';
    socket.on('data', (chunk) => { raw += chunk; });
    socket.write(`POST /v2/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
    // The server has begun the request (a connection it has not read yet counts as idle and is closed).
    await until(() => second.output().includes('"url":"/v2/auth/login"'), 30_000);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body.slice(10)); // (not end(): a half-closed request is aborted by Node's HTTP server)
    await closed;
    assert.match(raw, /^HTTP\/1\.1 200/, `the in-flight log-in completed (and the company made before the restart exists); server said: ${second.output()}`);
    assert.match(raw, /"accessToken"/);
    assert.deepEqual(await second.exited, [0, null], second.output());
    await assert.rejects(fetch(`${second.base}/health`), 'no new connections after shutdown');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
