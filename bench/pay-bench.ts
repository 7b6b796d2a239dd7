// Time-and-pay benchmark: the scheduling dataset's 300-employee company with its jobs of
// January to March 2026, one stopped time-tracking entry per job of March (about 10,000), and the
// German surcharge preset. It times the salary run for March through the real server
// (POST /v2/salaries/compute, twice: compute, then recompute), then clock-in and clock-out
// (POST /v2/jobs/{id}/start and /stop) under load. Everything is removed again, also on failure.
// Usage: npm run bench:pay   (BENCH_DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS; see bench/README.md)
import type { Request } from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { newObjectId } from '../src/platform/ids.js';
import { generateMainCompany } from './dataset.js';
import { newJwtSecret, rssMiB, startCrewbase } from './lib/child-server.js';
import { positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable, measure, rowCells, ROW_HEADER, type Row } from './lib/load.js';
import { seededRandom } from './lib/random.js';
import { createDatabase, waitForIdle } from './lib/scratch-database.js';

const DURATION = positiveInt('BENCH_DURATION', 15);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 8);
const RATE = positiveInt('BENCH_RATE', 100);
const MONTH = { from: '2026-03-01T00:00:00+01:00', to: '2026-04-01T00:00:00+02:00' };
const MINUTE = 60_000;

async function call<T>(base: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** Contracts: two in three employees paid by the hour (14.50 to 18.00), the rest monthly. */
async function setContracts(database: Awaited<ReturnType<typeof openDatabase>>, companyId: string, userIds: string[]) {
  for (const [i, id] of userIds.entries()) {
    const contract =
      i % 3 === 0
        ? {
            salary: 2800 + (i % 20) * 100,
            salaryType: 'monthly',
            dailyWorkingHours: { mo: 8, tu: 8, we: 8, th: 8, fr: 8 },
          }
        : { salary: 14.5 + (i % 8) * 0.5, salaryType: 'hourly' };
    await sql`UPDATE users SET doc = jsonb_set(doc, '{contract}', coalesce(doc->'contract', '{}'::jsonb) || ${JSON.stringify(contract)}::jsonb)
      WHERE company_id = ${companyId} AND id = ${id}`.execute(database.kysely);
  }
}

/** One stopped entry per job of the month: clock-in up to 10 min early or late, clock-out likewise. */
async function seedEntries(
  database: Awaited<ReturnType<typeof openDatabase>>,
  companyId: string,
  adminId: string,
): Promise<number> {
  const rng = seededRandom(7);
  const { rows } = await sql<{
    id: string;
    user_id: string;
    object_id: string;
    from_at: Date;
    to_at: Date;
    doc: { assignmentId: string; targetTime: number };
  }>`
    SELECT id, user_id, object_id, from_at, to_at, doc FROM jobs WHERE company_id = ${companyId} AND user_id IS NOT NULL
      AND from_at >= ${new Date(MONTH.from)} AND from_at < ${new Date(MONTH.to)} ORDER BY from_at`.execute(
    database.kysely,
  );
  const values = rows.map((job, i) => {
    const start = job.from_at.getTime() + rng.int(-10, 10) * MINUTE;
    const end = job.to_at.getTime() + rng.int(-10, 10) * MINUTE;
    const presence = Math.round((end - start) / 1000);
    const doc = {
      userId: job.user_id,
      jobId: job.id,
      objectId: job.object_id,
      assignmentId: job.doc.assignmentId,
      timeStart: new Date(start).toISOString(),
      timeEnd: new Date(end).toISOString(),
      trackingJobDate: job.from_at.toISOString(),
      type: 'default',
      offline: false,
      generatedByUser: true,
      editedByManager: false,
      wasAddedManually: false,
      approved: false,
      cancelled: false,
      workingTime: presence,
      targetTime: job.doc.targetTime * 60,
      requiredBreakTime: 0,
      errors: [],
      allFoundErrors: [],
      salaryIds: [],
    };
    return {
      id: newObjectId(),
      number: i + 1,
      doc,
      user_id: job.user_id,
      job_id: job.id,
      object_id: job.object_id,
      time_start: doc.timeStart,
      time_end: doc.timeEnd,
      tracking_job_date: doc.trackingJobDate,
    };
  });
  for (let i = 0; i < values.length; i += 1000) {
    await sql`INSERT INTO time_trackings (company_id, id, number, doc, user_id, job_id, object_id, time_start, time_end, tracking_job_date, created_by, modified_by, chat_id)
      SELECT ${companyId}, v.id, v.number, v.doc, v.user_id, v.job_id, v.object_id, v.time_start, v.time_end, v.tracking_job_date, ${adminId}, ${adminId}, v.id
      FROM jsonb_to_recordset(${JSON.stringify(values.slice(i, i + 1000))}::jsonb)
        AS v(id text, number bigint, doc jsonb, user_id text, job_id text, object_id text, time_start timestamptz, time_end timestamptz, tracking_job_date timestamptz)`.execute(
      database.kysely,
    );
  }
  await sql`INSERT INTO counters (company_id, name, value) VALUES (${companyId}, 'timeTracking', ${values.length})`.execute(
    database.kysely,
  );
  return values.length;
}

async function main() {
  const databaseUrl = await createDatabase();
  const jwtSecret = newJwtSecret();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
  let company: Awaited<ReturnType<typeof generateMainCompany>>;
  let entryCount: Awaited<ReturnType<typeof seedEntries>>;
  try {
    await migrate(database, (line) => console.log(line));
    company = await generateMainCompany(database, { jwtSecret, until: Date.parse(MONTH.to) });
    await setContracts(database, company.companyId, company.userIds);
    entryCount = await seedEntries(database, company.companyId, company.adminUserId);
    console.log(`seeded ${entryCount} stopped entries for March 2026`);
  } finally {
    await database.close();
  }
  await waitForIdle(databaseUrl);
  const server = await startCrewbase(databaseUrl, { JWT_SECRET: jwtSecret, WEBHOOK_WORKER: 'off' });
  const token = company.accessToken;
  await call(server.base, 'POST', '/v2/surcharges/presets/germanTaxFree', token);
  await call(server.base, 'PATCH', '/v2/company/timeAndPaySettings', token, {
    minimumWages: [{ validFrom: '2026-01-01', perHour: 15 }],
  });

  const runs: string[][] = [];
  for (const label of ['compute', 'recompute']) {
    const started = performance.now();
    const result = await call<{ entries: number; computed: number }>(
      server.base,
      'POST',
      '/v2/salaries/compute',
      token,
      MONTH,
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `salary run (${label}): ${result.entries} entries, ${result.computed} salaries in ${seconds.toFixed(2)} s = ${Math.round(result.computed / seconds)} salaries/s, server RSS ${rssMiB(server.child.pid!).toFixed(0)} MiB`,
    );
    runs.push([
      label,
      String(result.entries),
      String(result.computed),
      seconds.toFixed(2),
      String(Math.round(result.computed / seconds)),
    ]);
  }
  const sample = await call<{ salary: number; surcharges: unknown[] }[]>(
    server.base,
    'GET',
    '/v2/salaries/?limit=500&sort=salary:-1',
    token,
  );
  const withSurcharges = sample.filter((s) => s.surcharges.length > 0).length;
  console.log(`top 500 salaries: ${withSurcharges} with surcharges, highest ${sample[0]?.salary}`);

  // Clock-in and clock-out: each request on another job of January and February (nobody clocked them yet).
  const listed = await call<Array<{ _id: string }>>(server.base, 'POST', '/v2/jobs/jobsInTimeFrame', token, {
    from: String(Date.parse('2026-01-01T00:00:00Z')),
    to: String(Date.parse('2026-03-01T00:00:00Z')),
    userIds: company.userIds,
  });
  const jobIds = listed.map((j) => j._id);
  console.log(`${jobIds.length} jobs available for clocking`);
  const rows: Row[] = [];
  const started: string[] = [];
  let next = 0;
  let stopNext = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const startRequest = {
    method: 'POST' as const,
    setupRequest: (req: Request) => ({ ...req, path: `/v2/jobs/${jobIds[next++ % jobIds.length]}/start`, body: '{}' }),
    // Only a clock-in the server answered counts as started: autocannon also prepares requests it never sends.
    onResponse: (status: number, body: string) => {
      if (status === 200) started.push((JSON.parse(body) as { jobId: string }).jobId);
    },
  };
  const stopRequest = {
    method: 'POST' as const,
    setupRequest: (req: Request) => ({
      ...req,
      path: `/v2/jobs/${started[stopNext++ % started.length]}/stop`,
      body: '{}',
    }),
  };
  // Saturated: as fast as 8 connections go. Each start on another job, each stop on a started one.
  rows.push(
    await measure('start, saturated', server.child, {
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
      requests: [startRequest],
    }),
  );
  rows.push(
    await measure('stop, saturated', server.child, {
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION * 4,
      amount: started.length - stopNext,
      headers,
      requests: [stopRequest],
    }),
  );
  // At a fixed rate (RATE per second over the same connections): latency when the server is not saturated.
  const before = started.length;
  rows.push(
    await measure(`start, ${RATE}/s`, server.child, {
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION,
      overallRate: RATE,
      headers,
      requests: [startRequest],
    }),
  );
  rows.push(
    await measure(`stop, ${RATE}/s`, server.child, {
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION * 4,
      overallRate: RATE,
      amount: started.length - before,
      headers,
      requests: [stopRequest],
    }),
  );
  console.log(
    `\nsalary runs (${entryCount} entries of March 2026)\n${formatTable(['run', 'entries', 'salaries', 'seconds', 'salaries/s'], runs)}`,
  );
  console.log(
    `\nclock-in / clock-out (${CONNECTIONS} connections; each start on another job, each stop on a started one)\n${formatTable(ROW_HEADER, rows.map(rowCells))}`,
  );
}

runBenchmark(main);
