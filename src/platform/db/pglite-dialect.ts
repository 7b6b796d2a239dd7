// A Kysely dialect for embedded PGlite. PGlite is one connection, so a connection is
// held exclusively from acquire to release (a transaction never interleaves with another).
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && query.query.kind !== 'SelectQueryNode'
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: the interface asks for a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(
    private readonly pg: PGlite,
    private readonly keepOpen: boolean,
  ) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.queue;
    this.queue = previous.then(() => held);
    await previous;
    this.releasers.push(release);
    return this.connection;
  }

  private readonly releasers: Array<() => void> = [];

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.releasers.shift()?.();
  }

  async destroy(): Promise<void> {
    // Waits for the transactions already holding or queued for the connection and keeps it: closing
    // under a running request would fail it half-way. Kysely refuses new queries once destroying.
    await this.acquireConnection();
    if (!this.keepOpen) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  /** keepOpen: destroying waits for the connection's work but leaves the instance open to its owner. */
  constructor(
    private readonly pg: PGlite,
    private readonly keepOpen = false,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.keepOpen);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
