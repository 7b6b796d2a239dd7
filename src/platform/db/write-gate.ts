// Write transactions hold at most `slots` of the pool's connections at once; the rest stay for reads. When the
// disk is slow to flush the WAL (seen on a virtual disk: one fsync of about 400 ms), every commit waits for it,
// and the writes that arrived meanwhile had taken all ten connections of the pool: every read then waited behind
// them, though none of them needs the flush. Now the writes wait here, in order, and reads go on.
// A write opened inside another's work waits like any other: generation's second transaction is taken only when a
// slot is free (tenant.ts, inTenantIfFree: hasFreeConnection asks this gate too). No AsyncLocalStorage to tell
// nested writes apart: on Node 20 it turns on promise hooks for the whole process (the capacity bench's weighted
// API CPU per request was 1.46 ms with it, 1.38 ms without, side by side).
/** The write slots of a pool of `poolSize` connections: a quarter (at least one) stays for reads. */
export function writeSlots(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(1, Math.floor(poolSize / 4)));
}

export class WriteGate {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly slots: number) {}

  /** Writes waiting for a slot now. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Whether a write started now would not wait. */
  hasFree(): boolean {
    return this.running < this.slots;
  }

  /** Runs `work` holding a slot, first in, first served; a free slot is taken before the first await. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running++;
    else await new Promise<void>((resolve) => this.queue.push(resolve)); // handed over by the write ending
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
