// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from './pglite-dialect.js';
import { openPostgres } from './postgres-database.js';
import type { ReadRouter } from './read-routing.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import type { DB } from './schema.generated.js';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly kysely: Kysely<DB>;
  /** Runs a script of several statements (migrations); no parameters. */
  exec(script: string): Promise<void>;
  /**
   * Runs work on one connection inside a transaction opened by `begin` (BEGIN and its settings, one
   * text: tenant.ts), then commits; rolls back when work fails. Use tenant.ts, not this.
   */
  transaction<T>(begin: string, readOnly: boolean, work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  /** Connections in use and requests waiting for one (PostgreSQL's pool; PGlite has one connection and none). */
  connectionStats?(): { total: number; idle: number; waiting: number };
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
  | { kind: 'pglite'; dataDir: string | undefined } // undefined: in memory
  | { kind: 'pglite-instance'; pglite: PGlite };

/** Extensions the migrations create (pg_trgm, btree_gin: search); PGlite loads them only when given at creation. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

// bigint counts as number: our integers (record numbers, counters) stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target);
  let pglite: PGlite;
  let lock: DataDirLock | undefined; // a directory has one writer; memory and given instances need none
  if (target.kind === 'pglite-instance') {
    pglite = target.pglite;
  } else {
    const dir = target.dataDir === undefined ? undefined : join(target.dataDir, 'pgdata');
    if (dir) mkdirSync(dir, { recursive: true });
    lock = target.dataDir === undefined ? undefined : lockDataDir(target.dataDir);
    try {
      pglite = await PGlite.create(dir ?? 'memory://', {
        extensions: PGLITE_EXTENSIONS,
        parsers: { 20: (value: string) => Number(value), 1700: (value: string) => Number(value) },
      });
    } catch (error) {
      lock?.release();
      throw error;
    }
  }
  const kysely = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    kysely,
    async exec(script) {
      // Goes through Kysely's connection lock so it never interleaves with a transaction.
      await kysely.connection().execute(async () => {
        try {
          await pglite.exec(script);
        } catch (error) {
          await pglite.exec('ROLLBACK').catch(() => {}); // a failed script may leave its transaction open
          throw error;
        }
      });
    },
    transaction: (begin, _readOnly, work) =>
      // sql: transaction control on one held connection (Kysely's transaction() sends BEGIN on its own).
      // BEGIN with its settings is several statements, which PGlite takes through exec (the simple
      // protocol); the connection is held here, so nothing runs in between.
      kysely.connection().execute(async (db) => {
        await pglite.exec(begin);
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work(db);
        } catch (error) {
          await sql
            .raw('ROLLBACK')
            .execute(db)
            .catch(() => {}); // nothing to undo when it failed
          throw error;
        }
        await sql.raw('COMMIT').execute(db);
        return result;
      }),
    async close() {
      try {
        await kysely.destroy();
        if (!pglite.closed) await pglite.close(); // Kysely skips a driver that never ran a query
      } finally {
        lock?.release();
      }
    },
  };
}
