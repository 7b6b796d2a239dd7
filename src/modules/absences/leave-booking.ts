// The vacation days an approved absence books against the user's contract (remainingLeave per
// year), written through the engine's update of the user.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { users } from '../users/index.js';

/** Books (sign 1) or gives back (sign -1) vacation days against contract.remainingLeave, per year. */
export async function bookLeave(
  tx: TenantTx,
  ctx: RequestContext,
  userId: string,
  booked: Array<{ year: number; days: number }>,
  sign: 1 | -1,
): Promise<void> {
  if (booked.length === 0) return;
  const user = await findRecord(tx, users, userId, { forUpdate: true });
  if (!user) return;
  const remaining: Array<{ year: number; days: number }> = [...(user.doc.contract?.remainingLeave ?? [])];
  for (const { year, days } of booked) {
    const i = remaining.findIndex((r) => r.year === year);
    const current = i >= 0 ? remaining[i]!.days : 0;
    const next = { year, days: Math.round((current - sign * days) * 100) / 100 };
    if (i >= 0) remaining[i] = next;
    else remaining.push(next);
  }
  await updateRecord(tx, users, userId, {
    doc: { ...user.doc, contract: { ...user.doc.contract, remainingLeave: remaining } },
    userId: ctx.userId,
  });
}
