// What a billing run records on an assignment (the scheduling module owns the table): the day it
// is billed until, or why its last run failed. Both are checked against the assignments schema.
import type { TenantTx } from '../../platform/db/tenant.js';
import { BadRequest } from '../../platform/http/errors.js';
import { compileValidator } from '../../platform/http/validation.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { assignments } from './assignments-resource.js';

const fields = assignments.schema.properties;
const validLastInvoiceDate = compileValidator(fields.billing.properties.lastInvoiceDate);
const validBillingError = compileValidator(fields.autoGenerateInvoiceError);

function check(validate: (value: unknown) => Array<{ path: string; message: string }>, value: unknown, what: string) {
  const errors = validate(value);
  if (errors.length) throw BadRequest(`${what}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
}

/** The assignment is billed until `lastInvoiceDate`; a failure kept from an earlier run is cleared. */
export async function markAssignmentBilled(
  tx: TenantTx,
  assignmentId: string,
  lastInvoiceDate: string,
  actorId: string,
): Promise<void> {
  check(validLastInvoiceDate, lastInvoiceDate, 'billing.lastInvoiceDate');
  const assignment = await findRecord(tx, assignments, assignmentId, { forUpdate: true });
  if (!assignment) return;
  const { autoGenerateInvoiceError: _cleared, ...doc } = assignment.doc;
  await updateRecord(tx, assignments, assignmentId, {
    doc: { ...doc, billing: { ...doc.billing, lastInvoiceDate } },
    userId: actorId,
  });
}

/** Why the assignment's invoice for `month` could not be made (kept until a run bills it). */
export async function markAssignmentBillingFailed(
  tx: TenantTx,
  assignmentId: string,
  failure: { month: string; message: string },
  actorId: string,
): Promise<void> {
  const autoGenerateInvoiceError = { at: new Date().toISOString(), ...failure };
  check(validBillingError, autoGenerateInvoiceError, 'autoGenerateInvoiceError');
  const assignment = await findRecord(tx, assignments, assignmentId, { forUpdate: true });
  if (!assignment) return;
  await updateRecord(tx, assignments, assignmentId, {
    doc: { ...assignment.doc, autoGenerateInvoiceError },
    userId: actorId,
  });
}
