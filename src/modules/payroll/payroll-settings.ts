// The company's payroll export settings: DATEV consultant and client number, the processing keys
// LODAS reads values with, and the mapping of our pay types to wage types (Lohnarten). Stored in
// companies.settings.payrollExport; a company that set nothing gets the defaults below, which its
// tax adviser aligns with the wage types of their LODAS client.
import { Type } from 'typebox';
import { loadSettingsSection, saveSettingsSection } from '../../platform/db/companies.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { ProcessingKeys } from './rules/lodas.js';
import type { WageTypeMapping } from './rules/payroll-lines.js';

export interface PayrollExportSettings {
  consultantNumber?: string;
  clientNumber?: string;
  processingKeys: ProcessingKeys;
  wageTypes: WageTypeMapping;
}

/**
 * Default wage types: numbers in the range of a client's own wage types (la_eigene), one per pay
 * type, per absence kind paid and per surcharge category and tax status. `hours:<key>` transfers
 * the hours of a line as well, `days:<kind>` the absence days. Examples to be aligned, not DATEV's.
 */
export const DEFAULT_WAGE_TYPES: WageTypeMapping = {
  work: '1000',
  'absence:vacation': '1100',
  'absence:illness': '1110',
  'absence:training': '1120',
  'absence:specialLeave': '1130',
  'absence:holidayPay': '1140',
  'absence:other': '1190',
  'surcharge:night:taxFree': '1200',
  'surcharge:night:taxable': '1201',
  'surcharge:night:taxFreeSvLiable': '1202',
  'surcharge:sunday:taxFree': '1210',
  'surcharge:sunday:taxable': '1211',
  'surcharge:sunday:taxFreeSvLiable': '1212',
  'surcharge:publicHoliday:taxFree': '1220',
  'surcharge:publicHoliday:taxable': '1221',
  'surcharge:publicHoliday:taxFreeSvLiable': '1222',
  'surcharge:other:taxFree': '1230',
  'surcharge:other:taxable': '1231',
  'surcharge:other:taxFreeSvLiable': '1232',
  'days:vacation': '9100',
  'days:illness': '9110',
  'days:Krankengeldbezug': '9120',
};

export const DEFAULT_PROCESSING_KEYS: ProcessingKeys = { hours: 1, days: 2, amount: 4 };

const KEY_PATTERN =
  '^(work|hours:.+|payType:.+|absence:[A-Za-z]+|surcharge:[A-Za-z]+:(taxFree|taxFreeSvLiable|taxable)|days:[A-Za-z]+)$';

export const payrollSettingsBody = Type.Object(
  {
    consultantNumber: Type.Optional(
      Type.String({ pattern: '^\\d{1,7}$', description: 'DATEV Beraternummer (BeraterNr), up to 7 digits' }),
    ),
    clientNumber: Type.Optional(
      Type.String({ pattern: '^\\d{1,5}$', description: 'DATEV Mandantennummer (MandantenNr), up to 5 digits' }),
    ),
    processingKeys: Type.Optional(
      Type.Object(
        {
          hours: Type.Integer({ minimum: 1, maximum: 99 }),
          days: Type.Integer({ minimum: 1, maximum: 99 }),
          amount: Type.Integer({ minimum: 1, maximum: 99 }),
        },
        { additionalProperties: false, description: 'LODAS Bearbeitungsschlüssel for hours, days and amounts' },
      ),
    ),
    wageTypes: Type.Optional(
      Type.Record(
        Type.String({ pattern: KEY_PATTERN, maxLength: 120 }),
        Type.Union([Type.String({ pattern: '^\\d{1,4}$' }), Type.Null()]),
        {
          description: 'our pay type → wage type number (1-4 digits); null removes a mapping (also a default one)',
          maxProperties: 200,
        },
      ),
    ),
  },
  { additionalProperties: false },
);

type StoredSettings = Partial<Omit<PayrollExportSettings, 'wageTypes'>> & { wageTypes?: Record<string, string | null> };

function withDefaults(stored: StoredSettings | null | undefined): PayrollExportSettings {
  const wageTypes: WageTypeMapping = {};
  for (const [key, value] of Object.entries({ ...DEFAULT_WAGE_TYPES, ...stored?.wageTypes }))
    if (value) wageTypes[key] = value;
  return { ...stored, processingKeys: { ...DEFAULT_PROCESSING_KEYS, ...stored?.processingKeys }, wageTypes };
}

const SECTION = 'payrollExport';

async function stored(tx: TenantTx): Promise<StoredSettings | null> {
  return (await loadSettingsSection<StoredSettings>(tx, SECTION)) ?? null;
}

export async function loadPayrollSettings(tx: TenantTx): Promise<PayrollExportSettings> {
  return withDefaults(await stored(tx));
}

/** Top-level fields replace the stored ones; wage types merge key by key (null removes one). */
export async function savePayrollSettings(tx: TenantTx, patch: StoredSettings): Promise<PayrollExportSettings> {
  const current = (await stored(tx)) ?? {};
  const next: StoredSettings = { ...current, ...patch, wageTypes: { ...current.wageTypes, ...patch.wageTypes } };
  await saveSettingsSection(tx, SECTION, next);
  return withDefaults(next);
}
