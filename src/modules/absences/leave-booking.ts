// The vacation days an approved absence books against the user's contract (remainingLeave per
// year), written through the users module (setRemainingLeave).
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { setRemainingLeave, type StoredContract, users } from '../users/index.js';
import { keepsLeaveAccount, leaveAccountOf } from './leave-accounts.js';

const dayInYear = (first: string, year: number) => (first.startsWith(String(year)) ? first : `${year}-01-01`);

/**
 * Books (sign 1) or gives back (sign -1) vacation days against contract.remainingLeave, per year.
 * A contract with `vacationDays` keeps a leave account: the year's remaining leave is read from it
 * (entitlement, carry-over, lapse); otherwise the stored balance is counted down.
 */
export async function bookLeave(
  tx: TenantTx,
  ctx: RequestContext,
  absence: { id: string; userId: string; firstDay: string },
  booked: Array<{ year: number; days: number }>,
  sign: 1 | -1,
): Promise<void> {
  if (booked.length === 0) return;
  const user = await findRecord(tx, users, absence.userId, { forUpdate: true });
  if (!user) return;
  const contract = (user.doc.contract ?? {}) as StoredContract;
  const remaining: Array<{ year: number; days: number }> = [...(contract.remainingLeave ?? [])];
  const add = sign === 1 ? booked.map((b) => ({ ...b, date: dayInYear(absence.firstDay, b.year) })) : [];
  const today = new Date().toISOString().slice(0, 10);
  for (const { year, days } of booked) {
    const i = remaining.findIndex((r) => r.year === year);
    const current = i >= 0 ? remaining[i]!.days : 0;
    const next = keepsLeaveAccount(contract)
      ? {
          year,
          days: (await leaveAccountOf(tx, absence.userId, contract, year, today, { absenceId: absence.id, add }))
            .remaining,
        }
      : { year, days: Math.round((current - sign * days) * 100) / 100 };
    if (i >= 0) remaining[i] = next;
    else remaining.push(next);
  }
  await setRemainingLeave(tx, absence.userId, remaining, ctx.userId);
}
