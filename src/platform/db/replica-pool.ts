// One read replica (a hot standby): its pool, and a monitor that asks it every half second how far it
// has replayed. A replica that does not answer, has left recovery (promoted: no longer following the
// primary we write to) or lags more than the bound is out of the read pool until it is back under it.
import pg from 'pg';
import { type HostPort, targetName } from './connection-url.js';
import { guardDeferredCommits, settleCommits } from './postgres-transaction.js';

const MONITOR_INTERVAL_MS = 500;
const CONNECT_TIMEOUT_MS = 1000;

/** A WAL position ('16/B374D848') as a number that orders positions. */
export function lsnValue(lsn: string | null | undefined): bigint {
  const match = lsn ? /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn) : null;
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : 0n;
}

export interface ReplicaOptions {
  url: string;
  host: HostPort;
  poolSize: number;
  options: string | undefined;
  maxLagSeconds: number;
}

export class ReplicaPool {
  readonly pool: pg.Pool;
  readonly name: string;
  /** Seconds behind the primary at the last look (NaN before the first or when it did not answer). */
  lagSeconds = Number.NaN;
  /** The last WAL position it had replayed at the last look: it has at least that much now. */
  replayed = 0n;
  reads = 0;
  fallbacks = 0;
  private up = false;
  private inRecovery = false;
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;

  constructor(private readonly settings: ReplicaOptions) {
    this.name = targetName(settings.host);
    this.pool = new pg.Pool({
      connectionString: settings.url,
      max: settings.poolSize,
      ...(settings.options ? { options: settings.options } : {}),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      pipeline: true,
    } as pg.PoolConfig);
    this.pool.on('error', () => {});
    this.pool.on('connect', (client) => client.on('error', () => {})); // as in primary-pool.ts
    guardDeferredCommits(this.pool); // read-only COMMITs leave with the next user's first write
  }

  /** Starts watching; the first look is awaited so a healthy replica serves from the first request. */
  async start(): Promise<void> {
    await this.look();
    this.timer = setInterval(() => {
      this.looking ??= this.look().finally(() => {
        this.looking = undefined;
      });
    }, MONITOR_INTERVAL_MS);
    this.timer.unref();
  }

  /** Whether reads may go here: answering, still a standby, under the lag bound. */
  get usable(): boolean {
    return this.up && this.inRecovery && this.lagSeconds <= this.settings.maxLagSeconds;
  }

  get state(): 'in' | 'lagging' | 'down' {
    return this.usable ? 'in' : this.up ? 'lagging' : 'down';
  }

  /** A read here failed for the connection: out until the monitor reaches it again. */
  markDown(): void {
    this.up = false;
    this.fallbacks += 1;
  }

  async end(): Promise<void> {
    clearInterval(this.timer);
    await this.looking;
    await settleCommits(this.pool); // read-only COMMITs still under way (postgres-transaction.ts)
    await this.pool.end();
  }

  private async look(): Promise<void> {
    try {
      // Lag: 0 when all it received is replayed (an idle primary sends nothing, and the last replayed
      // transaction's age would grow forever), else the age of the last transaction it replayed.
      const { rows } = await this.pool.query<{ recovery: boolean; replayed: string | null; lag: number | null }>(
        `SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed,
           CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
             ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 END AS lag`,
      );
      const row = rows[0]!;
      this.inRecovery = row.recovery;
      this.replayed = lsnValue(row.replayed);
      this.lagSeconds = row.lag === null ? 0 : Math.max(0, Number(row.lag));
      this.up = true;
    } catch {
      this.up = false;
      this.lagSeconds = Number.NaN;
    }
  }
}
