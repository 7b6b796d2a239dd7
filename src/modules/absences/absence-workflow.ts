// The life of an absence: open → approved → assigned (every affected job replaced), or declined,
// or cancelled (from open, approved or assigned). Approval applies its effects in the same
// transaction and emits ABSENCE_APPROVED; cancelling an approved one undoes them and emits
// ABSENCE_CANCELED. Customers are told by mail when the absence asks for it.
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, NotFound } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { emit } from '../../platform/outbox/emit.js';
import { requireManager, requireOwnOrAll } from '../../resources/engine/access-checks.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import type { AbsenceDoc } from './absence-schema.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { toApi } from '../../resources/engine/to-api.js';
import { coverage } from './absence-coverage.js';
import { applyEffects, releaseEffects } from './absence-effects.js';
import { queueCustomerMails } from './customer-mail.js';
import { absences } from './absences-resource.js';
import { rebookVacations, releaseOverlappingVacations } from './vacation-rebooking.js';

const APPROVED: readonly string[] = ['approved', 'assigned'];

async function load(tx: TenantTx, id: string): Promise<StoredRecord<AbsenceDoc>> {
  const absence = await findRecord(tx, absences, id, { forUpdate: true });
  if (!absence) throw NotFound('absence', id);
  return absence;
}

async function save(tx: TenantTx, ctx: RequestContext, id: string, doc: AbsenceDoc): Promise<Record<string, unknown>> {
  await updateRecord(tx, absences, id, { doc, userId: ctx.userId });
  return toApi(absences, (await findRecord(tx, absences, id))!);
}

export function absenceWorkflow(deps: { database: Database; mail: MailOutbox }) {
  async function approve(ctx: RequestContext, id: string) {
    requireManager(ctx, absences.area, 'approve absences');
    const { result, mailIds } = await inTenant(deps.database, ctx.companyId, async (tx) => {
      const absence = await load(tx, id);
      if (absence.doc.state !== 'open')
        throw Conflict(`The absence is ${absence.doc.state}; only an open absence can be approved`);
      const approved = {
        ...absence.doc,
        state: 'approved' as const,
        approvedBy: ctx.userId,
        approvedAt: new Date().toISOString(),
      };
      // An illness takes its days from the vacations it overlaps (§9 BUrlG): they are booked again after it.
      const vacations = await releaseOverlappingVacations(tx, ctx, [approved]);
      const effects = await applyEffects(tx, ctx, absences, { id, doc: approved });
      let doc: AbsenceDoc = { ...approved, ...effects, ...(await coverage(tx, effects.affectedJobs)) };
      const mails = doc.sendEmailToCustomer
        ? await queueCustomerMails(tx, { id, doc })
        : { ids: [], notifications: [] };
      if (mails.notifications.length) doc = { ...doc, customerNotifications: mails.notifications };
      const api = await save(tx, ctx, id, doc);
      await rebookVacations(tx, ctx, absences, vacations);
      await emit(tx, 'ABSENCE_APPROVED', 'absence', api);
      return {
        result: { _id: id, state: api.state, affectedJobs: api.affectedJobs, isAssigned: api.isAssigned },
        mailIds: mails.ids,
      };
    });
    await deps.mail.sendNow(mailIds); // after the commit; what fails is retried by the worker
    return result;
  }

  async function decline(ctx: RequestContext, id: string, declineComment?: string) {
    requireManager(ctx, absences.area, 'decline absences');
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const absence = await load(tx, id);
      if (absence.doc.state !== 'open')
        throw Conflict(
          `The absence is ${absence.doc.state}; only an open absence can be declined (cancel an approved one)`,
        );
      await save(tx, ctx, id, {
        ...absence.doc,
        state: 'declined' as const,
        declinedBy: ctx.userId,
        ...(declineComment ? { declineComment } : {}),
      });
    });
  }

  /** Employees may withdraw their own open request; an approved absence is cancelled by a manager. */
  async function cancel(ctx: RequestContext, id: string) {
    const level = requireLevel(ctx, absences.area, 'write');
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const absence = requireOwnOrAll(
        ctx,
        level,
        await load(tx, id),
        (a) => a.doc.userId,
        () => NotFound('absence', id),
      );
      if (!['open', ...APPROVED].includes(absence.doc.state))
        throw Conflict(`The absence is already ${absence.doc.state}`);
      const wasApproved = APPROVED.includes(absence.doc.state);
      if (wasApproved) requireManager(ctx, absences.area, 'cancel an approved absence');
      // A cancelled illness gives its days back to the vacations it overlapped (booked as leave again).
      const vacations = wasApproved ? await releaseOverlappingVacations(tx, ctx, [absence.doc]) : [];
      if (wasApproved) await releaseEffects(tx, ctx, absence);
      const api = await save(tx, ctx, id, {
        ...absence.doc,
        state: 'cancelled' as const,
        cancelledBy: ctx.userId,
        cancelledAt: new Date().toISOString(),
        ...(wasApproved ? { absencePaidTimeArray: [], salaryIds: [], leaveBooked: [], isAssigned: false } : {}),
      });
      await rebookVacations(tx, ctx, absences, vacations);
      if (wasApproved) await emit(tx, 'ABSENCE_CANCELED', 'absence', api);
    });
  }

  return { approve, decline, cancel };
}
