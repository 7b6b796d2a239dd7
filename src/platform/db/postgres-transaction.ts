// A transaction on PostgreSQL with as few waits as the protocol allows. The pool's connections run
// in node-postgres's pipeline mode, so a statement goes out as soon as it is issued, without
// waiting for the answer to the one before:
// - BEGIN with the transaction's settings is sent and not waited for: it travels with the first
//   query of the work (held until that query is written, then written together), and its failure
//   also fails that query (a statement after a failed BEGIN is refused);
// - a read-only transaction's COMMIT is not waited for: it cannot lose a write, and the
//   connection's next statement queues behind it on the server. It is held back until the
//   connection's next user writes (at most DEFERRED_COMMIT_MS), so it costs no write of its own.
// A read of one statement is then one round trip and one write, as a bare pool.query is.
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
  sql,
} from 'kysely';
import type pg from 'pg';
import { ImplicitRead, type StatementResult } from './implicit-read.js';
import { isStalePlan, queryResult } from './query-result.js';
import type { TransactionOptions } from './transaction-options.js';
import type { DB } from './schema.generated.js';

// Statements are prepared once per connection and then only bound and executed: PostgreSQL skips parsing and,
// once it settles on a generic plan, planning. Long ones (the read models) at their first run; short ones (a read
// or lock by key, an insert) at their second on the connection, so that a text written with its values in it,
// never run again, takes no name. Parsing and planning a read of a job by key took PostgreSQL 0.16-0.28 ms a run
// unnamed, 0.05-0.07 ms prepared (pgbench, one client, extended against prepared mode; jobs has 12 indexes to
// plan with). A connection prepares at most PREPARED_PER_CONNECTION texts; later ones run unnamed.
// Behind a transaction-mode pooler (DATABASE_POOLER=transaction) nothing is named: the pooler hands
// each transaction any server connection, where a statement prepared on another one does not exist.
const PREPARE_FROM_LENGTH = 400;
const PREPARED_PER_CONNECTION = 256;
/** Short texts run once on a connection, remembered until their second run names them (emptied when full). */
const SEEN_ONCE_KEPT = 1024;
/**
 * A shorter statement whose text starts with this is prepared too: one of a fixed text that runs on nearly
 * every request (a request's user state), where planning costs more than executing.
 */
export const PREPARE_MARK = '/* prepared */ ';
/** The mark as the start of a statement built with kysely's `sql`. */
export const PREPARED = sql.raw(PREPARE_MARK);
/**
 * A statement whose text starts with this is prepared whatever its length and runs on its generic plan, made at
 * its first run on a connection and then reused: PostgreSQL otherwise kept planning the job read model for every
 * run (custom plans, its generic plan estimated dearer), about 1 ms of its CPU per read, more than running it took
 * for an employee's day. The setting is the transaction's for that statement only: sent before it and reset after it,
 * all in one write with it. Unprepared (a pooler in transaction mode, the embedded database) nothing changes:
 * an unnamed statement is planned at each run whatever the plan.
 */
export const GENERIC_PLAN_MARK = '/* generic plan */ ';
/** The mark as the start of a statement built with kysely's `sql`. */
export const GENERIC_PLAN = sql.raw(GENERIC_PLAN_MARK);
const FORCE_GENERIC_PLAN = "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)";
// The same for a whole transaction (TransactionOptions.genericPlans) opened with BEGIN (an implicit read sets it
// with its settings instead), sent in BEGIN's message: PostgreSQL answers each message with a flushed ReadyForQuery,
// so the setting and the reset around every marked statement were two more answers to send and read per read.
const GENERIC_PLANS_IN_BEGIN = '; SET LOCAL plan_cache_mode = force_generic_plan';
const RESET_PLAN_MODE = 'RESET plan_cache_mode';

class ClientConnection implements DatabaseConnection {
  // The prepared texts by their length, then compared whole: a read model's text is built anew for each
  // request, and a Map keyed by it would hash all its kilobytes each time, where comparing two strings of
  // one length is a memory comparison.
  private readonly prepared = new Map<number, Array<{ text: string; name: string }>>();
  private preparedCount = 0;
  private readonly seenOnce = new Set<string>();
  /** The current transaction runs every statement on its generic plan (set with its BEGIN or its settings). */
  genericPlans = false;
  /** The current transaction, when it is an implicit read (implicit-read.ts). */
  implicit: ImplicitRead | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly prepare: boolean,
  ) {}

  private nameOf(text: string): string | undefined {
    if (!this.prepare) return undefined;
    const sameLength = this.prepared.get(text.length);
    const known = sameLength?.find((statement) => statement.text === text);
    if (known) return known.name;
    if (this.preparedCount >= PREPARED_PER_CONNECTION) return undefined;
    const marked = text.startsWith(PREPARE_MARK) || text.startsWith(GENERIC_PLAN_MARK); // a generic plan needs a name
    if (text.length < PREPARE_FROM_LENGTH && !marked && !this.seenOnce.delete(text)) {
      if (this.seenOnce.size >= SEEN_ONCE_KEPT) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    const name = `crewbase_${this.preparedCount++}`;
    this.prepared.set(text.length, [...(sameLength ?? []), { text, name }]);
    return name;
  }

  /**
   * Forgets the statement prepared under `name`: its next run prepares it anew under another name. A table whose
   * columns changed since (a migration of a newer version, the server still running) makes PostgreSQL refuse a
   * prepared `SELECT *` of it on every run; the run that meets it fails, the next one works.
   */
  private forget(text: string, name: string) {
    const sameLength = this.prepared.get(text.length) ?? [];
    this.prepared.set(
      text.length,
      sameLength.filter((statement) => statement.name !== name),
    );
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const name = this.nameOf(query.sql);
    const values = [...query.parameters];
    const generic = name !== undefined && !this.genericPlans && query.sql.startsWith(GENERIC_PLAN_MARK);
    if (generic) {
      corkUntilStatement(this.client); // the setting, the statement and the reset leave in one write
      this.run(FORCE_GENERIC_PLAN).catch(() => {}); // its failure fails the statement
    }
    const running = this.run(query.sql, values, name);
    if (generic) this.run(RESET_PLAN_MODE).catch(() => {}); // its failure fails the transaction's end
    sendCorked(this.client);
    try {
      const { command, rowCount, rows } = await running;
      return queryResult((rows ?? []) as R[], command ?? undefined, rowCount);
    } catch (error) {
      if (name !== undefined && isStalePlan(error)) this.forget(query.sql, name);
      throw error;
    }
  }

  /** A statement in the transaction: in the implicit read's, or as a query of the client's own. */
  private run(text: string, values: unknown[] = [], name?: string): Promise<StatementResult> {
    if (this.implicit) return this.implicit.statement(text, values, name);
    return name ? this.client.query({ name, text, values }) : this.client.query(text, values);
  }

  // biome-ignore lint/correctness/useYield: the interface asks for a generator; no query streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported inside a transaction');
  }
}

/** Kysely on one held client; the transaction around it is ours, so Kysely may not open one. */
class ClientDriver implements Driver {
  constructor(readonly connection: ClientConnection) {}
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

function clientDialect(connection: ClientConnection): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new ClientDriver(connection),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
  };
}

// One Kysely per pooled client (a pool holds a handful), made when the client is first used.
const bound = new WeakMap<pg.PoolClient, { db: Kysely<DB>; connection: ClientConnection }>();
function kyselyOn(client: pg.PoolClient, prepare: boolean) {
  let made = bound.get(client);
  if (!made) {
    const connection = new ClientConnection(client, prepare);
    made = { db: new Kysely<DB>({ dialect: clientDialect(connection) }), connection };
    bound.set(client, made);
  }
  return made;
}

interface CorkableStream {
  cork(): void;
  uncork(): void;
}

function streamOf(client: pg.ClientBase): CorkableStream | undefined {
  const stream = (client as unknown as { connection?: { stream?: Partial<CorkableStream> } }).connection?.stream;
  return typeof stream?.cork === 'function' ? (stream as CorkableStream) : undefined;
}

/** Each client's open cork, by the token its turn's fallback holds. */
const corks = new WeakMap<pg.ClientBase, object>();

// BEGIN (or an implicit read's settings), a held-back COMMIT and the work's first statement leave in one write:
// held until that statement is written (sendCorked), at the latest until the event loop's next turn. Sent at the
// statement, not at the turn: the turn comes after every other request and answer that the loop has ready, and
// meanwhile PostgreSQL would wait for a statement the API process had already made.
function corkUntilStatement(client: pg.ClientBase) {
  const stream = streamOf(client);
  if (!stream || corks.has(client)) return;
  const token = {};
  corks.set(client, token);
  stream.cork();
  setImmediate(() => {
    if (corks.get(client) === token) sendCorked(client);
  });
}

/** Writes what the client's cork holds, if one is open. */
function sendCorked(client: pg.ClientBase) {
  if (!corks.delete(client)) return;
  streamOf(client)?.uncork();
}

/** COMMITs of read-only transactions not waited for: closing the pool waits for them (settleCommits). */
const unsettledCommits = new WeakMap<ConnectionSource, Set<Promise<unknown>>>();

/** How a read-only transaction is ended: COMMIT, or an implicit read's Sync. */
type EndRead = () => Promise<unknown>;

function sendCommit(pool: ConnectionSource, end: EndRead) {
  const commit = end().catch(() => {});
  const unsettled = unsettledCommits.get(pool) ?? new Set();
  unsettledCommits.set(pool, unsettled.add(commit));
  void commit.finally(() => unsettled.delete(commit));
}

// A read-only transaction's COMMIT waits, for at most DEFERRED_COMMIT_MS, for the connection's next
// user, and leaves in one write with what that one sends first (BEGIN and the first query): one write
// instead of two, and one read for the server. Pools hand out the connection released last first, so
// under load the next request usually takes it within that time. A read-only transaction takes no row
// locks; held open a little longer it blocks nothing but DDL, and only for that time. Only connections of
// pools that send the waiting COMMIT whenever they hand a connection out (guardDeferredCommits) wait; any
// other commits at once. 5 ms, not 2: in the scheduling benchmark's employee weeks (8 connections) 42 % of
// the COMMITs still went by themselves after 2 ms, 16 % after 5 ms (counted in the server's system calls).
export const DEFERRED_COMMIT_MS = 5;
const guarded = new WeakSet<pg.ClientBase>();
/**
 * Each held-back COMMIT with the time it goes by itself, DEFERRED_COMMIT_MS after its own read. In the order
 * they are due: a connection's COMMIT leaves before the connection is handed out again.
 */
const deferredCommits = new Map<pg.ClientBase, { source: ConnectionSource; due: number; end: EndRead }>();
// One timer for all held-back COMMITs, set for the earliest. One that sent every waiting COMMIT when the
// first was due cut the others short: under load more than half went by themselves.
let sendingDeferred: NodeJS.Timeout | undefined;

/** Lets the pool's connections hold a read-only COMMIT back: the pool sends it before handing one out. */
export function guardDeferredCommits(pool: pg.Pool): void {
  pool.on('connect', (client) => guarded.add(client));
  // Emitted before the connection reaches whoever asked for it: the COMMIT goes first, in their write.
  pool.on('acquire', (client) => sendDeferredCommit(client, true));
}

function deferCommit(source: ConnectionSource, client: pg.PoolClient, end: EndRead) {
  if (!guarded.has(client)) return sendCommit(source, end);
  const due = performance.now() + DEFERRED_COMMIT_MS;
  deferredCommits.set(client, { source, due, end });
  if (!sendingDeferred) sendDueCommitsAt(due);
}

function sendDueCommitsAt(at: number) {
  sendingDeferred = setTimeout(sendDueCommits, Math.max(0, at - performance.now()));
}

function sendDueCommits() {
  sendingDeferred = undefined;
  // A tenth of a millisecond early counts as due: libuv counts whole milliseconds, so a timer may fire a
  // fraction early, and one not yet due waits for another round (at least a millisecond).
  const now = performance.now() + 0.1;
  for (const [waiting, { due }] of deferredCommits) {
    if (due > now) return sendDueCommitsAt(due);
    sendDeferredCommit(waiting, false);
  }
}

function sendDeferredCommit(client: pg.ClientBase, withNextWrite: boolean) {
  const deferred = deferredCommits.get(client);
  if (!deferred) return;
  deferredCommits.delete(client);
  if (withNextWrite) corkUntilStatement(client);
  sendCommit(deferred.source, deferred.end);
}

/** A pool, or what hands out the current primary's connections (primary-pool.ts). */
export interface ConnectionSource {
  connect(): Promise<pg.PoolClient>;
}

export async function settleCommits(pool: ConnectionSource): Promise<void> {
  for (const [client, { source }] of [...deferredCommits]) if (source === pool) sendDeferredCommit(client, false);
  await Promise.all([...(unsettledCommits.get(pool) ?? [])]);
}

/**
 * `prepare`: name long and marked statements (not behind a transaction-mode pooler). `genericPlans`:
 * TransactionOptions.genericPlans, which needs prepared statements (an unnamed one is planned at each run).
 * A read-only transaction with its `settings` as values runs as an implicit transaction (implicit-read.ts)
 * where statements are prepared; else, and for every write, BEGIN's text opens it.
 */
export async function postgresTransaction<T>(
  pool: ConnectionSource,
  begin: string,
  readOnly: boolean,
  work: (db: Kysely<DB>) => Promise<T>,
  { prepare = true, genericPlans = false, settings }: TransactionOptions & { prepare?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined; // a connection whose ROLLBACK failed is not given back to the pool
  const { db, connection } = kyselyOn(client, prepare);
  connection.genericPlans = genericPlans && prepare;
  const implicit =
    readOnly && prepare && settings ? new ImplicitRead(client, settings, connection.genericPlans) : undefined;
  connection.implicit = implicit;
  try {
    corkUntilStatement(client);
    if (implicit) {
      client.query(implicit as unknown as pg.Submittable); // pg's own query class: answers go to it
      return await readImplicitly(
        pool,
        client,
        implicit,
        () => work(db),
        (error) => (broken = error),
      );
    }
    const began = client.query(connection.genericPlans ? begin + GENERIC_PLANS_IN_BEGIN : begin);
    began.catch(() => {}); // its failure fails the work's first statement, or is awaited below
    let result: T;
    try {
      result = await work(db);
      await began;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    }
    // Behind a transaction-mode pooler an open transaction keeps its server connection: COMMIT at once.
    if (readOnly && prepare) deferCommit(pool, client, () => client.query('COMMIT'));
    else if (readOnly) sendCommit(pool, () => client.query('COMMIT'));
    else await client.query('COMMIT');
    return result;
  } finally {
    connection.genericPlans = false;
    connection.implicit = undefined;
    client.release(broken);
  }
}

/**
 * The work of an implicit read, then its end: held back as a read's COMMIT is. A failure ends it at once (the
 * server skips all until the Sync) and, where it named a statement, breaks the connection: whether the server
 * kept that statement is not known, and naming it again there would fail.
 */
async function readImplicitly<T>(
  pool: ConnectionSource,
  client: pg.PoolClient,
  implicit: ImplicitRead,
  work: () => Promise<T>,
  breaks: (error: Error) => void,
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    void implicit.end();
    if (implicit.leftUnknownStatements) breaks(new Error('an implicit read failed after naming a statement'));
    throw error;
  }
  deferCommit(pool, client, () => implicit.end());
  return result;
}
