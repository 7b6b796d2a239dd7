// One autocannon run -> one result row, and plain-text tables of rows.
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { cpuSeconds, kernelSeconds, rssMiB } from './child-server.js';
import { adminQuery } from './scratch-database.js';

export interface Row {
  scenario: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
  rssMiB: number;
  /** CPU time the server process spent per answered request during the run (user + system). */
  cpuMsPerRequest: number;
  /** The same of the database's backends (measure's databaseUrl), where the shaping of answers may also run. */
  dbCpuMsPerRequest?: number;
}

/** User + system CPU seconds of the database's backends now, by pid (a new backend counts from its start). */
export async function backendCpu(databaseUrl: string): Promise<Map<number, number>> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const rows = await adminQuery<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}
export const cpuSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, cpu]) => sum + (Number.isNaN(cpu) ? 0 : cpu - (before.get(pid) ?? 0)), 0);

/**
 * `work`'s result and the CPU (ms) that the server process and, given its URL, the database's backends spent
 * while it ran (pgMs NaN without a URL), and the server's part of it in the kernel.
 */
export async function cpuAround<T>(
  server: ChildProcess,
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; apiMs: number; pgMs: number; apiKernelMs: number }> {
  const pgBefore = databaseUrl ? await backendCpu(databaseUrl) : undefined;
  const apiBefore = cpuSeconds(server.pid!);
  const kernelBefore = kernelSeconds(server.pid!);
  const result = await work();
  const apiMs = (cpuSeconds(server.pid!) - apiBefore) * 1000;
  const apiKernelMs = (kernelSeconds(server.pid!) - kernelBefore) * 1000;
  const pgMs = pgBefore ? cpuSpent(pgBefore, await backendCpu(databaseUrl!)) * 1000 : Number.NaN;
  return { result, apiMs, pgMs, apiKernelMs };
}

export async function measure(
  scenario: string,
  child: ChildProcess,
  options: autocannon.Options & { connections: number; duration: number },
  databaseUrl?: string,
): Promise<Row> {
  console.log(`\n${scenario}: ${options.connections} connections, ${options.duration} s`);
  const { result, apiMs, pgMs } = await cpuAround(child, databaseUrl, () => autocannon(options));
  const row: Row = {
    scenario,
    connections: options.connections,
    reqPerSec: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    rssMiB: rssMiB(child.pid!),
    cpuMsPerRequest: result.requests.total ? apiMs / result.requests.total : Number.NaN,
    ...(databaseUrl === undefined
      ? {}
      : { dbCpuMsPerRequest: result.requests.total ? pgMs / result.requests.total : Number.NaN }),
  };
  console.log(
    `  requests/s ${row.reqPerSec.toFixed(1)}, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, ` +
      `errors ${row.errors}, ${Math.round(row.bytesPerResponse)} bytes/response, server RSS ${row.rssMiB.toFixed(1)} MiB, ` +
      `server CPU ${row.cpuMsPerRequest.toFixed(2)} ms/request` +
      (row.dbCpuMsPerRequest === undefined ? '' : `, database CPU ${row.dbCpuMsPerRequest.toFixed(2)} ms/request`),
  );
  return row;
}

/** Formats a table: first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], lines: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => (l[c] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}

export function rowCells(r: Row): string[] {
  return [
    r.scenario,
    r.reqPerSec.toFixed(1),
    String(r.p50),
    String(r.p99),
    String(r.non2xx),
    String(r.errors),
    String(Math.round(r.bytesPerResponse)),
    r.rssMiB.toFixed(1),
    r.cpuMsPerRequest.toFixed(2),
    r.dbCpuMsPerRequest?.toFixed(2) ?? '-',
  ];
}

export const ROW_HEADER = [
  'scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'non-2xx',
  'errors',
  'bytes/resp',
  'RSS MiB',
  'CPU ms/req',
  'DB CPU ms/req',
];
