// A PostgreSQL database of its own for a test that starts servers on it (TEST_DATABASE_URL's server),
// dropped afterwards whatever happens.
import pg from 'pg';

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<pid>_<time>` beside TEST_DATABASE_URL's database, runs `work` with its URL, drops it. */
export async function withScratchPostgres<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  try {
    return await work(Object.assign(new URL(admin), { pathname: `/${name}` }).toString());
  } finally {
    // FORCE: a server killed on failure may not have closed its connections yet.
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
