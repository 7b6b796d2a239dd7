// Capacity: how many mixed requests per second one machine answers at peak hour with p99 under 100 ms,
// for a SaaS of many companies (bench/lib/capacity-seed.ts) and the peak-hour profile of
// bench/capacity-profile.ts. The load is open-loop (bench/lib/open-loop.ts): each step sends a fixed
// rate, latency counted from each request's intended send time; the rate rises step by step until p99
// passes 100 ms (or more than 1% fail), after one unmeasured request per company. The API server, PostgreSQL and
// this load generator share the machine.
// Usage: npm run bench:capacity [-- --quick]   (BENCH_KEEP=1 keeps the database bench_capacity; see bench/README.md)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { migrate } from '../src/platform/db/migrate.js';
import { openDatabase } from '../src/platform/db/database.js';
import { cpuCounters, figures, formatStalls, serverMs, startStallProbes } from './lib/stall-probes.js';
import { PEAK_HOUR, perCompanyPerSecond, typeFor, type CompanyView, type PlannedRequest } from './capacity-profile.js';
import { newJwtSecret, type RunningServer, startCrewbase } from './lib/child-server.js';
import {
  adminToken,
  crewTokens,
  type CapacityDataset,
  copyTemplate,
  describeTemplate,
  plannedWindow,
  seedTemplate,
  TEMPLATE,
} from './lib/capacity-seed.js';
import { onCleanup, runBenchmark } from './lib/lifecycle.js';
import { eventsKept, feedSpeed, fillEvents } from './lib/event-history.js';
import { analyzeAsAutovacuumWould } from './lib/analyze-stand-in.js';
import { cpuAround, formatTable } from './lib/load.js';
import { runOpenLoop, summarize, type Sample } from './lib/open-loop.js';
import { formatTypeCpu, measureTypeCpu } from './lib/type-cpu.js';
import { seededRandom } from './lib/random.js';
import { adminQuery, createDatabase, keptDatabase, waitForIdle } from './lib/scratch-database.js';

const QUICK = process.argv.includes('--quick');
const COMPANIES = Number(process.env.BENCH_COMPANIES || (QUICK ? 50 : 2000));
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS || (QUICK ? 5 : 30));
const START_RATE = Number(process.env.BENCH_START_RATE || (QUICK ? 20 : 100));
const GROWTH = 1.3; // each step sends 30% more than the last
const MAX_STEPS = QUICK ? 3 : 14;
// Before the ramp: each request type alone, this many requests 4 at a time, for its CPU per request
// (0: skipped). --types-only stops after it.
const TYPE_REQUESTS = Number(process.env.BENCH_TYPE_REQUESTS ?? (QUICK ? 40 : 300));
const TYPES_ONLY = process.argv.includes('--types-only');
// BENCH_TYPE_NAMES="crew: today;office: search": only these types alone (names as printed, ';' between).
const TYPE_NAMES = process.env.BENCH_TYPE_NAMES?.split(';').map((name) => name.trim());
// BENCH_TYPE_COMPANIES=20: the per-type phase sends to the first 20 companies only, so its users come back
// (an hour of a few companies' traffic: what a user's cached credentials save); default all of them.
const TYPE_COMPANIES = Number(process.env.BENCH_TYPE_COMPANIES) || undefined;
// BENCH_COMPARE_WITH=<another checkout, built>: its server beside this one on the same database, the two taking
// turns in the per-type phase (BENCH_COMPARE_ROUNDS rounds), printed side by side; no ramp.
const COMPARE_WITH = process.env.BENCH_COMPARE_WITH;
const COMPARE_ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS || 2);
if (COMPARE_WITH && !(TYPE_REQUESTS > 0))
  throw new Error('BENCH_COMPARE_WITH compares in the per-type phase: BENCH_TYPE_REQUESTS must be above 0');
const P99_LIMIT_MS = 100;
const CONNECTIONS = 64; // the load's HTTP connections: the requests beyond them queue in the client (and count)
const WEBHOOK_COMPANIES = QUICK ? 5 : 100; // companies with a webhook on job updates (delivered beside the load)
// Growth over years: this many events kept while the load runs (over EVENT_MONTHS months, as many as the default
// EVENT_RETENTION_MONTHS keeps), then the feed's speed for one company measured after the ramp (0: neither).
const EVENTS = Number(process.env.BENCH_EVENTS ?? (QUICK ? 20_000 : 10_000_000));
const EVENT_MONTHS = 13;
const FEED_SECONDS = QUICK ? 3 : 10;
const FEED_CONNECTIONS = 8;
const KEPT_NAME = 'bench_capacity';
const KEPT = 'CREATE TABLE IF NOT EXISTS bench_capacity_dataset (dataset jsonb NOT NULL, jwt_secret text NOT NULL)';

const seconds = (since: number) => (performance.now() - since) / 1000;

/** The dataset: seeded in a fresh database, or read back from the kept one (BENCH_KEEP=1). */
async function openDataset(): Promise<{ databaseUrl: string; dataset: CapacityDataset; jwtSecret: string }> {
  if (process.env.BENCH_KEEP) {
    const { url, exists } = await keptDatabase(KEPT_NAME);
    if (exists) {
      const [row] = await adminQuery<{ dataset: CapacityDataset; jwt_secret: string }>(
        'SELECT * FROM bench_capacity_dataset',
        [],
        url,
      );
      if (row && row.dataset.companyIds.length === COMPANIES && row.dataset.crewSessionIds?.length) {
        // Each run registers its own webhooks to its own receiver (a new port): an earlier run's would be
        // retried against a closed port through this run, CPU that no request asked for.
        await adminQuery('TRUNCATE webhooks, webhook_deliveries, webhook_attempts', [], url);
        return { databaseUrl: url, dataset: row.dataset, jwtSecret: row.jwt_secret };
      }
      throw new Error(
        `database ${KEPT_NAME} holds no dataset of ${COMPANIES} companies with the crew's sessions: drop it and run again`,
      );
    }
    const jwtSecret = newJwtSecret();
    const dataset = await seed(url, jwtSecret);
    await adminQuery(KEPT, [], url);
    await adminQuery('INSERT INTO bench_capacity_dataset VALUES ($1, $2)', [JSON.stringify(dataset), jwtSecret], url);
    return { databaseUrl: url, dataset, jwtSecret };
  }
  const jwtSecret = newJwtSecret();
  const databaseUrl = await createDatabase();
  return { databaseUrl, dataset: await seed(databaseUrl, jwtSecret), jwtSecret };
}

async function seed(databaseUrl: string, jwtSecret: string): Promise<CapacityDataset> {
  const started = performance.now();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  let template: Awaited<ReturnType<typeof seedTemplate>>;
  try {
    await migrate(database, () => {});
    template = await seedTemplate(database, jwtSecret);
  } finally {
    await database.close();
  }
  const { company } = template;
  console.log(
    `template company: ${TEMPLATE.employees} employees, ${TEMPLATE.customers} customers, ${TEMPLATE.objects} objects, ` +
      `${TEMPLATE.assignments} weekly assignments and their jobs in ${seconds(started).toFixed(1)} s`,
  );
  await seedInvoices(databaseUrl, jwtSecret, company.companyId, company.accessToken);
  const copying = performance.now();
  const companyIds = await copyTemplate(databaseUrl, company.companyId, COMPANIES, (line) => console.log(line));
  console.log(`copied to ${COMPANIES} companies in ${seconds(copying).toFixed(1)} s`);
  await adminQuery('VACUUM ANALYZE', [], databaseUrl);
  const { planned } = plannedWindow();
  const described = await describeTemplate(databaseUrl, company.companyId, planned.today);
  const todaysJobs = company.userIds.map((id) => described.jobs.filter((j) => j.user_id === id).map((j) => j.id));
  const [jobs] = await adminQuery<{ n: number }>('SELECT count(*)::int AS n FROM jobs', [], databaseUrl);
  console.log(`seeded ${COMPANIES} companies, ${jobs!.n} jobs in ${seconds(started).toFixed(1)} s`);
  return {
    planned,
    templateId: company.companyId,
    companyIds,
    adminUserId: company.adminUserId,
    accessGroupId: template.accessGroupId,
    sessionId: template.sessionId,
    userIds: company.userIds,
    crewGroupId: template.crewGroupId,
    crewSessionIds: template.crewSessionIds,
    customerIds: described.customerIds,
    objectIds: described.objectIds,
    todaysJobs,
  };
}

/** A few invoices in the template (copied with it), through the API as the office writes them. */
async function seedInvoices(databaseUrl: string, jwtSecret: string, companyId: string, token: string) {
  const server = await startCrewbase(databaseUrl, { JWT_SECRET: jwtSecret });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(server.base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { _id: string };
  };
  const [customer] = await adminQuery<{ id: string }>(
    'SELECT id FROM customers WHERE company_id = $1 ORDER BY id LIMIT 1',
    [companyId],
    databaseUrl,
  );
  try {
    for (let i = 0; i < 6; i++) {
      await call('POST', '/v2/invoices/', {
        customerId: customer!.id,
        servicePeriod: { from: '2026-01-01', to: '2026-01-31' },
        positions: [{ title: `Unterhaltsreinigung ${i + 1}`, unit: 'h', price: 31.5, quantity: 20 + i, tax: 0.19 }],
      });
    }
    console.log('template: 6 draft invoices');
  } catch (error) {
    console.log(`template: no invoices (${(error as Error).message.slice(0, 300)})`);
  }
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

/** A webhook receiver on loopback that answers 200 and counts deliveries. */
async function webhookReceiver(): Promise<{ url: string; delivered: () => number }> {
  let delivered = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      delivered++;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, delivered: () => delivered };
}

/**
 * Blocks the database's statements found in PostgreSQL's shared buffers and those it read in (from the OS's
 * cache or the disk): 2,000 companies' jobs are several GB, so with a default shared_buffers (128 MB) many
 * reads copy a block in, CPU per request that a server with more of its memory as shared_buffers does not spend.
 */
async function bufferBlocks(databaseUrl: string): Promise<{ hit: number; read: number }> {
  const [row] = await adminQuery<{ hit: string; read: string }>(
    'SELECT blks_hit AS hit, blks_read AS read FROM pg_stat_database WHERE datname = $1',
    [new URL(databaseUrl).pathname.slice(1)],
  );
  return { hit: Number(row?.hit ?? 0), read: Number(row?.read ?? 0) };
}

interface Step {
  rate: number;
  samples: Sample[];
  apiCpuMs: number;
  pgCpuMs: number;
}

async function main() {
  const started = performance.now();
  const { databaseUrl, dataset, jwtSecret } = await openDataset();
  if (EVENTS > 0) await keepEvents(databaseUrl, dataset.companyIds);
  const analyzing = await analyzeAsAutovacuumWould(databaseUrl);
  onCleanup(() => analyzing.stop());
  // The seeding's writes (or an earlier run's) are still being checkpointed for minutes: their writes made the
  // WAL's flush stall for 100-300 ms, and every write of the load with it. Written out now, before measuring.
  const checkpointing = performance.now();
  await adminQuery('CHECKPOINT', [], databaseUrl);
  console.log(`checkpoint before measuring: ${seconds(checkpointing).toFixed(1)} s`);
  const receiver = await webhookReceiver();
  const serverEnv = {
    JWT_SECRET: jwtSecret,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    SERVER_TIMING: 'true', // each answer's time in the server, against its latency at the generator
  };
  const server = await startCrewbase(databaseUrl, serverEnv);
  const pool = new Pool(server.base, { connections: CONNECTIONS, pipelining: 1 });
  onCleanup(() => pool.close());

  const companies: CompanyView[] = await Promise.all(
    dataset.companyIds.map(async (companyId) => ({
      companyId,
      token: await adminToken(jwtSecret, dataset, companyId),
      crewTokens: await crewTokens(jwtSecret, dataset, companyId),
      userIds: dataset.userIds,
      customerIds: dataset.customerIds,
      objectIds: dataset.objectIds,
      jobsToday: dataset.todaysJobs.flat(),
      jobsTodayOf: dataset.todaysJobs,
      openJobs: dataset.todaysJobs.map((jobs) => [...jobs]),
      started: [],
      toApprove: [],
    })),
  );
  let webhooks = 0;
  for (const company of companies.slice(0, WEBHOOK_COMPANIES)) {
    const { statusCode, body } = await pool.request({
      method: 'POST',
      path: '/v2/integrations/webhooks/',
      headers: { authorization: `Bearer ${company.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'UPDATE', entity: 'job', url: receiver.url }),
    });
    const text = await body.text();
    if (statusCode === 201 || statusCode === 200) webhooks++;
    else if (webhooks === 0) console.log(`webhook not created: ${statusCode} ${text.slice(0, 300)}`);
    if (statusCode >= 300 && webhooks === 0) break;
  }
  console.log(`webhooks on job updates: ${webhooks} companies deliver to a loopback receiver`);

  const rng = seededRandom(2026);
  const pick = (n: number) => (n > 0 ? Math.floor(rng.next() * n) : 0);
  /** The servers' own times (Server-Timing) of the answers since the step began. */
  const serverTimes = new Map<string, number[]>(); // request type -> times
  /** One planned request of a company: its status and body; the company's state is kept from an expected answer. */
  const request = async (company: CompanyView, planned: PlannedRequest, through = pool) => {
    const { statusCode, headers, body } = await through.request({
      method: planned.method,
      path: planned.path,
      headers: {
        authorization: `Bearer ${planned.as === undefined ? company.token : company.crewTokens[planned.as]}`,
        ...(planned.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: planned.body === undefined ? undefined : JSON.stringify(planned.body),
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
    const text = await body.text();
    const inServer = serverMs(headers['server-timing']);
    const expected = planned.expected.includes(statusCode);
    if (expected && statusCode < 300 && planned.after) planned.after(text ? JSON.parse(text) : undefined);
    return { statusCode, text, expected, inServer };
  };
  const send = (_index: number) => {
    const company = companies[pick(companies.length)]!;
    const type = typeFor(rng.next());
    const planned = type.build(company, pick, dataset.planned);
    const done = request(company, planned).then(({ statusCode, text, expected, inServer }) => {
      if (inServer !== undefined) {
        const times = serverTimes.get(type.name) ?? [];
        serverTimes.set(type.name, times);
        times.push(inServer);
      }
      if (!expected && unexpected.size < 20) unexpected.set(`${type.name} ${statusCode}`, text.slice(0, 200));
      return expected;
    });
    return { type: type.name, done };
  };
  const unexpected = new Map<string, string>();

  // Unmeasured: one request per company first (its credentials and job window then known to the server, as
  // they are for a company that has been working for a while), 8 at a time.
  const warmUp = async (through: Pool) => {
    const warming = performance.now();
    const crewToday = PEAK_HOUR[0]!;
    for (let first = 0; first < companies.length; first += 8) {
      await Promise.all(
        companies
          .slice(first, first + 8)
          .map((company) => request(company, crewToday.build(company, pick, dataset.planned), through)),
      );
    }
    // And each request type a few times: a route's validators are built on its first use, or in the background
    // after the server starts (WARM_UP), which a server that has run for a while has behind it; measured without
    // this, they showed as stalls of 200-800 ms in the first step's p99.
    for (const type of PEAK_HOUR)
      for (const company of companies.slice(0, 3))
        await request(company, type.build(company, pick, dataset.planned), through);
    console.log(
      `warm-up: one request per company and three of each type in ${seconds(warming).toFixed(1)} s (not measured)`,
    );
  };
  await warmUp(pool);

  if (TYPE_REQUESTS > 0) {
    await waitForIdle(databaseUrl);
    const types = TYPE_NAMES ? PEAK_HOUR.filter((type) => TYPE_NAMES.includes(type.name)) : PEAK_HOUR;
    const sender = (through: Pool) => async (type: (typeof PEAK_HOUR)[number]) => {
      const company = companies[pick(Math.min(TYPE_COMPANIES ?? companies.length, companies.length))]!;
      return (await request(company, type.build(company, pick, dataset.planned), through)).expected;
    };
    const servers = [{ label: 'this', child: server.child, send: sender(pool) }];
    if (COMPARE_WITH) {
      const other = await startCrewbase(databaseUrl, serverEnv, COMPARE_WITH);
      const otherPool = new Pool(other.base, { connections: CONNECTIONS, pipelining: 1 });
      onCleanup(() => otherPool.close());
      // Warmed as this one was: a server that has not seen a company yet pays to learn its job window.
      await warmUp(otherPool);
      servers.unshift({ label: 'other', child: other.child, send: sender(otherPool) });
    }
    const rounds = COMPARE_WITH ? COMPARE_ROUNDS : 1;
    const typeCpu = await measureTypeCpu({
      types,
      requests: TYPE_REQUESTS,
      concurrency: 4,
      servers,
      rounds,
      databaseUrl,
      idleSeconds: 5,
      coolSeconds: 6,
    });
    console.log(
      `\nCPU per request of each type alone (${TYPE_REQUESTS} requests, 4 at a time` +
        `${COMPARE_WITH ? `, ${rounds} rounds, other: ${COMPARE_WITH}` : ''}):\n` +
        formatTypeCpu(
          typeCpu,
          servers.map((s) => s.label),
        ),
    );
    if (TYPES_ONLY || COMPARE_WITH) return;
  }

  const steps: Step[] = [];
  let rate = START_RATE;
  for (let i = 0; i < MAX_STEPS; i++) {
    await waitForIdle(databaseUrl);
    const blocksBefore = await bufferBlocks(databaseUrl);
    const probes = await startStallProbes(server.base, databaseUrl);
    serverTimes.clear();
    // The whole budget: this process's own CPU (the load generator) and how busy the machine's cores were.
    const generatorBefore = process.cpuUsage();
    const machineBefore = cpuCounters(readFileSync('/proc/stat', 'utf8'));
    const {
      result: samples,
      apiMs: apiCpuMs,
      pgMs: pgCpuMs,
      apiKernelMs,
    } = await cpuAround(server.child, databaseUrl, () => runOpenLoop({ rate, seconds: STEP_SECONDS, send }));
    const generatorUsage = process.cpuUsage(generatorBefore);
    const generatorCpuMs = (generatorUsage.user + generatorUsage.system) / 1000;
    const machineAfter = cpuCounters(readFileSync('/proc/stat', 'utf8'));
    const busyShare =
      machineBefore && machineAfter
        ? 1 - (machineAfter.idle - machineBefore.idle) / Math.max(1, machineAfter.total - machineBefore.total)
        : Number.NaN;
    const stalls = await probes.stop();
    const inServer = figures([...serverTimes.values()].flat());
    const slowestInServer = [...serverTimes]
      .map(([type, times]) => ({ type, ...figures(times) }))
      .sort((a, b) => b.p99Ms - a.p99Ms)
      .slice(0, 3)
      .map((f) => `${f.type} ${f.p99Ms.toFixed(1)}`)
      .join(', ');
    const blocks = await bufferBlocks(databaseUrl);
    const hits = blocks.hit - blocksBefore.hit;
    const hitShare = (hits / Math.max(1, hits + blocks.read - blocksBefore.read)) * 100;
    steps.push({ rate, samples, apiCpuMs, pgCpuMs });
    const all = summarize(samples).find((s) => s.type === '*')!;
    console.log(
      `step ${i + 1}: ${rate.toFixed(0)} req/s for ${STEP_SECONDS} s: p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms, ` +
        `failed ${all.failed} of ${all.count}; CPU per request: API ${(apiCpuMs / all.count).toFixed(2)} ms ` +
        `(${((apiKernelMs / apiCpuMs) * 100).toFixed(0)} % in the kernel), ` +
        `PostgreSQL ${(pgCpuMs / all.count).toFixed(2)} ms, load generator ${(generatorCpuMs / all.count).toFixed(2)} ms; ` +
        `the machine's cores ${(busyShare * 100).toFixed(0)} % busy; ` +
        `PostgreSQL's blocks found in shared_buffers ${hitShare.toFixed(1)} %\n  ` +
        formatStalls(stalls) +
        `\n  time in the server (Server-Timing), p50/p99/max: ${inServer.p50Ms.toFixed(1)}/${inServer.p99Ms.toFixed(1)}/` +
        `${inServer.maxMs.toFixed(1)} ms of ${inServer.count} answers; highest p99 by type: ${slowestInServer} ms`,
    );
    if (all.p99 > P99_LIMIT_MS || all.failed > all.count * 0.01) break;
    rate *= GROWTH;
  }
  if (EVENTS > 0) await measureFeed(server, databaseUrl, companies[0]!);
  if (unexpected.size) console.log('unexpected answers (first of each kind):', Object.fromEntries(unexpected));
  const passing = steps.filter((s) => {
    const all = summarize(s.samples).find((x) => x.type === '*')!;
    return all.p99 <= P99_LIMIT_MS && all.failed <= all.count * 0.01;
  });
  const best = passing.at(-1) ?? steps[0]!;
  // The step that failed too, by type: whether one type was slow or all were (a stall of the machine).
  const failing = steps.at(-1)!;
  if (failing !== best) printTypes(failing, 'the step that failed');
  printTypes(best, passing.length ? 'the last step that passed' : 'no step passed; the first');
  console.log(
    `profile: ${(perCompanyPerSecond() * 3600).toFixed(0)} requests per company in the peak hour ` +
      `(${perCompanyPerSecond().toFixed(4)} req/s); webhook deliveries received: ${receiver.delivered()}; ` +
      `load average ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ` +
      `finished in ${seconds(started).toFixed(0)} s`,
  );
  const bestAll = summarize(best.samples).find((s) => s.type === '*')!;
  const reached = passing.length ? best.rate : 0;
  const [settings] = await adminQuery<{ shared_buffers: string }>('SHOW shared_buffers', []);
  console.log(`PostgreSQL shared_buffers: ${settings?.shared_buffers}`);
  console.log(
    `capacity: ${reached.toFixed(0)} req/s mixed at p99 ${bestAll.p99.toFixed(0)} ms (${COMPANIES} companies)`,
  );
}

/** Fills the event table to EVENTS over the dataset's companies, unless a kept database holds most of them already. */
async function keepEvents(databaseUrl: string, companyIds: string[]) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const { n } = await eventsKept(database, companyIds[0]!);
    if (n >= EVENTS * 0.9) console.log(`events kept: ${n} (filled before)`);
    else {
      console.log(`filling ${EVENTS} events over ${EVENT_MONTHS} months of ${companyIds.length} companies`);
      await fillEvents(database, { total: EVENTS, months: EVENT_MONTHS, companyIds });
    }
  } finally {
    await database.close();
  }
}

/**
 * The feed's speed with the events kept: one company's feed walked from its start (its cursors), then read at random
 * cursors by FEED_CONNECTIONS clients for FEED_SECONDS, alone on the machine after the ramp.
 */
async function measureFeed(server: RunningServer, databaseUrl: string, company: CompanyView) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    await waitForIdle(databaseUrl);
    const { n, parts, mine } = await eventsKept(database, company.companyId);
    console.log(`\nevent feed: ${n} events kept in ${parts} partitions, ${mine} of the measured company`);
    const { row } = await feedSpeed(database, server, company.token, {
      connections: FEED_CONNECTIONS,
      duration: FEED_SECONDS,
      databaseUrl,
    });
    console.log(
      `feed: ${row.reqPerSec.toFixed(0)} req/s at p99 ${row.p99} ms (${FEED_CONNECTIONS} connections, ${n} events kept)`,
    );
  } finally {
    await database.close();
  }
}

/** Per request type of a step: count, p50/p99, failures, and the step's CPU per request. */
function printTypes(step: Step, which: string) {
  const stats = summarize(step.samples);
  const count = stats.find((s) => s.type === '*')!.count;
  console.log(
    `\n${which}, at ${step.rate.toFixed(0)} req/s (${STEP_SECONDS} s): CPU per request API ${(step.apiCpuMs / count).toFixed(2)} ms, ` +
      `PostgreSQL ${(step.pgCpuMs / count).toFixed(2)} ms (the step's CPU over its requests, all types together)`,
  );
  const order = [...PEAK_HOUR.map((t) => t.name), 'shed', '*'];
  console.log(
    formatTable(
      ['request type', 'count', 'failed', 'p50 ms', 'p99 ms'],
      stats
        .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))
        .map((s) => [
          s.type === '*' ? 'all' : s.type,
          String(s.count),
          String(s.failed),
          s.p50.toFixed(1),
          s.p99.toFixed(1),
        ]),
    ),
  );
}

runBenchmark(main);
