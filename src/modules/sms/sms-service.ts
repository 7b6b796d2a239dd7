// SMS to employees (POST /v2/sms): each recipient's number is their contact.mobile, else
// contact.telephone, normalised; the company's daily limit is taken from the engine's counters
// before anything is sent; the messages go through the platform's SMS gateway outside any
// transaction; then each recipient's SMS bookkeeping (contact.smsCount, smsSendDate,
// lastSMSStatus) is written through the engine's update, so modified_at and the UPDATE event follow.
// The text itself is not stored.
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { SmsGateway } from '../../platform/sms/sms-gateway.js';
import { normalizeTelephone } from '../../platform/telephone.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import { takeFromQuota } from '../../resources/engine/record-numbers.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { users } from '../users/index.js';

export type SmsStatus = 'sent' | 'failed' | 'no_number' | 'limit_reached';

export interface SmsRequest {
  userIds: string[];
  text: string;
}

/** How many messages go to the gateway at once. */
const PARALLEL_SENDS = 5;

/** A number the gateway can take: digits after an optional `+`, as normalizeTelephone leaves it. */
const USABLE_NUMBER = /^\+?[0-9]{3,20}$/;

type Doc = Record<string, unknown>;
const objectOr = (value: unknown): Doc =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : {};

/** contact.mobile, else contact.telephone, normalised; undefined when neither is a usable number. */
export function smsNumberOf(doc: Doc): string | undefined {
  const contact = objectOr(doc.contact);
  const raw = [contact.mobile, contact.telephone].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (raw === undefined) return undefined;
  const number = normalizeTelephone(raw);
  return USABLE_NUMBER.test(number) ? number : undefined;
}

export function smsService(deps: { config: Config; database: Database; sms: SmsGateway; bodySchema: object }) {
  const { config, database, sms } = deps;
  return {
    async send(
      ctx: RequestContext,
      body: SmsRequest,
    ): Promise<{ results: Array<{ userId: string; status: SmsStatus }> }> {
      requireManager(ctx, 'users', 'send SMS to employees');
      const day = new Date().toISOString().slice(0, 10);
      const plan = await inTenant(database, ctx.companyId, async (tx) => {
        await assertReferencesExist(tx, deps.bodySchema, body);
        const recipients: Array<{ userId: string; number: string | undefined }> = [];
        for (const userId of body.userIds) {
          const record = await findRecord(tx, users, userId);
          recipients.push({ userId, number: record ? smsNumberOf(record.doc as Doc) : undefined });
        }
        const sendable = recipients.filter((r) => r.number !== undefined).length;
        const granted =
          sendable === 0 ? 0 : await takeFromQuota(tx, `sms:${day}`, sendable, config.smsDailyLimitPerCompany);
        let left = granted;
        return recipients.map((r) => {
          if (r.number === undefined) return { userId: r.userId, status: 'no_number' as SmsStatus };
          if (left === 0) return { userId: r.userId, status: 'limit_reached' as SmsStatus };
          left -= 1;
          return { userId: r.userId, number: r.number, status: 'sent' as SmsStatus };
        });
      });

      const toSend = plan.filter((p) => p.status === 'sent');
      let next = 0;
      const worker = async () => {
        while (next < toSend.length) {
          const item = toSend[next++]!;
          try {
            await sms.send(item.number!, body.text);
          } catch {
            item.status = 'failed';
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, toSend.length) }, worker));

      if (toSend.length > 0) {
        const sentAt = new Date().toISOString();
        await inTenant(database, ctx.companyId, async (tx) => {
          for (const item of toSend) {
            const record = await findRecord(tx, users, item.userId, { forUpdate: true });
            if (!record) continue; // deleted while the message went out
            const doc = record.doc as Doc;
            const contact = objectOr(doc.contact);
            const count = typeof contact.smsCount === 'number' ? contact.smsCount : 0;
            const changed = {
              ...doc,
              contact: { ...contact, smsCount: count + 1, smsSendDate: sentAt, lastSMSStatus: item.status },
            };
            await updateRecord(tx, users, item.userId, { doc: changed, userId: ctx.userId });
          }
        });
      }
      return { results: plan.map((p) => ({ userId: p.userId, status: p.status })) };
    },
  };
}
