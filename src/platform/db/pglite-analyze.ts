// PGlite runs no autovacuum, so its tables never get planner statistics unless someone runs ANALYZE. Without
// them the planner guesses, and guesses badly at scale: the job read of a week of 300 employees (2,520 jobs)
// took 8.5 s, and 0.4 s once analyzed. This stands in for autovacuum's analyze: every WRITES_PER_CHECK
// committed write transactions, the tables changed by more than autovacuum's default threshold (50 rows plus
// 10 % of the table) since their last analyze are analyzed, on a later turn of the event loop.
export const WRITES_PER_CHECK = 200;

// sql: reads the statistics collector's counters and names the tables as quoted identifiers.
export const TABLES_TO_ANALYZE = `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
  WHERE n_mod_since_analyze > 50 + 0.1 * n_live_tup ORDER BY relname`;

export interface AutoAnalyze {
  /** A write transaction committed. */
  wrote(): void;
  /** The check now: analyzes the tables over the threshold, returns their names. */
  check(): Promise<string[]>;
  /** The check under way, if any (tests, close). */
  pending(): Promise<unknown> | undefined;
}

/** `names` lists the tables over the threshold; `analyze` runs ANALYZE on them (both on the held connection). */
export function autoAnalyze(names: () => Promise<string[]>, analyze: (tables: string[]) => Promise<void>): AutoAnalyze {
  let writes = 0;
  let running: Promise<unknown> | undefined;
  const check = async () => {
    const tables = await names();
    if (tables.length) await analyze(tables);
    return tables;
  };
  return {
    wrote() {
      writes += 1;
      if (writes < WRITES_PER_CHECK || running) return;
      writes = 0;
      // After the answer that committed the write is on its way; statistics are a help, so a failure only waits
      // for the next check.
      running = new Promise((resolve) => setImmediate(resolve))
        .then(check)
        .catch(() => [])
        .finally(() => {
          running = undefined;
        });
    },
    check,
    pending: () => running,
  };
}
