// HTTP load benchmark: a fresh PostgreSQL database, the real server as a child process, seeding over
// HTTP only, then autocannon on two read paths. Everything it creates is removed again, also on failure.
// Usage: npm run bench:api   (BENCH_DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS; see bench/README.md)
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_DB_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = positiveInt('BENCH_DURATION', 15);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 8);
const SEED_CONCURRENCY = 6; // a few parallel writes: faster seeding without measuring the write path

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

// ---- cleanup: undone in reverse order (server, temp dir, database), whatever way the run ends
const cleanups: Array<() => unknown> = [];
async function cleanup() {
  while (cleanups.length) {
    try { await cleanups.pop()!(); } catch (error) { console.error('cleanup failed:', error); }
  }
}

// ---- database
async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_DB_URL });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

async function createDatabase(): Promise<string> {
  const name = `crewbase_bench_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  // FORCE: a server killed with SIGKILL may not have closed its pool yet.
  cleanups.push(async () => { await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); console.log(`dropped database ${name}`); });
  const url = new URL(ADMIN_DB_URL);
  url.pathname = `/${name}`;
  console.log(`created database ${name}`);
  return url.toString();
}

// ---- server child process
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM'); // the server drains in-flight requests and closes its pool
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

async function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env, // lets DB_POOL_SIZE, API_KEY_CACHE_SECONDS etc. be tuned from outside
      DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(36).toString('base64url'), // 48 characters
      SIGNUP: 'open', AUTH_RATE_LIMIT_PER_IP: '100000', DATA_DIR: dataDir,
    },
  });
  cleanups.push(() => stopServer(child));
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, child, 60_000);
  console.log(`server ready at ${base} (pid ${child.pid})`);
  return { base, child };
}

async function waitReady(base: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    const status = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready after ${timeoutMs / 1000} s`);
}

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

// ---- HTTP seeding
async function call<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** Runs task(0..count-1) with at most `concurrency` in flight; logs progress every 100. */
async function inParallel<T>(label: string, count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
      if (++done % 100 === 0 || done === count) console.log(`  ${label}: ${done}/${count}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannes', 'Ida', 'Jonas', 'Lea', 'Moritz', 'Nina'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Koch', 'Richter'];
const CITIES = [['Berlin', '10115'], ['Hamburg', '20095'], ['München', '80331'], ['Köln', '50667'], ['Leipzig', '04109']] as const;
const at = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const ascii = (text: string) => text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');

function address(i: number) {
  const [city, zip] = at(CITIES, i);
  return { street: `${at(['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Lindenallee'], i)} ${1 + (i % 120)}`, zip, city, country: 'DE' };
}

function userDoc(i: number) {
  const firstName = at(FIRST, i);
  const lastName = at(LAST, Math.floor(i / FIRST.length));
  return {
    general: { firstName, lastName, language: 'de', sex: i % 2 ? 'female' : 'male', birthDate: `19${70 + (i % 30)}-0${1 + (i % 9)}-15` },
    contact: { email: ascii(`${firstName}.${lastName}.${i}@example.com`), mobile: `+49 151 ${String(1_000_000 + i)}` },
    address: address(i),
    contract: {
      startDate: new Date(Date.UTC(2020, i % 12, 1)).toISOString(), department: at(['Service', 'Montage', 'Reinigung', 'Büro'], i),
      salary: 2800 + (i % 20) * 100, salaryType: 'monthly', employment: at(['full-time', 'part-time', 'mini-job'], i), vacationDays: 28,
      remainingLeave: [{ year: 2024, days: i % 10 }],
    },
    tags: [at(['crew-a', 'crew-b', 'crew-c'], i)],
  };
}

function customerDoc(i: number) {
  const last = at(LAST, i);
  return {
    name: `${last} ${at(['GmbH', 'KG', 'AG', 'e.K.', 'Hausverwaltung'], i)} ${i}`, contactPerson: `${at(FIRST, i)} ${last}`,
    address: address(i + 3), contact: { telephone: `+49 30 ${String(2_000_000 + i)}`, email: `office${i}@kunde.example`, website: `https://kunde${i}.example` },
    vatNumber: `DE${String(100_000_000 + i)}`, debitorNumber: String(10_000 + i),
  };
}

async function signUp(base: string, n: number): Promise<string> {
  const body = { companyName: `Bench Company ${n}`, username: `bench_admin_${n}`, password: randomBytes(12).toString('base64url') };
  return (await call<{ accessToken: string }>(base, 'POST', '/v2/company/signup', undefined, body)).accessToken;
}

async function createUsers(base: string, token: string, label: string, count: number) {
  await inParallel(label, count, SEED_CONCURRENCY, (i) => call(base, 'POST', '/v2/users/', token, userDoc(i)));
}

interface Seed { token: string; apiKey: string; customerIds: string[] }

async function seed(base: string): Promise<Seed> {
  const started = Date.now();
  console.log('seeding: main company');
  const token = await signUp(base, 0);
  const { key: apiKey } = await call<{ key: string }>(base, 'POST', '/v2/apiKeys', token, { name: 'bench', scopes: ['read'] });
  await createUsers(base, token, 'users', 300);
  const created = await inParallel('customers', 200, SEED_CONCURRENCY, (i) => call<{ _id: string }>(base, 'POST', '/v2/customers/', token, customerDoc(i)));
  // Other tenants: the measured queries must filter them out rather than run on an otherwise empty table.
  for (let n = 1; n <= 4; n++) await createUsers(base, await signUp(base, n), `noise company ${n} users`, 50);
  // X-Total-Count shows the list sees this tenant's rows only (300 seeded + the admin).
  const listed = await fetch(`${base}/v2/users?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  console.log(`seeding done in ${((Date.now() - started) / 1000).toFixed(1)} s; main company lists ${listed.headers.get('x-total-count')} users`);
  return { token, apiKey, customerIds: created.map((c) => c._id) };
}

// ---- load
interface Row { scenario: string; reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number; bytesPerResponse: number; rssMiB: number }

async function measure(scenario: string, child: ChildProcess, options: autocannon.Options): Promise<Row> {
  console.log(`\n${scenario}: ${CONNECTIONS} connections, ${DURATION} s`);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const row: Row = {
    scenario, reqPerSec: result.requests.mean, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx,
    errors: result.errors, bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0, rssMiB: rssMiB(child.pid!),
  };
  console.log(`  requests/s ${row.reqPerSec.toFixed(1)}, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, `
    + `errors ${row.errors}, ${Math.round(row.bytesPerResponse)} bytes/response, server RSS ${row.rssMiB.toFixed(1)} MiB`);
  return row;
}

function printSummary(rows: Row[]) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'bytes/resp', 'RSS MiB'];
  const lines = rows.map((r) => [r.scenario, r.reqPerSec.toFixed(1), String(r.p50), String(r.p99), String(r.non2xx),
    String(r.errors), String(Math.round(r.bytesPerResponse)), r.rssMiB.toFixed(1)]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const format = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\nsummary (${CONNECTIONS} connections, ${DURATION} s per scenario, node ${process.version})`);
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const databaseUrl = await createDatabase();
  const { base, child } = await startServer(databaseUrl);
  const { token, apiKey, customerIds } = await seed(base);
  console.log(`server RSS after seeding: ${rssMiB(child.pid!).toFixed(1)} MiB`);
  const rows = [
    await measure('A  GET /v2/customers/{id} (API key)', child, {
      url: base, headers: { 'x-api-key': apiKey },
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/v2/customers/${customerIds[Math.floor(Math.random() * customerIds.length)]}` }) }],
    }),
    await measure('B  GET /v2/users?limit=100 (bearer)', child, {
      url: `${base}/v2/users?limit=100`, headers: { authorization: `Bearer ${token}` },
    }),
  ];
  printSummary(rows);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}
main()
  .catch((error) => { console.error('benchmark failed:', error instanceof Error ? error.message : error); process.exitCode = 1; })
  .finally(cleanup);
