// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from './pglite-dialect.js';
import { postgresTransaction, settleCommits } from './postgres-transaction.js';
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
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize: number }
  | { kind: 'pglite'; dataDir: string | undefined } // undefined: in memory
  | { kind: 'pglite-instance'; pglite: PGlite };

/** Extensions the migrations create (pg_trgm, btree_gin: search); PGlite loads them only when given at creation. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

// bigint counts as number: our integers (record numbers, counters) stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // No JIT: our queries are short, and a misestimated one must not spend a second compiling.
    // Pipeline mode: a transaction's statements go out without waiting for each answer (postgres-transaction.ts).
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize,
      options: '-c jit=off',
      pipeline: true,
    } as pg.PoolConfig);
    pool.on('error', () => {
      /* an idle client died; the pool replaces it */
    });
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      kind: 'postgres',
      kysely,
      async exec(script) {
        const client = await pool.connect();
        try {
          await client.query(script);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {}); // a failed script may leave its transaction open
          throw error;
        } finally {
          client.release();
        }
      },
      transaction: (begin, readOnly, work) => postgresTransaction(pool, begin, readOnly, work),
      connectionStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // A connection whose COMMIT is still under way would be cut off (and its error go unheard).
      close: async () => {
        await settleCommits(pool);
        await kysely.destroy();
      },
    };
  }
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
