// Write transactions hold at most `slots` of the pool's connections at once; the rest stay for reads. When the
// disk is slow to flush the WAL (seen on a virtual disk: one fsync of about 400 ms), every commit waits for it,
// and the writes that arrived meanwhile had taken all ten connections of the pool: every read then waited behind
// them, though none of them needs the flush. Now the writes wait here, in order, and reads go on.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The write slots of a pool of `poolSize` connections: a quarter (at least one) stays for reads. */
export function writeSlots(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(1, Math.floor(poolSize / 4)));
}

export class WriteGate {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  /** The write whose work is running in this async context, while it runs. */
  private readonly current = new AsyncLocalStorage<{ open: boolean }>();

  constructor(readonly slots: number) {}

  /** Writes waiting for a slot now. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Whether a write started now would not wait. */
  hasFree(): boolean {
    return this.running < this.slots;
  }

  /**
   * Runs `work` holding a slot, first in, first served. A write opened inside another one's work (generation's
   * second transaction) runs without waiting: its caller holds a slot and would wait for itself.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()?.open) return work();
    if (this.running < this.slots) this.running++;
    else await new Promise<void>((resolve) => this.queue.push(resolve)); // handed over by the write ending
    const mark = { open: true };
    try {
      return await this.current.run(mark, work);
    } finally {
      mark.open = false; // what the work left scheduled runs later as a write of its own
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
