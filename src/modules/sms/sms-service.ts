// SMS to employees (POST /v2/sms): each recipient's number is their contact.mobile, else
// contact.telephone, normalised. Before anything is sent, all or nothing: every number must be
// verified (unless the operator allowed unverified ones), the company's daily allowance must cover
// them all and no number may be over its hourly limit; else the request is refused (409, 429).
// The messages go through the platform's SMS gateway outside any transaction; then each recipient's SMS bookkeeping (contact.smsCount, smsSendDate,
// lastSMSStatus) is written through the engine's update, so modified_at and the UPDATE event follow.
// The text itself is not stored.
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { SmsGateway } from '../../platform/sms/sms-gateway.js';
import { Conflict } from '../../platform/http/errors.js';
import type { SmsNumberLimit } from '../../platform/sms/sms-number-limit.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { recordSmsSent, users } from '../users/index.js';
import { loadSmsOperatorSettings, takeSmsAllowance } from './sms-allowance.js';
import { smsNumberOf } from './sms-number.js';
import { verifiedNumbers } from './sms-verifications.js';

export type SmsStatus = 'sent' | 'failed' | 'no_number';

export interface SmsRequest {
  userIds: string[];
  text: string;
}

/** How many messages go to the gateway at once. */
const PARALLEL_SENDS = 5;

type Doc = Record<string, unknown>;

export function smsService(deps: {
  config: Config;
  database: Database;
  sms: SmsGateway;
  numberLimit: SmsNumberLimit;
  bodySchema: object;
}) {
  const { config, database, sms } = deps;
  return {
    async send(
      ctx: RequestContext,
      body: SmsRequest,
    ): Promise<{ results: Array<{ userId: string; status: SmsStatus }> }> {
      requireManager(ctx, 'users', 'send SMS to employees');
      const plan = await inTenant(database, ctx.companyId, async (tx) => {
        await assertReferencesExist(tx, deps.bodySchema, body);
        const recipients: Array<{ userId: string; number?: string; status: SmsStatus }> = [];
        for (const userId of body.userIds) {
          const record = await findRecord(tx, users, userId);
          const number = record ? smsNumberOf(record.doc as Doc) : undefined;
          recipients.push(number ? { userId, number, status: 'sent' } : { userId, status: 'no_number' });
        }
        const sendable = recipients.filter((r) => r.number !== undefined);
        if (sendable.length === 0) return recipients;
        const operator = await loadSmsOperatorSettings(tx);
        if (config.smsUnverified !== 'allow' && !operator.allowUnverified) {
          const verified = await verifiedNumbers(
            tx,
            sendable.map((r) => r.userId),
          );
          const unverified = sendable.filter((r) => verified.get(r.userId) !== r.number).map((r) => r.userId);
          if (unverified.length > 0)
            throw Conflict(
              `Nothing was sent: the numbers of users ${unverified.join(', ')} are not verified; verify them with POST /v2/users/{id}/mobile/verify and /confirm`,
            );
        }
        await takeSmsAllowance(tx, config, operator, sendable.length);
        deps.numberLimit.take(sendable.map((r) => r.number!)); // throws before commit: no allowance spent
        return recipients;
      });

      const toSend = plan.filter((p) => p.number !== undefined);
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
            await recordSmsSent(tx, item.userId, { smsSendDate: sentAt, lastSMSStatus: item.status }, ctx.userId);
          }
        });
      }
      return { results: plan.map((p) => ({ userId: p.userId, status: p.status })) };
    },
  };
}
