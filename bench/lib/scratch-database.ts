// A scratch PostgreSQL database per run, dropped again on cleanup.
import pg from 'pg';
import { onCleanup } from './lifecycle.js';

export const ADMIN_DB_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on a fresh connection (the admin database unless a URL is given). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
  url = ADMIN_DB_URL,
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const urlOf = (name: string) => {
  const url = new URL(ADMIN_DB_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A database kept between runs (BENCH_KEEP_DATABASE=<name>): its URL and whether it already
 * exists. It is never dropped, so a second run can skip generating the same dataset.
 */
export async function keptDatabase(name: string): Promise<{ url: string; exists: boolean }> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`BENCH_KEEP_DATABASE: not a plain database name: ${name}`);
  const [row] = await adminQuery<{ n: number }>('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [
    name,
  ]);
  if (row!.n === 0) await adminQuery(`CREATE DATABASE ${name}`);
  console.log(`${row!.n === 0 ? 'created' : 'reusing'} database ${name} (kept: drop it yourself)`);
  return { url: urlOf(name), exists: row!.n > 0 };
}

/** Creates `crewbase_bench_<timestamp>` and returns its URL; cleanup drops it. */
export async function createDatabase(): Promise<string> {
  const name = `crewbase_bench_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  // FORCE: a child killed with SIGKILL may not have closed its pool yet.
  onCleanup(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    console.log(`dropped database ${name}`);
  });
  console.log(`created database ${name}`);
  return urlOf(name);
}

/** Waits until no other session runs a statement on the database (leftovers of the previous run). */
export async function waitForIdle(databaseUrl: string, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  const name = new URL(databaseUrl).pathname.slice(1);
  while (Date.now() - started < timeoutMs) {
    const [row] = await adminQuery<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
      [name],
    );
    if (row!.n === 0) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`database ${name} still busy after ${timeoutMs / 1000} s`);
}
