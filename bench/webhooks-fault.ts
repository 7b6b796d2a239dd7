// Webhook delivery under faults: a fresh database, the API server (WEBHOOK_WORKER=off) and a separate
// delivery worker as children, and a signature-checking receiver on 127.0.0.1. While 2,000 customer
// creates and updates are made over HTTP, the worker is SIGKILLed and restarted twice and the receiver
// goes down for a while. Then it waits until every event arrived and prints loss, duplicates and latency.
// Usage: npm run bench:webhooks-fault   (BENCH_DATABASE_URL; see bench/README.md)
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { newJwtSecret, ROOT, startCrewbase } from './lib/child-server.js';
import { customerDoc } from './lib/fixtures.js';
import { onCleanup, runBenchmark } from './lib/lifecycle.js';
import { adminQuery, createDatabase } from './lib/scratch-database.js';
import { verifiedDelivery } from './lib/webhook-receiver.js';

const CUSTOMERS = 1000; // each is created and then updated once: 2,000 changes, 2,000 events
const CONCURRENCY = 8;
// Faults, one after the other while the changes run, each once the receiver has accepted ACTIVE_AFTER more
// deliveries (so they hit a worker that is delivering and holds claims): kill the worker (SIGKILL) and restart
// it 1 s later; receiver down (503 for DOWN_MS / 2, then connection resets for DOWN_MS / 2); kill again.
const ACTIVE_AFTER = 25;
const DOWN_MS = 4000;
const WAIT_MS = 120_000; // for the last events after the changes
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- receiver: one path per webhook (each has its own signing secret)
type Mode = 'up' | '503' | 'reset';
interface Receipt {
  key: string;
  at: number;
} // key: `${data._id} ${type}`

function startReceiver() {
  const secrets = new Map<string, Webhook>(); // path -> verifier
  const first = new Map<string, Receipt>(); // webhook-id -> first accepted receipt
  const stats = { accepted: 0, refused503: 0, reset: 0, badSignature: 0, idMismatch: 0 };
  let mode: Mode = 'up';
  const server = createServer((req, res) => {
    if (mode === 'reset') {
      stats.reset++;
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      if (mode === '503') {
        stats.refused503++;
        res.writeHead(503).end();
        return;
      }
      const delivered = verifiedDelivery(secrets, req, res, Buffer.concat(chunks).toString('utf8'), stats);
      if (!delivered) return;
      const { event, webhookId: id } = delivered;
      if (!first.has(id)) first.set(id, { key: `${event.data._id} ${event.type}`, at });
      res.writeHead(204).end();
    });
  });
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
    }),
  );
  onCleanup(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return {
    listening,
    secrets,
    first,
    stats,
    setMode: (next: Mode) => {
      mode = next;
    },
  };
}

// ---- the worker child: no HTTP port, so it is not polled for readiness; an unexpected exit fails the run
function workerProcess(env: Record<string, string>) {
  let current: ChildProcess | undefined;
  let isStopping = false;
  let unexpected: string | undefined;
  /** Resolves once the worker has opened the database (it prints "database ready"). */
  const start = () =>
    new Promise<void>((resolve) => {
      if (isStopping) return resolve();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, ...env },
      });
      child.stdout!.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        if (chunk.includes('database ready')) resolve();
      });
      child.once('exit', (code, signal) => {
        if (signal !== 'SIGKILL' && !isStopping)
          unexpected = `worker pid ${child.pid} exited (code ${code}, signal ${signal})`;
        resolve();
      });
      current = child;
      console.log(`worker started (pid ${child.pid})`);
    });
  const stop = async (signal: NodeJS.Signals) => {
    const child = current;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  onCleanup(() => {
    isStopping = true;
    return stop('SIGTERM');
  });
  return {
    start,
    kill: () => stop('SIGKILL'),
    check: () => {
      if (unexpected) throw new Error(unexpected);
    },
  };
}

// ---- HTTP
async function call<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  const response = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
}

async function main() {
  const databaseUrl = await createDatabase();
  const receiver = startReceiver();
  const receiverBase = await receiver.listening;
  console.log(`receiver listening at ${receiverBase}`);
  const env = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: newJwtSecret(),
    LOG_LEVEL: 'warn',
    WEBHOOK_WORKER: 'off', // the secret also seals webhook secrets
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    WEBHOOK_RETRY_SCHEDULE: '1,1,2,2,3,5',
    WEBHOOK_TIMEOUT_MS: '2000',
  };
  const { base } = await startCrewbase(databaseUrl, { ...env, SIGNUP: 'open' });
  const worker = workerProcess(env);

  const password = `Bench-${newJwtSecret().slice(0, 16)}`;
  const { accessToken: token } = await call<{ accessToken: string }>(base, 'POST', '/v2/company/signup', undefined, {
    companyName: 'Webhook Bench',
    username: 'webhook_bench_admin',
    password,
  });
  for (const type of ['CREATE', 'UPDATE']) {
    const path = `/${type.toLowerCase()}`;
    const { secret } = await call<{ secret: string }>(base, 'POST', '/v2/integrations/webhooks/', token, {
      type,
      entity: 'customer',
      url: receiverBase + path,
    });
    receiver.secrets.set(path, new Webhook(secret));
  }

  // ---- faults
  const fault = { kills: 0, restarts: 0, downMs: 0, readyS: [] as string[] };
  const whenDelivering = async () => {
    // bounded: also goes on if the backlog is already drained
    const target = receiver.stats.accepted + ACTIVE_AFTER;
    for (const until = performance.now() + 30_000; receiver.stats.accepted < target && performance.now() < until; )
      await sleep(20);
  };
  const killAndRestart = async () => {
    await whenDelivering();
    await worker.kill();
    fault.kills++;
    console.log(`  worker killed (SIGKILL) after ${receiver.stats.accepted} accepted deliveries`);
    await sleep(1000);
    fault.restarts++;
    const restarted = performance.now();
    await worker.start();
    fault.readyS.push(((performance.now() - restarted) / 1000).toFixed(1));
  };
  const receiverDown = async () => {
    await whenDelivering();
    console.log(`  receiver down for ${DOWN_MS / 1000} s (503, then connection resets)`);
    const started = performance.now();
    receiver.setMode('503');
    await sleep(DOWN_MS / 2);
    receiver.setMode('reset');
    await sleep(DOWN_MS / 2);
    receiver.setMode('up');
    fault.downMs = performance.now() - started;
  };
  await worker.start(); // after the server has migrated the database

  // ---- changes
  const commits = new Map<string, number>(); // `${_id} ${type}` -> response time
  const created: Array<Promise<string>> = [];
  const change = async (i: number) => {
    const n = i >> 1;
    if (i % 2 === 0) {
      const { _id } = await call<{ _id: string }>(base, 'POST', '/v2/customers/', token, customerDoc(n));
      commits.set(`${_id} CREATE`, performance.now());
      return _id;
    }
    const id = await created[n]!; // the create of the same customer, picked just before
    await call(base, 'PATCH', `/v2/customers/${id}`, token, { contactPerson: `Updated ${n}` });
    commits.set(`${id} UPDATE`, performance.now());
    return id;
  };
  const total = 2 * CUSTOMERS;
  let next = 0;
  let committed = 0;
  const started = performance.now();
  const faults = (async () => {
    await killAndRestart();
    await receiverDown();
    await killAndRestart();
  })();
  faults.catch(() => {}); // awaited below; this only keeps an early failure from being unhandled meanwhile
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        const done = change(i);
        if (i % 2 === 0) created[i >> 1] = done;
        await done;
        if (++committed % 500 === 0) console.log(`  ${committed}/${total} changes`);
      }
    }),
  );
  const changeSeconds = (performance.now() - started) / 1000;
  console.log(`${total} changes in ${changeSeconds.toFixed(1)} s (${(total / changeSeconds).toFixed(0)}/s)`);
  await faults;

  // ---- bounded wait for the rest
  const receivedKeys = () => new Set([...receiver.first.values()].map((r) => r.key));
  const deadline = performance.now() + WAIT_MS;
  let lastLog = 0;
  while (performance.now() < deadline) {
    worker.check();
    const received = receivedKeys();
    const missing = [...commits.keys()].filter((key) => !received.has(key)).length;
    if (missing === 0) break;
    if (performance.now() - lastLog > 5000) {
      lastLog = performance.now();
      console.log(`  waiting for ${missing} event(s)`);
    }
    await sleep(200);
  }

  // ---- figures
  const firsts = [...receiver.first.values()];
  const byKey = new Map(firsts.map((r) => [r.key, r.at]));
  const latencies = [...commits]
    .flatMap(([key, at]) => (byKey.has(key) ? [byKey.get(key)! - at] : []))
    .sort((a, b) => a - b);
  const times = firsts.map((r) => r.at);
  const periodS = times.length > 1 ? (Math.max(...times) - Math.min(...times)) / 1000 : Number.NaN;
  const loss = commits.size - receiver.first.size;
  const unmatched = [...commits.keys()].filter((key) => !byKey.has(key));
  const { stats } = receiver;
  const deliveries = await adminQuery<{ status: string; n: number; attempts: number }>(
    'SELECT status, count(*)::int AS n, sum(attempts)::int AS attempts FROM webhook_deliveries GROUP BY status ORDER BY status',
    [],
    databaseUrl,
  );
  const leased = deliveries.find((d) => d.status === 'delivering')?.n ?? 0;
  console.log(`
events expected               ${commits.size}
received (with duplicates)    ${stats.accepted}
distinct webhook-ids          ${receiver.first.size}
loss (expected - distinct)    ${loss}${unmatched.length ? ` (${unmatched.length} expected events never arrived)` : ''}
duplicates                    ${stats.accepted - receiver.first.size} so far (${leased} deliveries still leased by killed workers are sent again when their lease ends (three delivery timeouts plus 30 s))
delivery throughput           ${(receiver.first.size / periodS).toFixed(1)} distinct events/s over ${periodS.toFixed(1)} s (first to last first receipt)
latency commit->first receipt p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${percentile(latencies, 100).toFixed(0)} ms
worker kills / restarts       ${fault.kills} / ${fault.restarts} (restarted workers ready after ${fault.readyS.join(', ')} s)
receiver downtime             ${(fault.downMs / 1000).toFixed(1)} s (${stats.refused503} answered 503, ${stats.reset} connections reset)
bad signatures / id mismatch  ${stats.badSignature} / ${stats.idMismatch}
deliveries in the database    ${deliveries.map((d) => `${d.status} ${d.n} (${d.attempts} attempts)`).join(', ')}`);
  if (loss !== 0 || unmatched.length || stats.badSignature || stats.idMismatch) {
    process.exitCode = 1;
    console.error(`FAILED: ${unmatched.length} event(s) lost, e.g. ${unmatched.slice(0, 3).join('; ')}`);
  }
}

runBenchmark(main);
