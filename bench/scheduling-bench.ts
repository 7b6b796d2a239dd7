// Scheduling benchmark: a fresh PostgreSQL database with ~500,000 generated jobs (bench/dataset.ts),
// then POST /v2/jobs/jobsInTimeFrame on the real server against a bare Fastify + pg reference answering
// the same bytes with the plainest SQL, prepared and unprepared (bench/bare-reference.ts), with the same
// request mix, and pgbench on the reference's prepared statement as the database's ceiling. Everything is
// removed again.
// Usage: npm run bench:scheduling   (BENCH_DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_WARMUP; see bench/README.md)
import type autocannon from 'autocannon';
import { migrate } from '../src/platform/db/migrate.js';
import { openDatabase } from '../src/platform/db/database.js';
import { generateDataset, type Dataset } from './dataset.js';
import { newJwtSecret, rssMiB, startChild, startCrewbase, type RunningServer } from './lib/child-server.js';
import { positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable, measure, rowCells, ROW_HEADER, type Row } from './lib/load.js';
import { adminQuery, createDatabase, keptDatabase, waitForIdle } from './lib/scratch-database.js';
import { runPgbench, withLiterals, type PgbenchResult } from './lib/pgbench.js';
import { unsetTemplates } from './lib/sql-drift.js';
import { statementsOf } from './bare-reference.js';
import { companyDays, employeeWeeks, type BodyFactory } from './lib/time-frames.js';

const DURATION = positiveInt('BENCH_DURATION', 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3); // seconds per server and query before measuring; 0: none
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '8,32').split(',').map(Number);
const ONLY = process.env.BENCH_QUERIES?.split(','); // e.g. Q1: measure only these
const PGBENCH_SCRIPTS = 64; // sampled request bodies pgbench runs, one script each
// e.g. `br` or `gzip`: Crewbase's requests ask for compressed answers (bytes and CPU per request with it)
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
const PATH = '/v2/jobs/jobsInTimeFrame';
const TIMEOUT = 60; // seconds per request: slow answers count as latency, not as errors
// The targets: Q1 (the hottest read) at 0.9x the bare handler with p99 within 1.25x; Q2 at 0.8x and 1.5x,
// and Q2's answer at most 550,000 bytes uncompressed (issue 33: a company day with unset fields absent).
const TARGETS = {
  Q1: { throughputRatio: 0.9, p99Ratio: 1.25, maxBytes: undefined as number | undefined },
  Q2: { throughputRatio: 0.8, p99Ratio: 1.5, maxBytes: 550_000 as number | undefined },
  jobsPerSecond: 25_000,
};
const targetOf = (query: Query) => TARGETS[query.name as 'Q1' | 'Q2'];

interface Target {
  name: 'crewbase' | 'bare' | 'bare-unprepared';
  server: RunningServer;
  headers: Record<string, string>;
}
interface Query {
  name: string;
  label: string;
  bodies: (seed: number) => BodyFactory;
}
interface Pair {
  query: Query;
  connections: number;
  crewbase: Row;
  /** The better of the reference's prepared and unprepared runs (by req/s). */
  bare: Row;
  bareMode: 'prepared' | 'unprepared';
  pgbench?: PgbenchResult;
}

const nodeArgs = (name: string) => (process.env[name] ?? '').split(' ').filter(Boolean);
const seconds = (since: number) => (performance.now() - since) / 1000;

// A kept database holds its dataset's description (ids, the admin's token and the JWT secret that signs it).
const KEPT =
  'CREATE TABLE IF NOT EXISTS bench_dataset (dataset jsonb NOT NULL, jwt_secret text NOT NULL, api_key text)';

/** The dataset and its JWT secret: generated in a fresh database, or read back from a kept one. */
async function openDataset(): Promise<{ databaseUrl: string; dataset: Dataset; jwtSecret: string }> {
  const keep = process.env.BENCH_KEEP_DATABASE;
  if (!keep) {
    const jwtSecret = newJwtSecret();
    const databaseUrl = await createDatabase();
    return { databaseUrl, dataset: await prepareDataset(databaseUrl, jwtSecret), jwtSecret };
  }
  const { url, exists } = await keptDatabase(keep);
  if (exists) {
    const [row] = await adminQuery<{ dataset: Dataset; jwt_secret: string }>('SELECT * FROM bench_dataset', [], url);
    if (row) return { databaseUrl: url, dataset: row.dataset, jwtSecret: row.jwt_secret };
    throw new Error(`database ${keep} holds no finished dataset: drop it and run again`);
  }
  const jwtSecret = newJwtSecret();
  const dataset = await prepareDataset(url, jwtSecret);
  await adminQuery(KEPT, [], url);
  await adminQuery('INSERT INTO bench_dataset VALUES ($1, $2)', [JSON.stringify(dataset), jwtSecret], url);
  return { databaseUrl: url, dataset, jwtSecret };
}

async function prepareDataset(databaseUrl: string, jwtSecret: string): Promise<Dataset> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  try {
    await migrate(database, (line) => console.log(line));
    const dataset = await generateDataset(database, { jwtSecret });
    const started = performance.now();
    // Without it, autovacuum and hint-bit writes on the fresh rows would run during the measurements.
    await database.exec('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE in ${seconds(started).toFixed(1)} s`);
    return dataset;
  } finally {
    await database.close();
  }
}

async function createApiKey(base: string, accessToken: string): Promise<string> {
  const response = await fetch(`${base}/v2/apiKeys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'scheduling bench', scopes: ['read'] }),
  });
  if (response.status !== 201) throw new Error(`POST /v2/apiKeys: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}

/** The read key: created once per dataset (the admin's token of a kept dataset may have expired). */
async function benchApiKey(databaseUrl: string, base: string, accessToken: string): Promise<string> {
  if (!process.env.BENCH_KEEP_DATABASE) return createApiKey(base, accessToken);
  const [row] = await adminQuery<{ api_key: string | null }>('SELECT api_key FROM bench_dataset', [], databaseUrl);
  if (row?.api_key) return row.api_key;
  const key = await createApiKey(base, accessToken);
  await adminQuery('UPDATE bench_dataset SET api_key = $1', [key], databaseUrl);
  return key;
}

async function post(target: Target, body: unknown): Promise<string> {
  const response = await fetch(target.server.base + PATH, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name} ${PATH}: ${response.status} ${text.slice(0, 500)}`);
  return text;
}

/**
 * Both servers must send the very same bytes for the same body; returns the mean jobs per response.
 * Prints the answers' size uncompressed (UTF-8 bytes): the mean, held against the query's limit, and the largest.
 */
async function checkSameAnswers(query: Query, crewbase: Target, bare: Target, samples = 40): Promise<number> {
  const next = query.bodies(999);
  let jobs = 0;
  let bytes = 0;
  let largest = 0;
  for (let i = 0; i < samples; i++) {
    const body = next();
    const [a, b] = await Promise.all([post(crewbase, body), post(bare, body)]);
    if (a !== b) throw new Error(`${query.name}: crewbase and bare answer differently for ${JSON.stringify(body)}`);
    jobs += (JSON.parse(a) as unknown[]).length;
    const size = Buffer.byteLength(a);
    bytes += size;
    largest = Math.max(largest, size);
  }
  const limit = targetOf(query).maxBytes;
  console.log(
    `${query.name}: ${samples} sample bodies answered identically by both servers, ${(jobs / samples).toFixed(1)} jobs per response on average, ` +
      `${Math.round(bytes / samples)} bytes per answer on average uncompressed` +
      (limit ? ` (target <= ${limit}: ${verdict(bytes / samples <= limit)})` : '') +
      `, largest ${largest}`,
  );
  return jobs / samples;
}

function loadOptions(
  target: Target,
  bodies: BodyFactory,
  connections: number,
  duration: number,
): autocannon.Options & { connections: number; duration: number } {
  return {
    url: target.server.base,
    connections,
    duration,
    timeout: TIMEOUT,
    headers: { ...target.headers, 'content-type': 'application/json' },
    requests: [
      { method: 'POST', path: PATH, setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies()) }) },
    ],
  };
}

async function warmUp(databaseUrl: string, targets: Target[], queries: Query[]) {
  if (!(WARMUP > 0)) return;
  console.log(`\nwarm-up: ${WARMUP} s per server and query (not reported)`);
  for (const query of queries) {
    for (const target of targets) {
      await run(databaseUrl, `warm-up ${query.name} ${target.name}`, target, query.bodies(7), 8, WARMUP);
    }
  }
}

/** Runs one measurement once the database is idle: a server may still work on the last run's requests. */
async function run(
  databaseUrl: string,
  label: string,
  target: Target,
  bodies: BodyFactory,
  connections: number,
  duration: number,
): Promise<Row> {
  const waited = await waitForIdle(databaseUrl);
  if (waited > 0.5) console.log(`(waited ${waited.toFixed(1)} s for the previous run's queries to finish)`);
  return measure(label, target.server.child, loadOptions(target, bodies, connections, duration), databaseUrl);
}

/**
 * Crewbase and the reference (prepared, then unprepared) alternate per (query, connections), with the same
 * seeded request sequence; then pgbench runs the reference's prepared statement as the database's ceiling.
 */
async function measurePairs(
  databaseUrl: string,
  crewbase: Target,
  bare: Target,
  bareUnprepared: Target,
  queries: Query[],
  statementFor: ReturnType<typeof statementsOf>,
): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (const query of queries) {
    for (const connections of CONNECTIONS) {
      const measureOn = (target: Target) =>
        run(databaseUrl, `${query.name} ${target.name}`, target, query.bodies(connections), connections, DURATION);
      const crewbaseRow = await measureOn(crewbase);
      const prepared = await measureOn(bare);
      const unprepared = await measureOn(bareUnprepared);
      const preparedBetter = prepared.reqPerSec >= unprepared.reqPerSec;
      const next = query.bodies(connections);
      const statements = Array.from({ length: PGBENCH_SCRIPTS }, () => {
        const { text, values } = statementFor(next());
        return withLiterals(text, values);
      });
      await waitForIdle(databaseUrl);
      console.log(
        `\n${query.name} pgbench: ${connections} connections, ${DURATION} s, ${PGBENCH_SCRIPTS} prepared scripts`,
      );
      const pgbench = await runPgbench(databaseUrl, statements, connections, DURATION);
      console.log(`  tps ${pgbench.tps.toFixed(1)}, latency average ${pgbench.latencyAverageMs.toFixed(2)} ms`);
      pairs.push({
        query,
        connections,
        crewbase: crewbaseRow,
        bare: preparedBetter ? prepared : unprepared,
        bareMode: preparedBetter ? 'prepared' : 'unprepared',
        pgbench,
      });
    }
  }
  return pairs;
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function printReport(dataset: Dataset, pairs: Pair[], jobsPerResponse: Map<string, number>) {
  console.log(`\nall runs (${DURATION} s each, node ${process.version})`);
  console.log(
    formatTable(
      ['', ...ROW_HEADER.slice(1)],
      pairs.flatMap((p) => [
        rowCells({ ...p.crewbase, scenario: `${p.query.name} c${p.connections} crewbase` }),
        rowCells({ ...p.bare, scenario: `${p.query.name} c${p.connections} bare (${p.bareMode})` }),
      ]),
    ),
  );
  console.log(
    '\nCrewbase vs bare reference, the better of prepared and unprepared (ratios: Crewbase req/s / bare req/s, ' +
      "Crewbase p99 / bare p99), and vs pgbench on the reference's prepared statement (the database's ceiling)",
  );
  console.log(
    formatTable(
      [
        'query',
        'conn',
        'jobs/resp',
        'crewbase req/s',
        'bare req/s',
        'bare mode',
        'req/s ratio',
        'pgbench tps',
        'crewbase/pgbench',
        'crewbase p50',
        'bare p50',
        'crewbase p99',
        'bare p99',
        'p99 ratio',
        'crewbase CPU/req',
        'bare CPU/req',
        'crewbase DB CPU/req',
        'bare DB CPU/req',
        'RSS ratio',
        'throughput',
        'p99',
      ],
      pairs.map(({ query, connections, crewbase: c, bare: b, bareMode, pgbench }) => {
        const throughput = c.reqPerSec / b.reqPerSec;
        const p99 = c.p99 / b.p99;
        return [
          query.label,
          String(connections),
          (jobsPerResponse.get(query.name) ?? 0).toFixed(1),
          c.reqPerSec.toFixed(1),
          b.reqPerSec.toFixed(1),
          bareMode,
          throughput.toFixed(2),
          pgbench ? pgbench.tps.toFixed(1) : '-',
          pgbench ? `${((100 * c.reqPerSec) / pgbench.tps).toFixed(0)}%` : '-',
          `${c.p50} ms`,
          `${b.p50} ms`,
          `${c.p99} ms`,
          `${b.p99} ms`,
          p99.toFixed(2),
          `${c.cpuMsPerRequest.toFixed(2)} ms`,
          `${b.cpuMsPerRequest.toFixed(2)} ms`,
          `${c.dbCpuMsPerRequest?.toFixed(2) ?? '-'} ms`,
          `${b.dbCpuMsPerRequest?.toFixed(2) ?? '-'} ms`,
          (c.rssMiB / b.rssMiB).toFixed(2),
          verdict(throughput >= targetOf(query).throughputRatio),
          verdict(p99 <= targetOf(query).p99Ratio),
        ];
      }),
    ),
  );
  const { jobs, seconds: genSeconds, jobsPerSecond } = dataset.generation;
  console.log(
    `\ngeneration${process.env.BENCH_KEEP_DATABASE ? ' (when the kept dataset was made, not in this run)' : ''}: ` +
      `${jobs} jobs in ${genSeconds.toFixed(1)} s = ${Math.round(jobsPerSecond)} jobs/s ` +
      `(target >= ${TARGETS.jobsPerSecond}: ${verdict(jobsPerSecond >= TARGETS.jobsPerSecond)})`,
  );
  console.log(
    `targets: Q1 throughput >= ${TARGETS.Q1.throughputRatio * 100}% of bare and p99 <= ${TARGETS.Q1.p99Ratio}x, ` +
      `Q2 >= ${TARGETS.Q2.throughputRatio * 100}% and <= ${TARGETS.Q2.p99Ratio}x; non-2xx or errors in any run: ` +
      `${pairs.some((p) => p.crewbase.non2xx + p.crewbase.errors + p.bare.non2xx + p.bare.errors > 0) ? 'YES (see above)' : 'none'}`,
  );
}

async function main() {
  const started = performance.now();
  const { databaseUrl, dataset, jwtSecret } = await openDataset();
  const { companyId, userIds, accessToken } = dataset.main;

  const queries: Query[] = [
    { name: 'Q1', label: 'Q1 employee week', bodies: (seed) => employeeWeeks(userIds, seed) },
    { name: 'Q2', label: 'Q2 company day', bodies: (seed) => companyDays(seed) },
  ];
  const templates = unsetTemplates();
  const crewbaseServer = await startCrewbase(databaseUrl, { JWT_SECRET: jwtSecret });
  const crewbase: Target = {
    name: 'crewbase',
    server: crewbaseServer,
    headers: {
      'x-api-key': await benchApiKey(databaseUrl, crewbaseServer.base, accessToken),
      ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
    },
  };
  const bare: Target = {
    name: 'bare',
    server: await startChild(
      'bare reference',
      'bench/bare-reference.ts',
      [],
      {
        DATABASE_URL: databaseUrl,
        COMPANY_ID: companyId,
        UNSET_TEMPLATES: templates,
      },
      nodeArgs('BENCH_BARE_NODE_ARGS'),
    ),
    headers: {},
  };
  const bareUnprepared: Target = { ...bare, name: 'bare-unprepared', headers: { 'x-bare-prepare': '0' } };
  console.log(
    `server RSS at start: crewbase ${rssMiB(crewbase.server.child.pid!).toFixed(1)} MiB, bare ${rssMiB(bare.server.child.pid!).toFixed(1)} MiB`,
  );

  const jobsPerResponse = new Map<string, number>();
  for (const query of queries) jobsPerResponse.set(query.name, await checkSameAnswers(query, crewbase, bare));

  const measured = queries.filter((q) => !ONLY || ONLY.includes(q.name));
  await warmUp(databaseUrl, [crewbase, bare, bareUnprepared], measured);
  const statementFor = statementsOf(JSON.parse(templates) as string[], companyId);
  const pairs = await measurePairs(databaseUrl, crewbase, bare, bareUnprepared, measured, statementFor);
  printReport(dataset, pairs, jobsPerResponse);
  console.log(`\nbenchmark finished in ${seconds(started).toFixed(0)} s`);
}

runBenchmark(main);
