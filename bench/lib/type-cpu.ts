// CPU per request of each request type alone: where a mixed request's CPU goes. The mixed steps measure the
// CPU of all types together; this sends one type at a time, a few at once (closed loop), and reads the API
// process's and the database backends' CPU around it. An idle interval first gives what the server spends
// with no requests at all (timers, webhook deliveries still due), which the mixed steps spread over their
// requests. Each type starts after the credentials cache has expired, so the figures are those of users
// not seen in the last seconds (the mixed steps send each company several times the profile's rate, so
// more of their requests find the user cached than real peak-hour traffic would).
import type { ChildProcess } from 'node:child_process';
import type { RequestType } from '../capacity-profile.js';
import { cpuSeconds } from './child-server.js';
import { backendCpu, cpuSpent, formatTable } from './load.js';

export interface TypeCpu {
  name: string;
  perHour: number;
  count: number;
  failed: number;
  apiMs: number;
  pgMs: number;
}

export interface TypeCpuOptions {
  types: RequestType[];
  /** Requests sent of each type. */
  requests: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Sends one request of the type and tells whether its answer was expected. */
  send: (type: RequestType) => Promise<boolean>;
  server: ChildProcess;
  databaseUrl: string;
  idleSeconds: number;
  /**
   * Seconds waited before each type: longer than the server's credentials cache (API_KEY_CACHE_SECONDS), so
   * every type starts with none of its companies' users known, as at real peak-hour rates (a user's next
   * request minutes later) and not warmed by the type measured before it.
   */
  coolSeconds: number;
}

/** CPU (ms) of the API process and the database's backends while `work` runs. */
async function cpuAround(server: ChildProcess, databaseUrl: string, work: () => Promise<void>) {
  const apiBefore = cpuSeconds(server.pid!);
  const pgBefore = await backendCpu(databaseUrl);
  await work();
  const apiMs = (cpuSeconds(server.pid!) - apiBefore) * 1000;
  const pgMs = cpuSpent(pgBefore, await backendCpu(databaseUrl)) * 1000;
  return { apiMs, pgMs };
}

export async function measureTypeCpu(options: TypeCpuOptions): Promise<{ idle: TypeCpu; types: TypeCpu[] }> {
  const { server, databaseUrl } = options;
  const idleCpu = await cpuAround(
    server,
    databaseUrl,
    () => new Promise((r) => setTimeout(r, options.idleSeconds * 1000)),
  );
  const idle = { name: 'idle (per second)', perHour: 0, count: options.idleSeconds, failed: 0, ...idleCpu };
  const types: TypeCpu[] = [];
  for (const type of options.types) {
    await new Promise((r) => setTimeout(r, options.coolSeconds * 1000));
    let sent = 0;
    let failed = 0;
    const worker = async () => {
      while (sent < options.requests) {
        sent++;
        if (!(await options.send(type))) failed++;
      }
    };
    const cpu = await cpuAround(server, databaseUrl, () =>
      Promise.all(Array.from({ length: options.concurrency }, worker)).then(() => {}),
    );
    types.push({ name: type.name, perHour: type.perHour, count: sent, failed, ...cpu });
  }
  return { idle, types };
}

/**
 * The table: each type's CPU per request, and its share of a mixed request's CPU by the profile's weights
 * (the last row: the weighted mean, what a mixed request would cost without idle time).
 */
export function formatTypeCpu({ idle, types }: { idle: TypeCpu; types: TypeCpu[] }): string {
  const totalPerHour = types.reduce((sum, t) => sum + t.perHour, 0);
  const weighted = (t: TypeCpu) => ((t.apiMs + t.pgMs) / t.count) * (t.perHour / totalPerHour);
  const mixApi = types.reduce((sum, t) => sum + (t.apiMs / t.count) * (t.perHour / totalPerHour), 0);
  const mixPg = types.reduce((sum, t) => sum + (t.pgMs / t.count) * (t.perHour / totalPerHour), 0);
  const ms = (value: number) => value.toFixed(2);
  const rows = types.map((t) => [
    t.name,
    String(t.count),
    String(t.failed),
    ms(t.apiMs / t.count),
    ms(t.pgMs / t.count),
    `${((weighted(t) / (mixApi + mixPg)) * 100).toFixed(0)} %`,
  ]);
  rows.push(['mix (weighted by the profile)', '', '', ms(mixApi), ms(mixPg), '100 %']);
  rows.push([idle.name, '', '', ms(idle.apiMs / idle.count), ms(idle.pgMs / idle.count), '']);
  return formatTable(
    ['request type alone', 'count', 'failed', 'API ms/req', 'PostgreSQL ms/req', 'share of mix CPU'],
    rows,
  );
}
