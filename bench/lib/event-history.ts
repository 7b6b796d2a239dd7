// Years of events in the event table, filled in SQL, and the feed read over HTTP: shared by bench:events (the feed
// and emit with 10 million events kept) and bench:capacity (the feed's speed beside the capacity dataset).
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../../src/platform/db/database.js';
import { measure, type Row } from './load.js';

const CHUNK = 50_000; // filled rows per transaction

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The first instant of the month `back` months before this one (UTC). */
const monthStart = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
};
const partitionOf = (d: Date) => `events_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * `total` events over `months` months (the current one last), event g of a month going to company
 * `companyIds[g % companyIds.length]`. A month without a partition is filled as a plain table and attached (its
 * indexes built once, sorted); one with a partition is filled through the parent. Each month's events are written
 * in transactions of at most CHUNK rows, older months first, so older events have smaller transaction ids, as
 * written events do. Returns the events written.
 */
export async function fillEvents(
  database: Database,
  { total, months, companyIds }: { total: number; months: number; companyIds: string[] },
): Promise<number> {
  const perMonth = Math.floor(total / months);
  const started = Date.now();
  for (let back = months - 1; back >= 0; back--) {
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
    // Short transactions: a long one would hold back every event feed on this PostgreSQL server (other
    // databases' too) while it runs.
    for (let first = 1; first <= perMonth; first += CHUNK) {
      const last = Math.min(perMonth, first + CHUNK - 1);
      await sql`
      INSERT INTO ${target} (company_id, id, seq, xid, type, entity, occurred_at, data) OVERRIDING SYSTEM VALUE
      SELECT (${companyIds}::text[])[1 + g % ${companyIds.length}],
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
      `  ${name}: ${perMonth} events in ${((Date.now() - monthStarted) / 1000).toFixed(1)} s${attach ? ' (attached)' : ''}; load average ${loadAverage()}`,
    );
  }
  // Vacuumed as a year's events long have been: else autovacuum reads every new month within the next minutes,
  // beside whatever is measured then (a first load step stalled on I/O for half a second).
  await sql`VACUUM (ANALYZE) events`.execute(database.kysely);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `filled ${perMonth * months} events in ${seconds.toFixed(0)} s (${((perMonth * months) / seconds).toFixed(0)} rows/s)`,
  );
  return perMonth * months;
}

/** Events kept, the event table's partitions, and those of one company. */
export async function eventsKept(database: Database, companyId: string) {
  const { rows } = await sql<{ n: number; parts: number; mine: number }>`
    SELECT count(*)::int AS n, (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'events'::regclass) AS parts,
           count(*) FILTER (WHERE company_id = ${companyId})::int AS mine
    FROM events`.execute(database.kysely);
  return rows[0]!;
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

export async function call<T>(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

/**
 * Walks a company's feed from the start at the default page size, one request at a time, as an integrator catching
 * up does; returns each page's last cursor.
 */
async function walkFeed(base: string, token: string) {
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
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `feed walked: ${cursors.length} pages in ${seconds.toFixed(1)} s, one at a time: ` +
      `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms; load average ${loadAverage()}`,
  );
  return cursors;
}

/**
 * The feed's speed: the company's feed walked from its start (waiting first until the filled events are served), then
 * pages at random cursors of that walk read by `connections` clients for `duration` s. Returns the walk's cursors
 * and the run's row (with the database's CPU when `databaseUrl` is given).
 */
export async function feedSpeed(
  database: Database,
  server: { base: string; child: ChildProcess },
  token: string,
  { connections, duration, databaseUrl }: { connections: number; duration: number; databaseUrl?: string },
): Promise<{ cursors: string[]; row: Row }> {
  await waitServed(database);
  const cursors = await walkFeed(server.base, token);
  if (cursors.length < 2) throw new Error('the measured company has too few events to page');
  const row = await measure(
    `GET /v2/events?after= (pages of 100, a random cursor of ${cursors.length})`,
    server.child,
    {
      connections,
      duration,
      url: server.base,
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
    },
    databaseUrl,
  );
  return { cursors, row };
}
