// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import type { DB } from './schema.generated.js';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly kysely: Kysely<DB>;
  /** Runs a script of several statements (migrations); no parameters. */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize: number }
  | { kind: 'pglite'; dataDir: string | undefined } // undefined: in memory
  | { kind: 'pglite-instance'; pglite: PGlite };

// bigint counts as number: our integers (record numbers, counters) stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // No JIT: our queries are short, and a misestimated one must not spend a second compiling.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize, options: '-c jit=off' });
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
      close: () => kysely.destroy(),
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
