// Idempotency keys after a crash: a fresh PostgreSQL database and the API server as a child on 127.0.0.1.
// CRASH_REQUESTS customer creates, each with its own Idempotency-Key, run CRASH_CONCURRENCY at a time;
// when half of them have been acknowledged the server is killed (SIGKILL) in the middle of the others,
// then restarted. After the lease (IDEMPOTENCY_LEASE_SECONDS, here CRASH_LEASE_SECONDS) every key is
// retried once. It checks that every acknowledged (2xx) create exists and was replayed with the same id,
// that no key is still "in progress" (409), and counts duplicates (creates that ran twice: the process
// died after the create committed and before its response was stored). Bounded: CRASH_TIMEOUT_SECONDS.
// Usage: npm run bench:crash   (BENCH_DATABASE_URL; see bench/README.md)
import { newJwtSecret, startCrewbase, type RunningServer } from './lib/child-server.js';
import { positiveInt, runBenchmark } from './lib/lifecycle.js';
import { createDatabase } from './lib/scratch-database.js';

const REQUESTS = positiveInt('CRASH_REQUESTS', 400);
const CONCURRENCY = positiveInt('CRASH_CONCURRENCY', 8);
const LEASE_SECONDS = positiveInt('CRASH_LEASE_SECONDS', 5);
const TIMEOUT_SECONDS = positiveInt('CRASH_TIMEOUT_SECONDS', 300);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  id?: string;
  isReplayed: boolean;
}

async function create(base: string, token: string, i: number): Promise<Answer> {
  try {
    const response = await fetch(`${base}/v2/customers/`, {
      method: 'POST',
      signal: AbortSignal.timeout(15_000),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': `crash-${i}`,
      },
      body: JSON.stringify({ name: `crash ${i}` }),
    });
    const body = (await response.json()) as { _id?: string };
    return {
      status: response.status,
      id: body._id,
      isReplayed: response.headers.get('idempotent-replayed') === 'true',
    };
  } catch {
    return { status: 0, isReplayed: false }; // connection refused or reset: the server is gone
  }
}

/** Runs task(0..count-1), `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function allCustomers(base: string, token: string): Promise<Array<{ _id: string; name: string }>> {
  const all: Array<{ _id: string; name: string }> = [];
  for (let offset = 0; ; offset += 1000) {
    const response = await fetch(`${base}/v2/customers/?limit=1000&offset=${offset}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await response.json()) as Array<{ _id: string; name: string }>;
    all.push(...page);
    if (page.length < 1000) return all;
  }
}

async function main() {
  const timer = setTimeout(() => {
    console.error(`not done after ${TIMEOUT_SECONDS} s: stopping`);
    process.kill(process.pid, 'SIGTERM');
  }, TIMEOUT_SECONDS * 1000);
  timer.unref();
  const databaseUrl = await createDatabase();
  // The same JWT secret for both lives of the server, so the token stays valid across the crash.
  const env = { JWT_SECRET: newJwtSecret(), IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS), WEBHOOK_WORKER: 'off' };
  let server: RunningServer = await startCrewbase(databaseUrl, env);
  const signup = await fetch(`${server.base}/v2/company/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Crash Bench',
      username: 'crash_bench_admin',
      password: 'crash-bench-password',
    }),
  });
  const { accessToken: token } = (await signup.json()) as { accessToken: string };

  const first: Answer[] = [];
  let acknowledged = 0;
  let isKilled = false;
  const sentAfterKill = new Set<number>();
  await inParallel(REQUESTS, CONCURRENCY, async (i) => {
    if (isKilled) sentAfterKill.add(i);
    first[i] = await create(server.base, token, i);
    if (first[i]!.status >= 200 && first[i]!.status < 300) acknowledged += 1;
    if (!isKilled && acknowledged >= REQUESTS / 2) {
      isKilled = true;
      server.child.kill('SIGKILL');
      console.log(`killed the server (SIGKILL) after ${acknowledged} acknowledged creates, ${CONCURRENCY} in flight`);
    }
  });
  const lost = first.filter((a, i) => a.status === 0 && !sentAfterKill.has(i)).length;
  await new Promise((resolve) =>
    server.child.exitCode !== null || server.child.signalCode !== null
      ? resolve(null)
      : server.child.once('exit', resolve),
  );

  server = await startCrewbase(databaseUrl, env);
  await sleep((LEASE_SECONDS + 1) * 1000);
  const retry: Answer[] = [];
  await inParallel(REQUESTS, CONCURRENCY, async (i) => {
    retry[i] = await create(server.base, token, i);
  });

  const stored = await allCustomers(server.base, token);
  const ids = new Set(stored.map((c) => c._id));
  const perName = new Map<string, number>();
  for (const customer of stored) perName.set(customer.name, (perName.get(customer.name) ?? 0) + 1);
  const acked = first.flatMap((a, i) => (a.status >= 200 && a.status < 300 ? [{ i, id: a.id! }] : []));
  const figures = {
    requests: REQUESTS,
    acknowledgedBeforeKill: acked.length,
    inFlightAtTheKill: lost,
    refusedWhileDown: sentAfterKill.size,
    otherFirstStatuses: first.filter((a) => a.status !== 0 && (a.status < 200 || a.status >= 300)).length,
    acknowledgedMissing: acked.filter((a) => !ids.has(a.id)).length,
    acknowledgedReplayedWithAnotherId: acked.filter((a) => retry[a.i]!.id !== a.id || !retry[a.i]!.isReplayed).length,
    retriesRanAgain: retry.filter((a) => a.status === 201 && !a.isReplayed).length,
    retriesStill409: retry.filter((a) => a.status === 409).length,
    retriesOther: retry.filter((a) => a.status !== 201 && a.status !== 409).length,
    customersStored: stored.length,
    keysWithoutCustomer: Array.from({ length: REQUESTS }, (_, i) => i).filter((i) => !perName.has(`crash ${i}`)).length,
    duplicates: [...perName.values()].reduce((sum, n) => sum + n - 1, 0),
  };
  console.table(figures);
  const isSound =
    figures.acknowledgedMissing === 0 &&
    figures.acknowledgedReplayedWithAnotherId === 0 &&
    figures.retriesStill409 === 0 &&
    figures.retriesOther === 0 &&
    figures.keysWithoutCustomer === 0;
  console.log(
    isSound
      ? `sound: every acknowledged create exists and replays, no key stuck; ${figures.duplicates} duplicate(s) from the window between a create's commit and its stored response`
      : 'NOT SOUND: see the figures above',
  );
  if (!isSound) process.exitCode = 1;
}

runBenchmark(main);
