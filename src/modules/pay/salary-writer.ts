// Writes the salaries of approved entries: loads what the calculation needs once per batch
// (settings, surcharge rules, pay types, contracts, holiday regions), computes each salary with
// the pure calculation and stores them in batched statements. A billed salary is never touched.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { nestedRecords } from '../../resources/engine/nested-records.js';
import { objectAddresses } from '../../resources/object-lookups.js';
import { isPublicHolidayIn, placeOfWorkRegion } from '../../platform/time/holidays.js';
import { utcToLocal } from '../../platform/time/zoned-time.js';
import { toAmount, toCents } from '../../platform/money.js';
import { type StoredContract, userContracts } from '../users/index.js';
import { loadTimeAndPaySettings, minimumWageCents, type TimeAndPaySettings } from './pay-settings.js';
import { payTypesById, salariesOfEntries, surchargesByNumber } from './pay-reads.js';
import { calculateSalary, type Contract, type PayType } from './rules/salary-calculation.js';
import type { SurchargeRule } from './rules/surcharge-frames.js';
import { type SalaryWrite, storeSalaries } from './salary-store.js';
import { toRule } from './surcharges-resource.js';
import type { PaidEntryDoc } from './paid-records.js';
import type { SalaryDoc } from './salaries-resource.js';

export interface PayContext {
  settings: TimeAndPaySettings;
  rules: SurchargeRule[];
  activeOn: Map<string, object>;
  payTypes: Map<string, PayType>;
  contracts: Map<string, StoredContract>;
  regions: Map<string, { country: string; state?: string }>;
}

const ids = (values: Array<string | undefined>) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string')),
];

/** Records whose user and object the pay context loads: entries, or an absence's jobs. */
type PaidRecord = StoredRecord<{ userId?: string; objectId?: string }>;

export async function loadPayContext(tx: TenantTx, entries: PaidRecord[]): Promise<PayContext> {
  // Independent reads sent together: on PostgreSQL's pipelined connection one round trip instead of four (a
  // clock-out under load waited up to 140 ms between two of them).
  const [settings, surcharges, contracts, addresses] = await Promise.all([
    loadTimeAndPaySettings(tx),
    surchargesByNumber(tx),
    userContracts(tx, ids(entries.map((e) => e.doc.userId))),
    objectAddresses(tx, ids(entries.map((e) => e.doc.objectId))),
  ]);
  const active = surcharges.filter((r) => r.doc.active !== false);
  const payTypes = await payTypesById(tx, ids([...contracts.values()].map((c) => c.payTypeId)));
  return {
    settings,
    rules: active.map((r) => toRule(r.id, r.doc)),
    activeOn: new Map(active.map((r) => [r.id, r.doc.activeOn])),
    payTypes,
    contracts,
    // The place of work decides the holidays (placeOfWorkRegion: the company's region when the object names none).
    regions: new Map([...addresses].map(([id, address]) => [id, placeOfWorkRegion(address, settings.holidayRegion)])),
  };
}

/** A contract as the calculation reads it: `monthly` salary types pay by month, anything else by hour. */
export function contractOf(stored: StoredContract | undefined): Contract {
  const type = String(stored?.salaryType ?? '').toLowerCase();
  const daily = stored?.dailyWorkingHours;
  const hours =
    daily && typeof daily === 'object' ? Object.values(daily).filter((h): h is number => typeof h === 'number') : [];
  return {
    salary: typeof stored?.salary === 'number' ? stored.salary : undefined,
    salaryType: ['monthly', 'month', 'fixed'].includes(type) ? 'monthly' : 'hourly',
    weeklyHours: hours.length ? hours.reduce((a, b) => a + b, 0) || undefined : undefined,
  };
}

/** A surcharge line is the same line across recomputes while its rule and day are (nested-records.ts). */
export const surchargeKey = (line: { surchargeId?: unknown; date?: unknown }) => `${line.surchargeId}/${line.date}`;

export function salaryDoc(entry: StoredRecord<PaidEntryDoc>, pay: PayContext, actorId: string, previous?: SalaryDoc) {
  const e = entry.doc;
  const stored = pay.contracts.get(e.userId);
  const payType = stored?.payTypeId ? pay.payTypes.get(stored.payTypeId) : undefined;
  // Without an object, the employee's work region is the place of work (as for leave).
  const region =
    (e.objectId && pay.regions.get(e.objectId)) || placeOfWorkRegion(stored?.workRegion, pay.settings.holidayRegion);
  const start = Date.parse(e.timeStart);
  const localDate = new Date(utcToLocal(pay.settings.timeZone, start)).toISOString().slice(0, 10);
  const result = calculateSalary({
    entry: {
      timeStart: start,
      // Salaries are written for stopped entries (the callers check); unset stays NaN, as it always did.
      timeEnd: Date.parse(e.timeEnd ?? ''),
      recordedBreak: e.break,
      addedTime: e.addedTime,
      drivingTime: e.drivingTime,
    },
    contract: contractOf(stored),
    payType,
    rules: pay.rules,
    isPublicHoliday: isPublicHolidayIn(region),
    settings: {
      timeZone: pay.settings.timeZone,
      breakRule: pay.settings.breakRule,
      roundUpToSeconds: pay.settings.roundUpToSeconds,
      minimumWageCents: minimumWageCents(pay.settings, localDate),
      taxFreeBaseCapCents: toCents(pay.settings.taxFreeBaseCapPerHour),
    },
  });
  const doc: Record<string, unknown> = {
    type: 'work',
    userId: e.userId,
    timeTrackingId: entry.id,
    ...(e.objectId ? { objectId: e.objectId } : {}),
    ...(e.jobId ? { jobId: e.jobId } : {}),
    ...(e.assignmentId ? { assignmentId: e.assignmentId } : {}),
    ...(e.activityTypeId ? { activityTypeId: e.activityTypeId } : {}),
    billed: false,
    ignoreDoubleSalaries: previous?.ignoreDoubleSalaries ?? false,
    ...(previous?.reason ? { reason: previous.reason } : {}),
    roundedUp: result.roundedUp,
    releasedBySystem: false,
    payType: payType?.name ?? 'default',
    workingTime: result.workingTime,
    targetTime: e.targetTime ?? 0,
    salaryPerHour: toAmount(result.salaryPerHourCents),
    baseSalary: toAmount(result.baseCents),
    salary: toAmount(result.totalCents),
    salaryCents: result.totalCents,
    approvedByUserId: e.approvedBy ?? actorId,
    updatedByUserId: actorId,
    from: e.timeStart,
    to: e.timeEnd,
    ...(e.trackingJobDate ? { trackingJobDate: e.trackingJobDate } : {}),
    addedTime: result.addedTime,
    break: result.break,
    minBreakTime: result.minBreakTime,
    roundUpSeconds: result.roundUpSeconds,
    drivingTime: result.drivingTime,
    nightWorkingTime: result.nightWorkingTime,
    sundayWorkingTime: result.sundayWorkingTime,
    publicHolidayWorkingTime: result.publicHolidayWorkingTime,
    surcharges: nestedRecords(
      result.surcharges.map((s) => ({
        seconds: s.seconds,
        surchargeId: s.surchargeId,
        name: s.name,
        surcharge: s.surcharge,
        activeOn: pay.activeOn.get(s.surchargeId) ?? {},
        userId: e.userId,
        date: s.date,
        activeTimeFrames: s.activeTimeFrames.map((f) => ({
          from: new Date(f.from).toISOString(),
          to: new Date(f.to).toISOString(),
        })),
        _cash: toAmount(s.cents),
        taxFreeCash: toAmount(s.taxFreeCents),
        taxableCash: toAmount(s.taxableCents),
      })),
      { companyId: entry.company_id, userId: actorId },
      previous?.surcharges,
      surchargeKey,
    ),
    errors: result.errors,
  };
  return { doc, cents: result.totalCents };
}

export interface WrittenSalaries {
  /** entry id → its salary id */
  salaryIds: Map<string, string>;
  /** entries whose salary is billed and was left alone */
  billed: Set<string>;
}

/** Computes and stores the salaries of approved, stopped entries; one salary per entry, its id kept across recomputes. */
export async function writeSalaries(
  tx: TenantTx,
  actorId: string,
  entries: StoredRecord<PaidEntryDoc>[],
): Promise<WrittenSalaries> {
  const result: WrittenSalaries = { salaryIds: new Map(), billed: new Set() };
  if (entries.length === 0) return result;
  const [existing, pay] = await Promise.all([
    salariesOfEntries(
      tx,
      entries.map((e) => e.id),
    ),
    loadPayContext(tx, entries),
  ]);
  const writes: SalaryWrite[] = [];
  const written: string[] = [];
  for (const entry of entries) {
    const before = existing.get(entry.id);
    if (before?.billed) {
      result.billed.add(entry.id);
      result.salaryIds.set(entry.id, before.id);
      continue;
    }
    const { doc, cents } = salaryDoc(entry, pay, actorId, before?.doc);
    writes.push({ before, doc, cents });
    written.push(entry.id);
  }
  const salaryIds = await storeSalaries(tx, actorId, writes);
  for (const [i, entryId] of written.entries()) result.salaryIds.set(entryId, salaryIds[i]!);
  return result;
}
