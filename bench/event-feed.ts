// The event feed with years of events kept (issue 33, growth over years): 10 million events over
// 24 monthly partitions and 2,000 companies, filled in SQL (generate_series), then GET /v2/events
// paged by one company at the default page size, and emit's write cost with the events kept
// against the empty table. Ends with a retention run dropping the months past 13.
// Usage: npm run bench:events   (BENCH_EVENTS, BENCH_EVENT_MONTHS, BENCH_EVENT_COMPANIES,
// BENCH_DURATION, BENCH_CONNECTIONS, BENCH_KEEP_DATABASE; see bench/README.md)
import { sql } from 'kysely';
import { type Database, openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { inTenant } from '../src/platform/db/tenant.js';
import { emit } from '../src/platform/outbox/emit.js';
import { dropExpiredEvents } from '../src/platform/outbox/event-retention.js';
import { newJwtSecret, startCrewbase } from './lib/child-server.js';
import { call, eventsKept, feedSpeed, fillEvents, loadAverage as load } from './lib/event-history.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable, ROW_HEADER, rowCells } from './lib/load.js';
import { createDatabase, keptDatabase } from './lib/scratch-database.js';

const TOTAL = positiveInt('BENCH_EVENTS', 10_000_000);
const MONTHS = positiveInt('BENCH_EVENT_MONTHS', 24);
const COMPANIES = positiveInt('BENCH_EVENT_COMPANIES', 2000);
const DURATION = positiveInt('BENCH_DURATION', 15);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 8);
const EMIT_SECONDS = 5;
const WRITERS = 4;
const BULK = 500; // events per transaction, as a generation window writes them
// emit is measured for another company, so the measured company's feed is only the filled history.
const EMIT_COMPANY = 'bench_emit_company';

/** A job-like document, about 200 bytes of JSON: what a job's UPDATE event carries, shortened. */
const jobDoc = (i: number) => ({
  _id: i.toString(16).padStart(24, '0'),
  title: `Unterhaltsreinigung ${i % 500}`,
  objectId: (i % 9973).toString(16).padStart(24, 'a'),
  userId: (i % 30).toString(16).padStart(24, 'b'),
  start: '2027-03-04T08:00:00.000Z',
  end: '2027-03-04T10:00:00.000Z',
  status: 'planned',
});

/** Events/s of emit: WRITERS transactions of one event each in parallel, then transactions of BULK events. */
async function emitCost(database: Database, companyId: string, label: string) {
  const single = async () => {
    let events = 0;
    const until = Date.now() + EMIT_SECONDS * 1000;
    const writer = async () => {
      while (Date.now() < until) {
        await inTenant(database, companyId, (tx) => emit(tx, 'UPDATE', 'job', jobDoc(events)));
        events += 1;
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    return events / EMIT_SECONDS;
  };
  const bulk = async () => {
    let events = 0;
    const started = Date.now();
    while (Date.now() - started < EMIT_SECONDS * 1000) {
      const docs = Array.from({ length: BULK }, (_, i) => jobDoc(events + i));
      await inTenant(database, companyId, (tx) => emit(tx, 'UPDATE', 'job', docs));
      events += BULK;
    }
    return events / ((Date.now() - started) / 1000);
  };
  const row = { label, single: await single(), bulk: await bulk(), load: load() };
  console.log(
    `emit, ${label}: ${row.single.toFixed(0)} events/s (${WRITERS} writers, 1 event per transaction), ` +
      `${row.bulk.toFixed(0)} events/s (${BULK} per transaction); load average ${row.load}`,
  );
  return row;
}

runBenchmark(async () => {
  console.log(`load average at start: ${load()}`);
  const kept = process.env.BENCH_KEEP_DATABASE;
  const { url, exists } = kept ? await keptDatabase(kept) : { url: await createDatabase(), exists: false };
  const database = await openDatabase({ kind: 'postgres', url, poolSize: WRITERS + 2 });
  onCleanup(() => database.close());
  await migrate(database);
  // Retention off in the server: all 24 months stay until the bench's own retention run at the end.
  const { base, child } = await startCrewbase(url, {
    JWT_SECRET: newJwtSecret(),
    SIGNUP: 'open',
    SIGNUP_PROOF_BITS: '0',
    SIGNUP_PER_IP_PER_HOUR: '1000000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    EVENT_RETENTION_MONTHS: '0',
  });
  const signup = await call<{ accessToken: string; companyId: string }>(base, '/v2/company/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Event Feed Bench', username: `feed_${Date.now()}`, password: newJwtSecret() }),
  });
  if (signup.status !== 201 && signup.status !== 200) throw new Error(`signup: ${JSON.stringify(signup.body)}`);
  const { accessToken: token, companyId } = signup.body;

  const emptyCount = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(database.kysely);
  const emits = [];
  if (!exists) {
    emits.push(await emitCost(database, EMIT_COMPANY, `${emptyCount.rows[0]!.n} events kept (empty table)`));
    // Company 0 of every COMPANIES is the measured one; the others only fill the table.
    const companyIds = Array.from({ length: COMPANIES }, (_, i) =>
      i === 0 ? companyId : `bench${String(i).padStart(19, '0')}`,
    );
    await fillEvents(database, { total: TOTAL, months: MONTHS, companyIds });
  } else console.log('reusing the filled database (no empty-table emit figure)');
  const history = await eventsKept(database, companyId);
  console.log(`${history.n} events kept in ${history.parts} partitions; the measured company has ${history.mine}`);
  emits.push(await emitCost(database, EMIT_COMPANY, `${history.n} events kept`));

  const { cursors, row: feed } = await feedSpeed(database, { base, child }, token, {
    connections: CONNECTIONS,
    duration: DURATION,
  });
  console.log(`load average after the feed run: ${load()}`);

  // A writer beside the retention run: how long a write waits while months are detached and dropped.
  const dropStarted = Date.now();
  let dropping = true;
  let longestWriteMs = 0;
  const writer = (async () => {
    while (dropping) {
      const t0 = performance.now();
      await inTenant(database, EMIT_COMPANY, (tx) => emit(tx, 'UPDATE', 'job', jobDoc(0)));
      longestWriteMs = Math.max(longestWriteMs, performance.now() - t0);
    }
  })();
  const dropped = await dropExpiredEvents(database, 13).finally(() => {
    dropping = false;
  });
  await writer;
  const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(database.kysely);
  console.log(
    `retention 13 months: dropped ${dropped} partitions in ${((Date.now() - dropStarted) / 1000).toFixed(2)} s, ` +
      `${after.rows[0]!.n} events kept; the longest write beside it took ${longestWriteMs.toFixed(0)} ms; load average ${load()}`,
  );
  const stale = await call<{ detail: string }>(base, `/v2/events?after=${cursors[0]}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(
    `the first page's cursor now: ${stale.status} (${stale.headers.get('x-oldest-cursor') ?? 'no oldest cursor'})`,
  );

  console.log(`\n${formatTable(ROW_HEADER, [rowCells(feed)])}`);
  console.log(
    `\n${formatTable(
      ['emit', `1/tx, ${WRITERS} writers`, `${BULK}/tx`, 'load average'],
      emits.map((e) => [e.label, `${e.single.toFixed(0)} ev/s`, `${e.bulk.toFixed(0)} ev/s`, e.load]),
    )}`,
  );
});
