// Tells a stall from saturation: while a step runs, three probes ask every 50 ms, one at a time, how long the
// smallest thing takes: the server's /health (its event loop and HTTP, no database), PostgreSQL's SELECT 1 on a
// connection of its own (the database and the machine), and this process's own event-loop delay (the load
// generator: a late send is counted against the server, as open-loop latency is taken from the intended time);
// the server's /metrics, for the most transactions it had waiting for a database connection at once; and a
// commit on a connection of its own (a transaction id taken, so its commit record is flushed): the WAL's flush,
// which every write of the load waits for and which SELECT 1 never meets.
// And the machine itself, from /proc: the CPU time the hypervisor gave to other guests (steal) over the step and
// in its worst half second, and how long tasks stalled on the disk (pressure stall information, io "full").
// A p99 made by a stall shows as a long wait in one of them while p50 stays low; saturation shows in none alone.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

export interface ProbeFigures {
  /** Answers seen (for the loop: samples). */
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface StallReport {
  server: ProbeFigures;
  database: ProbeFigures;
  commit: ProbeFigures;
  generatorLoop: ProbeFigures;
  /** The most transactions the server's /metrics showed waiting for a database connection at once. */
  maxWaitingForConnection: number;
  /** Shares (0-1) of the machine's CPU time taken by the hypervisor; NaN where /proc/stat has no steal. */
  steal: StealShares;
  /** Milliseconds in which every task waiting to run was stalled on I/O (/proc/pressure/io "full"); NaN without PSI. */
  ioStallMs: number;
}

export interface StealShares {
  overall: number;
  /** In the worst window of STEAL_WINDOW samples. */
  worst: number;
}

/** The machine's CPU time so far (jiffies, all CPUs) from /proc/stat's first line, the part of it stolen and idle. */
export function cpuCounters(stat: string): { total: number; steal: number; idle: number } | undefined {
  const match = /^cpu\s+(\d+(?:\s+\d+)*)/m.exec(stat);
  if (!match) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const fields = match[1]!.split(/\s+/).map(Number).slice(0, 8);
  if (fields.length < 8) return undefined;
  return { total: fields.reduce((sum, n) => sum + n, 0), steal: fields[7]!, idle: fields[3]! + fields[4]! };
}

/** Steal over all the samples and in their worst run of `window` consecutive intervals. */
export function stealShares(samples: Array<{ total: number; steal: number }>, window: number): StealShares {
  const share = (from: number, to: number) => {
    const total = samples[to]!.total - samples[from]!.total;
    return total > 0 ? (samples[to]!.steal - samples[from]!.steal) / total : Number.NaN;
  };
  if (samples.length < 2) return { overall: Number.NaN, worst: Number.NaN };
  let worst = 0;
  for (let end = Math.min(window, samples.length - 1); end < samples.length; end++)
    worst = Math.max(worst, share(Math.max(0, end - window), end) || 0);
  return { overall: share(0, samples.length - 1), worst };
}

/** The "full" total (µs) of a /proc/pressure file's text. */
export function fullStallMicros(pressure: string): number | undefined {
  const match = /^full .*total=(\d+)/m.exec(pressure);
  return match ? Number(match[1]) : undefined;
}

const readOr = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};
/** Samples of STEAL_WINDOW * EVERY_MS: half a second. */
const STEAL_WINDOW = 10;

/**
 * Transactions waiting for a connection, summed over the database targets of a /metrics text, and the writes
 * waiting for one of the pool's write slots.
 */
export function waitingForConnection(metrics: string): number {
  let sum = 0;
  const waiting = /^(?:crewbase_db_target_waiting(?:\{[^}]*\})?|crewbase_db_writes_waiting) (\d+)/gm;
  for (const match of metrics.matchAll(waiting)) sum += Number(match[1]);
  return sum;
}

const EVERY_MS = 50;
const TIMEOUT_MS = 10_000;

export function figures(waits: number[]): ProbeFigures {
  const sorted = [...waits].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? Number.NaN };
}

/** Asks `probe` every EVERY_MS ms (after the last answer) until stopped; a failure counts as the time it took. */
function repeat(probe: () => Promise<unknown>) {
  const waits: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await probe().catch(() => {});
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return figures(waits);
    },
  };
}

export async function startStallProbes(base: string, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const committer = new pg.Client({ connectionString: databaseUrl });
  await committer.connect();
  const server = repeat(async () =>
    (await fetch(`${base}/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) })).text(),
  );
  const database = repeat(() => client.query('SELECT 1'));
  const commit = repeat(() => committer.query('SELECT pg_current_xact_id()'));
  let maxWaiting = 0;
  const pool = repeat(async () => {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(TIMEOUT_MS) })).text();
    maxWaiting = Math.max(maxWaiting, waitingForConnection(text));
  });
  const cpu: Array<{ total: number; steal: number }> = [];
  const machine = repeat(async () => {
    const counters = cpuCounters(readOr('/proc/stat'));
    if (counters) cpu.push(counters);
  });
  const ioBefore = fullStallMicros(readOr('/proc/pressure/io'));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return {
    async stop(): Promise<StallReport> {
      loop.disable();
      await pool.stop();
      await machine.stop();
      const ioAfter = fullStallMicros(readOr('/proc/pressure/io'));
      const report = {
        server: await server.stop(),
        database: await database.stop(),
        commit: await commit.stop(),
        generatorLoop: {
          count: loop.count,
          p50Ms: loop.percentile(50) / 1e6,
          p99Ms: loop.percentile(99) / 1e6,
          maxMs: loop.max / 1e6,
        },
        maxWaitingForConnection: maxWaiting,
        steal: stealShares(cpu, STEAL_WINDOW),
        ioStallMs: ioBefore === undefined || ioAfter === undefined ? Number.NaN : (ioAfter - ioBefore) / 1000,
      };
      await client.end();
      await committer.end();
      return report;
    },
  };
}

export const formatStalls = (r: StallReport) =>
  `stall probes every ${EVERY_MS} ms, p99/max: server /health ${r.server.p99Ms.toFixed(1)}/${r.server.maxMs.toFixed(1)} ms, ` +
  `PostgreSQL SELECT 1 ${r.database.p99Ms.toFixed(1)}/${r.database.maxMs.toFixed(1)} ms, ` +
  `a commit ${r.commit.p99Ms.toFixed(1)}/${r.commit.maxMs.toFixed(1)} ms, ` +
  `load generator's event loop delay ${r.generatorLoop.p99Ms.toFixed(1)}/${r.generatorLoop.maxMs.toFixed(1)} ms; ` +
  `at most ${r.maxWaitingForConnection} transactions waiting for a database connection; ` +
  `CPU taken by the hypervisor (steal) ${percent(r.steal.overall)} over the step, ${percent(r.steal.worst)} in its worst half second; ` +
  `all tasks stalled on I/O for ${r.ioStallMs.toFixed(0)} ms`;

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** The server's own time for a request, from its `Server-Timing: app;dur=<ms>` (SERVER_TIMING on), if given. */
export function serverMs(header: string | string[] | undefined): number | undefined {
  const match = /(?:^|,\s*)app;dur=(\d+(?:\.\d+)?)/.exec(Array.isArray(header) ? header.join(', ') : (header ?? ''));
  return match ? Number(match[1]) : undefined;
}
