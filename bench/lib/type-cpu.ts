// CPU per request of each request type alone: where a mixed request's CPU goes. The mixed steps measure the
// CPU of all types together; this sends one type at a time, a few at once (closed loop), and reads the API
// process's and the database backends' CPU around it. An idle interval first gives what the server spends
// with no requests at all (timers, webhook deliveries still due), which the mixed steps spread over their
// requests. Each type starts after a pause longer than API_KEY_CACHE_SECONDS, the credentials cache's time
// where changes are not announced; where they are, users stay cached up to RIGHTS_CACHE_SECONDS (bench/README.md).
import type { ChildProcess } from 'node:child_process';
import type { RequestType } from '../capacity-profile.js';
import { cpuAround, formatTable } from './load.js';

export interface TypeCpu {
  name: string;
  perHour: number;
  count: number;
  failed: number;
  apiMs: number;
  pgMs: number;
}

/** A server measured: its process and how to send it one request of a type (true: the answer was expected). */
export interface MeasuredServer {
  label: string;
  child: ChildProcess;
  send: (type: RequestType) => Promise<boolean>;
}

export interface TypeCpuOptions {
  types: RequestType[];
  /** Requests sent of each type, per server and round. */
  requests: number;
  /** Requests in flight at once. */
  concurrency: number;
  /**
   * One server, or two versions on the same database (a comparison): they take turns type by type, the
   * order swapped every round, so that a machine's drift falls on both alike.
   */
  servers: MeasuredServer[];
  rounds: number;
  databaseUrl: string;
  idleSeconds: number;
  /**
   * Seconds waited before each type: longer than API_KEY_CACHE_SECONDS, the credentials cache's time where the
   * database does not announce changes (with announcements users stay known up to RIGHTS_CACHE_SECONDS).
   */
  coolSeconds: number;
  /** How the CPU around a piece of work is read (the processes' /proc figures; a test gives its own). */
  cpu?: (server: ChildProcess, work: () => Promise<void>) => Promise<{ apiMs: number; pgMs: number }>;
}

const pause = (seconds: number) =>
  seconds > 0 ? new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000)) : Promise.resolve();

export interface TypeCpuResult {
  /** The first server's CPU per second with no requests. */
  idle: TypeCpu;
  /** Per server (as given), per type (as given): the sums over all rounds. */
  byServer: TypeCpu[][];
}

export async function measureTypeCpu(options: TypeCpuOptions): Promise<TypeCpuResult> {
  const { servers, databaseUrl } = options;
  const cpu = options.cpu ?? ((server, work) => cpuAround(server, databaseUrl, work));
  const idleCpu = await cpu(servers[0]!.child, () => pause(options.idleSeconds));
  const idle = {
    name: 'idle (per second)',
    perHour: 0,
    count: options.idleSeconds,
    failed: 0,
    apiMs: idleCpu.apiMs,
    pgMs: idleCpu.pgMs,
  };
  const byServer = servers.map(() =>
    options.types.map((type) => ({ name: type.name, perHour: type.perHour, count: 0, failed: 0, apiMs: 0, pgMs: 0 })),
  );
  for (let round = 0; round < options.rounds; round++) {
    for (const [t, type] of options.types.entries()) {
      const order = round % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
      for (const s of order) {
        await pause(options.coolSeconds);
        let sent = 0;
        let failed = 0;
        const worker = async () => {
          while (sent < options.requests) {
            sent++;
            if (!(await servers[s]!.send(type))) failed++;
          }
        };
        const spent = await cpu(servers[s]!.child, () =>
          Promise.all(Array.from({ length: options.concurrency }, worker)).then(() => {}),
        );
        const sum = byServer[s]![t]!;
        sum.count += sent;
        sum.failed += failed;
        sum.apiMs += spent.apiMs;
        sum.pgMs += spent.pgMs;
      }
    }
  }
  return { idle, byServer };
}

/** A mixed request's CPU (ms): each type's CPU per request weighted by its share of the profile. */
function mixOf(types: TypeCpu[]) {
  const totalPerHour = types.reduce((sum, t) => sum + t.perHour, 0);
  const weight = (t: TypeCpu) => t.perHour / totalPerHour / t.count;
  return {
    api: types.reduce((sum, t) => sum + t.apiMs * weight(t), 0),
    pg: types.reduce((sum, t) => sum + t.pgMs * weight(t), 0),
    share: (t: TypeCpu, total: number) => ((t.apiMs + t.pgMs) * weight(t)) / total,
  };
}

const ms = (value: number) => value.toFixed(2);

/**
 * The table: each type's CPU per request, and its share of a mixed request's CPU by the profile's weights
 * (the mix row: the weighted mean, what a mixed request would cost without idle time). With two servers:
 * both, and the second's CPU as a share of the first's.
 */
export function formatTypeCpu({ idle, byServer }: TypeCpuResult, labels: string[]): string {
  const [first, second] = byServer as [TypeCpu[], TypeCpu[] | undefined];
  const mix = mixOf(first);
  if (!second) {
    const rows = first.map((t) => [
      t.name,
      String(t.count),
      String(t.failed),
      ms(t.apiMs / t.count),
      ms(t.pgMs / t.count),
      `${(mix.share(t, mix.api + mix.pg) * 100).toFixed(0)} %`,
    ]);
    rows.push(['mix (weighted by the profile)', '', '', ms(mix.api), ms(mix.pg), '100 %']);
    rows.push([idle.name, '', '', ms(idle.apiMs / idle.count), ms(idle.pgMs / idle.count), '']);
    return formatTable(
      ['request type alone', 'count', 'failed', 'API ms/req', 'PostgreSQL ms/req', 'share of mix CPU'],
      rows,
    );
  }
  const mix2 = mixOf(second);
  const ratio = (b: number, a: number) => `${((b / a) * 100).toFixed(0)} %`;
  const rows = first.map((a, i) => {
    const b = second[i]!;
    const [apiA, apiB, pgA, pgB] = [a.apiMs / a.count, b.apiMs / b.count, a.pgMs / a.count, b.pgMs / b.count];
    return [
      a.name,
      `${a.failed}/${b.failed}`,
      ms(apiA),
      ms(apiB),
      ratio(apiB, apiA),
      ms(pgA),
      ms(pgB),
      ratio(pgB, pgA),
    ];
  });
  rows.push([
    'mix (weighted by the profile)',
    '',
    ms(mix.api),
    ms(mix2.api),
    ratio(mix2.api, mix.api),
    ms(mix.pg),
    ms(mix2.pg),
    ratio(mix2.pg, mix.pg),
  ]);
  const [a, b] = labels;
  return formatTable(
    ['request type alone', 'failed', `API ${a}`, `API ${b}`, `${b}/${a}`, `PG ${a}`, `PG ${b}`, `${b}/${a}`],
    rows,
  );
}
