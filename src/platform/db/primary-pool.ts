// The pool of the read-write server. With one host it is a plain pool. With several (DATABASE_URL in
// libpq's multi-host form, target_session_attrs=read-write) it connects to the first host that is not
// in recovery, and when a statement meets a lost connection (connection-loss.ts) it asks the hosts
// again: once another one has been promoted, new transactions go there, without a restart. Requests
// meanwhile fail fast with 503 and Retry-After; none waits on a dead server.
import pg from 'pg';
import { type ConnectionTarget, type HostPort, targetName } from './connection-url.js';
import { NoPrimaryError } from './connection-loss.js';
import { guardDeferredCommits } from './postgres-transaction.js';

/** How often the hosts are asked while no read-write one answers. */
const SEARCH_INTERVAL_MS = 250;
/** A host that neither answers nor refuses is given up on after this long (a dead machine, not a dead server). */
const CONNECT_TIMEOUT_MS = 2000;

export interface PrimaryPoolOptions {
  target: ConnectionTarget;
  poolSize: number;
  /** Startup options (jit=off); none behind a pooler, which refuses them. */
  options: string | undefined;
  log?: (message: string) => void;
}

export class PrimaryPool {
  private pool: pg.Pool | undefined;
  private host: HostPort | undefined;
  private searching: Promise<void> | undefined;
  private closed = false;
  /** Times the pool moved to another host after a loss. */
  failovers = 0;

  constructor(private readonly settings: PrimaryPoolOptions) {}

  get multiHost(): boolean {
    return this.settings.target.hosts.length > 1;
  }

  /** The host transactions go to now. */
  get current(): string | undefined {
    return this.host && targetName(this.host);
  }

  /** Finds the primary before the first statement: waits up to `timeoutMs` for one to answer. */
  async start(timeoutMs: number): Promise<void> {
    const { hosts } = this.settings.target;
    if (!this.multiHost) {
      this.use(hosts[0]!);
      return;
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.findReadWrite();
      if (found) {
        this.use(found);
        return;
      }
      if (Date.now() > deadline) throw new NoPrimaryError();
      await new Promise((resolve) => setTimeout(resolve, SEARCH_INTERVAL_MS));
    }
  }

  /** The connection URL of the host transactions go to now (for a connection of its own: LISTEN). */
  currentUrl(): string | undefined {
    return this.host && this.settings.target.urlFor(this.host);
  }

  /** The pool of the current primary (for Kysely and transactions). */
  connect(): Promise<pg.PoolClient> {
    if (!this.pool) return Promise.reject(new NoPrimaryError());
    return this.pool.connect();
  }

  stats() {
    const pool = this.pool;
    return pool
      ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
      : { total: 0, idle: 0, waiting: 0 };
  }

  /** Whether connect() now would not wait: an idle connection and no one waiting, or room for one more. */
  hasFree(): boolean {
    const pool = this.pool;
    if (!pool) return false;
    return (pool.idleCount > 0 && pool.waitingCount === 0) || pool.totalCount < this.settings.poolSize;
  }

  /**
   * A statement met a lost connection: with several hosts, ask them which is read-write now (once at a
   * time, until one is). The current pool keeps serving meanwhile: if its server is alive, nothing changes.
   */
  reportLoss(): void {
    if (!this.multiHost || this.searching || this.closed) return;
    this.searching = (async () => {
      while (!this.closed) {
        const found = await this.findReadWrite();
        if (found) {
          if (!this.host || targetName(found) !== targetName(this.host)) {
            this.failovers += 1;
            this.settings.log?.(`database: primary is now ${targetName(found)}`);
            this.use(found);
          }
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, SEARCH_INTERVAL_MS));
      }
    })().finally(() => {
      this.searching = undefined;
    });
  }

  async end(): Promise<void> {
    this.closed = true;
    await this.searching;
    await this.pool?.end();
  }

  /** The first host that accepts a connection and is not in recovery (or any that answers, without read-write). */
  private async findReadWrite(): Promise<HostPort | undefined> {
    for (const host of this.settings.target.hosts) {
      const client = new pg.Client({
        connectionString: this.settings.target.urlFor(host),
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        const { rows } = await client.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery');
        if (!this.settings.target.readWrite || rows[0]?.recovery === false) return host;
      } catch {
        // down or refusing: the next host
      } finally {
        await client.end().catch(() => {});
      }
    }
    return undefined;
  }

  private use(host: HostPort): void {
    const previous = this.pool;
    this.host = host;
    this.pool = new pg.Pool({
      connectionString: this.settings.target.urlFor(host),
      max: this.settings.poolSize,
      ...(this.settings.options ? { options: this.settings.options } : {}),
      // With several hosts a host that hangs must not hold requests: they fail and the search begins.
      ...(this.multiHost ? { connectionTimeoutMillis: CONNECT_TIMEOUT_MS } : {}),
      pipeline: true, // postgres-transaction.ts
    } as pg.PoolConfig);
    this.pool.on('error', () => {
      /* an idle client died; the pool replaces it */
    });
    // A connection that dies while a transaction holds it also emits 'error' on its client, which
    // nothing listens to then: unheard, it would end the process. Its statements fail on their own.
    this.pool.on('connect', (client) => client.on('error', () => {}));
    guardDeferredCommits(this.pool); // read-only COMMITs leave with the next user's first write
    // The old server's connections: those in use fail on their own; the rest are closed.
    previous?.end().catch(() => {});
  }
}
