// Beyond one machine, on one scratch PostgreSQL database:
// (a) POST /v2/jobs/jobsInTimeFrame Q1 (one employee's week) against one API process directly and against
//     two behind a round-robin TCP proxy written here (and one behind it, to show the proxy's own cost);
// (b) two API processes and two webhook workers at once: jobs generated on demand for overlapping frames
//     through both APIs, customer changes delivered to a webhook receiver, invoices issued through both,
//     while one worker is SIGKILLed and restarted. Then SQL checks: no job twice, one CREATE event per job,
//     every event delivered at least once, no invoice number twice. Exit status 1 when a check fails.
// Usage: npm run bench:scale-out   (BENCH_DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS; see bench/README.md)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { KEEP_AHEAD_DAYS } from '../src/modules/scheduling/job-planning.js';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { localToUtc } from '../src/platform/time/zoned-time.js';
import { generateMainCompany, type SeededCompany } from './dataset.js';
import { newJwtSecret, ROOT, startCrewbase, type RunningServer } from './lib/child-server.js';
import { customerDoc } from './lib/fixtures.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';
import { backendCpu, cpuSpent, formatTable, measure, type Row } from './lib/load.js';
import { seededRandom } from './lib/random.js';
import { adminQuery, createDatabase, waitForIdle } from './lib/scratch-database.js';
import { verifiedDelivery } from './lib/webhook-receiver.js';
import type { BodyFactory, TimeFrameBody } from './lib/time-frames.js';

const DURATION = positiveInt('BENCH_DURATION', 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '8,32').split(',').map(Number);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3); // seconds per target before measuring; 0: none
const ROUNDS = positiveInt('BENCH_ROUNDS', 2); // runs per target and connection count
const TIME_LIMIT_S = positiveInt('BENCH_TIME_LIMIT', 900); // the whole run; then it cleans up and exits
const PATH = '/v2/jobs/jobsInTimeFrame';
const TIME_ZONE = 'Europe/Berlin';
const DAY = 86_400_000;
const FIRST_MONDAY = Date.UTC(2026, 0, 5); // local midnight (wall clock read as UTC), as bench/lib/time-frames.ts
const SCRIPT = fileURLToPath(import.meta.url);
// (b): frames of FRAME_DAYS, each FRAME_STEP_DAYS after the one before, all beyond the generated window, every
// frame sent to both API processes at once, FRAME_LANES frames in flight; customer changes and invoices beside.
const FRAMES = 40;
const FRAME_STEP_DAYS = 2;
const FRAME_DAYS = 10;
const FRAME_LANES = 3;
const CUSTOMERS = 400; // each created through one API process and updated through the other: 800 events
const CHANGE_LANES = 6;
const INVOICES = 120; // each created through one API process and issued through the other
const INVOICE_LANES = 4;
const KILL_AFTER = 25; // the worker is killed once the receiver has accepted this many more deliveries
// The receiver answers each delivery after this long, so a worker spends most of its time with claims in flight
// and the kill lands on some: their leases run out and they are sent again (the at-least-once repeats).
const RECEIVER_DELAY_MS = 300;
const WAIT_MS = 120_000; // for the last deliveries, leases of the killed worker included (3 x 2 s + 30 s)
const REQUEST_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => (performance.now() - since) / 1000;

// ---------------------------------------------------------------- the proxy (runs as a child: `scale-out.ts proxy`)

interface ProxySpec {
  name: string;
  /** Ports on 127.0.0.1, taken in turn per accepted connection. */
  backends: number[];
}

/** Round-robin TCP proxies, one per spec, on free loopback ports; reports them and, when asked, the split. */
function runProxy(specs: ProxySpec[]) {
  const ports: Record<string, number> = {};
  const counts: Record<string, number[]> = {};
  let listening = 0;
  for (const spec of specs) {
    let next = 0;
    const perBackend = spec.backends.map(() => 0);
    counts[spec.name] = perBackend;
    const server = createServer((client) => {
      const index = next++ % spec.backends.length;
      perBackend[index]!++;
      const upstream = connect(spec.backends[index]!, '127.0.0.1');
      client.setNoDelay(true);
      upstream.setNoDelay(true);
      client.pipe(upstream);
      upstream.pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      for (const socket of [client, upstream]) socket.on('error', close).on('close', close);
    });
    server.listen(0, '127.0.0.1', () => {
      ports[spec.name] = (server.address() as AddressInfo).port;
      if (++listening === specs.length) process.send!({ ports });
    });
  }
  process.on('message', (message) => {
    if (message === 'counts') process.send!({ counts });
  });
  process.on('disconnect', () => process.exit(0)); // the benchmark is gone
}

interface Proxies {
  pid: number;
  base(name: string): string;
  /** Connections accepted per backend, per proxy. */
  counts(): Promise<Record<string, number[]>>;
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

async function startProxies(specs: ProxySpec[]): Promise<Proxies> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, 'proxy', JSON.stringify(specs)], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  onCleanup(() => stopProcess(child));
  const reply = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`proxy: no ${key} after 30 s`)), 30_000);
      const onMessage = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message[key] as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`proxy exited (code ${code})`)));
    });
  const ports = await reply<Record<string, number>>('ports');
  console.log(`proxies listening (pid ${child.pid}): ${specs.map((s) => `${s.name} :${ports[s.name]}`).join(', ')}`);
  return {
    pid: child.pid!,
    base: (name) => `http://127.0.0.1:${ports[name]}`,
    counts: async () => {
      const answer = reply<Record<string, number[]>>('counts');
      child.send('counts');
      return answer;
    },
  };
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  text: string;
}

async function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  try {
    const response = await fetch(base + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { status: 0, text: (error as Error).message };
  }
}

/** The parsed answer of a set-up request; throws unless it is 2xx. */
async function expectOk<T>(what: string, answer: Promise<Answer>): Promise<T> {
  const { status, text } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const describeFailure = (what: string, answer: Answer) => `${what}: ${answer.status} ${answer.text.slice(0, 200)}`;

/** `count` tasks, at most `lanes` at a time. */
async function inLanes(count: number, lanes: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

// ---------------------------------------------------------------- dataset

/**
 * Jobs are generated from 2026-01-01 to the first of the month after today + KEEP_AHEAD_DAYS: a server
 * counts a company's window as covering a frame only while it reaches half of KEEP_AHEAD_DAYS ahead of
 * now (job-planning.ts), so a shorter window would make every Q1 request extend it.
 */
function generatedUntil(now = Date.now()): number {
  const ahead = new Date(now + KEEP_AHEAD_DAYS * DAY);
  return Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth() + 1, 1);
}

async function prepareDataset(databaseUrl: string, jwtSecret: string, until: number): Promise<SeededCompany> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  try {
    await migrate(database, (line) => console.log(line));
    const company = await generateMainCompany(database, { jwtSecret, until });
    const started = performance.now();
    await database.exec('VACUUM ANALYZE'); // else autovacuum and hint-bit writes run during the measurements
    console.log(`VACUUM ANALYZE in ${seconds(started).toFixed(1)} s`);
    return company;
  } finally {
    await database.close();
  }
}

/** A local week (Monday to Monday, Europe/Berlin) from FIRST_MONDAY on. */
const localWeek = (week: number) => ({
  from: localToUtc(TIME_ZONE, FIRST_MONDAY + week * 7 * DAY),
  to: localToUtc(TIME_ZONE, FIRST_MONDAY + (week + 1) * 7 * DAY),
});

/** Q1 as bench/lib/time-frames.ts employeeWeeks, over the weeks inside the generated window. */
function employeeWeeksUntil(userIds: readonly string[], until: number, seed: number): BodyFactory {
  const weeks = Math.floor((until - DAY - FIRST_MONDAY) / (7 * DAY)) - 1;
  const rng = seededRandom(seed);
  return () => ({ ...localWeek(rng.int(0, weeks - 1)), userIds: [rng.pick(userIds)] });
}

// ---------------------------------------------------------------- (a) throughput

interface Target {
  label: string;
  base: string;
}

async function checkSameAnswers(targets: Target[], headers: Record<string, string>, bodies: BodyFactory) {
  let jobs = 0;
  const samples = 10;
  for (let i = 0; i < samples; i++) {
    const body = bodies();
    const answers = await Promise.all(targets.map((t) => send(t.base, 'POST', PATH, headers, body)));
    for (const [k, answer] of answers.entries()) {
      if (answer.status !== 200) throw new Error(describeFailure(`${targets[k]!.label} ${PATH}`, answer));
      if (answer.text !== answers[0]!.text)
        throw new Error(`${targets[k]!.label} answers ${JSON.stringify(body)} otherwise`);
    }
    jobs += (JSON.parse(answers[0]!.text) as unknown[]).length;
  }
  console.log(
    `Q1: ${samples} sample bodies answered identically by ${targets.map((t) => t.label).join(', ')}; ` +
      `${(jobs / samples).toFixed(1)} jobs per response on average`,
  );
}

/** CPU seconds (user + system) a process has used so far; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields 3.. of proc(5); utime, stime: 14, 15
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time per request of each part while a run lasted (ms), and how busy the machine's cores were (%). */
interface CpuShare {
  api: number;
  postgres: number;
  proxy: number;
  loadGenerator: number;
  busy: number;
}

interface Measured {
  row: Row;
  cpu: CpuShare;
}

async function runQ1(
  databaseUrl: string,
  target: Target,
  pids: { apis: number[]; proxy: number },
  child: ChildProcess,
  headers: Record<string, string>,
  bodies: BodyFactory,
  connections: number,
  duration: number,
): Promise<Measured> {
  await waitForIdle(databaseUrl); // a server may still be answering the last run's requests
  const own = [...pids.apis, pids.proxy];
  const [apiBefore, proxyBefore] = [pids.apis.map(cpuSeconds), cpuSeconds(pids.proxy)];
  const backendsBefore = await backendCpu(databaseUrl);
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  const row = await measure(target.label, child, {
    url: target.base,
    connections,
    duration,
    timeout: 60,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [
      { method: 'POST', path: PATH, setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies()) }) },
    ],
  });
  const wall = seconds(started);
  const bench = process.cpuUsage(benchBefore);
  const backendsAfter = await backendCpu(databaseUrl);
  const requests = Math.max(1, row.reqPerSec * duration);
  const api = pids.apis.reduce((sum, pid, i) => sum + cpuSeconds(pid) - apiBefore[i]!, 0);
  const postgres = cpuSpent(backendsBefore, backendsAfter);
  const proxy = cpuSeconds(pids.proxy) - proxyBefore;
  const loadGenerator = (bench.user + bench.system) / 1e6;
  const cpu: CpuShare = {
    api: (api * 1000) / requests,
    postgres: (postgres * 1000) / requests,
    proxy: (proxy * 1000) / requests,
    loadGenerator: (loadGenerator * 1000) / requests,
    busy: (100 * (api + postgres + proxy + loadGenerator)) / (wall * availableParallelism()),
  };
  console.log(
    `  CPU per request: API ${cpu.api.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, proxy ` +
      `${cpu.proxy.toFixed(2)} ms, autocannon ${cpu.loadGenerator.toFixed(2)} ms; these processes kept ` +
      `${cpu.busy.toFixed(0)}% of the ${availableParallelism()} cores busy (pids ${own.join(', ')} and the backends)`,
  );
  return { row, cpu };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function partA(
  databaseUrl: string,
  apis: RunningServer[],
  proxies: Proxies,
  readKey: string,
  company: SeededCompany,
  until: number,
): Promise<string[]> {
  const headers = { 'x-api-key': readKey };
  const one: Target = { label: '1 process, direct', base: apis[0]!.base };
  const two: Target = { label: '2 processes via proxy', base: proxies.base('both') };
  const oneProxied: Target = { label: '1 process via proxy', base: proxies.base('one') };
  const targets = [one, two, oneProxied];
  const pids = { apis: apis.map((api) => api.child.pid!), proxy: proxies.pid };
  const bodies = (seed: number) => employeeWeeksUntil(company.userIds, until, seed);
  await checkSameAnswers([one, { label: 'API 2 direct', base: apis[1]!.base }, two, oneProxied], headers, bodies(999));
  const load = loadavg().map((l) => l.toFixed(1));
  console.log(`load average before (a): ${load.join(', ')}`);
  if (WARMUP > 0) {
    console.log(`\nwarm-up: ${WARMUP} s per target (not reported)`);
    for (const target of targets) {
      await runQ1(databaseUrl, target, pids, apis[0]!.child, headers, bodies(7), 8, WARMUP);
    }
  }
  // ROUNDS rounds per connection count, the order of the targets reversed every other round, so that neither
  // gains from running later (warmer caches) or loses to load from elsewhere on the machine at one moment.
  const runs = new Map<string, Measured[]>();
  const key = (target: Target, connections: number) => `${target.label} c${connections}`;
  for (const connections of CONNECTIONS) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of round % 2 ? [...targets].reverse() : targets) {
        const measured = await runQ1(
          databaseUrl,
          target,
          pids,
          apis[0]!.child,
          headers,
          bodies(connections * 10 + round),
          connections,
          DURATION,
        );
        runs.set(key(target, connections), [...(runs.get(key(target, connections)) ?? []), measured]);
      }
    }
  }
  const split = await proxies.counts();
  const of = (target: Target, connections: number, pick: (m: Measured) => number) =>
    mean(runs.get(key(target, connections))!.map(pick));
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const cpuOf = (target: Target, pick: (cpu: CpuShare) => number) =>
    mean(CONNECTIONS.map((c) => of(target, c, (m) => pick(m.cpu)))).toFixed(2);
  const report = [
    `(a) Q1 (one employee's week, ${company.userIds.length} employees): ${ROUNDS} runs of ${DURATION} s per target and ` +
      `connection count (means), node ${process.version}, ${availableParallelism()} cores, load average before ` +
      `${load.join(', ')}`,
    formatTable(
      [
        'target',
        'conn',
        'req/s',
        'p50 ms',
        'p99 ms',
        'non-2xx',
        'errors',
        'API ms/req',
        'PG ms/req',
        'proxy ms/req',
        'busy',
      ],
      CONNECTIONS.flatMap((connections) =>
        targets.map((target) => {
          const m = (pick: (m: Measured) => number) => of(target, connections, pick);
          return [
            target.label,
            String(connections),
            m((r) => r.row.reqPerSec).toFixed(1),
            m((r) => r.row.p50).toFixed(1),
            m((r) => r.row.p99).toFixed(1),
            String(m((r) => r.row.non2xx) * ROUNDS),
            String(m((r) => r.row.errors) * ROUNDS),
            m((r) => r.cpu.api).toFixed(2),
            m((r) => r.cpu.postgres).toFixed(2),
            m((r) => r.cpu.proxy).toFixed(2),
            `${m((r) => r.cpu.busy).toFixed(0)}%`,
          ];
        }),
      ),
    ),
    '(ms/req: CPU milliseconds per request of the API processes together, of the database backends, of the proxy; ' +
      "busy: their CPU and autocannon's over the run, in % of all cores)",
    '',
    ...CONNECTIONS.map((c) => {
      const reqs = (t: Target) => of(t, c, (m) => m.row.reqPerSec);
      const p50 = (t: Target) => of(t, c, (m) => m.row.p50);
      const p99 = (t: Target) => of(t, c, (m) => m.row.p99);
      return (
        `c${c}: 2 processes via proxy / 1 process direct: req/s ${ratio(reqs(two), reqs(one))}, ` +
        `p50 ${ratio(p50(two), p50(one))}, p99 ${ratio(p99(two), p99(one))}; 2 processes / 1 process, both via proxy: ` +
        `req/s ${ratio(reqs(two), reqs(oneProxied))}, p99 ${ratio(p99(two), p99(oneProxied))}`
      );
    }),
    `connections the proxy handed to API 1 / API 2: ${split.both!.join(' / ')}`,
    `CPU per request over all runs: API ${cpuOf(one, (c) => c.api)} ms with 1 process, ${cpuOf(two, (c) => c.api)} ms ` +
      `with 2 (together); PostgreSQL ${cpuOf(one, (c) => c.postgres)} ms and ${cpuOf(two, (c) => c.postgres)} ms; ` +
      `the proxy ${cpuOf(two, (c) => c.proxy)} ms`,
    `Note: on this ${availableParallelism()}-core machine PostgreSQL, both API processes, the proxy and autocannon ` +
      'share the same cores, so the ratio cannot show the gain of processes on separate machines. What it shows is ' +
      'whether a second process adds contention of its own (shared state, locks): that would appear as fewer ' +
      'requests per second while CPU stays idle, or as errors. Each answer is one read-only statement and the ' +
      'processes share nothing but the database, so the two stay within the run-to-run noise of one, bounded by the ' +
      'CPU they share. The CPU per request above is what carries over to separate machines (docs/scaling.md).',
  ];
  return report;
}

// ---------------------------------------------------------------- (b) workers, receiver, workloads

interface Receipt {
  key: string; // `${data._id} ${type}`
  count: number;
}

function startReceiver() {
  const secrets = new Map<string, Webhook>(); // path -> verifier
  const byId = new Map<string, Receipt>(); // webhook-id -> what it carried and how often it came
  const stats = { accepted: 0, badSignature: 0, idMismatch: 0 };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivered = verifiedDelivery(secrets, req, res, Buffer.concat(chunks).toString('utf8'), stats);
      if (!delivered) return;
      const { event, webhookId: id } = delivered;
      const seen = byId.get(id);
      if (seen) seen.count++;
      else byId.set(id, { key: `${event.data._id} ${event.type}`, count: 1 });
      setTimeout(() => res.writeHead(204).end(), RECEIVER_DELAY_MS);
    });
  });
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  onCleanup(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return { listening, secrets, byId, stats };
}

type Receiver = ReturnType<typeof startReceiver>;

/**
 * `src/main.ts worker` as `npm run worker` runs it (compiled: scripts/start.mjs worker, as startCrewbase starts the
 * API processes), as a child that can be SIGKILLed and started again; an unexpected exit is reported.
 */
function crewbaseWorker(name: string, env: Record<string, string>) {
  let current: ChildProcess | undefined;
  let isStopping = false;
  let unexpected: string | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/start.mjs', 'worker'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, ...env },
      });
      current = child;
      const timer = setTimeout(() => reject(new Error(`worker ${name} not ready after 60 s`)), 60_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (!chunk.includes('database ready')) process.stdout.write(chunk);
        else {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (signal !== 'SIGKILL' && !isStopping) unexpected = `worker ${name} exited (code ${code}, signal ${signal})`;
        resolve();
      });
      console.log(`worker ${name} started (pid ${child.pid})`);
    });
  onCleanup(() => {
    isStopping = true;
    return current ? stopProcess(current) : undefined;
  });
  return {
    start,
    kill: async () => {
      const child = current;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    unexpectedExit: () => unexpected,
  };
}

type Worker = ReturnType<typeof crewbaseWorker>;

interface Workload {
  name: string;
  running: boolean;
  seconds: number;
  requests: number;
  failures: string[];
}

const workload = (name: string): Workload => ({ name, running: true, seconds: 0, requests: 0, failures: [] });

async function timed(load: Workload, run: () => Promise<void>) {
  const started = performance.now();
  try {
    await run();
  } catch (error) {
    load.failures.push((error as Error).message);
  } finally {
    load.running = false;
    load.seconds = seconds(started);
  }
}

/** (i) Overlapping frames beyond the generated window, each sent to both API processes at once. */
async function framesThroughBoth(
  load: Workload,
  apis: RunningServer[],
  headers: Record<string, string>,
  userIds: readonly string[],
  firstLocalDay: number,
) {
  const rng = seededRandom(42);
  const differing: string[] = [];
  await inLanes(FRAMES, FRAME_LANES, async (i) => {
    const start = firstLocalDay + i * FRAME_STEP_DAYS * DAY;
    const body: TimeFrameBody = {
      from: localToUtc(TIME_ZONE, start),
      to: localToUtc(TIME_ZONE, start + FRAME_DAYS * DAY),
      userIds: [rng.pick(userIds)],
    };
    const answers = await Promise.all(apis.map((api) => send(api.base, 'POST', PATH, headers, body)));
    load.requests += answers.length;
    for (const [k, answer] of answers.entries()) {
      if (answer.status !== 200) load.failures.push(describeFailure(`API ${k + 1} frame ${i}`, answer));
    }
    if (answers.every((a) => a.status === 200) && answers[0]!.text !== answers[1]!.text) differing.push(`frame ${i}`);
  });
  return differing;
}

/** (ii) Customers created through one API process and updated through the other: the events expected. */
async function customerChanges(load: Workload, apis: RunningServer[], headers: Record<string, string>) {
  const expected = new Set<string>();
  await inLanes(CUSTOMERS, CHANGE_LANES, async (n) => {
    const [a, b] = [apis[n % 2]!, apis[(n + 1) % 2]!];
    const created = await send(a.base, 'POST', '/v2/customers/', headers, customerDoc(5000 + n));
    load.requests++;
    if (created.status !== 201) return void load.failures.push(describeFailure('POST /v2/customers/', created));
    const { _id } = JSON.parse(created.text) as { _id: string };
    expected.add(`${_id} CREATE`);
    const updated = await send(b.base, 'PATCH', `/v2/customers/${_id}`, headers, { contactPerson: `Updated ${n}` });
    load.requests++;
    if (updated.status !== 200) return void load.failures.push(describeFailure(`PATCH /v2/customers/${_id}`, updated));
    expected.add(`${_id} UPDATE`);
  });
  return expected;
}

/** (iii) Invoices created through one API process and issued through the other; returns how many were issued. */
async function invoicesThroughBoth(
  load: Workload,
  apis: RunningServer[],
  headers: Record<string, string>,
  customerIds: string[],
) {
  let issued = 0;
  await inLanes(INVOICES, INVOICE_LANES, async (n) => {
    const [a, b] = [apis[n % 2]!, apis[(n + 1) % 2]!];
    const created = await send(a.base, 'POST', '/v2/invoices/', headers, {
      customerId: customerIds[n % customerIds.length],
      servicePeriod: { from: '2026-10-01', to: '2026-10-31' },
      positions: [
        { title: 'Unterhaltsreinigung', unit: 'h', price: 32.5, quantity: 1 + (n % 9), tax: 0.19 },
        { title: 'Hygieneartikel', unit: 'Stk', price: 1.19, quantity: 20, tax: 0.19 },
      ],
    });
    load.requests++;
    if (created.status !== 201) return void load.failures.push(describeFailure('POST /v2/invoices/', created));
    const { _id } = JSON.parse(created.text) as { _id: string };
    const issuing = await send(b.base, 'POST', `/v2/invoices/${_id}/issue`, headers);
    load.requests++;
    if (issuing.status < 200 || issuing.status > 299) {
      return void load.failures.push(describeFailure(`POST /v2/invoices/${_id}/issue`, issuing));
    }
    issued++;
  });
  return issued;
}

interface KillReport {
  atSeconds: number;
  acceptedBefore: number;
  /** Deliveries leased (by either worker) just before the kill. */
  leased: number;
  stillRunning: string[];
  readySeconds: number;
}

/**
 * Once the receiver has accepted KILL_AFTER more deliveries and some are leased (claimed, not yet recorded):
 * SIGKILL worker A, restart it 1 s later.
 */
async function killAndRestart(
  worker: Worker,
  receiver: Receiver,
  loads: Workload[],
  since: number,
  databaseUrl: string,
): Promise<KillReport> {
  const target = receiver.stats.accepted + KILL_AFTER;
  for (const until = performance.now() + 30_000; receiver.stats.accepted < target && performance.now() < until; )
    await sleep(20);
  let leased = 0;
  for (const until = performance.now() + 10_000; leased === 0 && performance.now() < until; ) {
    const [row] = await adminQuery<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivering' AND lease_until > now()`,
      [],
      databaseUrl,
    );
    leased = row!.n;
  }
  const report: KillReport = {
    atSeconds: seconds(since),
    acceptedBefore: receiver.stats.accepted,
    leased,
    stillRunning: loads.filter((l) => l.running).map((l) => l.name),
    readySeconds: Number.NaN,
  };
  await worker.kill();
  console.log(
    `  worker A killed (SIGKILL) at ${report.atSeconds.toFixed(1)} s, ${report.acceptedBefore} deliveries in, ` +
      `${leased} leased by the two workers`,
  );
  await sleep(1000);
  const restarted = performance.now();
  await worker.start();
  report.readySeconds = seconds(restarted);
  console.log(`  worker A restarted, ready after ${report.readySeconds.toFixed(1)} s`);
  return report;
}

interface Verdict {
  ok: boolean;
  check: string;
  detail: string;
}

async function partB(
  databaseUrl: string,
  apis: RunningServer[],
  env: Record<string, string>,
  adminKey: string,
  company: SeededCompany,
): Promise<Verdict[]> {
  const headers = { 'x-api-key': adminKey };
  const { companyId } = company;
  const receiver = startReceiver();
  const receiverBase = await receiver.listening;
  console.log(`\n(b) receiver listening at ${receiverBase}`);
  const workers = [crewbaseWorker('A', env), crewbaseWorker('B', env)];
  await Promise.all(workers.map((w) => w.start()));

  // Set-up: the seller (invoices are issued only with complete data), customers to invoice, and the webhooks.
  await expectOk(
    'PATCH /v2/company/invoicingSettings',
    send(apis[0]!.base, 'PATCH', '/v2/company/invoicingSettings', headers, {
      seller: {
        name: 'Bench Cleaning GmbH',
        street: 'Hauptstraße 1',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
        vatId: 'DE123456789',
        registration: 'HRB 123456 B, Amtsgericht Charlottenburg',
        managingDirector: 'Bench',
        contactName: 'Accounts',
        email: 'invoices@bench.example',
        phone: '+49 30 123456',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        bankName: 'DKB',
      },
    }),
  );
  const customerIds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const { _id } = await expectOk<{ _id: string }>(
      'POST /v2/customers/',
      send(apis[0]!.base, 'POST', '/v2/customers/', headers, {
        name: `Hausverwaltung ${i}`,
        address: { street: `Weg ${i}`, zip: '20095', city: 'Hamburg', country: 'DE' },
        contact: { email: `ap${i}@kunde.example` },
      }),
    );
    customerIds.push(_id);
  }
  for (const type of ['CREATE', 'UPDATE']) {
    const path = `/${type.toLowerCase()}`;
    const { secret } = await expectOk<{ secret: string }>(
      'POST /v2/integrations/webhooks/',
      send(apis[0]!.base, 'POST', '/v2/integrations/webhooks/', headers, {
        type,
        entity: 'customer',
        url: receiverBase + path,
      }),
    );
    receiver.secrets.set(path, new Webhook(secret));
  }
  const [before] = await adminQuery<{ jobs: number; until: Date }>(
    `SELECT (SELECT count(*) FROM jobs WHERE company_id = $1)::int AS jobs,
            (SELECT until_at FROM job_horizons WHERE company_id = $1) AS until`,
    [companyId],
    databaseUrl,
  );
  const firstLocalDay = Date.UTC(
    before!.until.getUTCFullYear(),
    before!.until.getUTCMonth(),
    before!.until.getUTCDate(),
  );
  console.log(
    `window generated until ${before!.until.toISOString()} with ${before!.jobs} jobs; frames of ${FRAME_DAYS} days ` +
      `every ${FRAME_STEP_DAYS} days from ${new Date(firstLocalDay).toISOString().slice(0, 10)} (${FRAMES} frames, ` +
      `each through both API processes at once), ${CUSTOMERS * 2} customer changes, ${INVOICES} invoices issued; ` +
      'worker A is killed mid-run',
  );

  // All at once.
  const started = performance.now();
  const loads = {
    frames: workload('(i) frames'),
    changes: workload('(ii) changes'),
    invoices: workload('(iii) invoices'),
  };
  let differing: string[] = [];
  let expected = new Set<string>();
  let issued = 0;
  const kill = killAndRestart(workers[0]!, receiver, Object.values(loads), started, databaseUrl);
  kill.catch(() => {}); // awaited below; only keeps an early failure from being unhandled meanwhile
  await Promise.all([
    timed(loads.frames, async () => {
      differing = await framesThroughBoth(loads.frames, apis, headers, company.userIds, firstLocalDay);
    }),
    timed(loads.changes, async () => {
      expected = await customerChanges(loads.changes, apis, headers);
    }),
    timed(loads.invoices, async () => {
      issued = await invoicesThroughBoth(loads.invoices, apis, headers, customerIds);
    }),
  ]);
  const killed = await kill;
  for (const load of Object.values(loads)) {
    console.log(
      `  ${load.name}: ${load.requests} requests in ${load.seconds.toFixed(1)} s, ${load.failures.length} failed`,
    );
  }

  // Every expected event at least once, and no delivery left pending or leased (a killed worker's claims come back
  // when their lease ends and are sent again: those repeats are the at-least-once duplicates).
  const waitStarted = performance.now();
  let open = Number.NaN;
  let missing = expected.size;
  let lastLog = 0;
  while (performance.now() - waitStarted < WAIT_MS) {
    const received = new Set([...receiver.byId.values()].map((r) => r.key));
    missing = [...expected].filter((key) => !received.has(key)).length;
    const [row] = await adminQuery<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status IN ('pending', 'delivering')`,
      [],
      databaseUrl,
    );
    open = row!.n;
    if (missing === 0 && open === 0) break;
    if (performance.now() - lastLog > 5000) {
      lastLog = performance.now();
      console.log(`  waiting: ${missing} event(s) not received yet, ${open} deliveries pending or leased`);
    }
    await sleep(250);
  }
  console.log(`  deliveries settled ${seconds(waitStarted).toFixed(1)} s after the workloads ended`);

  // ---- checks, in SQL as the superuser (every row, no row-level security)
  const q = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    adminQuery<R>(text, params, databaseUrl);
  const duplicateJobs = await q<{ n: number }>(
    `SELECT company_id, assignment_id, occurrence_key, slot, count(*)::int AS n FROM jobs
     WHERE occurrence_key IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING count(*) > 1`,
  );
  const [jobs] = await q<{ jobs: number; creates: number; ids: number; deletes: number; without: number; until: Date }>(
    `SELECT (SELECT count(*) FROM jobs WHERE company_id = $1)::int AS jobs,
            (SELECT count(*) FROM events WHERE company_id = $1 AND entity = 'job' AND type = 'CREATE')::int AS creates,
            (SELECT count(DISTINCT data->>'_id') FROM events
              WHERE company_id = $1 AND entity = 'job' AND type = 'CREATE')::int AS ids,
            (SELECT count(*) FROM events WHERE company_id = $1 AND entity = 'job' AND type = 'DELETE')::int AS deletes,
            (SELECT count(*) FROM jobs j WHERE j.company_id = $1 AND NOT EXISTS (SELECT 1 FROM events e
              WHERE e.company_id = j.company_id AND e.entity = 'job' AND e.type = 'CREATE' AND e.data->>'_id' = j.id)
            )::int AS without,
            (SELECT until_at FROM job_horizons WHERE company_id = $1) AS until`,
    [companyId],
  );
  const duplicateNumbers = await q<{ document_number: string; n: number }>(
    `SELECT document_number, count(*)::int AS n FROM invoices WHERE document_number IS NOT NULL
     GROUP BY 1 HAVING count(*) > 1`,
  );
  const numbers = await q<{ document_number: string }>(
    'SELECT document_number FROM invoices WHERE company_id = $1 AND document_number IS NOT NULL',
    [companyId],
  );
  const counters = numbers.map((r) => Number(/(\d+)$/.exec(r.document_number)?.[1])).sort((a, b) => a - b);
  const gapless = counters.every((value, i) => value === i + 1);
  const receipts = [...receiver.byId.values()];
  const repeats = receipts.reduce((sum, r) => sum + r.count - 1, 0);
  const repeatedIds = receipts.filter((r) => r.count > 1).length;
  const received = new Set(receipts.map((r) => r.key));
  const lost = [...expected].filter((key) => !received.has(key));
  const unexpectedExits = workers.map((w) => w.unexpectedExit()).filter(Boolean);
  const generated = jobs!.jobs - before!.jobs;

  return [
    {
      ok: loads.frames.failures.length === 0 && generated > 0 && jobs!.until.getTime() > before!.until.getTime(),
      check: '(i) frames beyond the window answered 200 by both processes, jobs generated',
      detail:
        `${loads.frames.requests} requests, ${loads.frames.failures.length} failed${loads.frames.failures.length ? ` (${loads.frames.failures[0]})` : ''}; ` +
        `${generated} jobs generated, window now until ${jobs!.until.toISOString().slice(0, 10)}`,
    },
    {
      ok: duplicateJobs.length === 0,
      check: '(i) no job twice: (company_id, assignment_id, occurrence_key, slot) HAVING count(*) > 1 is empty',
      detail: `${duplicateJobs.length} duplicate keys among ${jobs!.jobs} jobs`,
    },
    {
      ok: jobs!.creates === jobs!.jobs + jobs!.deletes && jobs!.ids === jobs!.creates && jobs!.without === 0,
      check: '(i) CREATE job events = jobs, one per job',
      detail: `${jobs!.creates} CREATE events for ${jobs!.ids} distinct jobs, ${jobs!.jobs} jobs, ${jobs!.deletes} DELETE events, ${jobs!.without} jobs without one`,
    },
    {
      ok: differing.length === 0 && loads.frames.failures.length === 0,
      check: '(i) both processes answered every frame with the same jobs',
      detail: `${FRAMES} frames, ${differing.length} answered differently${differing.length ? ` (${differing.slice(0, 3).join(', ')})` : ''}`,
    },
    {
      ok: loads.changes.failures.length === 0 && lost.length === 0 && expected.size === CUSTOMERS * 2,
      check: '(ii) every webhook event delivered at least once',
      detail:
        `${expected.size} events expected, ${received.size} distinct received (${lost.length} lost${lost.length ? `, e.g. ${lost.slice(0, 2).join('; ')}` : ''}), ` +
        `${receiver.stats.accepted} deliveries accepted: ${repeats} at-least-once repeat(s) of ${repeatedIds} webhook-id(s); ` +
        `${open} deliveries still pending or leased; ${loads.changes.failures.length} failed requests`,
    },
    {
      ok: receiver.stats.badSignature === 0 && receiver.stats.idMismatch === 0,
      check: '(ii) signatures valid, webhook-id = event id',
      detail: `${receiver.stats.badSignature} bad signatures, ${receiver.stats.idMismatch} id mismatches`,
    },
    {
      ok:
        loads.invoices.failures.length === 0 &&
        issued === INVOICES &&
        duplicateNumbers.length === 0 &&
        counters.length === INVOICES &&
        gapless,
      check: '(iii) invoices issued through both processes: no document number twice, gapless',
      detail:
        `${issued}/${INVOICES} issued, ${duplicateNumbers.length} numbers twice, ${counters.length} numbered ` +
        `${numbers.length ? `${counters[0]}..${counters[counters.length - 1]}` : ''} ${gapless ? 'without gaps' : 'WITH GAPS'}` +
        `${loads.invoices.failures.length ? `; failed: ${loads.invoices.failures[0]}` : ''}`,
    },
    {
      ok: killed.stillRunning.length > 0 && Number.isFinite(killed.readySeconds) && unexpectedExits.length === 0,
      check: 'worker A SIGKILLed mid-run and restarted; no other exit',
      detail:
        `killed at ${killed.atSeconds.toFixed(1)} s after ${killed.acceptedBefore} deliveries with ${killed.leased} leased, ` +
        `while ${killed.stillRunning.join(', ') || 'nothing'} ran; ` +
        `ready again after ${killed.readySeconds.toFixed(1)} s${unexpectedExits.length ? `; ${unexpectedExits.join('; ')}` : ''}`,
    },
  ];
}

// ---------------------------------------------------------------- main

async function createKey(base: string, accessToken: string, name: string, scopes: string[]): Promise<string> {
  const { key } = await expectOk<{ key: string }>(
    'POST /v2/apiKeys',
    send(base, 'POST', '/v2/apiKeys', { authorization: `Bearer ${accessToken}` }, { name, scopes }),
  );
  return key;
}

async function main() {
  const started = performance.now();
  // Bounded: past the limit the run stops itself; the signal handler kills the children and drops the database.
  setTimeout(() => {
    console.error(`time limit of ${TIME_LIMIT_S} s reached (BENCH_TIME_LIMIT)`);
    process.kill(process.pid, 'SIGTERM');
  }, TIME_LIMIT_S * 1000).unref();

  const jwtSecret = newJwtSecret(); // signs the dataset's admin token; also seals webhook secrets on every process
  const databaseUrl = await createDatabase();
  const until = generatedUntil();
  const company = await prepareDataset(databaseUrl, jwtSecret, until);

  const env = {
    JWT_SECRET: jwtSecret,
    WEBHOOK_WORKER: 'off', // only the worker processes deliver
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    WEBHOOK_RETRY_SCHEDULE: '1,1,2,2,3,5',
    WEBHOOK_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
  };
  const apis = await Promise.all([startCrewbase(databaseUrl, env), startCrewbase(databaseUrl, env)]);
  console.log(
    `API 1 pid ${apis[0]!.child.pid} at ${apis[0]!.base}, API 2 pid ${apis[1]!.child.pid} at ${apis[1]!.base}`,
  );
  const port = (server: RunningServer) => Number(new URL(server.base).port);
  const proxies = await startProxies([
    { name: 'both', backends: apis.map(port) },
    { name: 'one', backends: [port(apis[0]!)] },
  ]);
  const readKey = await createKey(apis[0]!.base, company.accessToken, 'scale-out read', ['read']);
  const adminKey = await createKey(apis[1]!.base, company.accessToken, 'scale-out admin', ['admin']);

  const reportA = await partA(databaseUrl, apis, proxies, readKey, company, until);
  console.log(`\n${reportA.join('\n')}`);

  const verdicts = await partB(databaseUrl, apis, env, adminKey, company);
  console.log(`\n${reportA.join('\n')}`); // again, beside (b)'s verdicts, so the output ends with both parts
  console.log('\n(b) 2 API processes, 2 workers (one SIGKILLed and restarted), one database');
  for (const v of verdicts) console.log(`${v.ok ? 'PASS' : 'FAIL'}  ${v.check}: ${v.detail}`);
  const failed = verdicts.filter((v) => !v.ok).length;
  console.log(
    `\n${failed ? `${failed} check(s) FAILED` : 'all checks passed'}; finished in ${seconds(started).toFixed(0)} s`,
  );
  if (failed) process.exitCode = 1;
}

if (process.argv[2] === 'proxy') runProxy(JSON.parse(process.argv[3]!) as ProxySpec[]);
else runBenchmark(main);
