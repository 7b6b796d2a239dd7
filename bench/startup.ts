// Start-up benchmark: time from spawning `npm start`'s command (read from package.json) until GET /ready
// answers 200, on embedded PGlite: on a fresh data directory and on an existing (migrated, cleanly stopped)
// one. Loopback only, a free port per run; every server is stopped (its whole process group) and the
// temporary folder removed, also on failure and Ctrl-C.
// Usage: npm run bench:startup   (BENCH_STARTUP_RUNS, BENCH_STARTUP_COMMAND; see bench/README.md)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort, ROOT } from './lib/child-server.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';

const RUNS = positiveInt('BENCH_STARTUP_RUNS', 3);
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const POLL_MS = 20;
const COMMAND: string =
  process.env.BENCH_STARTUP_COMMAND || JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether any process of the group is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    /* already gone */
  }
}

/**
 * CPU seconds (user + system, and of children they waited for) of the group's processes, from /proc;
 * NaN where there is no /proc. Comparable across runs even when other work shares the machine.
 */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
      if (Number(fields[2]) !== pgid) continue; // 5th field: process group
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]); // 14th-17th
    }
  } catch {
    return Number.NaN;
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** Process groups of servers not stopped yet: killed however the benchmark ends. */
const running = new Set<number>();
const killRunning = () => {
  for (const pgid of running) killGroup(pgid, 'SIGKILL');
};
process.once('exit', killRunning);

interface Run {
  readyMs: number;
  cpuSeconds: number;
}

/** Starts the command on dataDir, waits for /ready, stops it (SIGTERM, so the database closes cleanly). */
async function timeToReady(dataDir: string): Promise<Run> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // What npm gives a script: its packages' commands on PATH.
    PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL; // embedded PGlite
  delete env.JWT_SECRET; // generated into, then read from, DATA_DIR as on a first and a later `npm start`
  const started = performance.now();
  // Its own process group (detached), so the shell, tsx's child or whatever the command starts is stopped too.
  const child: ChildProcess = spawn('sh', ['-c', COMMAND], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgid = child.pid!;
  running.add(pgid);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  try {
    const url = `http://127.0.0.1:${port}/ready`;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
      if (performance.now() - started > READY_TIMEOUT_MS)
        throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
      const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      await sleep(POLL_MS);
    }
    const readyMs = performance.now() - started;
    return { readyMs, cpuSeconds: groupCpuSeconds(pgid) };
  } finally {
    killGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupAlive(pgid) && Date.now() < deadline) await sleep(50);
    if (groupAlive(pgid)) {
      console.error(`  (not stopped ${STOP_TIMEOUT_MS / 1000} s after SIGTERM: killed)`);
      killGroup(pgid, 'SIGKILL');
    }
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    running.delete(pgid);
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function summary(label: string, runs: Run[]) {
  const ready = runs.map((r) => r.readyMs);
  const cpu = runs.map((r) => r.cpuSeconds * 1000);
  return `${label.padEnd(20)} min ${seconds(Math.min(...ready))} s  median ${seconds(median(ready))} s   (CPU until ready: median ${seconds(median(cpu))} s)`;
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'crewbase-startup-'));
  onCleanup(() => rmSync(root, { recursive: true, force: true }));
  onCleanup(killRunning); // cleanups run last first: the servers stop before their folder goes
  console.log(`command: ${COMMAND}`);
  console.log(`${RUNS} run(s) each, time from spawn to GET /ready = 200\n`);
  const fresh: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await timeToReady(join(root, `fresh-${i}`)); // a directory that does not exist yet
    console.log(`fresh data dir #${i + 1}:    ${seconds(run.readyMs)} s  (CPU ${run.cpuSeconds.toFixed(2)} s)`);
    fresh.push(run);
  }
  // The first fresh run's directory, migrated and stopped cleanly, is the existing one.
  const existing: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await timeToReady(join(root, 'fresh-0'));
    console.log(`existing data dir #${i + 1}: ${seconds(run.readyMs)} s  (CPU ${run.cpuSeconds.toFixed(2)} s)`);
    existing.push(run);
  }
  console.log(`\n${summary('fresh data dir', fresh)}\n${summary('existing data dir', existing)}`);
}

runBenchmark(main);
