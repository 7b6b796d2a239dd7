// Search benchmark: one company of 10,000 records (customers, objects, users, jobs, tasks, invoices,
// documents with German names and addresses, seeded over HTTP) plus a second company as tenant
// noise, then GET /v2/search with a seeded mix of words, prefixes, numbers and typos through the
// compiled server, one request and eight in flight, as the administrator and as an employee.
// Prints p50, p99 and requests per second. On PostgreSQL, then on embedded PGlite.
// Usage: npm run bench:search   (BENCH_DATABASE_URL, BENCH_SEARCH_DB, BENCH_SEARCH_RECORDS, BENCH_SEARCH_REQUESTS; bench/README.md)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { address, BENCH_SELLER, customerDoc, LAST_NAMES, objectDoc, STREETS, userDoc } from './lib/fixtures.js';
import { newJwtSecret, rssMiB, startChild, startCrewbase, type RunningServer } from './lib/child-server.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable } from './lib/load.js';
import { seededRandom, type Random } from './lib/random.js';
import { createDatabase } from './lib/scratch-database.js';

const RECORDS = positiveInt('BENCH_SEARCH_RECORDS', 10_000);
const REQUESTS = positiveInt('BENCH_SEARCH_REQUESTS', 400); // per run
const BACKENDS = (process.env.BENCH_SEARCH_DB || 'postgres,pglite').split(',');
const SEED_CONCURRENCY = 8;
const TARGET_P99_MS = 50;

// Shares of the records by type (sum 1).
const SHARES = { customers: 0.15, objects: 0.2, users: 0.05, jobs: 0.3, tasks: 0.15, invoices: 0.1, documents: 0.05 };
const ACTIVITIES = ['Unterhaltsreinigung', 'Glasreinigung', 'Grundreinigung', 'Treppenhausreinigung', 'Winterdienst'];
const TASKS = [
  'Schlüssel abholen',
  'Reklamation prüfen',
  'Material nachbestellen',
  'Angebot nachfassen',
  'Leiter reparieren',
];
const ROOMS = ['Küche', 'Eingang', 'Büro', 'Sanitär', 'Lager'];

interface Api {
  base: string;
  headers: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: the JSON answers of many routes, read a field or two each
async function send(api: Api, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(api.base + path, {
    method,
    headers: { ...api.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

async function upload(api: Api, objectId: string, name: string): Promise<string> {
  const form = new FormData();
  form.set('objectId', objectId);
  form.set('name', name);
  form.set('file', new Blob([`Protokoll ${name}`], { type: 'text/plain' }), `${name}.txt`);
  const response = await fetch(`${api.base}/v2/documents/`, { method: 'POST', headers: api.headers, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { _id: string })._id;
}

/** Runs task(0..count-1) with `concurrency` in flight; returns the results in order. */
async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

async function signup(base: string, companyName: string): Promise<Api & { userId: string }> {
  const body = await send({ base, headers: {} }, 'POST', '/v2/company/signup', {
    companyName,
    username: `bench_${randomBytes(4).toString('hex')}`,
    password: randomBytes(12).toString('base64url'),
  });
  return { base, headers: { authorization: `Bearer ${body.accessToken}` }, userId: body.userId };
}

interface Seeded {
  admin: Api;
  employee: Api;
  queries: Search[];
  seconds: number;
}

/** The company's records over HTTP, and the words, prefixes, numbers and typos to search for. */
async function seed(base: string): Promise<Seeded> {
  const started = performance.now();
  const admin = await signup(base, 'Glanz Gebäudedienste GmbH');
  const count = (share: number) => Math.round(RECORDS * share);
  const n = Object.fromEntries(Object.entries(SHARES).map(([key, share]) => [key, count(share)])) as Record<
    keyof typeof SHARES,
    number
  >;
  await send(admin, 'PATCH', '/v2/company/invoicingSettings', {
    seller: BENCH_SELLER,
  });
  const groups = (await send(admin, 'GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
  const employeeGroup = groups.find((group) => group.name === 'employee')!._id;
  // The first user logs in as the employee who searches their own jobs and tasks.
  const username = `bench_employee_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const users = await inParallel(n.users, SEED_CONCURRENCY, async (i) => {
    const { contract: _contract, ...doc } = userDoc(i);
    const login = i === 0 ? { id: username, password } : {};
    return (await send(admin, 'POST', '/v2/users/', { ...doc, ...login, accessGroupId: employeeGroup }))._id as string;
  });
  const customers = await inParallel(n.customers, SEED_CONCURRENCY, async (i) =>
    send(admin, 'POST', '/v2/customers/', customerDoc(i)).then((r) => r._id as string),
  );
  const objects = await inParallel(n.objects, SEED_CONCURRENCY, async (i) => {
    const { contact: _contact, securityCode: _code, ...doc } = objectDoc(i, customers[i % customers.length]!);
    return (await send(admin, 'POST', '/v2/objects/', doc))._id as string;
  });
  const day = Date.UTC(2027, 0, 4, 6);
  await inParallel(n.jobs, SEED_CONCURRENCY, async (i) =>
    send(admin, 'POST', '/v2/jobs/', {
      title: `${ACTIVITIES[i % ACTIVITIES.length]} ${ROOMS[Math.floor(i / 5) % ROOMS.length]}`,
      objectId: objects[i % objects.length],
      userId: users[i % users.length],
      from: new Date(day + (i % 300) * 86_400_000).toISOString(),
      to: new Date(day + (i % 300) * 86_400_000 + 7_200_000).toISOString(),
    }),
  );
  await inParallel(n.tasks, SEED_CONCURRENCY, async (i) =>
    send(admin, 'POST', '/v2/tasks/', {
      title: `${TASKS[i % TASKS.length]} ${customerDoc(i).contactPerson}`,
      assignee: { entityId: users[i % users.length] },
    }),
  );
  const documentNumbers: string[] = [];
  await inParallel(n.invoices, SEED_CONCURRENCY, async (i) => {
    const { _id } = await send(admin, 'POST', '/v2/invoices/', {
      customerId: customers[i % customers.length],
      title: `${ACTIVITIES[i % ACTIVITIES.length]} ${['Januar', 'Februar', 'März', 'April'][i % 4]} 2027`,
      positions: [{ title: ACTIVITIES[i % ACTIVITIES.length]!, quantity: 1 + (i % 9), price: 38.5, tax: 0.19 }],
    });
    if (i % 4 === 0) {
      await send(admin, 'POST', `/v2/invoices/${_id}/issue`);
      documentNumbers.push((await send(admin, 'GET', `/v2/invoices/${_id}`)).documentNumber);
    }
  });
  await inParallel(n.documents, SEED_CONCURRENCY, async (i) =>
    upload(admin, objects[i % objects.length]!, `Leistungsnachweis ${address(i).city} ${i}`),
  );
  // Tenant noise: a second company with the same kind of names.
  const other = await signup(base, 'Blitzblank Service KG');
  await inParallel(200, SEED_CONCURRENCY, (i) => send(other, 'POST', '/v2/customers/', customerDoc(i)));
  const login = await send({ base, headers: {} }, 'POST', '/v2/auth/login', { username, password });
  const employee = { base, headers: { authorization: `Bearer ${login.accessToken}` } };
  const seconds = (performance.now() - started) / 1000;
  return { admin, employee, queries: queryMix(seededRandom(42), documentNumbers), seconds };
}

/** One letter of a word replaced (not the first): a typo. */
function typo(random: Random, word: string): string {
  const at = random.int(1, word.length - 2);
  const letter = 'aeiourtnsl'[random.int(0, 9)]!;
  return word.slice(0, at) + (word[at] === letter ? 'x' : letter) + word.slice(at + 1);
}

const PLACES = [...STREETS, 'Berlin', 'Hamburg', 'München', 'Leipzig'];

/** REQUESTS searches: words, two words, prefixes, numbers, typos and invoice numbers, mixed. */
function queryMix(random: Random, documentNumbers: string[]): Search[] {
  const kinds: Array<[string, () => string]> = [
    ['word', () => random.pick([...LAST_NAMES, ...PLACES, ...ACTIVITIES])],
    ['two words', () => `${random.pick(LAST_NAMES)} ${random.pick(['GmbH', 'KG', 'AG', 'Hausverwaltung'])}`],
    ['prefix', () => random.pick([...LAST_NAMES, ...PLACES, ...ACTIVITIES]).slice(0, random.int(3, 5))],
    ['number', () => String(random.int(1, RECORDS / 5))],
    ['number prefix', () => String(random.int(1, 99))],
    ['typo', () => typo(random, random.pick([...LAST_NAMES, ...ACTIVITIES, 'Lindenallee', 'Bahnhofstraße']))],
    ['invoice number', () => random.pick(documentNumbers)],
  ];
  return Array.from({ length: REQUESTS }, () => {
    const [kind, text] = random.pick(kinds);
    return { kind, query: `q=${encodeURIComponent(text())}` };
  });
}

interface Search {
  kind: string;
  query: string;
}

interface Run {
  label: string;
  concurrency: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
  results: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function measure(label: string, api: Api, queries: Search[], concurrency: number): Promise<Run> {
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  let results = 0;
  const started = performance.now();
  await inParallel(queries.length, concurrency, async (i) => {
    const sent = performance.now();
    const body = await send(api, 'GET', `/v2/search?${queries[i]!.query}`);
    const took = performance.now() - sent;
    latencies.push(took);
    byKind.set(queries[i]!.kind, [...(byKind.get(queries[i]!.kind) ?? []), took]);
    results += body.results.length;
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const run = {
    label,
    concurrency,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1)!,
    perSecond: queries.length / seconds,
    results: results / queries.length,
  };
  const kinds = [...byKind]
    .map(
      ([kind, list]) =>
        `${kind} ${percentile(
          list.sort((a, b) => a - b),
          0.5,
        ).toFixed(1)}`,
    )
    .join(', ');
  console.log(
    `  ${label}, ${concurrency} in flight: p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms (p50 by kind: ${kinds})`,
  );
  return run;
}

async function startServer(backend: string): Promise<RunningServer> {
  const env = {
    SIGNUP: 'open',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_USERNAME: '100000',
    WEBHOOK_WORKER: 'off',
  };
  if (backend === 'postgres') return startCrewbase(await createDatabase(), env);
  if (backend !== 'pglite') throw new Error(`BENCH_SEARCH_DB: postgres or pglite, not ${backend}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-bench-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  // DATABASE_URL empty: the embedded database in DATA_DIR.
  return startChild('crewbase server (PGlite)', 'scripts/start.mjs', ['serve'], {
    ...env,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    JWT_SECRET: newJwtSecret(),
    DATA_DIR: dataDir,
  });
}

async function main() {
  const rows: string[][] = [];
  let worst = 0;
  for (const backend of BACKENDS) {
    console.log(`\n${backend}: seeding ${RECORDS} records over HTTP`);
    const server = await startServer(backend);
    const seeded = await seed(server.base);
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s`);
    await measure('warm-up', seeded.admin, seeded.queries.slice(0, 50), 4);
    const runs = [
      await measure('administrator', seeded.admin, seeded.queries, 1),
      await measure('administrator', seeded.admin, seeded.queries, 8),
      await measure('employee (own records)', seeded.employee, seeded.queries, 8),
    ];
    for (const run of runs) {
      worst = Math.max(worst, run.p99);
      rows.push([
        `${backend}: ${run.label}`,
        String(run.concurrency),
        run.p50.toFixed(1),
        run.p99.toFixed(1),
        run.max.toFixed(1),
        run.perSecond.toFixed(0),
        run.results.toFixed(1),
        rssMiB(server.child.pid!).toFixed(0),
      ]);
    }
  }
  console.log(
    `\nGET /v2/search, ${REQUESTS} searches per run (words, prefixes, numbers, typos, invoice numbers), company of ${RECORDS} records, node ${process.version}`,
  );
  console.log(formatTable(['run', 'in flight', 'p50 ms', 'p99 ms', 'max ms', 'req/s', 'results', 'RSS MiB'], rows));
  console.log(
    `worst p99 ${worst.toFixed(1)} ms: ${worst < TARGET_P99_MS ? 'ok' : 'MISSED'} (target under ${TARGET_P99_MS} ms)`,
  );
}

runBenchmark(main);
