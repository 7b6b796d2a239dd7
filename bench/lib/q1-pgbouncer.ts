// Q1 (POST /v2/jobs/jobsInTimeFrame, a planned day of 60 jobs) for bench:api, three ways: the server that
// reads the database directly (long statements prepared once per connection); a second one directly with
// unnamed statements (DATABASE_POOLER=transaction); a third through PgBouncer in transaction mode (Debian's
// pgbouncer 1.18, when installed). The middle row tells the pooler's hop from the preparation it costs.
import type { ChildProcess } from 'node:child_process';
import { startPgBouncer } from '../../test/helpers/pgbouncer.js';
import { startCrewbase } from './child-server.js';
import { onCleanup } from './lifecycle.js';
import { measure, type Row } from './load.js';

const DAY = 86_400_000;
const JOBS = 60;

async function post(base: string, path: string, token: string, body: unknown) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Seeds a day of jobs for the company of `token`; returns Q1's body for that day. */
export async function seedQ1(base: string, token: string): Promise<string> {
  const day = Math.floor(Date.now() / DAY + 2) * DAY;
  for (let i = 0; i < JOBS; i++) {
    const from = day + 6 * 3_600_000 + i * 600_000;
    await post(base, '/v2/jobs/', token, {
      from: new Date(from).toISOString(),
      to: new Date(from + 3_600_000).toISOString(),
    });
  }
  const body = JSON.stringify({ from: String(day), to: String(day + DAY) });
  const jobs = (await post(base, '/v2/jobs/jobsInTimeFrame', token, JSON.parse(body))) as unknown[];
  if (jobs.length !== JOBS) throw new Error(`Q1 found ${jobs.length} jobs, expected ${JOBS}`);
  return body;
}

const q1 = (
  label: string,
  child: ChildProcess,
  base: string,
  token: string,
  body: string,
  connections: number,
  duration: number,
) =>
  measure(label, child, {
    connections,
    duration,
    url: `${base}/v2/jobs/jobsInTimeFrame`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });

/** A new server's first requests compile its code paths: not measured. */
async function warmUp(base: string, token: string, body: string) {
  for (let i = 0; i < 100; i++) await post(base, '/v2/jobs/jobsInTimeFrame', token, JSON.parse(body));
}

/** Q1 direct, and through PgBouncer when it is installed (a row of its own). */
export async function q1DirectAndPooled(options: {
  databaseUrl: string;
  direct: { base: string; child: ChildProcess };
  token: string;
  body: string;
  connections: number;
  duration: number;
  hasPgBouncer: boolean;
  /** The direct server's, so that its token is taken by the second server too. */
  jwtSecret: string;
}): Promise<Row[]> {
  const { direct, token, body, connections, duration } = options;
  const rows = [
    await q1('Q1 direct (long statements prepared)', direct.child, direct.base, token, body, connections, duration),
  ];
  if (!options.hasPgBouncer) {
    console.log('\nQ1 through PgBouncer: skipped (install the Debian package pgbouncer)');
    return rows;
  }
  // As many server connections as the direct server's pool (DB_POOL_SIZE, 10): the pooler's own cost is measured.
  const bouncer = await startPgBouncer(options.databaseUrl, 10);
  onCleanup(() => bouncer.stop());
  const env = { DATABASE_POOLER: 'transaction', JWT_SECRET: options.jwtSecret };
  // The same server without PgBouncer but with unnamed statements tells the pooler's hop from the lost preparation.
  const unnamed = await startCrewbase(options.databaseUrl, env);
  await warmUp(unnamed.base, token, body);
  rows.push(await q1('Q1 direct, statements unnamed', unnamed.child, unnamed.base, token, body, connections, duration));
  unnamed.child.kill('SIGTERM');
  const pooled = await startCrewbase(bouncer.urlFor(options.databaseUrl), env);
  await warmUp(pooled.base, token, body);
  rows.push(
    await q1('Q1 through PgBouncer (transaction mode)', pooled.child, pooled.base, token, body, connections, duration),
  );
  return rows;
}
