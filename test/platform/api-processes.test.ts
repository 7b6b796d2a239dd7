// Several API processes on one port (API_PROCESSES, src/platform/http/api-processes.ts), on PostgreSQL: the
// first process migrates and starts them, the others answer; one that dies is replaced while the rest go on
// answering; SIGTERM stops them all with exit 0. The embedded database refuses more than one.
// test-run: own process (it waits on the servers it starts; scripts/test-schedule.mjs)
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import cluster from 'node:cluster';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChildren } from '../helpers/child-processes.js';
import { freePort } from '../helpers/pg-cluster.js';
import { withScratchPostgres } from '../helpers/scratch-postgres.js';
import { startServer, until } from '../helpers/server-process.js';
import { loadConfig } from '../../src/config.js';
import { runApiProcesses } from '../../src/platform/http/api-processes.js';

after(killChildren);

/** The pids of a process's children (/proc, Linux). */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('API_PROCESSES above 1 needs PostgreSQL: the embedded database belongs to one process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-processes-'));
  try {
    assert.throws(
      () => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), API_PROCESSES: '2' }),
      /API_PROCESSES above 1 needs DATABASE_URL/,
    );
    assert.equal(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).apiProcesses, 1);
    assert.throws(
      () => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), API_PROCESSES: '0' }),
      /API_PROCESSES/,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('two API processes answer on one port; one killed is replaced while the other answers; SIGTERM stops all', {
  timeout: 180_000,
  skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set',
}, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-processes-'));
  try {
    await withScratchPostgres('crewbase_processes', async (url) => {
      // A port of its own (not 0): when every API process has died, the port is listened on anew at their restart.
      const server = await startServer(dataDir, url, 'serve', { API_PROCESSES: '2', PORT: String(await freePort()) });
      const listening = () =>
        [...server.output().matchAll(/listening at http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => m[1]);
      await until(() => listening().length === 2, 60_000);
      assert.deepEqual(listening(), [String(server.port), String(server.port)], 'both on the one port');
      assert.match(server.output(), /2 API processes started/);
      assert.equal(server.output().match(/database ready \(postgres, 0 migration\(s\) applied\)/g)?.length, 2);
      const members = childrenOf(server.child.pid!);
      assert.equal(members.length, 2, `two API processes: ${members.join(', ')}`);

      const signup = await fetch(`${server.base}/v2/company/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyName: 'Processes', username: 'processes-admin', password: 'processes-pass-1' }),
      });
      assert.equal(signup.status, 201);
      const background = /this API process delivers webhooks and runs the background tasks/g;
      assert.equal(server.output().match(background)?.length, 1, 'webhooks and background tasks in one process only');

      // One dies: the other answers at once, each request on a new connection (dealt to the processes in turn).
      process.kill(members[0]!, 'SIGKILL');
      await until(() => !alive(members[0]!), 10_000);
      for (let i = 0; i < 6; i++) {
        const health = await fetch(`${server.base}/health`, { headers: { connection: 'close' } });
        assert.equal(health.status, 200);
      }
      await until(
        () => /API process \d \(pid \d+\) exited \(SIGKILL\); starting it again/.test(server.output()),
        10_000,
      );
      await until(() => listening().length === 3, 60_000);
      const now = childrenOf(server.child.pid!);
      assert.equal(now.length, 2, `two API processes again: ${now.join(', ')}`);
      assert.ok(now.includes(members[1]!) && !now.includes(members[0]!));
      const login = await fetch(`${server.base}/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ username: 'processes-admin', password: 'processes-pass-1' }),
      });
      assert.equal(login.status, 200);

      // Both die at once: this process stays and starts both again, on the same port.
      for (const pid of now) process.kill(pid, 'SIGKILL');
      await until(() => listening().length === 5, 60_000);
      assert.equal(server.child.exitCode, null, 'the first process is still running');
      const last = childrenOf(server.child.pid!);
      assert.equal(last.length, 2, `two API processes once more: ${last.join(', ')}`);
      const health = await fetch(`${server.base}/health`, { headers: { connection: 'close' } });
      assert.equal(health.status, 200);

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      assert.deepEqual(await server.exited, [0, null], server.output());
      t.diagnostic(`SIGTERM to exit of all processes: ${Date.now() - signalledAt} ms`);
      assert.equal(
        server.output().match(/"msg":"stopped in \d+ ms"/g)?.length,
        2,
        'each API process drained and stopped',
      );
      for (const pid of last) assert.equal(alive(pid), false, `API process ${pid} is gone`);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('API processes that keep dying end the run: the sixth death within a minute stops it with exit code 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-processes-'));
  const member = join(dir, 'member.mjs');
  writeFileSync(member, 'process.exit(3);\n'); // an API process that dies as it starts
  cluster.setupPrimary({ exec: member, args: [], silent: true });
  let forks = 0;
  const counted = () => {
    forks += 1;
  };
  cluster.on('fork', counted);
  const lines: string[] = [];
  const signalListeners = process.listenerCount('SIGTERM');
  try {
    // One process: its deaths come one after another, so the count of starts is exact.
    const code = await runApiProcesses(1, (line) => lines.push(line));
    assert.equal(code, 1);
    assert.equal(forks, 6, lines.join('\n'));
    assert.equal(lines.filter((line) => /exited \(code 3\); starting it again$/.test(line)).length, 5);
    assert.match(
      lines.at(-1)!,
      /^API process 0 \(pid \d+\) exited \(code 3\); more than 5 died within 60 s: stopping$/,
    );
    assert.equal(process.listenerCount('SIGTERM'), signalListeners, 'its signal handlers are gone once it ended');
  } finally {
    cluster.off('fork', counted);
    rmSync(dir, { recursive: true, force: true });
  }
});
