// Per database server (the primary, each read replica): its pool, the lag-tolerant reads it answered,
// its replay lag and whether it is in the read pool; and the failovers the primary's pool followed.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database, TargetStats } from '../db/database.js';

export function registerDatabaseTargetMetrics(
  registry: Registry,
  database: Pick<Database, 'targetStats' | 'failovers'>,
): void {
  const stats = database.targetStats?.bind(database);
  const failovers = database.failovers?.bind(database);
  if (!stats || !failovers) return;
  const labelNames = ['target', 'role'] as const;
  const gauge = (name: string, help: string, read: (s: TargetStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset(); // a primary that moved is no longer listed under its old address
        for (const target of stats()) this.set({ target: target.target, role: target.role }, read(target));
      },
    });
  gauge('crewbase_db_target_connections', 'Open connections to the server (in use and idle)', (s) => s.total);
  gauge('crewbase_db_target_idle_connections', 'Open connections to the server not in use', (s) => s.idle);
  gauge('crewbase_db_target_waiting', 'Transactions waiting for a connection to the server', (s) => s.waiting);
  gauge(
    'crewbase_db_replica_lag_seconds',
    'Seconds the server is behind the primary at its last look (NaN: not answering; 0 for the primary)',
    (s) => s.lagSeconds,
  );
  gauge('crewbase_db_target_in_read_pool', '1 when lag-tolerant reads may go to the server', (s) => (s.inPool ? 1 : 0));
  new Counter({
    name: 'crewbase_db_reads_total',
    help: 'Lag-tolerant reads answered, by server (reads on the primary counted only when replicas are configured)',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const target of stats()) this.inc({ target: target.target, role: target.role }, target.reads);
    },
  });
  new Counter({
    name: 'crewbase_db_failovers_total',
    help: "Times the primary's pool moved to another host of a multi-host DATABASE_URL",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(failovers());
    },
  });
}
