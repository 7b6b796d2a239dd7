// Writes other modules ask of a user's document (the users module owns the table): each checks its
// values against the users schema, then stores them with the user's UPDATE event.
import { Type, type Static } from 'typebox';
import type { TenantTx } from '../../platform/db/tenant.js';
import { BadRequest } from '../../platform/http/errors.js';
import { compileValidator } from '../../platform/http/validation.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { smsContact } from '../../resources/engine/fields.js';
import { userSchema } from './user-schema.js';
import { users } from './users-resource.js';

const contractFields = userSchema.properties.contract.properties;
const remainingLeaveSchema = contractFields.remainingLeave;
const smsStampSchema = Type.Pick(smsContact(), ['smsSendDate', 'lastSMSStatus']);

function checked<T>(validate: (value: unknown) => Array<{ path: string; message: string }>, value: T, what: string): T {
  const errors = validate(value);
  if (errors.length) throw BadRequest(`${what}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  return value;
}
const validRemainingLeave = compileValidator(remainingLeaveSchema);
const validSmsStamp = compileValidator(smsStampSchema);

/** The user's remaining leave per year (absences book and unbook it); false when the user is gone. */
export async function setRemainingLeave(
  tx: TenantTx,
  userId: string,
  remaining: Static<typeof remainingLeaveSchema>,
  actorId: string,
): Promise<boolean> {
  checked(validRemainingLeave, remaining, 'remainingLeave');
  const user = await findRecord(tx, users, userId, { forUpdate: true });
  if (!user) return false;
  const contract = { ...user.doc.contract, remainingLeave: remaining };
  await updateRecord(tx, users, userId, { doc: { ...user.doc, contract }, userId: actorId });
  return true;
}

/** A text message sent to the user: counts it and keeps when and how it went (contact.sms*). */
export async function recordSmsSent(
  tx: TenantTx,
  userId: string,
  stamp: Static<typeof smsStampSchema>,
  actorId: string,
): Promise<void> {
  checked(validSmsStamp, stamp, 'sms stamp');
  const user = await findRecord(tx, users, userId, { forUpdate: true });
  if (!user) return; // deleted while the message went out
  const contact = user.doc.contact ?? {};
  const smsCount = (contact.smsCount ?? 0) + 1;
  await updateRecord(tx, users, userId, {
    doc: { ...user.doc, contact: { ...contact, smsCount, ...stamp } },
    userId: actorId,
  });
}
