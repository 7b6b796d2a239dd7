// Job generation's cost per job in PostgreSQL, counted in instructions rather than time: on a shared
// machine, CPU time per job moved by a factor of 1.6 between runs of the same code within a minute
// (bench:generation), so a change of a few percent could not be seen. Here PostgreSQL runs under
// valgrind's callgrind, which counts the instructions its processes execute inside PortalRun (every
// statement's execution), whatever else the machine does: two runs of the same code differ by 0.05 %.
//
// For each checkout (this one, and BENCH_COMPARE_WITH if set), bench/generation-cpu.ts of that checkout
// runs against a private cluster started under callgrind, once with 1 run and once with BENCH_RUNS runs
// (a new company each); the difference is what the runs after the first cost (the migrations and the
// first run are in both), divided by their jobs. Needs valgrind and PostgreSQL's server programs.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { makePrimary, pgBinDir, runAsPostgres } from '../test/helpers/pg-cluster.js';
import { onPath } from '../test/helpers/debian-tools.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';

const RUNS = Math.max(2, positiveInt('BENCH_RUNS', 3));
const ASSIGNMENTS = positiveInt('BENCH_ASSIGNMENTS', 50);
const DAYS = positiveInt('BENCH_DAYS', 30);
const ROUNDS = positiveInt('BENCH_ROUNDS', 1);
/**
 * Where the callgrind files of each checkout's invocations are copied (`this-1`, `this-3`, `other-1`, ...: the
 * checkout and its runs), for callgrind_annotate; what the runs after the first cost is the difference.
 */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const asRoot = process.getuid?.() === 0;

/**
 * Starts the cluster's postgres under callgrind (collecting inside PortalRun only); resolves when it answers,
 * with a promise of its exit (callgrind writes the postmaster's counts as it exits, after pg_ctl stop returns).
 */
async function startCounted(data: string, root: string, port: number): Promise<{ exited: Promise<unknown> }> {
  const args = [
    '--tool=callgrind',
    '--trace-children=yes',
    '--collect-atstart=no',
    '--toggle-collect=PortalRun',
    `--callgrind-out-file=${join(root, 'callgrind.%p')}`,
    join(pgBinDir()!, 'postgres'),
    '-D',
    data,
  ];
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', 'valgrind', ...args]] : ['valgrind', args];
  const child = spawn(command, argv, { detached: true, stdio: 'ignore' });
  const exited = new Promise((done) => child.once('exit', done));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let attempt = 0; attempt < 240; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return { exited };
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error('PostgreSQL under callgrind did not start within 2 minutes');
}

/** Instructions counted in all of the cluster's processes since it started (read once they have exited). */
function countedInstructions(root: string): number {
  return readdirSync(root)
    .filter((name) => name.startsWith('callgrind.'))
    .reduce((sum, name) => {
      const totals = /^totals: (\d+)/m.exec(readFileSync(join(root, name), 'utf8'));
      return sum + Number(totals?.[1] ?? 0);
    }, 0);
}

function keepProfile(root: string, into: string) {
  mkdirSync(into, { recursive: true });
  for (const name of readdirSync(root))
    if (name.startsWith('callgrind.')) copyFileSync(join(root, name), join(into, name));
}

runBenchmark(async () => {
  if (!onPath('valgrind') || !pgBinDir()) throw new Error('needs valgrind and PostgreSQL 15+ server programs');
  const checkouts = [
    process.cwd(),
    ...(process.env.BENCH_COMPARE_WITH ? [resolve(process.env.BENCH_COMPARE_WITH)] : []),
  ];
  const cluster = await makePrimary('generation-instructions', { fast: true });
  onCleanup(() => cluster.destroySync());
  cluster.stop();
  appendFileSync(join(cluster.data, 'postgresql.auto.conf'), 'autovacuum = off\n');

  /** Instructions of one bench/generation-cpu.ts invocation of `checkout` with `runs` runs, and its jobs per run. */
  const measure = async (checkout: string, runs: number) => {
    for (const name of readdirSync(cluster.root)) if (name.startsWith('callgrind.')) rmSync(join(cluster.root, name));
    const { exited } = await startCounted(cluster.data, cluster.root, cluster.port);
    try {
      const output = execFileSync('npx', ['tsx', 'bench/generation-cpu.ts'], {
        cwd: checkout,
        env: {
          ...process.env,
          BENCH_DATABASE_URL: cluster.url(),
          BENCH_RUNS: String(runs),
          BENCH_ASSIGNMENTS: String(ASSIGNMENTS),
          BENCH_DAYS: String(DAYS),
        },
        timeout: 900_000,
      }).toString();
      const jobs = Number(/^run 1: (\d+) jobs/m.exec(output)?.[1]);
      if (!jobs) throw new Error(`no jobs reported by ${checkout}:\n${output}`);
      return jobs;
    } finally {
      runAsPostgres('pg_ctl', ['stop', '-w', '-t', '120', '-m', 'fast', '-D', cluster.data], 130_000);
      await exited;
      if (PROFILE_DIR)
        keepProfile(
          cluster.root,
          join(resolve(PROFILE_DIR), `${checkouts.indexOf(checkout) ? 'other' : 'this'}-${runs}`),
        );
    }
  };

  console.log(
    `${ASSIGNMENTS} assignments x ${DAYS} days x 2 users per run; PostgreSQL's instructions per job over runs 2-${RUNS}`,
  );
  const results = new Map<string, number[]>(checkouts.map((c) => [c, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const checkout of checkouts) {
      const started = Date.now();
      await measure(checkout, 1);
      const once = countedInstructions(cluster.root);
      const jobs = await measure(checkout, RUNS);
      const perJob = (countedInstructions(cluster.root) - once) / ((RUNS - 1) * jobs);
      results.get(checkout)!.push(perJob);
      console.log(
        `round ${round}, ${checkout}: ${Math.round(perJob).toLocaleString('en')} instructions per job ` +
          `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
  if (checkouts.length === 2) {
    const [mine, other] = checkouts.map((c) => Math.min(...results.get(c)!));
    console.log(`this checkout / ${checkouts[1]}: ${(mine! / other!).toFixed(4)} (lowest of each)`);
  }
});
