// Billing from the schedule: a draft invoice per assignment and period, from the assignment's
// billing positions, or for hourly billing (quota.billingRateCalculation "hourly") from the
// approved time-tracking entries not invoiced yet. What was billed is not billed again: the
// assignment's billing.lastInvoiceDate and the entries' invoiceId say so. A failure is kept on
// the assignment (autoGenerateInvoiceError) and the run goes on.
import type { Database } from '../../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import type { DocOf, StoredRecord } from '../../../resources/engine/define-resource.js';
import { createRecord } from '../../../resources/engine/resource-service.js';
import { findRecord } from '../../../resources/engine/resource-store.js';
import { objects } from '../../../resources/objects.js';
import {
  assignments,
  billableAssignmentIds,
  markAssignmentBilled,
  markAssignmentBillingFailed,
} from '../../scheduling/index.js';
import { lockUninvoicedEntries, markEntriesInvoiced } from '../../time-tracking/index.js';
import { invoices } from './billing-documents.js';

export interface Period {
  from: string;
  to: string;
}

const DEFAULT_TAX = 0.19;
/** An assignment's record, as findRecord reads it. */
type AssignmentRecord = StoredRecord<DocOf<typeof assignments.schema>>;
const endOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

/** The assignment's billing positions as document positions (quantity default 1, tax default 19 %). */
export function assignmentPositions(doc: AssignmentRecord['doc']) {
  return (doc.billing?.positions ?? []).map((p) => ({
    title: p.title ?? doc.title ?? 'Leistung',
    quantity: p.quantity ?? 1,
    price: p.price ?? 0,
    tax: p.tax ?? DEFAULT_TAX,
    ...(p.unit ? { unit: p.unit } : {}),
    ...(p.description ? { description: p.description } : {}),
    ...(p.discount ? { discount: p.discount } : {}),
    ...(p.productId ? { productId: p.productId } : {}),
    ...(p.isOptional ? { isOptional: true } : {}),
    ...(p.type === 'TEXT' ? { type: 'TEXT' } : {}),
    ...(p.bookingAccountNumber ? { bookingAccountNumber: p.bookingAccountNumber } : {}),
  }));
}

/** The positions an assignment bills for a period, and the entries they bill (hourly). */
async function positionsFor(tx: TenantTx, assignment: AssignmentRecord, period: Period) {
  const doc = assignment.doc;
  const positions: Array<ReturnType<typeof assignmentPositions>[number]> = assignmentPositions(doc);
  const quota = doc.quota ?? {};
  let entryIds: string[] = [];
  if (quota.billingRateEnabled && quota.billingRateCalculation === 'hourly' && quota.billingRateAmount) {
    const rows = await lockUninvoicedEntries(
      tx,
      assignment.id,
      new Date(`${period.from}T00:00:00Z`),
      new Date(endOf(period.to)),
    );
    const seconds = rows.reduce((s, r) => s + Number(r.working), 0);
    if (seconds > 0) {
      entryIds = rows.map((r) => r.id);
      positions.push({
        title: `Stunden ${doc.title ?? ''} ${period.from} – ${period.to}`.replace(/\s+/g, ' ').trim(),
        quantity: Math.round((seconds / 3600) * 10_000) / 10_000,
        unit: 'h',
        price: quota.billingRateAmount,
        tax: DEFAULT_TAX,
      });
    }
  }
  return { positions, entryIds };
}

export function billingRun(deps: { database: Database }) {
  /** A draft invoice for one assignment and period; the reason when there is nothing to bill. */
  async function invoiceOne(
    tx: TenantTx,
    ctx: RequestContext,
    assignment: AssignmentRecord,
    period: Period,
  ): Promise<{ invoiceId?: string; skipped?: string }> {
    const billing = assignment.doc.billing ?? {};
    if (billing.lastInvoiceDate && billing.lastInvoiceDate >= endOf(period.to))
      return { skipped: `billed until ${billing.lastInvoiceDate}` };
    const object = assignment.doc.objectId ? await findRecord(tx, objects, assignment.doc.objectId) : undefined;
    const customerId = assignment.doc.customerId ?? object?.doc.customerId;
    if (!customerId) throw Conflict("The assignment has no customer (neither its own nor its object's)");
    const { positions, entryIds } = await positionsFor(tx, assignment, period);
    if (!positions.some((p) => p.type !== 'TEXT')) return { skipped: 'nothing to bill' };
    const { _id } = await createRecord(tx, ctx, invoices, {
      customerId,
      ...(assignment.doc.objectId ? { objectId: assignment.doc.objectId } : {}),
      assignmentId: assignment.id,
      title: assignment.doc.title ?? 'Rechnung',
      servicePeriod: period,
      positions,
      ...(billing.defaultInvoiceTemplateId ? { templateId: billing.defaultInvoiceTemplateId } : {}),
    });
    await markEntriesInvoiced(tx, entryIds, _id);
    await markAssignmentBilled(tx, assignment.id, endOf(period.to), ctx.userId);
    return { invoiceId: _id };
  }

  function checkPeriod(period: Period) {
    if (period.to < period.from) throw fieldError('to', 'is before from');
    if (Date.parse(period.to) - Date.parse(period.from) > 366 * 86_400_000)
      throw fieldError('to', 'a period is at most a year');
  }

  async function invoiceAssignment(ctx: RequestContext, assignmentId: string, period: Period) {
    requireLevel(ctx, 'invoicing', 'write');
    checkPeriod(period);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const assignment = await findRecord(tx, assignments, assignmentId, { forUpdate: true });
      if (!assignment) throw NotFound('assignment', assignmentId);
      const result = await invoiceOne(tx, ctx, assignment, period);
      if (!result.invoiceId) throw Conflict(`Nothing to invoice: ${result.skipped}`);
      return { _id: result.invoiceId };
    });
  }

  /** The monthly run: every assignment with billing positions or hourly billing, each in its own transaction. */
  async function generateMonth(ctx: RequestContext, month: string) {
    requireLevel(ctx, 'invoicing', 'write');
    const from = `${month}-01`;
    const next = new Date(Date.parse(`${from}T00:00:00Z`));
    next.setUTCMonth(next.getUTCMonth() + 1);
    const period = { from, to: new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10) };
    const ids = await inTenant(deps.database, ctx.companyId, (tx) => billableAssignmentIds(tx));
    const created: string[] = [];
    const skipped: Array<{ assignmentId: string; reason: string }> = [];
    const failed: Array<{ assignmentId: string; error: string }> = [];
    for (const id of ids) {
      try {
        const result: { invoiceId?: string; skipped?: string } = await inTenant(
          deps.database,
          ctx.companyId,
          async (tx) => {
            const assignment = await findRecord(tx, assignments, id, { forUpdate: true });
            return assignment ? invoiceOne(tx, ctx, assignment, period) : { skipped: 'deleted meanwhile' };
          },
        );
        if (result.invoiceId) created.push(result.invoiceId);
        else skipped.push({ assignmentId: id, reason: result.skipped! });
      } catch (error) {
        const message = (error as Error).message;
        failed.push({ assignmentId: id, error: message });
        await inTenant(deps.database, ctx.companyId, (tx) =>
          markAssignmentBillingFailed(tx, id, { month, message }, ctx.userId),
        );
      }
    }
    return { period, created, skipped, failed };
  }

  return { invoiceAssignment, generateMonth };
}
