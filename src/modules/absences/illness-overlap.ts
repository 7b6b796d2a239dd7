// Illness during vacation (§9 BUrlG), the stored side: the approved illnesses of the user that
// overlap a vacation, and the vacation's facts with the days they displace taken off, so leave
// counting (daysAbsent, leaveBooked) and vacation pay read the same days.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import type { AbsenceDoc, AbsenceDraft } from './absence-schema.js';
import type { AbsenceFacts } from './absence-facts.js';
import { kindOf } from './absence-types.js';
import { weeklyHours } from '../pay/index.js';
import { leaveAfterIllness, type LeaveAfterIllness } from './rules/illness-during-vacation.js';

export const ILLNESS = 1;
const APPROVED = ['approved', 'assigned'];

/** Approved absences of these types of the user whose stored period overlaps [from, to); locked for a workflow that rewrites them. */
export async function approvedOverlapping(
  tx: TenantTx,
  userId: string,
  types: number[],
  from: number,
  to: number,
  lock = false,
): Promise<StoredRecord<AbsenceDoc>[]> {
  let query = tx.db
    .selectFrom('absences')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where('type', 'in', types)
    .where('state', 'in', APPROVED)
    .where('dt_start', '<', new Date(to))
    .where('dt_end', '>', new Date(from))
    .orderBy('dt_start');
  if (lock) query = query.forUpdate();
  const rows = (await query.execute()) as unknown as StoredRecord<AbsenceDoc>[];
  return rows;
}

/** A leave-booking absence's facts without the days its user is certified ill; other kinds as they are. */
export async function withoutIllness(
  tx: TenantTx,
  doc: AbsenceDraft,
  facts: AbsenceFacts,
): Promise<AbsenceFacts & Pick<LeaveAfterIllness, 'displaced'>> {
  if (!kindOf(doc.type)?.booksLeave || !doc.userId) return { ...facts, displaced: [] };
  const ill = await approvedOverlapping(tx, doc.userId, [ILLNESS], facts.period.from, facts.period.to);
  if (ill.length === 0) return { ...facts, displaced: [] };
  const leave = leaveAfterIllness({
    vacation: facts.period,
    days: facts.days,
    timeZone: facts.settings.timeZone,
    hours: weeklyHours(facts.contract.dailyWorkingHours),
    isPublicHoliday: facts.isPublicHoliday,
    illnesses: ill.map((a) => ({
      from: Date.parse(a.doc.periodFrom ?? a.doc.dtStart),
      to: Date.parse(a.doc.periodTo ?? a.doc.dtEnd),
    })),
  });
  return { ...facts, days: leave.days, daysAbsent: leave.daysAbsent, displaced: leave.displaced };
}
