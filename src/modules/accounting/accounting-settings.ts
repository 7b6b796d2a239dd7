// The company's accounting export settings: DATEV consultant and client number, fiscal year,
// account length, chart of accounts and the accounts bookings go to (revenue per VAT group, debtors,
// bank and cash, per payment method). Stored in companies.settings.accounting as given; read with
// the chart's defaults filled in (rules/accounts.ts), so a company that set nothing gets SKR03.
import { type Static, Type } from 'typebox';
import { loadSettingsSection, saveSettingsSection } from '../../platform/db/companies.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant, readInTenant, type TenantTx } from '../../platform/db/tenant.js';
import { fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { DEFAULT_ACCOUNTS, widen, type AccountPlan } from './rules/accounts.js';

const SECTION = 'accounting';
const account = (description: string) => Type.Integer({ minimum: 1, maximum: 999_999_999, description });
const groupAccounts = (description: string) =>
  Type.Record(Type.String({ pattern: '^(S\\d{1,2}(\\.\\d{1,2})?|Z|E|AE|AE-EU|K|G|O)$' }), account('account'), {
    maxProperties: 30,
    additionalProperties: false,
    description,
  });

export const accountingSettingsBody = Type.Object(
  {
    consultantNumber: Type.Optional(
      Type.Integer({ minimum: 1001, maximum: 9_999_999, description: 'DATEV Beraternummer (1001–9999999)' }),
    ),
    clientNumber: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 99_999, description: 'DATEV Mandantennummer (1–99999)' }),
    ),
    fiscalYearStartMonth: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 12, description: 'month the fiscal year starts in (default 1)' }),
    ),
    accountLength: Type.Optional(
      Type.Integer({
        minimum: 4,
        maximum: 8,
        description: 'Sachkontenlänge: digits of a general-ledger account (default 4); debtor accounts have one more',
      }),
    ),
    chart: Type.Optional(
      Type.Union([Type.Literal('SKR03'), Type.Literal('SKR04')], {
        description: "the chart of accounts whose defaults apply (default SKR03); sent to DATEV as '03' or '04'",
      }),
    ),
    revenueAccounts: Type.Optional(
      groupAccounts(
        'revenue account per VAT group: S19, S7 (standard rate by percent), AE (domestic § 13b), AE-EU (reverse charge to a business in another EU country), K, G, E, Z, O; overrides the chart default',
      ),
    ),
    skontoAccounts: Type.Optional(
      groupAccounts(
        'skonto granted per VAT group (default SKR03 8736/8731, SKR04 4736/4731 for S19/S7); another account than the default of a taxed group is booked with the BU-Schlüssel 3 (19 %) or 2 (7 %)',
      ),
    ),
    advanceAccounts: Type.Optional(
      groupAccounts(
        'advance payments received on partial invoices per VAT group (default SKR03 1718/1711, SKR04 3272/3260 for S19/S7; 1710/3250 otherwise)',
      ),
    ),
    advanceClearingAccount: Type.Optional(
      account('partial invoices on the debtor until paid; default 1593 (SKR03) or 1495 (SKR04)'),
    ),
    debtors: Type.Optional(
      Type.Object(
        {
          scheme: Type.Union([Type.Literal('perCustomer'), Type.Literal('collective')], {
            description:
              "perCustomer: base + the customer's debtor number (its debitorNumber when numeric, else its number); collective: one account for all",
          }),
          base: Type.Optional(account('default 10000 (10^accountLength)')),
          collectiveAccount: Type.Optional(
            account('the collective debtor, and where base + number leaves the debtor range; default 10000'),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    bankAccount: Type.Optional(account('default 1200 (SKR03) or 1800 (SKR04)')),
    cashAccount: Type.Optional(
      account('payments by a method with code 10 (cash); default 1000 (SKR03) or 1600 (SKR04)'),
    ),
    paymentMethodAccounts: Type.Optional(
      Type.Record(Type.String({ pattern: OBJECT_ID_PATTERN }), account('money account'), {
        maxProperties: 100,
        additionalProperties: false,
        description: 'money account per payment method id; other methods book on bankAccount (cashAccount for code 10)',
      }),
    ),
    lockBatch: Type.Optional(
      Type.Boolean({ description: 'Festschreibung: DATEV locks the bookings on import (default false)' }),
    ),
  },
  { additionalProperties: false },
);

export type AccountingSettingsBody = Static<typeof accountingSettingsBody>;

/** The settings with every default filled in. */
export interface AccountingSettings extends AccountPlan {
  consultantNumber?: number;
  clientNumber?: number;
  fiscalYearStartMonth: number;
  lockBatch: boolean;
}

export function withDefaults(stored: AccountingSettingsBody = {}): AccountingSettings {
  const chart = stored.chart ?? 'SKR03';
  const accountLength = stored.accountLength ?? 4;
  const defaults = DEFAULT_ACCOUNTS[chart];
  const widened = (accounts: Record<string, number>) =>
    Object.fromEntries(Object.entries(accounts).map(([key, value]) => [key, widen(value, accountLength)]));
  const debtorBase = 10 ** accountLength;
  return {
    ...(stored.consultantNumber !== undefined ? { consultantNumber: stored.consultantNumber } : {}),
    ...(stored.clientNumber !== undefined ? { clientNumber: stored.clientNumber } : {}),
    fiscalYearStartMonth: stored.fiscalYearStartMonth ?? 1,
    accountLength,
    chart,
    revenueAccounts: { ...widened(defaults.revenueAccounts), ...stored.revenueAccounts },
    skontoAccounts: { ...widened(defaults.skontoAccounts), ...stored.skontoAccounts },
    advanceAccounts: { ...widened(defaults.advanceAccounts), ...stored.advanceAccounts },
    advanceClearingAccount: stored.advanceClearingAccount ?? widen(defaults.advanceClearingAccount, accountLength),
    debtors: {
      scheme: stored.debtors?.scheme ?? 'perCustomer',
      base: stored.debtors?.base ?? debtorBase,
      collectiveAccount: stored.debtors?.collectiveAccount ?? debtorBase,
    },
    bankAccount: stored.bankAccount ?? widen(defaults.bankAccount, accountLength),
    cashAccount: stored.cashAccount ?? widen(defaults.cashAccount, accountLength),
    paymentMethodAccounts: stored.paymentMethodAccounts ?? {},
    lockBatch: stored.lockBatch ?? false,
  };
}

/** 400 for an account DATEV would refuse: general-ledger accounts have at most accountLength digits, debtors one more. */
function checkAccounts(s: AccountingSettings) {
  const ledger = (path: string, value: number) => {
    if (String(value).length > s.accountLength)
      throw fieldError(path, `a general-ledger account has at most ${s.accountLength} digits (accountLength)`);
  };
  for (const map of ['revenueAccounts', 'skontoAccounts', 'advanceAccounts'] as const)
    for (const [key, value] of Object.entries(s[map])) ledger(`${map}.${key}`, value);
  ledger('advanceClearingAccount', s.advanceClearingAccount);
  for (const [key, value] of Object.entries(s.paymentMethodAccounts)) ledger(`paymentMethodAccounts.${key}`, value);
  ledger('bankAccount', s.bankAccount);
  ledger('cashAccount', s.cashAccount);
  const debtor = s.accountLength + 1;
  if (String(s.debtors.collectiveAccount).length !== debtor)
    throw fieldError('debtors.collectiveAccount', `a debtor account has ${debtor} digits (accountLength + 1)`);
  if (String(s.debtors.base).length !== debtor)
    throw fieldError('debtors.base', `a debtor account has ${debtor} digits (accountLength + 1)`);
}

export const loadAccountingSettings = async (tx: TenantTx) =>
  withDefaults(await loadSettingsSection<AccountingSettingsBody>(tx, SECTION));

/** GET (company settings read) and PUT (write; replaces the stored settings) of the accounting settings. */
export function accountingSettings(deps: { database: Database }) {
  async function read(ctx: RequestContext) {
    requireLevel(ctx, 'company', 'read');
    return readInTenant(deps.database, ctx.companyId, loadAccountingSettings);
  }

  async function replace(ctx: RequestContext, body: AccountingSettingsBody) {
    requireLevel(ctx, 'company', 'write');
    const settings = withDefaults(body);
    checkAccounts(settings);
    await inTenant(deps.database, ctx.companyId, (tx) => saveSettingsSection(tx, SECTION, body));
    return settings;
  }

  return { read, replace };
}
