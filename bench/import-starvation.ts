// Import starvation benchmark: one company imports a CSV of BENCH_IMPORT_ROWS customers (default
// 100,000, the allowed maximum) while another company reads its customers, one request after the
// other; prints the other company's p50/p99 and the import's wall time per phase. Twice per
// database: sliced (as served) and as one slice per phase (SLICE unbounded: the transaction the
// import used to hold), which shows what slicing costs the import and saves the others. In one
// process (the app through inject), on embedded PGlite and on PostgreSQL.
// Usage: npm run bench:import   (BENCH_DATABASE_URL, BENCH_IMPORT_DB=pglite,postgres, BENCH_IMPORT_ROWS, BENCH_IMPORT_MODES=sliced,whole,
// BENCH_IMPORT_READER=0: no other company reading, so sliced vs whole is the import's own cost of slicing; the
// import's process CPU time is printed too, which a busy machine disturbs less than wall time)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { SLICE } from '../src/modules/imports/import-slices.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';
import { createDatabase } from './lib/scratch-database.js';

const ROWS = positiveInt('BENCH_IMPORT_ROWS', 100_000);
const BACKENDS = (process.env.BENCH_IMPORT_DB || 'pglite,postgres').split(',');
const MODES = (process.env.BENCH_IMPORT_MODES || 'sliced,whole').split(',');
const SLICED = { ...SLICE };
const READER = process.env.BENCH_IMPORT_READER !== '0';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function run(backend: string, mode: string) {
  Object.assign(SLICE, mode === 'whole' ? { ms: Infinity, maxRows: Infinity } : SLICED);
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-bench-import-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const database =
    backend === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: await createDatabase(), poolSize: 10 })
      : await openDatabase({ kind: 'pglite', dataDir });
  await migrate(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    SIGNUP: 'open',
    SIGNUP_PROOF_BITS: '0',
    SIGNUP_PER_IP_PER_HOUR: '1000000',
  });
  const app = await createApp({ config, database, logger: false });
  await app.ready();
  try {
    const signup = async (name: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/company/signup',
        payload: { companyName: name, username: `admin-${name}`, password: 'correct-horse-battery' },
      });
      return { authorization: `Bearer ${response.json().accessToken}` };
    };
    const importer = await signup('Importer');
    const other = await signup('Neighbour');
    const csv = `number,name,address.city\n${Array.from({ length: ROWS }, (_, i) => `${i + 1},Kunde ${i + 1},Berlin`).join('\n')}`;
    const began = performance.now();
    const started = await app.inject({
      method: 'POST',
      url: '/v2/imports/customers',
      headers: { ...importer, 'content-type': 'text/csv' },
      payload: csv,
    });
    const id = started.json()._id;
    const latencies: number[] = [];
    const phaseAt: Record<string, number> = {};
    let report = started.json();
    let checkedAt = 0;
    const cpu = process.cpuUsage();
    while (report.state === 'running') {
      const t0 = performance.now();
      if (READER) await app.inject({ method: 'GET', url: '/v2/customers/?limit=20', headers: other });
      else await new Promise((resolve) => setTimeout(resolve, 50));
      latencies.push(performance.now() - t0);
      if (performance.now() - checkedAt > 1000) {
        checkedAt = performance.now();
        report = (await app.inject({ method: 'GET', url: `/v2/imports/${id}`, headers: importer })).json();
        phaseAt[report.phase] ??= performance.now() - began;
      }
    }
    const wall = (performance.now() - began) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    latencies.sort((a, b) => a - b);
    const writingFrom = (phaseAt.writing ?? NaN) / 1000;
    console.log(
      [
        `${backend.padEnd(8)} ${mode.padEnd(6)} ${ROWS} rows: ${report.state}, wall ${wall.toFixed(1)} s, cpu ${((user + system) / 1e6).toFixed(1)} s`,
        `(writing from ~${writingFrom.toFixed(1)} s)`,
        READER
          ? [
              `other company: ${latencies.length} reads, p50 ${quantile(latencies, 0.5)?.toFixed(1)} ms,`,
              `p99 ${quantile(latencies, 0.99)?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
            ].join(' ')
          : '(no other company reading)',
      ].join(' '),
    );
  } finally {
    await app.close();
  }
}

runBenchmark(async () => {
  for (const backend of BACKENDS) for (const mode of MODES) await run(backend, mode);
});
