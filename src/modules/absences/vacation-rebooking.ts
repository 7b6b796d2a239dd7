// Illness during vacation (§9 BUrlG), the workflow side: when an illness is approved, changed or
// cancelled, the approved vacations it overlaps are released first (their jobs, pay and booked
// leave), so the illness takes the jobs of its days, and booked again afterwards without the days
// the illness now displaces (or with them again, after a cancel).
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import type { AbsenceDoc, AbsenceResource } from './absence-schema.js';
import { updateRecord } from '../../resources/engine/resource-store.js';
import { coverage } from './absence-coverage.js';
import { applyEffects, releaseEffects } from './absence-effects.js';
import { ABSENCE_KINDS } from './absence-types.js';
import { approvedOverlapping, ILLNESS } from './illness-overlap.js';

const LEAVE_TYPES = ABSENCE_KINDS.filter((k) => k.booksLeave).map((k) => k.type);

/** Releases the approved vacations overlapping these illness docs (other kinds: none); returns them for rebookVacations. */
export async function releaseOverlappingVacations(
  tx: TenantTx,
  ctx: RequestContext,
  docs: Array<AbsenceDoc | undefined>,
): Promise<StoredRecord<AbsenceDoc>[]> {
  const found = new Map<string, StoredRecord<AbsenceDoc>>();
  for (const doc of docs) {
    if (doc?.type !== ILLNESS || !doc.periodFrom || !doc.periodTo) continue;
    for (const v of await approvedOverlapping(
      tx,
      doc.userId,
      LEAVE_TYPES,
      Date.parse(doc.periodFrom),
      Date.parse(doc.periodTo),
      true,
    ))
      found.set(v.id, v);
  }
  for (const vacation of found.values()) await releaseEffects(tx, ctx, vacation);
  return [...found.values()];
}

/**
 * Books the released vacations again against the illnesses approved now; daysAbsent follows unless
 * a client wrote it. The absences resource is passed in: this runs from its afterWrite hook.
 */
export async function rebookVacations(
  tx: TenantTx,
  ctx: RequestContext,
  absences: AbsenceResource,
  vacations: StoredRecord<AbsenceDoc>[],
): Promise<void> {
  for (const vacation of vacations) {
    const effects = await applyEffects(tx, ctx, absences, vacation);
    // A vacation's working days are the leave it books: the sum of leaveBooked.
    const counted = Math.round(effects.leaveBooked.reduce((sum, l) => sum + l.days, 0) * 100) / 100;
    const daysAbsent = vacation.doc.daysAbsentManual ? vacation.doc.daysAbsent : counted;
    const doc = { ...vacation.doc, ...effects, daysAbsent, ...(await coverage(tx, effects.affectedJobs)) };
    await updateRecord(tx, absences, vacation.id, { doc, userId: ctx.userId });
  }
}
