// Lag-tolerant reads (docs/scaling.md §3) on read replicas, with the guard the document asks for:
// - a company's jobs are read on a replica only once it has replayed the primary's WAL position taken
//   after this process last planned (or learnt) that company's job window on the primary, so a frame
//   the process takes as planned is planned on the replica too; while any planning of the company runs,
//   none is (job-planning.ts records what it learns of a window only inside such a planning);
// - a client that wrote reads from the primary for DATABASE_READ_AFTER_WRITE_SECONDS (read your writes);
// - replicas lagging more than DATABASE_READ_MAX_LAG_SECONDS, down or promoted are out (replica-pool.ts);
// - a read that fails on a replica for its connection runs again on the primary.
import type { Kysely } from 'kysely';
import type { TransactionOptions } from './transaction-options.js';
import { isConnectionLoss } from './connection-loss.js';
import { postgresTransaction } from './postgres-transaction.js';
import type { PrimaryPool } from './primary-pool.js';
import { lsnValue, type ReplicaPool } from './replica-pool.js';
import type { DB } from './schema.generated.js';

export interface ReadGuard {
  companyId: string;
  /** Who reads (company and principal): after its own write it reads from the primary. */
  client: string | undefined;
}

/** Entries each map keeps; beyond that it is emptied and a floor keeps the guard safe. */
const MAX_ENTRIES = 100_000;
/** A read cancelled on the standby because replay needed its rows (conflict with recovery). */
const RECOVERY_CONFLICT = '40001';
/** A position no replica reaches: planned, but the primary's position afterwards could not be read. */
const UNKNOWN = 1n << 64n;
/** Times the position is read again when plans keep starting while it is read. */
const POSITION_ATTEMPTS = 5;

export class ReadRouter {
  private readonly recentWriters = new Map<string, number>(); // client -> until (ms)
  private everyoneToPrimaryUntil = 0;
  private readonly plannedAt = new Map<string, bigint>(); // company -> primary WAL position
  private readonly planning = new Map<string, { running: number; started: number }>(); // company -> plans under way
  private plannedFloor = 0n;
  private turn = 0;
  primaryReads = 0;

  constructor(
    readonly replicas: readonly ReplicaPool[],
    private readonly primary: PrimaryPool,
    private readonly afterWriteMs: number,
    private readonly prepare: boolean,
  ) {}

  /** The client wrote: its reads go to the primary for a while. */
  noteWrite(client: string): void {
    const now = Date.now();
    if (this.recentWriters.size >= MAX_ENTRIES) {
      for (const [key, until] of this.recentWriters) if (until <= now) this.recentWriters.delete(key);
      if (this.recentWriters.size >= MAX_ENTRIES) {
        this.recentWriters.clear();
        this.everyoneToPrimaryUntil = now + this.afterWriteMs; // forgetting a writer must not show it stale data
      }
    }
    this.recentWriters.set(client, now + this.afterWriteMs);
  }

  /**
   * Runs `plan`, which reads or extends the company's job window on the primary; afterwards replicas
   * serve the company's reads only once they have replayed the primary's WAL position taken after it.
   * While any plan of the company runs, none does: a concurrent request may already take the frame as
   * planned. The last plan to end takes the position, after every plan's work (failed ones' too).
   */
  async planOnPrimary<T>(companyId: string, plan: () => Promise<T>): Promise<T> {
    if (this.plannedAt.size >= MAX_ENTRIES) this.forgetPositions();
    const plans = this.planning.get(companyId) ?? { running: 0, started: 0 };
    this.planning.set(companyId, plans);
    plans.running += 1;
    plans.started += 1;
    try {
      return await plan();
    } finally {
      if (plans.running === 1) this.plannedAt.set(companyId, await this.positionAfterPlans(plans));
      plans.running -= 1;
      if (plans.running === 0) this.planning.delete(companyId);
    }
  }

  /**
   * The primary's WAL position read after every plan under way has ended: read again when a plan
   * of the company started (and may have ended) while it was read. UNKNOWN when it cannot be read.
   */
  private async positionAfterPlans(plans: { started: number }): Promise<bigint> {
    for (let attempt = 0; attempt < POSITION_ATTEMPTS; attempt++) {
      const started = plans.started;
      const position = await this.primaryPosition();
      if (position === undefined) return UNKNOWN;
      if (plans.started === started) return position;
    }
    return UNKNOWN;
  }

  /** Empties the positions; the floor, the highest of them, keeps the guard safe (UNKNOWN ones are kept). */
  private forgetPositions(): void {
    for (const [companyId, position] of this.plannedAt) {
      if (position === UNKNOWN) continue;
      if (position > this.plannedFloor) this.plannedFloor = position;
      this.plannedAt.delete(companyId);
    }
  }

  /**
   * The primary's current WAL insert position, or nothing when it cannot be read. Not pg_current_wal_lsn(),
   * the position written out so far: an asynchronous commit (synchronous_commit = off) returns before its
   * record is written, and a replica at the written position could lack the plan's jobs.
   */
  private async primaryPosition(): Promise<bigint | undefined> {
    try {
      const client = await this.primary.connect();
      try {
        const { rows } = await client.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
        return lsnValue(rows[0]?.lsn);
      } finally {
        client.release();
      }
    } catch {
      return undefined;
    }
  }

  /** A replica that may answer this read, round robin among those that qualify; none: the primary. */
  pick(guard: ReadGuard): ReplicaPool | undefined {
    const now = Date.now();
    if (now < this.everyoneToPrimaryUntil) return undefined;
    if (guard.client !== undefined) {
      const until = this.recentWriters.get(guard.client);
      if (until !== undefined && until > now) return undefined;
    }
    if (this.planning.has(guard.companyId)) return undefined;
    const needed = this.plannedAt.get(guard.companyId) ?? this.plannedFloor;
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.turn + i) % this.replicas.length]!;
      if (replica.usable && replica.replayed >= needed) {
        this.turn = (this.turn + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  /** Runs a read-only transaction on a replica that qualifies, else (or when it fails there) `onPrimary`. */
  async read<T>(
    begin: string,
    guard: ReadGuard,
    work: (db: Kysely<DB>) => Promise<T>,
    onPrimary: () => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    const replica = this.pick(guard);
    if (replica) {
      try {
        const result = await postgresTransaction(replica.pool, begin, true, work, {
          prepare: this.prepare,
          ...options,
        });
        replica.reads += 1;
        return result;
      } catch (error) {
        if (isConnectionLoss(error)) replica.markDown();
        else if ((error as { code?: unknown }).code !== RECOVERY_CONFLICT) throw error;
      }
    }
    this.primaryReads += 1;
    return onPrimary();
  }

  async end(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.end()));
  }
}
