// Where the PostgreSQL server runs without autovacuum (some machines' CI configuration turns it off), nothing
// re-analyzes the tables the load writes, and the planner goes on with statistics of the seeding: on December 2
// a month's events partition still said one company held all its events when 2,000 did, and the webhook
// deliveries' look-up read each company's events instead of one (98-436 ms a statement). A server in production
// runs autovacuum; this stands in for its analyze and vacuum, with their default thresholds (50 rows plus 10 % of the
// table changed, 50 plus 20 % dead) and its default nap (a minute), so that the bench measures the plans and tables
// such a server has: a dataset kept through a day of runs had 11,211 dead time entries beside 18,064 live ones.
import { TABLES_TO_ANALYZE } from '../../src/platform/db/pglite-analyze.js';
import pg from 'pg';
import { adminQuery } from './scratch-database.js';

const NAP_MS = 60_000;
const PACED = '-c vacuum_cost_delay=2ms -c vacuum_cost_limit=200';
/** The tables past autovacuum's default vacuum threshold: 50 dead rows plus 20 % of the table. */
const TABLES_TO_VACUUM = `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
  WHERE n_dead_tup > 50 + 0.2 * n_live_tup ORDER BY relname`;

/**
 * Vacuums and analyzes the tables past autovacuum's thresholds now and every minute after, when the server's autovacuum
 * is off; stop() ends it.
 */
export async function analyzeAsAutovacuumWould(databaseUrl: string): Promise<{ stop(): Promise<void> }> {
  const [setting] = await adminQuery<{ autovacuum: string }>('SHOW autovacuum', [], databaseUrl);
  if (setting?.autovacuum !== 'off') return { stop: async () => {} };
  const check = async () => {
    const names = async (query: string) =>
      (await adminQuery<{ name: string }>(query, [], databaseUrl)).map((row) => row.name);
    const [analyze, vacuum] = [await names(TABLES_TO_ANALYZE), await names(TABLES_TO_VACUUM)];
    if (!analyze.length && !vacuum.length) return [];
    // Paced as autovacuum paces its own (autovacuum_vacuum_cost_delay 2 ms, cost limit 200): unpaced, the analyze of
    // the events and time entries ran on one core for about 1.7 s at once (pg_stat_activity, during a step).
    const client = new pg.Client({ connectionString: databaseUrl, options: PACED });
    await client.connect();
    try {
      // VACUUM runs alone (not in a transaction block); it analyzes what it vacuums.
      for (const table of vacuum) await client.query(`VACUUM (ANALYZE) ${table}`);
      const rest = analyze.filter((table) => !vacuum.includes(table));
      if (rest.length) await client.query(`ANALYZE ${rest.join(', ')}`);
    } finally {
      await client.end();
    }
    return [...new Set([...vacuum, ...analyze])];
  };
  const first = await check();
  console.log(
    `autovacuum is off on this server: the bench vacuums and analyzes the tables past its thresholds every ${NAP_MS / 1000} s ` +
      `in its stead (now: ${first.length ? first.join(', ') : 'none'})`,
  );
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(check).catch((error: Error) => console.log(`analyze failed: ${error.message}`));
  }, NAP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
