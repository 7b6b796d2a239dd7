// A Kysely dialect for embedded PGlite. PGlite is one connection, so a connection is
// held exclusively from acquire to release (a transaction never interleaves with another).
//
// A statement is one message batch into PostgreSQL (Parse, Bind, Describe, Execute, Sync), where PGlite's
// own `query` makes six calls. A text is prepared once per PGlite instance under a name and then only bound
// and executed, so PostgreSQL does not parse it again; a short one, once it settles on a generic plan, is not
// planned again either. Measured on a primary-key read (CPU per statement, one process): 205-270 µs through
// `query`, 165-180 µs as one batch, about 80 µs prepared. Values are sent as text, converted as node-postgres
// converts them on the PostgreSQL path (`prepareValue`), so both databases receive the same parameters.
import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';
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
import { isStalePlan, queryResult } from './query-result.js';

/** Texts kept prepared per PGlite instance, the least recently used closed beyond it. */
const PREPARED_STATEMENTS = 256;
/** Reads of this length and longer are planned for each run's values (below). */
const CUSTOM_PLANS_FROM_LENGTH = 400;
/** A text that writes rows (perhaps in a CTE beside a read). */
const WRITES = /\b(INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM)\b/i;
// Around such a text in its batch: the setting is PostgreSQL's per session, and a failed statement's
// transaction is rolled back with the SET in it, so a batch that stops at an error leaves no setting behind.
const CUSTOM_PLANS = { name: 'crewbase_custom_plans', text: 'SET plan_cache_mode = force_custom_plan' };
const DEFAULT_PLANS = { name: 'crewbase_default_plans', text: 'RESET plan_cache_mode' };

interface Statements {
  /** Statement name by SQL text, least recently used first. */
  names: Map<string, string>;
  /** Whether CUSTOM_PLANS and DEFAULT_PLANS are prepared. */
  planModes: boolean;
  /** Names to close before the next statement: evicted, or perhaps made by a batch that failed. */
  closing: string[];
  made: number;
}

// Per instance, not per driver: a test's PGlite is lent to the next file's app with its statements.
const statementsOf = new WeakMap<PGlite, Statements>();

function statements(pg: PGlite): Statements {
  let known = statementsOf.get(pg);
  if (!known) {
    known = { names: new Map(), planModes: false, closing: [], made: 0 };
    statementsOf.set(pg, known);
  }
  return known;
}

/**
 * Deallocates the statements prepared on `pg`, after a script that may have changed tables (migrations);
 * the next use of each text prepares it again.
 */
export async function discardPreparedStatements(pg: PGlite): Promise<void> {
  await pg.exec('DEALLOCATE ALL');
  statementsOf.delete(pg);
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const batch = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    batch.set(part, offset);
    offset += part.length;
  }
  return batch;
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let result: Results | undefined;
    try {
      result = await this.run(query);
    } catch (error) {
      // Outside a transaction nothing was done: once prepared again (run forgot it), the statement can run.
      if (!isStalePlan(error) || this.pg.isInTransaction()) throw error;
      result = await this.run(query);
    }
    return queryResult((result?.rows ?? []) as R[], result?.command?.split(' ')[0], result?.affectedRows);
  }

  private async run(query: CompiledQuery): Promise<Results | undefined> {
    const known = statements(this.pg);
    const serialize = protocol.serialize;
    const parts: Uint8Array[] = known.closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
    // A long read (a read model of joins) is planned for each run's values: a plan made once for any values,
    // which PostgreSQL may settle on after five runs of a named statement, read a week of 2,520 jobs in 4.6 s
    // instead of 0.44 s. A short text, and a write by key, is where planning costs most. All are named: parsing
    // a read model's text was most of what its run cost on small tables (a job list 7.7-8.3 ms of CPU per
    // request unnamed, 4.1-5.6 named). A write is left to PostgreSQL's choice: the setting around it cost more
    // than its parsing saved (creating a customer 2.7-3.6 ms unnamed, 3.4-5.1 named on custom plans).
    const customPlans = query.sql.length >= CUSTOM_PLANS_FROM_LENGTH && !WRITES.test(query.sql);
    if (customPlans) parts.push(...this.planMode(known, CUSTOM_PLANS));
    const prepared = known.names.get(query.sql);
    const isNew = prepared === undefined;
    const name = prepared ?? `crewbase_${known.made++}`;
    if (isNew) parts.push(serialize.parse({ name, text: query.sql }));
    known.names.delete(query.sql); // set again: the most recently used last
    known.names.set(query.sql, name);
    if (known.names.size > PREPARED_STATEMENTS) {
      const oldest = known.names.keys().next().value as string;
      known.closing.push(known.names.get(oldest)!);
      known.names.delete(oldest);
    }
    const values = query.parameters.map((value) => pgUtils.prepareValue(value));
    parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}));
    if (customPlans) parts.push(...this.planMode(known, DEFAULT_PLANS));
    parts.push(serialize.sync());
    let messages: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    try {
      messages = await this.pg._runExclusiveQuery(() => this.pg.execProtocolStream(concat(parts), { syncToFs: false }));
    } catch (error) {
      // The batch stopped at its first error: a Parse before it may or may not have made the statement.
      if (isNew || isStalePlan(error)) {
        known.names.delete(query.sql);
        known.closing.push(name);
      }
      if (customPlans) known.planModes = false; // prepared again, after closing the names (a failed Parse made none)
      throw error;
    }
    if (!this.pg.isInTransaction()) await this.pg.syncToFs(); // as PGlite's own `query` does
    // One result per statement run: the setting's before the text's.
    return parse.parseResults(messages, this.pg.parsers)[customPlans ? 1 : 0];
  }

  /** The messages that run a plan mode's statement, preparing it first where it is not yet. */
  private planMode(known: Statements, statement: { name: string; text: string }): Uint8Array[] {
    const serialize = protocol.serialize;
    const run = [serialize.bind({ statement: statement.name }), serialize.execute({})];
    if (known.planModes) return run;
    if (statement === DEFAULT_PLANS) known.planModes = true; // both prepared in this batch
    const close = serialize.close({ type: 'S', name: statement.name }); // closing a name that does not exist is no error
    return [close, serialize.parse(statement), ...run];
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
