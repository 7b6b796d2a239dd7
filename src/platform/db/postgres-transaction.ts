// A transaction on PostgreSQL with as few waits as the protocol allows. The pool's connections run
// in node-postgres's pipeline mode, so a statement goes out as soon as it is issued, without
// waiting for the answer to the one before:
// - BEGIN with the transaction's settings is sent and not waited for: it travels with the first
//   query of the work (written together when issued in the same turn of the event loop), and
//   its failure also fails that query (a statement after a failed BEGIN is refused);
// - a read-only transaction's COMMIT is sent and not waited for: it cannot lose a write, and the
//   connection's next statement queues behind it on the server.
// A read of one statement is then one round trip, as a bare pool.query is.
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type pg from 'pg';
import type { DB } from './schema.generated.js';

// Long statements (the read models) are prepared once per connection and then only bound and
// executed: PostgreSQL skips parsing and, once it settles on a generic plan, planning. A connection
// prepares at most PREPARED_PER_CONNECTION texts; later ones run unnamed, as short ones always do.
// Behind a transaction-mode pooler (DATABASE_POOLER=transaction) nothing is named: the pooler hands
// each transaction any server connection, where a statement prepared on another one does not exist.
const PREPARE_FROM_LENGTH = 400;
const PREPARED_PER_CONNECTION = 64;

class ClientConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, string>(); // text -> statement name

  constructor(
    private readonly client: pg.PoolClient,
    private readonly prepare: boolean,
  ) {}

  private nameOf(text: string): string | undefined {
    if (!this.prepare || text.length < PREPARE_FROM_LENGTH) return undefined;
    let name = this.prepared.get(text);
    if (!name && this.prepared.size < PREPARED_PER_CONNECTION) {
      name = `crewbase_${this.prepared.size}`;
      this.prepared.set(text, name);
    }
    return name;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const name = this.nameOf(query.sql);
    const values = [...query.parameters];
    const { command, rowCount, rows } = await (name
      ? this.client.query({ name, text: query.sql, values })
      : this.client.query(query.sql, values));
    const writes = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { rows: rows ?? [], ...(writes ? { numAffectedRows: BigInt(rowCount ?? 0) } : {}) };
  }

  // biome-ignore lint/correctness/useYield: the interface asks for a generator; no query streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported inside a transaction');
  }
}

/** Kysely on one held client; the transaction around it is ours, so Kysely may not open one. */
class ClientDriver implements Driver {
  private readonly connection: ClientConnection;
  constructor(client: pg.PoolClient, prepare: boolean) {
    this.connection = new ClientConnection(client, prepare);
  }
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('already in a transaction');
  }
  async commitTransaction(): Promise<void> {
    throw new Error('already in a transaction');
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error('already in a transaction');
  }
  async releaseConnection() {}
  async destroy() {}
}

function clientDialect(client: pg.PoolClient, prepare: boolean): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new ClientDriver(client, prepare),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
  };
}

// One Kysely per pooled client (a pool holds a handful), made when the client is first used.
const bound = new WeakMap<pg.PoolClient, Kysely<DB>>();
function kyselyOn(client: pg.PoolClient, prepare: boolean): Kysely<DB> {
  let db = bound.get(client);
  if (!db) {
    db = new Kysely<DB>({ dialect: clientDialect(client, prepare) });
    bound.set(client, db);
  }
  return db;
}

// Issued in one turn of the event loop, BEGIN and the work's first query leave in one write.
function corkUntilNextTurn(client: pg.PoolClient) {
  const stream = (client as unknown as { connection?: { stream?: NodeJS.WritableStream } }).connection?.stream;
  if (!stream || typeof (stream as { cork?: unknown }).cork !== 'function') return;
  (stream as unknown as { cork(): void }).cork();
  setImmediate(() => (stream as unknown as { uncork(): void }).uncork());
}

/** COMMITs of read-only transactions not waited for: closing the pool waits for them (settleCommits). */
const unsettledCommits = new WeakMap<ConnectionSource, Set<Promise<unknown>>>();

/** A pool, or what hands out the current primary's connections (primary-pool.ts). */
export interface ConnectionSource {
  connect(): Promise<pg.PoolClient>;
}

export async function settleCommits(pool: ConnectionSource): Promise<void> {
  await Promise.all([...(unsettledCommits.get(pool) ?? [])]);
}

export async function postgresTransaction<T>(
  pool: ConnectionSource,
  begin: string,
  readOnly: boolean,
  work: (db: Kysely<DB>) => Promise<T>,
  prepare = true,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined; // a connection whose ROLLBACK failed is not given back to the pool
  try {
    corkUntilNextTurn(client);
    const began = client.query(begin);
    began.catch(() => {}); // its failure fails the work's first statement, or is awaited below
    let result: T;
    try {
      result = await work(kyselyOn(client, prepare));
      await began;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    }
    if (readOnly) {
      const commit = client.query('COMMIT').catch(() => {});
      const unsettled = unsettledCommits.get(pool) ?? new Set();
      unsettledCommits.set(pool, unsettled.add(commit));
      void commit.finally(() => unsettled.delete(commit));
    } else await client.query('COMMIT');
    return result;
  } finally {
    client.release(broken);
  }
}
