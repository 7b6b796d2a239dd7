// Verifying a user's number (POST /v2/users/{id}/mobile/verify, then .../confirm): a 6-digit code
// goes to the number by SMS, and whoever holds the phone enters it back. The code SMS is itself an
// SMS to an unverified number, so it costs the company's allowance and the number's hourly limit.
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { BadRequest, Conflict, HttpError, NotFound } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { SmsGateway } from '../../platform/sms/sms-gateway.js';
import type { SmsNumberLimit } from '../../platform/sms/sms-number-limit.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { languageOfUser, users } from '../users/index.js';
import { textOf } from '../../platform/texts/texts.js';
import { loadSmsOperatorSettings, takeSmsAllowance } from './sms-allowance.js';
import { smsNumberOf } from './sms-number.js';
import * as store from './sms-verifications.js';

export interface NumberVerificationDeps {
  config: Config;
  database: Database;
  sms: SmsGateway;
  numberLimit: SmsNumberLimit;
}

/** The user themself, or whoever may send SMS to employees. */
function requireSelfOrManager(ctx: RequestContext, userId: string) {
  if (ctx.kind === 'user' && ctx.userId === userId) return;
  requireManager(ctx, 'users', "verify another user's number");
}

async function currentNumber(tx: Parameters<typeof findRecord>[0], userId: string): Promise<string> {
  const record = await findRecord(tx, users, userId);
  if (!record) throw NotFound('user', userId);
  const number = smsNumberOf(record.doc as Record<string, unknown>);
  if (!number) throw Conflict('The user has no usable contact.mobile or contact.telephone');
  return number;
}

export function numberVerification(deps: NumberVerificationDeps) {
  const { config, database } = deps;
  return {
    async sendCode(ctx: RequestContext, userId: string): Promise<{ sent: true; expiresIn: number }> {
      requireSelfOrManager(ctx, userId);
      const code = store.newCode();
      const { number, language } = await inTenant(database, ctx.companyId, async (tx) => {
        const number = await currentNumber(tx, userId);
        const existing = await store.findVerification(tx, userId);
        if (existing?.verified_at && existing.number === number) throw Conflict('The number is already verified');
        await takeSmsAllowance(tx, config, await loadSmsOperatorSettings(tx), 1);
        deps.numberLimit.take([number]); // throws before commit: the allowance is not spent either
        await store.storeCode(tx, userId, number, store.codeHash(config.jwtSecret, userId, number, code));
        return { number, language: await languageOfUser(tx, userId) }; // the code in the user's own language
      });
      try {
        await deps.sms.send(number, textOf(language, 'smsVerificationCode', { code }));
      } catch {
        throw new HttpError(502, 'Bad Gateway', 'The SMS gateway did not take the message; try again later');
      }
      return { sent: true, expiresIn: store.CODE_TTL_MS / 1000 };
    },

    async confirm(ctx: RequestContext, userId: string, code: string): Promise<{ number: string; verifiedAt: string }> {
      requireSelfOrManager(ctx, userId);
      // A wrong code must count as a try, so the outcome leaves the transaction as a value, not an error.
      const outcome = await inTenant(database, ctx.companyId, async (tx) => {
        const number = await currentNumber(tx, userId);
        const row = await store.findVerification(tx, userId);
        const usable =
          row?.code_hash &&
          row.expires_at &&
          new Date(row.expires_at).getTime() > Date.now() &&
          row.tries < store.CODE_MAX_TRIES &&
          row.number === number; // a code sent to a former number proves nothing about this one
        if (!usable) return undefined;
        if (!store.sameHash(row.code_hash!, store.codeHash(config.jwtSecret, userId, number, code))) {
          await store.countTry(tx, userId);
          return undefined;
        }
        return { number, verifiedAt: (await store.markVerified(tx, userId)).toISOString() };
      });
      if (!outcome)
        throw BadRequest('Invalid or expired code; request a new one with POST /v2/users/{id}/mobile/verify');
      return outcome;
    },
  };
}
