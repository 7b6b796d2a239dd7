// A company's SMS allowance: SMS_DAILY_LIMIT_PER_COMPANY messages per UTC day (small by default),
// unless the operator set the company's own with the command line (`company sms-allowance`). The
// operator's choices live in the company's `smsOperator` settings section, which no route writes.
import type { Config } from '../../config.js';
import { companyName, loadSettingsSection, saveSettingsSection } from '../../platform/db/companies.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { TooManyRequests } from '../../platform/http/errors.js';
import { takeFromQuota } from '../../resources/engine/record-numbers.js';

const SECTION = 'smsOperator';

export interface SmsOperatorSettings {
  /** Messages per UTC day; unset: the server's SMS_DAILY_LIMIT_PER_COMPANY. */
  perDay?: number;
  /** Company-triggered SMS may go to numbers nobody verified (as SMS_UNVERIFIED=allow, for this company). */
  allowUnverified?: boolean;
}

export async function loadSmsOperatorSettings(tx: TenantTx): Promise<SmsOperatorSettings> {
  return (await loadSettingsSection<SmsOperatorSettings>(tx, SECTION)) ?? {};
}

/** The command line's change (`company sms-allowance`): only the given fields change; an unknown company is an error. */
export async function setSmsOperatorSettings(
  database: Database,
  companyId: string,
  change: SmsOperatorSettings,
): Promise<SmsOperatorSettings> {
  return inTenant(database, companyId, async (tx) => {
    if ((await companyName(tx)) === undefined) throw new Error(`no company ${companyId}`);
    const next = { ...(await loadSmsOperatorSettings(tx)), ...change };
    await saveSettingsSection(tx, SECTION, next);
    return next;
  });
}

const secondsToUtcMidnight = (now: Date) =>
  Math.max(
    1,
    Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000),
  );

/**
 * Takes `count` messages from today's allowance, all or none: 429 (Retry-After: the next UTC day)
 * when fewer are left. A caller that fails later in its transaction gives them back by rolling back.
 */
export async function takeSmsAllowance(
  tx: TenantTx,
  config: Config,
  operator: SmsOperatorSettings,
  count: number,
): Promise<void> {
  const now = new Date();
  const perDay = operator.perDay ?? config.smsDailyLimitPerCompany;
  const granted = await takeFromQuota(tx, `sms:${now.toISOString().slice(0, 10)}`, count, perDay);
  if (granted < count) {
    throw TooManyRequests(
      `The company's SMS allowance (${perDay} per UTC day) does not cover ${count} more today; the server's operator can raise it`,
      secondsToUtcMidnight(now),
    );
  }
}
