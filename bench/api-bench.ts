// HTTP load benchmark: a fresh PostgreSQL database, the real server as a child process, seeding over
// HTTP only, then autocannon on two read paths. Everything it creates is removed again, also on failure.
// Usage: npm run bench:api   (BENCH_DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS; see bench/README.md)
import { randomBytes } from 'node:crypto';
import { newJwtSecret, rssMiB, startCrewbase } from './lib/child-server.js';
import { customerDoc, userDoc } from './lib/fixtures.js';
import { positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable, measure, rowCells, ROW_HEADER, type Row } from './lib/load.js';
import { createDatabase } from './lib/scratch-database.js';
import { q1DirectAndPooled, seedQ1 } from './lib/q1-pgbouncer.js';
import { onPath } from '../test/helpers/debian-tools.js';

const DURATION = positiveInt('BENCH_DURATION', 15);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 8);
const SEED_CONCURRENCY = 6; // a few parallel writes: faster seeding without measuring the write path

// ---- HTTP seeding
async function call<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** Runs task(0..count-1) with at most `concurrency` in flight; logs progress every 100. */
async function inParallel<T>(
  label: string,
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
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

async function signUp(base: string, n: number): Promise<string> {
  const body = {
    companyName: `Bench Company ${n}`,
    username: `bench_admin_${n}`,
    password: randomBytes(12).toString('base64url'),
  };
  return (await call<{ accessToken: string }>(base, 'POST', '/v2/company/signup', undefined, body)).accessToken;
}

async function createUsers(base: string, token: string, label: string, count: number) {
  await inParallel(label, count, SEED_CONCURRENCY, (i) => call(base, 'POST', '/v2/users/', token, userDoc(i)));
}

interface Seed {
  token: string;
  apiKey: string;
  customerIds: string[];
}

async function seed(base: string): Promise<Seed> {
  const started = Date.now();
  console.log('seeding: main company');
  const token = await signUp(base, 0);
  const { key: apiKey } = await call<{ key: string }>(base, 'POST', '/v2/apiKeys', token, {
    name: 'bench',
    scopes: ['read'],
  });
  await createUsers(base, token, 'users', 300);
  const created = await inParallel('customers', 200, SEED_CONCURRENCY, (i) =>
    call<{ _id: string }>(base, 'POST', '/v2/customers/', token, customerDoc(i)),
  );
  // Other tenants: the measured queries must filter them out rather than run on an otherwise empty table.
  for (let n = 1; n <= 4; n++) await createUsers(base, await signUp(base, n), `noise company ${n} users`, 50);
  // X-Total-Count shows the list sees this tenant's rows only (300 seeded + the admin).
  const listed = await fetch(`${base}/v2/users?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  console.log(
    `seeding done in ${((Date.now() - started) / 1000).toFixed(1)} s; main company lists ${listed.headers.get('x-total-count')} users`,
  );
  return { token, apiKey, customerIds: created.map((c) => c._id) };
}

// ---- load
function printSummary(rows: Row[]) {
  console.log(`\nsummary (${CONNECTIONS} connections, ${DURATION} s per scenario, node ${process.version})`);
  console.log(formatTable(ROW_HEADER, rows.map(rowCells)));
}

async function main() {
  const databaseUrl = await createDatabase();
  // Seeding signs up 5 companies over HTTP: signup open, auth rate limit out of the way.
  const jwtSecret = newJwtSecret(); // shared with the server behind PgBouncer, which takes the same tokens
  const { base, child } = await startCrewbase(databaseUrl, {
    JWT_SECRET: jwtSecret,
    SIGNUP: 'open',
    SIGNUP_PROOF_BITS: '0', // sign-up without a challenge, and no hourly cap (SIGNUP=open now asks for both)
    SIGNUP_PER_IP_PER_HOUR: '1000000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
  });
  const { token, apiKey, customerIds } = await seed(base);
  const q1Body = await seedQ1(base, token);
  console.log(`server RSS after seeding: ${rssMiB(child.pid!).toFixed(1)} MiB`);
  const rows = [
    await measure('A  GET /v2/customers/{id} (API key)', child, {
      connections: CONNECTIONS,
      duration: DURATION,
      url: base,
      headers: { 'x-api-key': apiKey },
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/v2/customers/${customerIds[Math.floor(Math.random() * customerIds.length)]}`,
          }),
        },
      ],
    }),
    await measure('B  GET /v2/users?limit=100 (bearer)', child, {
      connections: CONNECTIONS,
      duration: DURATION,
      url: `${base}/v2/users?limit=100`,
      headers: { authorization: `Bearer ${token}` },
    }),
    ...(await q1DirectAndPooled({
      databaseUrl,
      direct: { base, child },
      token,
      body: q1Body,
      connections: CONNECTIONS,
      duration: DURATION,
      hasPgBouncer: onPath('pgbouncer'),
      jwtSecret,
    })),
  ];
  printSummary(rows);
}

runBenchmark(main);
