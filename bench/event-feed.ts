// The event feed with years of events kept (issue 33, growth over years): 10 million events over
// 24 monthly partitions and 2,000 companies, filled in SQL (generate_series), then GET /v2/events
// paged by one company at the default page size, and emit's write cost with the events kept
// against the empty table. Ends with a retention run dropping the months past 13.
// Usage: npm run bench:events   (BENCH_EVENTS, BENCH_EVENT_MONTHS, BENCH_EVENT_COMPANIES,
// BENCH_DURATION, BENCH_CONNECTIONS, BENCH_KEEP_DATABASE; see bench/README.md)
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { inTenant } from '../src/platform/db/tenant.js';
import { emit } from '../src/platform/outbox/emit.js';
import { dropExpiredEvents } from '../src/platform/outbox/event-retention.js';
import { newJwtSecret, startCrewbase } from './lib/child-server.js';
import { onCleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable, measure, ROW_HEADER, rowCells } from './lib/load.js';
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
const CHUNK = 50_000; // filled rows per transaction

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function call<T>(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

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

/** The first instant of the month `back` months before this one (UTC). */
const monthStart = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
};
const partitionOf = (d: Date) => `events_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * TOTAL events over MONTHS months (the current one last), spread over COMPANIES companies of
 * which company 0 is the measured one. A month without a partition is filled as a plain table and
 * attached (its indexes built once, sorted); one with a partition is filled through the parent.
 * One transaction per month, so each month has its own xid, older months smaller ones.
 */
async function fill(database: Database, companyId: string) {
  const perMonth = Math.floor(TOTAL / MONTHS);
  const started = Date.now();
  for (let back = MONTHS - 1; back >= 0; back--) {
    const from = monthStart(back);
    const to = monthStart(back - 1);
    const name = partitionOf(from);
    const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${name})::text AS found`.execute(
      database.kysely,
    );
    const attach = rows[0]!.found === null;
    if (attach) await sql`CREATE TABLE ${sql.id(name)} (LIKE events)`.execute(database.kysely);
    const target = attach ? sql.id(name) : sql`events`;
    const monthStarted = Date.now();
    // Chunks of at most CHUNK rows, each its own short transaction: a long one would hold back every
    // event feed on this PostgreSQL server (other databases' too) while it runs.
    for (let first = 1; first <= perMonth; first += CHUNK) {
      const last = Math.min(perMonth, first + CHUNK - 1);
      await sql`
      INSERT INTO ${target} (company_id, id, seq, xid, type, entity, occurred_at, data) OVERRIDING SYSTEM VALUE
      SELECT CASE WHEN g % ${COMPANIES} = 0 THEN ${companyId} ELSE 'bench' || lpad((g % ${COMPANIES})::text, 19, '0') END,
             lpad(to_hex(extract(epoch FROM ts)::bigint), 8, '0') || lpad(to_hex(g), 16, '0'),
             nextval(pg_get_serial_sequence('events', 'seq')), pg_current_xact_id(),
             (ARRAY['CREATE', 'UPDATE', 'UPDATE', 'DELETE'])[1 + g % 4], 'job', ts,
             jsonb_build_object('_id', lpad(to_hex(g), 24, '0'), 'title', 'Unterhaltsreinigung ' || (g % 500),
               'objectId', lpad(to_hex(g % 9973), 24, 'a'), 'userId', lpad(to_hex(g % 30), 24, 'b'),
               'start', ts, 'end', ts + interval '2 hours', 'status', 'planned')
      FROM generate_series(${first}::int, ${last}::int) AS g,
           LATERAL (SELECT ${from}::timestamptz + (g::float8 / ${perMonth + 1}) * (${to}::timestamptz - ${from}::timestamptz) AS ts) AS t`.execute(
        database.kysely,
      );
    }
    if (attach)
      await sql`ALTER TABLE events ATTACH PARTITION ${sql.id(name)} FOR VALUES FROM (${sql.lit(from.toISOString())}) TO (${sql.lit(to.toISOString())})`.execute(
        database.kysely,
      );
    console.log(
      `  ${name}: ${perMonth} events in ${((Date.now() - monthStarted) / 1000).toFixed(1)} s${attach ? ' (attached)' : ''}; load average ${load()}`,
    );
  }
  await sql`ANALYZE events`.execute(database.kysely);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `filled ${perMonth * MONTHS} events in ${seconds.toFixed(0)} s (${((perMonth * MONTHS) / seconds).toFixed(0)} rows/s)`,
  );
}

/**
 * The feed serves an event once every transaction older than it has ended, on the whole server
 * (docs/decisions.md, Event feed): on a shared server another session's long transaction holds
 * the filled events back. Waits (at most 10 minutes) until the newest filled event is served.
 */
async function waitServed(database: Database) {
  const started = Date.now();
  for (;;) {
    const { rows } = await sql<{ served: boolean; oldest: string | null }>`
      SELECT (SELECT max(xid) FROM events) < pg_snapshot_xmin(pg_current_snapshot()) AS served,
        (SELECT datname || ', running ' || (now() - xact_start)::text FROM pg_stat_activity
         WHERE backend_xid IS NOT NULL OR backend_xmin IS NOT NULL ORDER BY xact_start LIMIT 1) AS oldest`.execute(
      database.kysely,
    );
    if (rows[0]!.served) break;
    if (Date.now() - started > 600_000) throw new Error(`the feed is held back by a transaction (${rows[0]!.oldest})`);
    if ((Date.now() - started) % 10_000 < 500) console.log(`  waiting for the oldest transaction: ${rows[0]!.oldest}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`events served after ${((Date.now() - started) / 1000).toFixed(1)} s of waiting for older transactions`);
}

/** Walks the company's feed from the start at the default page size, one request at a time. */
async function walk(base: string, token: string) {
  const cursors: string[] = [];
  const times: number[] = [];
  let after = '';
  const started = Date.now();
  for (;;) {
    const t0 = performance.now();
    const page = await call<Array<{ cursor: string }>>(base, `/v2/events${after ? `?after=${after}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    times.push(performance.now() - t0);
    if (page.status !== 200) throw new Error(`GET /v2/events: ${page.status} ${JSON.stringify(page.body)}`);
    if (page.body.length === 0) break;
    after = page.body.at(-1)!.cursor;
    cursors.push(after);
    if (page.body.length < 100) break;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `feed walked: ${cursors.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s, one at a time: ` +
      `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms; load average ${load()}`,
  );
  return cursors;
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
    await fill(database, companyId);
  } else console.log('reusing the filled database (no empty-table emit figure)');
  const { rows } = await sql<{ n: number; parts: number; mine: number }>`
    SELECT count(*)::int AS n, (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'events'::regclass) AS parts,
           count(*) FILTER (WHERE company_id = ${companyId})::int AS mine
    FROM events`.execute(database.kysely);
  console.log(`${rows[0]!.n} events kept in ${rows[0]!.parts} partitions; the measured company has ${rows[0]!.mine}`);
  emits.push(await emitCost(database, EMIT_COMPANY, `${rows[0]!.n} events kept`));

  await waitServed(database);
  const cursors = await walk(base, token);
  if (cursors.length < 2) throw new Error('the measured company has too few events to page');
  const feed = await measure(`GET /v2/events?after= (pages of 100, random cursor of ${cursors.length})`, child, {
    connections: CONNECTIONS,
    duration: DURATION,
    url: base,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/v2/events?after=${cursors[Math.floor(Math.random() * (cursors.length - 1))]}`,
        }),
      },
    ],
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
