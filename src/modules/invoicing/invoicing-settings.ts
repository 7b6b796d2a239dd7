// The company as seller on its documents (letterhead, VAT id, bank account) and the number formats
// of issued documents. Stored in companies.settings.invoicing.
import { type Static, Type } from 'typebox';
import { sql, type RawBuilder } from 'kysely';
import { loadSettingsSection, saveSettingsSection, settingsSectionSql } from '../../platform/db/companies.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { checkNumberFormat } from './documents/document-number.js';

const s = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const sellerSchema = Type.Object(
  {
    name: s(300),
    street: s(200),
    zip: s(20),
    city: s(200),
    country: s(2),
    vatId: s(30),
    taxNumber: s(30),
    email: s(254),
    phone: s(50),
    iban: s(34),
    bic: s(11),
    bankName: s(200),
    registration: s(200),
    managingDirector: s(200),
    contactName: Type.Optional(
      Type.String({ maxLength: 200, description: 'seller contact (BT-41); default: the company name' }),
    ),
    electronicAddress: Type.Optional(
      Type.String({ maxLength: 254, description: 'e-mail address for e-invoices (BT-34); default: email' }),
    ),
    sellerIdentifier: Type.Optional(
      Type.String({ maxLength: 100, description: 'seller identifier (BT-29), e.g. a GLN' }),
    ),
  },
  { additionalProperties: false },
);

export const invoicingSettingsBody = Type.Object(
  {
    seller: Type.Optional(sellerSchema),
    numberFormats: Type.Optional(
      Type.Object(
        {
          invoice: s(40),
          offer: s(40),
          credit: s(40),
          invoicestorno: s(40),
          assignmentconfirmation: s(40),
        },
        { additionalProperties: false, description: 'tokens {YYYY}, {YY}, {MM} and one counter {00000}' },
      ),
    ),
    defaultPaymentDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
    dunning: Type.Optional(
      Type.Array(
        Type.Object(
          {
            level: Type.Integer({ minimum: 1, maximum: 10 }),
            afterDays: Type.Integer({
              minimum: 0,
              maximum: 365,
              description: 'days after the due date (level 1) or the previous reminder',
            }),
            fee: Type.Number({ minimum: 0, maximum: 1000 }),
            title: Type.String({ maxLength: 100 }),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 10,
          description:
            'dunning levels; default: reminder after 7 days, 1st dunning +14 days (fee 5), 2nd dunning +14 days (fee 10)',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export interface InvoicingSettings {
  seller: Record<string, string | undefined>;
  numberFormats: Record<'invoice' | 'offer' | 'credit' | 'invoicestorno' | 'assignmentconfirmation', string>;
  defaultPaymentDays: number;
  dunning?: Array<{ level: number; afterDays: number; fee: number; title: string }>;
}

export const DEFAULT_INVOICING: InvoicingSettings = {
  seller: { country: 'DE' },
  numberFormats: {
    invoice: 'RE-{YYYY}-{00000}',
    offer: 'AN-{YYYY}-{00000}',
    credit: 'GS-{YYYY}-{00000}',
    invoicestorno: 'ST-{YYYY}-{00000}',
    assignmentconfirmation: 'AB-{YYYY}-{00000}',
  },
  defaultPaymentDays: 14,
};

export async function loadInvoicingSettings(tx: TenantTx): Promise<InvoicingSettings> {
  const stored = (await loadSettingsSection<Partial<InvoicingSettings>>(tx, 'invoicing')) ?? {};
  return {
    ...DEFAULT_INVOICING,
    ...stored,
    numberFormats: { ...DEFAULT_INVOICING.numberFormats, ...stored.numberFormats },
  };
}

/**
 * Whether the seller data an invoice needs at the least is set: name, street, post code, city, a VAT
 * id or tax number, and an IBAN (the issue check, rules/required-data.ts, asks for more: contact
 * and the like, named when an invoice is issued).
 */
export function sellerDataCompleteSql(tx: TenantTx): RawBuilder<boolean> {
  const filled = (field: string) => sql`nullif(btrim(seller->>${field}), '') IS NOT NULL`;
  // sql: jsonb members of the stored section, tested in one sub-select the caller embeds
  return sql<boolean>`coalesce((SELECT ${filled('name')} AND ${filled('street')} AND ${filled('zip')}
      AND ${filled('city')} AND (${filled('vatId')} OR ${filled('taxNumber')}) AND ${filled('iban')}
      FROM (SELECT ${settingsSectionSql(tx, 'invoicing')} -> 'seller' AS seller) stored), false)`;
}

export type InvoicingSettingsPatch = Static<typeof invoicingSettingsBody>;

export async function saveInvoicingSettings(tx: TenantTx, patch: InvoicingSettingsPatch): Promise<InvoicingSettings> {
  for (const [kind, format] of Object.entries(patch.numberFormats ?? {}))
    if (format) checkNumberFormat(format, `numberFormats.${kind}`);
  const current = await loadInvoicingSettings(tx);
  const next = {
    ...current,
    ...patch,
    seller: { ...current.seller, ...patch.seller },
    numberFormats: { ...current.numberFormats, ...patch.numberFormats },
  };
  await saveSettingsSection(tx, 'invoicing', next);
  return next;
}

/** The settings as the company routes read and change them (bank account and tax ids: for administrators). */
export function invoicingSettings(deps: { database: Database }) {
  return {
    read(ctx: RequestContext) {
      requireLevel(ctx, 'company', 'read');
      return inTenant(deps.database, ctx.companyId, (tx) => loadInvoicingSettings(tx));
    },
    change(ctx: RequestContext, patch: InvoicingSettingsPatch) {
      requireLevel(ctx, 'company', 'write');
      return inTenant(deps.database, ctx.companyId, (tx) => saveInvoicingSettings(tx, patch));
    },
  };
}
