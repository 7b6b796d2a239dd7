// The company's time-and-pay settings: time zone, holiday region, break rule, rounding, minimum
// wages, the tax-free cap and the plausibility limits. Stored in companies.settings.timeAndPay;
// what a company has not set falls back to the defaults below.
import { Type } from 'typebox';
import { loadSettingsSection, saveSettingsSection, settingsSectionSql } from '../../platform/db/companies.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import { fieldError } from '../../platform/http/errors.js';
import { storedRegion } from '../../resources/engine/region-fields.js';
import { isValidTimeZone } from '../../platform/time/zoned-time.js';
import { GERMAN_BREAK_RULE, type BreakRule } from './rules/breaks.js';
import { toCents } from '../../platform/money.js';
import { MINIMUM_WAGE_SECTORS, statutoryMinimumWage, type MinimumWageSector } from './rules/minimum-wage-table.js';

// The limits of time-tracking's plausibility checks (time-tracking/plausibility.ts); they live here
// with the other settings so that pay does not import time-tracking.
export interface PlausibilitySettings {
  /** Minutes a clock-in may differ from the job's start. */
  startToleranceMinutes: number;
  /** Metres a clock-in may be from the object's location. */
  maxDistanceMeters: number;
  /** Minutes after the job's end before an open entry counts as missing its stop. */
  missingStopGraceMinutes: number;
  /** Working time above target × this factor is flagged. */
  overtimeFactor: number;
}

export const DEFAULT_PLAUSIBILITY: PlausibilitySettings = {
  startToleranceMinutes: 60,
  maxDistanceMeters: 500,
  missingStopGraceMinutes: 120,
  overtimeFactor: 1.5,
};

export interface TimeAndPaySettings {
  timeZone: string;
  holidayRegion: { country: string; state?: string };
  breakRule: BreakRule;
  roundUpToSeconds: number;
  minimumWages: Array<{ validFrom: string; perHour: number }>;
  /** A sector minimum the company adopted (rules/minimum-wage-table.ts); null: the general one only. */
  minimumWageSector: MinimumWageSector | null;
  taxFreeBaseCapPerHour: number;
  plausibility: PlausibilitySettings;
  /** How a vacation left at calculationType `plannedJobs` is paid (§11 BUrlG; docs/pay-law.md). */
  vacationPayMethod: 'referencePeriod' | 'plannedJobs' | 'contractHours';
}

export const DEFAULT_TIME_AND_PAY: TimeAndPaySettings = {
  timeZone: 'Europe/Berlin',
  holidayRegion: { country: 'DE' },
  breakRule: GERMAN_BREAK_RULE,
  roundUpToSeconds: 0,
  minimumWages: [],
  minimumWageSector: null,
  taxFreeBaseCapPerHour: 50,
  plausibility: DEFAULT_PLAUSIBILITY,
  vacationPayMethod: 'referencePeriod',
};

const seconds = (max: number) => Type.Integer({ minimum: 0, maximum: max });
const plausibility = Type.Object(
  {
    startToleranceMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 24 * 60 })),
    maxDistanceMeters: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    missingStopGraceMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 24 * 60 })),
    overtimeFactor: Type.Optional(Type.Number({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const settingsBody = Type.Object(
  {
    timeZone: Type.Optional(
      Type.String({ maxLength: 64, description: 'IANA zone for surcharge windows and local dates' }),
    ),
    holidayRegion: Type.Optional(
      Type.Object(
        {
          country: Type.String({ pattern: '^[A-Za-z]{2}$' }),
          state: Type.Optional(
            Type.String({ maxLength: 10, description: 'ISO 3166-2 (BY or DE-BY), stored as DE-BY' }),
          ),
        },
        {
          additionalProperties: false,
          description: 'used when the place of work (object, work region) names no region of its own',
        },
      ),
    ),
    breakRule: Type.Optional(
      Type.Object(
        {
          mode: Type.Union([Type.Literal('gliding'), Type.Literal('stepped')]),
          steps: Type.Array(
            Type.Object(
              { afterSeconds: seconds(86_400), breakSeconds: seconds(86_400) },
              { additionalProperties: false },
            ),
            { maxItems: 10 },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    roundUpToSeconds: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 3600, description: 'round working time up to a multiple (0: off)' }),
    ),
    minimumWages: Type.Optional(
      Type.Array(
        Type.Object(
          {
            validFrom: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
            perHour: Type.Number({ minimum: 0, maximum: 10_000 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100, description: 'raise the statutory minimum; never lower it' },
      ),
    ),
    // Unsafe: the literals come from a list, whose union TypeBox cannot infer.
    minimumWageSector: Type.Optional(
      Type.Unsafe<MinimumWageSector | null>(
        Type.Union([...MINIMUM_WAGE_SECTORS.map((s) => Type.Literal(s)), Type.Null()], {
          description:
            'adopt a sector minimum wage (buildingCleaning: Gebäudereinigung Lohngruppe 1); null: the general MiLoG minimum only',
        }),
      ),
    ),
    taxFreeBaseCapPerHour: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
    plausibility: Type.Optional(plausibility),
    vacationPayMethod: Type.Optional(
      Type.Union([Type.Literal('referencePeriod'), Type.Literal('plannedJobs'), Type.Literal('contractHours')], {
        description:
          'vacation pay: referencePeriod (default, §11 BUrlG 13-week average), plannedJobs or contractHours at the hourly rate',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The stored settings (companies.settings.timeAndPay) with the defaults filled in. */
export function withDefaults(stored: Partial<TimeAndPaySettings> | null | undefined): TimeAndPaySettings {
  return { ...DEFAULT_TIME_AND_PAY, ...stored, plausibility: { ...DEFAULT_PLAUSIBILITY, ...stored?.plausibility } };
}

const SECTION = 'timeAndPay';

/** The SQL expression of the stored settings, for queries that load them with other things. */
export const storedSettingsSql = (tx: TenantTx) => settingsSectionSql(tx, SECTION);

export async function loadTimeAndPaySettings(tx: TenantTx): Promise<TimeAndPaySettings> {
  return withDefaults(await loadSettingsSection<Partial<TimeAndPaySettings>>(tx, SECTION));
}

/** A change: top-level fields replace the stored ones, plausibility limits merge. */
export type TimeAndPayPatch = Omit<Partial<TimeAndPaySettings>, 'plausibility'> & {
  plausibility?: Partial<PlausibilitySettings>;
};

export async function saveTimeAndPaySettings(tx: TenantTx, patch: TimeAndPayPatch): Promise<TimeAndPaySettings> {
  if (patch.timeZone !== undefined && !isValidTimeZone(patch.timeZone))
    throw fieldError('timeZone', 'is not an IANA time zone');
  if (patch.holidayRegion) patch = { ...patch, holidayRegion: storedRegion(patch.holidayRegion, 'holidayRegion') };
  const current = await loadTimeAndPaySettings(tx);
  const next = { ...current, ...patch, plausibility: { ...current.plausibility, ...patch.plausibility } };
  await saveSettingsSection(tx, SECTION, next);
  return next;
}

/**
 * The minimum hourly wage in cents on a local date: the statutory one (MiLoG, or the adopted sector's)
 * unless the company configured a higher one; a configured rate cannot lower it (§ 3 MiLoG).
 */
export function minimumWageCents(settings: TimeAndPaySettings, date: string): number | undefined {
  const valid = settings.minimumWages
    .filter((w) => w.validFrom <= date)
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  const rates = [valid[0]?.perHour, statutoryMinimumWage(date, settings.minimumWageSector)].filter(
    (r): r is number => r !== undefined,
  );
  return rates.length ? toCents(Math.max(...rates)) : undefined;
}
