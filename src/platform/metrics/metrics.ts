// Prometheus metrics at GET /metrics (METRICS=on; with METRICS_TOKEN only for `Authorization: Bearer
// <token>`). Per request one histogram observation in an onResponse hook; everything else is read
// when scraped: database connections, the queues (one statement as the worker role), the process.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, TargetStats } from '../db/database.js';
import { inWorker } from '../db/tenant.js';
import { sendProblem } from '../http/problem.js';
import { registerDatabaseTargetMetrics } from './database-targets.js';
import type { QueueProbe } from './queue-probe.js';

/** Metrics of the process, whichever app counts them: default metrics (once enabled) and job-window extensions. */
const processRegistry = new Registry();
let defaultMetricsOn = false;

const jobWindowExtensions = new Counter({
  name: 'crewbase_job_window_extensions_total',
  help: "Extensions of a company's job window (jobs planned for days not planned before), counted when made",
  registers: [processRegistry],
});

/** Counts one extension of a company's job window (scheduling/job-planning.ts). */
export function countJobWindowExtension(): void {
  jobWindowExtensions.inc();
}

/**
 * Connection use, when the database can tell (PostgreSQL's pool): total and idle connections and
 * requests waiting for one. A database without `connectionStats()` (PGlite) gets no pool gauges.
 */
export interface ConnectionStats {
  total: number;
  idle: number;
  waiting: number;
  writesWaiting: number;
}

export interface MetricsOptions {
  database: Database;
  /** When set, a scrape needs `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** PostgreSQL pool size (DB_POOL_SIZE), reported beside the pool gauges. */
  poolSize: number;
  queues: readonly QueueProbe[];
}

const UNMATCHED = '(unmatched)';
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
/** A scrape's queue statement gives up after this long rather than hold a connection (PostgreSQL). */
const QUEUE_STATEMENT_TIMEOUT_MS = 2000;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Adds the request histogram (every route, unknown ones as "(unmatched)") and GET /metrics. Call before the routes. */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  if (!defaultMetricsOn) {
    collectDefaultMetrics({ register: processRegistry });
    defaultMetricsOn = true;
  }
  const registry = new Registry();
  const requests = new Histogram({
    name: 'crewbase_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED,
        method: request.method,
        status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100)] ?? 'other',
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const found = poolAtScrapeStart(options.database);
  registerConnectionGauges(registry, options, found.view);
  registerDatabaseTargetMetrics(registry, found.view);
  const sampleQueues = queueGauges(registry, app, options);

  const expected = options.token === undefined ? undefined : digest(options.token);
  const authorized = (header: string | undefined) => {
    if (!expected) return true;
    const given = header === undefined ? undefined : /^Bearer +(\S+)$/i.exec(header)?.[1];
    // Digests of equal length, compared in constant time: the time tells nothing of the token.
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };

  // Concurrent scrapes share one rendering (and one queue statement).
  let rendering: Promise<string> | undefined;
  const render = async () => {
    found.take();
    try {
      await sampleQueues();
      return (await processRegistry.metrics()) + (await registry.metrics());
    } finally {
      found.release();
    }
  };
  // Hidden from the OpenAPI document like /health and /ready; outside /v2, so not behind its authentication.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendProblem(reply, 401, 'Unauthorized', 'Missing or invalid metrics token');
    }
    rendering ??= render().finally(() => {
      rendering = undefined;
    });
    return reply.type(registry.contentType).send(await rendering);
  });
}

/**
 * The pools' use as a scrape found it. The queue statement waits for a connection like any transaction: gauges read
 * after it showed the pool as that wait left it (no transaction waiting, through a half-second stall that had every
 * connection of the pool waiting for a WAL flush, seen polling /metrics every 50 ms beside the capacity bench).
 */
function poolAtScrapeStart(database: Database) {
  let connections: ConnectionStats | undefined;
  let targets: TargetStats[] | undefined;
  const view: Pick<Database, 'connectionStats' | 'targetStats' | 'failovers'> = {
    connectionStats: database.connectionStats && (() => connections ?? database.connectionStats!()),
    targetStats: database.targetStats && (() => targets ?? database.targetStats!()),
    failovers: database.failovers?.bind(database),
  };
  return {
    view,
    take() {
      connections = database.connectionStats?.();
      targets = database.targetStats?.();
    },
    release() {
      connections = targets = undefined;
    },
  };
}

function registerConnectionGauges(
  registry: Registry,
  { database, poolSize }: MetricsOptions,
  source: Pick<Database, 'connectionStats'>,
): void {
  if (database.kind === 'postgres') {
    new Gauge({
      name: 'crewbase_db_pool_max_connections',
      help: 'Connections the PostgreSQL pool may open (DB_POOL_SIZE)',
      registers: [registry],
    }).set(poolSize);
  }
  if (typeof source.connectionStats !== 'function') return;
  const stats = () => source.connectionStats!();
  const gauge = (name: string, help: string, read: (s: ConnectionStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(stats()));
      },
    });
  gauge('crewbase_db_pool_connections', 'Open database connections (in use and idle)', (s) => s.total);
  gauge('crewbase_db_pool_idle_connections', 'Open database connections not in use', (s) => s.idle);
  gauge('crewbase_db_pool_waiting', 'Transactions and queries waiting for a database connection', (s) => s.waiting);
  gauge(
    'crewbase_db_writes_waiting',
    "Write transactions waiting for a write slot (a quarter of the pool's connections stays for reads)",
    (s) => s.writesWaiting,
  );
}

/** The queue gauges and the function that fills them before each scrape: NaN when the statement failed. */
function queueGauges(registry: Registry, app: FastifyInstance, { database, queues }: MetricsOptions) {
  const gauges = queues.map((queue) => ({
    pending: new Gauge({
      name: `crewbase_${queue.queue}_pending`,
      help: `Count of ${queue.what}`,
      registers: [registry],
    }),
    age: new Gauge({
      name: `crewbase_${queue.queue}_oldest_age_seconds`,
      help: `Seconds since the oldest of the ${queue.what} was queued (the lag); 0 when none waits`,
      registers: [registry],
    }),
  }));
  return async () => {
    if (queues.length === 0) return;
    try {
      const row = (await inWorker(database, async (db) => {
        // sql: set_config is a function call; a statement timeout of this transaction only
        await sql`SELECT set_config('statement_timeout', ${String(QUEUE_STATEMENT_TIMEOUT_MS)}, true)`.execute(db);
        return db
          .selectNoFrom((eb) => [
            eb.fn<Date>('now').as('now'),
            ...queues.flatMap((queue, i) => [queue.pending(eb).as(`pending${i}`), queue.oldest(eb).as(`oldest${i}`)]),
          ])
          .executeTakeFirstOrThrow();
      })) as Record<string, unknown>;
      const now = (row.now as Date).getTime();
      gauges.forEach((gauge, i) => {
        const oldest = row[`oldest${i}`] as Date | null;
        gauge.pending.set(Number(row[`pending${i}`]));
        gauge.age.set(oldest ? Math.max(0, (now - new Date(oldest).getTime()) / 1000) : 0);
      });
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: the queue statement failed');
      for (const gauge of gauges) {
        gauge.pending.set(Number.NaN);
        gauge.age.set(Number.NaN);
      }
    }
  };
}
