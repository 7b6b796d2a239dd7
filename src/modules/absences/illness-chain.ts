// The continued-pay window of an illness (§3 EFZG): its earlier illnesses from the same cause,
// followed through `sameCauseAs` links (entered from the health insurer's notice, since the
// employer does not know diagnoses), and the first day of employment.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { AbsenceDoc } from './absence-schema.js';
import { utcToLocal } from '../../platform/time/zoned-time.js';
import { continuedPayWindow, type ContinuedPayWindow, type Spell } from '../pay/index.js';
import type { AbsenceFacts } from './absence-facts.js';

const MAX_LINKS = 50;

const localDay = (timeZone: string, t: number) => new Date(utcToLocal(timeZone, t)).toISOString().slice(0, 10);

/** The window of an approved illness; undefined for other kinds. */
export async function illnessPayWindow(
  tx: TenantTx,
  absence: { id: string; doc: AbsenceDoc },
  facts: AbsenceFacts,
): Promise<ContinuedPayWindow | undefined> {
  if (absence.doc.type !== 1 || facts.days.length === 0) return undefined;
  const zone = facts.settings.timeZone;
  const sameCause: Spell[] = [];
  const seen = new Set([absence.id]);
  let next: unknown = absence.doc.sameCauseAs;
  // Each earlier illness may name its own earlier one; a loop or another user's absence ends the chain.
  while (typeof next === 'string' && !seen.has(next) && seen.size <= MAX_LINKS) {
    seen.add(next);
    const row = await tx.db
      .selectFrom('absences')
      .select(['dt_start', 'dt_end', (eb) => eb.ref('doc').$castTo<AbsenceDoc>().as('doc')])
      .where('company_id', '=', tx.companyId)
      .where('id', '=', next)
      .where('user_id', '=', absence.doc.userId)
      .where('type', '=', 1)
      .where('state', 'in', ['approved', 'assigned'])
      .executeTakeFirst();
    if (!row) break;
    // The end is exclusive at local midnight (absencePeriod): the last day is the one before.
    sameCause.push({ from: localDay(zone, row.dt_start.getTime()), to: localDay(zone, row.dt_end.getTime() - 1) });
    next = row.doc.sameCauseAs;
  }
  const start = facts.contract.startDate;
  return continuedPayWindow({
    current: { from: facts.days[0]!.date, to: facts.days[facts.days.length - 1]!.date },
    sameCause,
    employmentStart: typeof start === 'string' ? start.slice(0, 10) : undefined,
  });
}
