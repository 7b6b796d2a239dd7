// A second transaction of the same company on another connection, so that generating a large
// window keeps two PostgreSQL backends busy instead of one (materializeAll sends half the batches
// there). It commits before the first transaction records the window (materializeAll commits it
// once its batches are in), so the stored window never claims a job that was not committed; if the
// first then fails, the second's jobs stay without the window: harmless, as generation is
// idempotent (the occurrence key) and re-planning removes replaceable jobs by time, not by window.
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';

export interface SecondTransaction {
  readonly tx: TenantTx;
  /** Whether it still takes work (it is committed once). */
  readonly isOpen: boolean;
  /** Commits it; the first transaction sees its rows from then on. */
  commit(): Promise<void>;
}

/**
 * Runs work with a second transaction (PostgreSQL only; PGlite has one connection). Its connection
 * is taken before the first transaction's (work opens that one), so waiting for it holds nothing
 * another transaction could wait for. It rolls back when work fails and commits when work ends
 * without having committed it.
 */
export async function withSecondTransaction<T>(
  database: Database,
  companyId: string,
  work: (second: SecondTransaction | undefined) => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return work(undefined);
  let opened!: (tx: TenantTx) => void;
  const ready = new Promise<TenantTx>((resolve) => (opened = resolve));
  let finish!: (commit: boolean) => void;
  const finished = new Promise<boolean>((resolve) => (finish = resolve));
  const ended = inTenant(database, companyId, async (tx) => {
    opened(tx);
    if (!(await finished)) throw new RolledBack();
  });
  ended.catch(() => {}); // awaited below
  const tx = await Promise.race([ready, ended.then(() => Promise.reject(new Error('second transaction ended early')))]);
  let isOpen = true;
  const end = async (commit: boolean) => {
    if (!isOpen) return;
    isOpen = false;
    finish(commit);
    if (commit) await ended;
    else await ended.catch(() => {});
  };
  const second: SecondTransaction = {
    tx,
    get isOpen() {
      return isOpen;
    },
    commit: () => end(true),
  };
  try {
    const result = await work(second);
    await end(true);
    return result;
  } catch (error) {
    await end(false);
    throw error;
  }
}

class RolledBack extends Error {
  constructor() {
    super('rolled back with the first transaction');
  }
}
