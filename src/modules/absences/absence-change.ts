// An approved absence changed by PATCH: its effects follow the new period or pay. The absences
// resource is passed in (its afterWrite hook calls this), so this file does not import the resource
// that depends on it.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import type { AbsenceDoc, AbsenceResource } from './absence-schema.js';
import { updateRecord } from '../../resources/engine/resource-store.js';
import { coverage } from './absence-coverage.js';
import { applyEffects, releaseEffects } from './absence-effects.js';
import { rebookVacations, releaseOverlappingVacations } from './vacation-rebooking.js';

const APPROVED: readonly string[] = ['approved', 'assigned'];

/** After a PATCH: an approved absence whose period or pay changed gets its effects recomputed. */
export async function onAbsenceWritten(
  tx: TenantTx,
  ctx: RequestContext,
  absences: AbsenceResource,
  change: { id: string; doc: AbsenceDoc; previous?: StoredRecord<AbsenceDoc> },
) {
  const { previous, doc } = change;
  if (!previous || !APPROVED.includes(doc.state)) return;
  const keys = ['periodFrom', 'periodTo', 'type', 'calculationType', 'payTypeAbsenceId'];
  if (keys.every((k) => doc[k] === previous.doc[k])) return;
  const vacations = await releaseOverlappingVacations(tx, ctx, [previous.doc, doc]);
  await releaseEffects(tx, ctx, { id: change.id, doc: previous.doc });
  const effects = await applyEffects(tx, ctx, absences, { id: change.id, doc });
  await updateRecord(tx, absences, change.id, {
    doc: { ...doc, ...effects, ...(await coverage(tx, effects.affectedJobs)) },
    userId: ctx.userId,
  });
  await rebookVacations(tx, ctx, absences, vacations);
}
