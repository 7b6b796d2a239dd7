// Where the PostgreSQL server runs without autovacuum (some machines' CI configuration turns it off), nothing
// re-analyzes the tables the load writes, and the planner goes on with statistics of the seeding: on December 2
// a month's events partition still said one company held all its events when 2,000 did, and the webhook
// deliveries' look-up read each company's events instead of one (98-436 ms a statement). A server in production
// runs autovacuum; this stands in for its analyze, with its default threshold (50 rows plus 10 % of the table)
// and its default nap (a minute), so that the bench measures the plans such a server has.
import { TABLES_TO_ANALYZE } from '../../src/platform/db/pglite-analyze.js';
import { adminQuery } from './scratch-database.js';

const NAP_MS = 60_000;

/** Analyzes the tables past the threshold now and every minute after, when the server's autovacuum is off; stop() ends it. */
export async function analyzeAsAutovacuumWould(databaseUrl: string): Promise<{ stop(): Promise<void> }> {
  const [setting] = await adminQuery<{ autovacuum: string }>('SHOW autovacuum', [], databaseUrl);
  if (setting?.autovacuum !== 'off') return { stop: async () => {} };
  const check = async () => {
    const tables = (await adminQuery<{ name: string }>(TABLES_TO_ANALYZE, [], databaseUrl)).map((row) => row.name);
    // Paced as autovacuum paces its own (autovacuum_vacuum_cost_delay 2 ms, cost limit 200): unpaced, the analyze of
    // the events and time entries ran on one core for about 1.7 s at once (pg_stat_activity, during a step).
    const paced = "SET vacuum_cost_delay = '2ms'; SET vacuum_cost_limit = 200";
    if (tables.length) await adminQuery(`${paced}; ANALYZE ${tables.join(', ')}`, [], databaseUrl);
    return tables;
  };
  const first = await check();
  console.log(
    `autovacuum is off on this server: the bench analyzes the tables past its threshold every ${NAP_MS / 1000} s ` +
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
