// HTTP servers as child processes on a free loopback port: started, polled until ready,
// stopped with SIGTERM (SIGKILL after 5 s) on cleanup.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './lifecycle.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  base: string;
  child: ChildProcess;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM'); // lets the server drain in-flight requests and close its pool
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
}

/**
 * Starts `node [...nodeArgs] <script> ...args` (through tsx for a TypeScript script) with PORT and HOST
 * set, and waits for GET /ready.
 */
export async function startChild(
  label: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  nodeArgs: string[] = [],
  cwd = ROOT,
): Promise<RunningServer> {
  const port = await freePort();
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script, ...args], {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  onCleanup(() => stopChild(child));
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/ready`, child, 60_000);
  console.log(`${label} ready at ${base} (pid ${child.pid})`);
  return { base, child };
}

export const newJwtSecret = () => randomBytes(36).toString('base64url'); // 48 characters

/**
 * The real Crewbase server as `npm start` runs it (compiled: scripts/start.mjs serve) on a database, with LOG_LEVEL=warn and a temporary
 * DATA_DIR. The rest of the environment is inherited, so DB_POOL_SIZE etc. can be tuned from outside;
 * BENCH_SERVER_NODE_ARGS adds node options, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". `checkout`: another
 * checkout's server (its own build), for a comparison on the same database.
 */
export async function startCrewbase(
  databaseUrl: string,
  env: Record<string, string> = {},
  checkout = ROOT,
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-bench-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  return startChild(
    checkout === ROOT ? 'crewbase server' : `crewbase server of ${checkout}`,
    'scripts/start.mjs',
    ['serve'],
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      JWT_SECRET: newJwtSecret(),
      DATA_DIR: dataDir,
      ...env,
    },
    (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    checkout,
  );
}

/** The process and its descendants (a server of several API processes is a tree: API_PROCESSES). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      children = children.concat(
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    /* gone, or no children file: the process alone */
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * User and system (kernel) CPU seconds of a process and its descendants so far (/proc/<pid>/stat, in clock
 * ticks of 1/100 s). A descendant that exits during a measurement takes its time with it: compare runs without.
 */
function cpuTimes(pid: number): { user: number; system: number } {
  const sum = { user: 0, system: 0 };
  for (const one of processTree(pid)) {
    try {
      const fields = readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1]!.split(' ');
      sum.user += Number(fields[11]) / 100; // utime and stime, fields 14 and 15
      sum.system += Number(fields[12]) / 100;
    } catch {
      if (one === pid) return { user: Number.NaN, system: Number.NaN };
    }
  }
  return sum;
}

/** User + system CPU seconds of a process so far. */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/** The kernel's share of cpuSeconds (stime): system calls, socket writes above all. */
export function kernelSeconds(pid: number): number {
  return cpuTimes(pid).system;
}

/** Resident memory of a process and its descendants, MiB. */
export function rssMiB(pid: number): number {
  let sum = 0;
  for (const one of processTree(pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${one}/status`, 'utf8'));
      sum += match ? Number(match[1]) / 1024 : 0;
    } catch {
      if (one === pid) return Number.NaN; // the process is gone
    }
  }
  return sum;
}
