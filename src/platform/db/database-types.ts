// What the rest of the server sees of a database (database.ts opens one), and where one is.
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { ReadRouter } from './read-routing.js';
import type { DB } from './schema.generated.js';
import type { TransactionOptions } from './transaction-options.js';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly kysely: Kysely<DB>;
  /** Runs a script of several statements (migrations); no parameters. */
  exec(script: string): Promise<void>;
  /**
   * Runs work on one connection inside a transaction opened by `begin` (BEGIN and its settings, one
   * text: tenant.ts), then commits; rolls back when work fails. Use tenant.ts, not this.
   */
  transaction<T>(
    begin: string,
    readOnly: boolean,
    work: (db: Kysely<DB>) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /**
   * PGlite only (it has no autovacuum): analyzes the tables changed past autovacuum's threshold now, and
   * names them. The same runs by itself every few hundred write transactions (pglite-analyze.ts).
   */
  analyzeNow?(): Promise<string[]>;
  /**
   * Connections in use and requests waiting for one (PostgreSQL's pool; PGlite has one connection and none), and
   * write transactions waiting for one of the pool's write slots (write-gate.ts).
   */
  connectionStats?(): { total: number; idle: number; waiting: number; writesWaiting: number };
  /**
   * Whether a transaction begun now would get a connection without waiting for one (an idle one nobody waits
   * for, or room for a new one). PostgreSQL's pool only, and not behind a transaction-mode pooler (its own pool
   * may make it wait); the embedded database's one connection is never free beside a transaction.
   */
  hasFreeConnection?(): boolean;
  /** Transactions' settings as SET LOCAL rather than set_config(…, true) (DATABASE_TENANCY_STATEMENT=set_local). */
  setLocal?: boolean;
  /** Replicas for lag-tolerant reads (DATABASE_READ_URL); absent without them. */
  readonly readRouter?: ReadRouter;
  /** Times the primary's pool moved to another host (multi-host DATABASE_URL). */
  failovers?(): number;
  /** Each server's pool and reads (metrics). */
  targetStats?(): TargetStats[];
  /** Which role the primary's pool reached, and the replicas' state (GET /ready). */
  topology?(): Promise<DatabaseTopology>;
  /**
   * Delivers the NOTIFYs of `channel` (PGlite: of its own transactions; PostgreSQL: on a connection of its
   * own, opened again after a loss). Absent behind a transaction-mode pooler, which cannot LISTEN.
   */
  listen?(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /** Listening began (true), or stopped (false): what is sent until it begins again is missed. */
  state(listening: boolean): void;
}

export interface Listening {
  close(): Promise<void>;
}

export interface TargetStats {
  target: string;
  role: 'primary' | 'replica';
  total: number;
  idle: number;
  waiting: number;
  /** Lag-tolerant reads it answered. */
  reads: number;
  lagSeconds: number;
  /** Whether reads may go there now (a replica under the lag bound and answering). */
  inPool: boolean;
}

export interface DatabaseTopology {
  role: 'primary' | 'replica';
  target: string;
  failovers: number;
  replicas: Array<{ target: string; state: 'in' | 'lagging' | 'down'; lagSeconds: number | null }>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      /** One host, or libpq's multi-host form with target_session_attrs=read-write (failover). */
      url: string;
      poolSize: number;
      /** Read replicas for lag-tolerant reads (docs/scaling.md §3). */
      readUrls?: string[];
      readMaxLagSeconds?: number;
      readAfterWriteSeconds?: number;
      /** transaction: behind PgBouncer in transaction mode (no named statements, no startup options). */
      pooler?: 'none' | 'transaction';
      /** set_local: the tenancy's settings as SET LOCAL (Citus propagates those). */
      tenancyStatement?: 'set_config' | 'set_local';
      log?: (message: string) => void;
    }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; loadDataDir: a tar of a data directory to start from instead of creating one (initdb, seconds). */
  | { kind: 'pglite'; dataDir: undefined; loadDataDir?: Blob }
  /** keepOpen: the instance stays open after close(), for its owner to use again (the tests lend one per process). */
  | { kind: 'pglite-instance'; pglite: PGlite; keepOpen?: boolean };
