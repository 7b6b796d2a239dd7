// A server killed (SIGKILL) in the middle of a background import: after the next start the import is
// `failed` with the reason, never `running` for ever, and exactly the rows it reports as written
// exist. On the embedded database, where only one process can have the data directory open.
// test-run: own process (it waits on the servers it starts; scripts/test-schedule.mjs)
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { killChildren, mainArgs, spawnChild } from '../helpers/child-processes.js';
import { migratedDataDir } from '../helpers/test-app.js';

after(killChildren);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `serve` on the embedded database in `dataDir`, once it listens. */
async function startServer(dataDir: string) {
  const child = spawnChild(process.execPath, mainArgs('serve'), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'x'.repeat(40),
      SIGNUP: 'open',
      SIGNUP_PROOF_BITS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let output = '';
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 90_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  return { child, base, exited };
}

async function json(base: string, method: string, path: string, token?: string, body?: string, type?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': type ?? 'application/json' } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: response.status, body: await response.json() };
}

test('kill -9 during an import: at the next start it is failed (interrupted), and what it says was written is there', async () => {
  const dataDir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'crewbase-import-kill-')));
  try {
    const first = await startServer(dataDir);
    const signup = await json(
      first.base,
      'POST',
      '/v2/company/signup',
      undefined,
      JSON.stringify({ companyName: 'Killed', username: 'boss', password: 'correct-horse-battery' }),
    );
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    const login = async (base: string) =>
      (
        await json(
          base,
          'POST',
          '/v2/auth/login',
          undefined,
          JSON.stringify({ username: 'boss', password: 'correct-horse-battery' }),
        )
      ).body.accessToken as string;
    const token = signup.body.accessToken as string;
    const csv = `name,address.city\n${Array.from({ length: 5000 }, (_, i) => `Kunde ${i},Köln`).join('\n')}`;
    const started = await json(first.base, 'POST', '/v2/imports/customers', token, csv, 'text/csv');
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const id = started.body._id as string;
    // Killed once it is under way (its progress is stored at least every second).
    for (let i = 0; ; i++) {
      const status = await json(first.base, 'GET', `/v2/imports/${id}`, token);
      assert.equal(status.body.state, 'running');
      if (status.body.processedRows > 0) break;
      assert.ok(i < 600, 'the import never made progress');
      await sleep(100);
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(dataDir);
    const again = await login(second.base);
    const status = await json(second.base, 'GET', `/v2/imports/${id}`, again);
    assert.equal(status.status, 200);
    assert.equal(status.body.state, 'failed');
    assert.ok(
      status.body.errors.some(
        (e: { field: string; message: string }) =>
          e.field === '(import)' && e.message === 'interrupted: the server stopped during the import',
      ),
      JSON.stringify(status.body.errors),
    );
    assert.ok(status.body.finishedAt);
    // Written: exactly the rows the import reports (none when it was still checking).
    const customers = await fetch(`${second.base}/v2/customers/?limit=1`, {
      headers: { authorization: `Bearer ${again}` },
    });
    assert.equal(Number(customers.headers.get('x-total-count')), status.body.writtenRows);
    second.child.kill('SIGKILL');
    await second.exited;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
