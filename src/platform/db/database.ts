// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { discardPreparedStatements, PGliteDialect } from './pglite-dialect.js';
import type { Database, DatabaseTarget } from './database-types.js';
import { openPostgres } from './postgres-database.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { timestamptzParser } from './timestamp-text.js';
import { autoAnalyze, TABLES_TO_ANALYZE } from './pglite-analyze.js';
import type { DB } from './schema.generated.js';

// The types live apart so that postgres-database.ts, which this file opens, need not import it.
export type {
  Database,
  DatabaseTarget,
  DatabaseTopology,
  Listening,
  NotificationHandlers,
  TargetStats,
} from './database-types.js';

/** Extensions the migrations create (pg_trgm, btree_gin: search); PGlite loads them only when given at creation. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

// bigint counts as number: our integers (record numbers, counters) stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));
pg.types.setTypeParser(1184, timestamptzParser(pg.types.getTypeParser(1184)));

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target);
  let pglite: PGlite;
  let lock: DataDirLock | undefined; // a directory has one writer; memory and given instances need none
  const keepOpen = target.kind === 'pglite-instance' && target.keepOpen === true;
  if (target.kind === 'pglite-instance') {
    pglite = target.pglite;
  } else {
    const dir = target.dataDir === undefined ? undefined : join(target.dataDir, 'pgdata');
    if (dir) mkdirSync(dir, { recursive: true });
    lock = target.dataDir === undefined ? undefined : lockDataDir(target.dataDir);
    try {
      pglite = await PGlite.create(dir ?? 'memory://', {
        ...(target.dataDir === undefined && target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
        extensions: PGLITE_EXTENSIONS,
        parsers: { 20: (value: string) => Number(value), 1700: (value: string) => Number(value) },
      });
    } catch (error) {
      lock?.release();
      throw error;
    }
  }
  const kysely = new Kysely<DB>({ dialect: new PGliteDialect(pglite, keepOpen) });
  const analyzer = autoAnalyze(
    () =>
      kysely
        .connection()
        .execute(async () => (await pglite.query<{ name: string }>(TABLES_TO_ANALYZE)).rows.map((row) => row.name)),
    (tables) =>
      kysely.connection().execute(async () => {
        await pglite.exec(`ANALYZE ${tables.join(', ')}`);
      }),
  );
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
        } finally {
          // A migration may change a table's columns, which a statement prepared before it would refuse to run.
          await discardPreparedStatements(pglite);
        }
      });
    },
    // TransactionOptions change nothing here: long statements are planned for each run's values (pglite-dialect.ts);
    // on its generic plan the job read model took seconds where planned with the values it takes a fraction of one.
    transaction: (begin, readOnly, work) =>
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
        if (!readOnly) analyzer.wrote();
        return result;
      }),
    analyzeNow: () => analyzer.check(),
    async listen(channel, handlers) {
      // Through the connection's lock, as every statement: LISTEN inside a transaction held by other work
      // would be undone with it.
      const stop = await kysely.connection().execute(() => pglite.listen(channel, handlers.message));
      handlers.state(true);
      return {
        close: () =>
          kysely
            .connection()
            .execute(async () => (pglite.closed ? undefined : stop()))
            .catch(() => {}), // the database was closed first
      };
    },
    async close() {
      try {
        await analyzer.pending();
        await kysely.destroy();
        if (!pglite.closed && !keepOpen) await pglite.close(); // Kysely skips a driver that never ran a query
      } finally {
        lock?.release();
      }
    },
  };
}
