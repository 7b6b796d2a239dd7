// Record numbers for hot insert paths (clocking in): a process reserves a block of numbers in a
// short transaction of its own and hands them out from memory, so a request does not hold the
// company's counter row locked until its commit (which made concurrent clock-ins wait in line).
// Numbers stay unique per company; they are not gapless (a restart drops the rest of a block)
// and, across processes, not in creation order.
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { reserveNumbers } from './record-numbers.js';

const BLOCK = 20;

export function numberBlocks(database: Database, blockSize = BLOCK) {
  const blocks = new Map<string, { next: number; end: number }>();
  const pending = new Map<string, Promise<void>>();

  async function refill(key: string, companyId: string, counter: string) {
    const first = await inTenant(database, companyId, (tx) => reserveNumbers(tx, counter, blockSize));
    blocks.set(key, { next: first, end: first + blockSize });
  }

  /** The next number of a company's counter. Call it before opening the request's transaction. */
  async function take(companyId: string, counter: string): Promise<number> {
    const key = `${companyId}|${counter}`;
    for (;;) {
      const block = blocks.get(key);
      if (block && block.next < block.end) return block.next++;
      let refilling = pending.get(key);
      if (!refilling) {
        refilling = refill(key, companyId, counter).finally(() => pending.delete(key));
        pending.set(key, refilling);
      }
      await refilling;
    }
  }

  return { take };
}
