// Which numbers are verified: a code sent to a user's number and entered back. A row names the
// number it is about, so a verification counts only while the user's number is still that one.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { TenantTx } from '../../platform/db/tenant.js';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The code as stored: keyed by the server secret and bound to the user and the number it went to. */
export function codeHash(secret: Uint8Array, userId: string, number: string, code: string): string {
  return createHmac('sha256', secret).update(`sms-verify:${userId}:${number}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** userId → the number verified for that user (whatever the user's number is now). */
export async function verifiedNumbers(tx: TenantTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx.db
    .selectFrom('sms_verifications')
    .select(['user_id', 'number'])
    .where('user_id', 'in', userIds)
    .where('verified_at', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.number]));
}

export async function findVerification(tx: TenantTx, userId: string) {
  return tx.db.selectFrom('sms_verifications').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

/** A new code for the number; a verification of another number is dropped with it. */
export async function storeCode(tx: TenantTx, userId: string, number: string, hash: string): Promise<void> {
  const row = { number, code_hash: hash, expires_at: new Date(Date.now() + CODE_TTL_MS), tries: 0 };
  await tx.db
    .insertInto('sms_verifications')
    .values({ company_id: tx.companyId, user_id: userId, ...row, verified_at: null })
    .onConflict((oc) =>
      oc.columns(['company_id', 'user_id']).doUpdateSet((eb) => ({
        ...row,
        verified_at: eb
          .case()
          .when('sms_verifications.number', '=', number)
          .then(eb.ref('sms_verifications.verified_at'))
          .else(null)
          .end(),
      })),
    )
    .execute();
}

export async function countTry(tx: TenantTx, userId: string): Promise<void> {
  await tx.db
    .updateTable('sms_verifications')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

export async function markVerified(tx: TenantTx, userId: string): Promise<Date> {
  const verifiedAt = new Date();
  await tx.db
    .updateTable('sms_verifications')
    .set({ verified_at: verifiedAt, code_hash: null, expires_at: null, tries: 0 })
    .where('user_id', '=', userId)
    .execute();
  return verifiedAt;
}
