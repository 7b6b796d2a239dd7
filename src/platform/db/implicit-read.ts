// A read-only transaction without BEGIN and COMMIT. In PostgreSQL's extended protocol every statement
// sent before a Sync message runs in one implicit transaction, which Sync ends. So a read sends its
// settings (role, company, read-only, plan mode) as a prepared statement, then its statements, each
// followed by a Flush (the answer is sent at once, the transaction stays open), and at the end a Sync.
// Against BEGIN's text (BEGIN and a SELECT of the settings, parsed and planned at every read) and a
// COMMIT, that is two statements fewer and none parsed (pgbench, one connection, this machine's CPU per
// transaction: BEGIN, the settings' SELECT and COMMIT 0.086-0.090 ms, 0.109-0.122 ms with a SET LOCAL of the
// plan mode; the settings prepared alone 0.023-0.031 ms).
// node-postgres answers each of its queries after a Sync, so the whole transaction is one query object of
// its client: the answers come in the order the statements went out, each ended by its CommandComplete
// (rows made by row-shapes.ts).
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { type RowShape, rowShapeOf } from './row-shapes.js';
import type { TransactionSettings } from './transaction-options.js';

/** The part of node-postgres's connection this writes to. */
interface ProtocolConnection {
  parsedStatements: Record<string, string | undefined>;
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { statement: string; values: unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  flush(): void;
  sync(): void;
  sendCopyFail(message: string): void;
  stream: { cork(): void; uncork(): void };
}

interface ClientState {
  connection: ProtocolConnection;
  _queryable: boolean;
  _ending: boolean;
  _types: { getTypeParser(oid: number, format: string): (text: string) => unknown };
}

export interface StatementResult {
  command: string | undefined;
  rowCount: number | null;
  rows: unknown[];
}

interface Pending {
  /** Undefined for the settings: their row is not wanted. */
  rows?: unknown[];
  /** The prepared statement's name: its rows' shape is kept per connection. */
  name?: string;
  shape?: RowShape;
  error?: Error;
  resolve(result: StatementResult): void;
  reject(error: Error): void;
}

// A command tag: its first word, and its last number the rows affected ("INSERT 0 1", "UPDATE 3", "SELECT 7").
const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

function settingsText(company: boolean, genericPlans: boolean): string {
  return (
    "SELECT set_config('role', $1, true)" +
    (company ? ", set_config('app.company_id', $2, true)" : '') +
    ", set_config('transaction_read_only', 'on', true)" +
    (genericPlans ? ", set_config('plan_cache_mode', 'force_generic_plan', true)" : '')
  );
}

const SETTINGS = [false, true].flatMap((company) =>
  [false, true].map((genericPlans) => ({
    company,
    genericPlans,
    name: `crewbase_read_settings_${Number(company)}${Number(genericPlans)}`,
    text: settingsText(company, genericPlans),
  })),
);

const { prepareValue } = pgUtils;

// pg's own query class, whose methods this overrides (its types declare `submit` as a property).
const PgQuery = pg.Query as unknown as new (config: { text: string }) => object;

/**
 * One implicit read transaction on one client, given to its `query` once; `statement` runs each of the
 * work's statements in it, `end` ends it. pg refuses other query classes on a pipelined client, so this
 * is one of its own.
 */
export class ImplicitRead extends PgQuery {
  private readonly pending: Pending[] = [];
  /** Written once the client has submitted this (at once on a connected client). */
  private readonly unwritten: Array<() => void> = [];
  private connection?: ProtocolConnection;
  private failure?: Error;
  /** A statement named in this transaction: after a failure, whether the server kept it is not known. */
  private namedHere = false;
  private ending?: Promise<void>;
  private ended = () => {};

  constructor(
    private readonly client: pg.ClientBase,
    settings: TransactionSettings,
    genericPlans: boolean,
  ) {
    super({ text: 'implicit read transaction' });
    const company = settings.companyId !== undefined;
    const { name, text } = SETTINGS.find((s) => s.company === company && s.genericPlans === genericPlans)!;
    const values = company ? [settings.role, settings.companyId] : [settings.role];
    this.write(() => this.send(text, values, name, false));
    this.pending.push({ resolve: () => {}, reject: () => {} });
  }

  /** The client's connection may not be written to once it has failed or is closing. */
  private get writable(): boolean {
    const state = this.client as unknown as ClientState;
    return state._queryable && !state._ending;
  }

  private write(send: () => void) {
    if (this.connection) send();
    else this.unwritten.push(send);
  }

  private send(text: string, values: readonly unknown[], name: string | undefined, describe: boolean) {
    const connection = this.connection!;
    const statement = name ?? '';
    // A statement's messages in one write, as pg's own queries do (inside a transaction's cork they wait for it).
    connection.stream.cork();
    if (name === undefined || connection.parsedStatements[name] === undefined) {
      connection.parse({ text, name: statement, types: [] });
      if (name !== undefined) {
        connection.parsedStatements[name] = text;
        this.namedHere = true;
      }
    }
    connection.bind({ statement, values: values as unknown[] });
    if (describe) connection.describe({ type: 'P', name: '' });
    connection.execute({ portal: '' });
    connection.flush();
    connection.stream.uncork();
  }

  /** Runs one statement in the transaction: its rows once its CommandComplete came. */
  statement(text: string, values: readonly unknown[], name?: string): Promise<StatementResult> {
    if (this.failure) return Promise.reject(this.failure); // the server skips everything until the Sync
    if (this.ending) return Promise.reject(new Error('the read transaction has ended'));
    // As pg's own queries: nothing is written to a connection that failed (its error reaches this one a tick later).
    if (!this.writable) return Promise.reject(new Error('the connection has failed or is closing'));
    return new Promise<StatementResult>((resolve, reject) => {
      // The values are converted before anything is written: a value that cannot be sent fails alone.
      let mapped: unknown[];
      try {
        mapped = values.map((value) => prepareValue(value));
      } catch (error) {
        return reject(error as Error);
      }
      this.pending.push({ rows: [], name, resolve, reject });
      this.write(() => this.send(text, mapped, name, true));
    });
  }

  /** Ends the transaction: Sync commits it (after a failure, PostgreSQL rolls it back). */
  end(): Promise<void> {
    if (this.ending) return this.ending;
    this.ending = new Promise((resolve) => {
      this.ended = resolve;
    });
    if (this.writable) this.write(() => this.connection!.sync());
    // pg forgets the failed query, so the answer to the Sync is not handed to this one.
    if (this.failure || !this.writable) this.ended();
    return this.ending;
  }

  /** Failed after naming a statement: the connection's named statements are no longer known. */
  get leftUnknownStatements(): boolean {
    return this.failure !== undefined && this.namedHere;
  }

  // node-postgres's side.

  submit(connection: unknown): Error | null {
    this.connection = connection as ProtocolConnection;
    for (const send of this.unwritten.splice(0)) send();
    return null;
  }

  handleRowDescription(message: { fields: Array<{ name: string; dataTypeID: number; format?: string }> }): void {
    const pending = this.pending[0];
    if (!pending?.rows) return;
    const { connection, _types } = this.client as unknown as ClientState;
    pending.shape = rowShapeOf(connection, pending.name, message.fields, _types);
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    const pending = this.pending[0];
    if (!pending?.shape || pending.error) return;
    try {
      pending.rows!.push(pending.shape.row(message.fields));
    } catch (error) {
      pending.error = error as Error;
    }
  }

  handleCommandComplete(message: { text?: string }): void {
    const pending = this.pending.shift();
    if (!pending) return;
    if (pending.error) {
      pending.reject(pending.error);
      return;
    }
    const tag = COMMAND_TAG.exec(message.text ?? '');
    const count = tag?.[3] ?? tag?.[2];
    pending.resolve({
      command: tag?.[1],
      rowCount: count === undefined ? null : Number(count),
      rows: pending.rows ?? [],
    });
  }

  handleEmptyQuery(): void {
    const pending = this.pending.shift();
    if (pending?.error) pending.reject(pending.error);
    else pending?.resolve({ command: undefined, rowCount: null, rows: [] });
  }

  handleError(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.splice(0)) pending.reject(error);
    this.unwritten.length = 0; // never submitted: nothing to write
    if (this.ending) this.ended();
  }

  handleReadyForQuery(): void {
    for (const pending of this.pending.splice(0)) pending.reject(new Error('the read transaction ended early'));
    this.ended();
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: unknown): void {
    (connection as ProtocolConnection).sendCopyFail('no COPY in a read');
  }

  handleCopyData(): void {}
}
