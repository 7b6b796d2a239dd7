// Job generation's cost per job on PostgreSQL, in CPU time rather than wall time: the database
// backend's (from /proc) and this process's, per job, for materializeAll over a scratch database.
// CPU time hardly depends on what else the machine runs, so it tells where generation's time goes
// even on a busy machine: the database's CPU per job bounds the jobs per second one transaction can
// reach (1 s / that), whatever the process does beside it. BENCH_BESIDE=1 offers materializeAll its second
// transaction (as planning does): the CPU is then both backends'.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { jobAbsenceHooks } from '../src/modules/absences/index.js';
import { materializeAll, type Planning } from '../src/modules/scheduling/job-generation.js';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { inTenant, inTenantIfFree } from '../src/platform/db/tenant.js';
import { newObjectId } from '../src/platform/ids.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';
import { createDatabase } from './lib/scratch-database.js';

const ASSIGNMENTS = positiveInt('BENCH_ASSIGNMENTS', 300);
const DAYS = positiveInt('BENCH_DAYS', 60);
const RUNS = positiveInt('BENCH_RUNS', 4);
const BESIDE = process.env.BENCH_BESIDE === '1';
const FROM = Date.UTC(2027, 0, 4);

/** CPU milliseconds (user + system) a process has used, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** Daily 08:00-10:00 Berlin for two users each, titled: the shape of the scheduling bench's plans. */
const plannings = (): Planning[] =>
  Array.from({ length: ASSIGNMENTS }, (_, i) => ({
    assignment: {
      id: newObjectId(),
      doc: {
        objectId: newObjectId(),
        title: `Unterhaltsreinigung ${i}`,
        userIds: [newObjectId(), newObjectId()],
        iCalendar: {
          tzid: 'Europe/Berlin',
          frequency: 'DAILY',
          dtstart: '2027-01-04T08:00:00',
          dtend: '2027-01-04T10:00:00',
        },
      },
    },
  }));

runBenchmark(async () => {
  const url = await createDatabase();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
  onCleanup(() => database.close());
  await migrate(database);
  console.log(
    `${ASSIGNMENTS} assignments x ${DAYS} days x 2 users per run, a new company each run` +
      (BESIDE ? ', a second transaction offered' : ''),
  );
  for (let run = 1; run <= RUNS; run++) {
    const companyId = newObjectId();
    await sql`INSERT INTO companies (company_id, name) VALUES (${companyId}, ${`run ${run}`})`.execute(database.kysely);
    const planned = plannings();
    const backends = new Map<number, number>(); // pid -> its CPU ms when first seen
    const seen = async (tx: { db: typeof database.kysely }) => {
      const { pid } = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx.db)).rows[0]!;
      if (!backends.has(pid)) backends.set(pid, cpuMsOf(pid));
    };
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    const jobs = await inTenant(database, companyId, async (tx) => {
      await seen(tx);
      return materializeAll(tx, jobAbsenceHooks, planned, FROM, FROM + DAYS * 86_400_000, {
        ...(BESIDE && {
          beside: (work) =>
            inTenantIfFree(database, companyId, async (side) => {
              await seen(side);
              return work(side);
            }),
        }),
      });
    });
    const wallMs = performance.now() - started;
    const backendMs = [...backends].reduce((sum, [pid, before]) => sum + cpuMsOf(pid) - before, 0);
    const own = process.cpuUsage(ownBefore);
    const perJob = (ms: number) => `${((ms * 1000) / jobs).toFixed(1)} µs`;
    console.log(
      `run ${run}: ${jobs} jobs in ${(wallMs / 1000).toFixed(2)} s = ${Math.round((jobs * 1000) / wallMs)} jobs/s; ` +
        `per job: wall ${perJob(wallMs)}, PostgreSQL CPU ${perJob(backendMs)} (${backends.size === 1 ? `one backend: at most ${Math.round((jobs * 1000) / backendMs)} jobs/s` : `${backends.size} backends`}), ` +
        `this process's CPU ${perJob((own.user + own.system) / 1000)}`,
    );
  }
});
