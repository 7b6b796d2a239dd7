// Lag-tolerant reads (docs/scaling.md §3) on read replicas, with the guard the document asks for:
// - a company's jobs are read on a replica only once it has replayed the primary's WAL position taken
//   after this process last planned (or learnt) that company's job window on the primary, so a frame
//   the process takes as planned is planned on the replica too;
// - a client that wrote reads from the primary for DATABASE_READ_AFTER_WRITE_SECONDS (read your writes);
// - replicas lagging more than DATABASE_READ_MAX_LAG_SECONDS, down or promoted are out (replica-pool.ts);
// - a read that fails on a replica for its connection runs again on the primary.
import type { Kysely } from 'kysely';
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
/** A position no replica reaches: the company's window is being planned on the primary. */
const PLANNING = 1n << 64n;

export class ReadRouter {
  private readonly recentWriters = new Map<string, number>(); // client -> until (ms)
  private everyoneToPrimaryUntil = 0;
  private readonly plannedAt = new Map<string, bigint>(); // company -> primary WAL position
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
   * While it runs, none does: a concurrent request may already take the frame as planned.
   */
  async planOnPrimary<T>(companyId: string, plan: () => Promise<T>): Promise<T> {
    if (this.plannedAt.size >= MAX_ENTRIES) {
      for (const value of this.plannedAt.values()) if (value > this.plannedFloor) this.plannedFloor = value;
      this.plannedAt.clear();
    }
    this.plannedAt.set(companyId, PLANNING);
    const result = await plan(); // a failure leaves the company's reads on the primary until a plan succeeds
    try {
      const client = await this.primary.connect();
      try {
        const { rows } = await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
        this.plannedAt.set(companyId, lsnValue(rows[0]?.lsn));
      } finally {
        client.release();
      }
    } catch {
      // the answer stands; the company's reads stay on the primary until a plan records its position
    }
    return result;
  }

  /** A replica that may answer this read, round robin among those that qualify; none: the primary. */
  pick(guard: ReadGuard): ReplicaPool | undefined {
    const now = Date.now();
    if (now < this.everyoneToPrimaryUntil) return undefined;
    if (guard.client !== undefined) {
      const until = this.recentWriters.get(guard.client);
      if (until !== undefined && until > now) return undefined;
    }
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
  ): Promise<T> {
    const replica = this.pick(guard);
    if (replica) {
      try {
        const result = await postgresTransaction(replica.pool, begin, true, work, this.prepare);
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
