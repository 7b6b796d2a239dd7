// The pay of an absence's paid days, by the law that applies: planned jobs not worked are paid by
// the Lohnausfallprinzip (illness §4 EFZG, a public holiday §2 EFZG: what they would have paid,
// surcharges included, all taxable); a vacation day by the Referenzprinzip (§11 BUrlG: the 13-week
// average) unless the company chose another method; contract hours at the hourly rate otherwise.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { weeklyHours } from './rules/contract-hours.js';
import { isPublicHolidayIn } from '../../platform/time/holidays.js';
import { localToUtc, utcToLocal } from '../../platform/time/zoned-time.js';
import type { StoredContract } from '../users/index.js';
import type { TimeAndPaySettings } from './pay-settings.js';
import { centsFor, toAmount, toCents } from '../../platform/money.js';
import { type ContinuedPayWindow, isPaidDay } from './rules/continued-pay-limit.js';
import { lostPay, type PlannedShift } from './rules/lost-pay.js';
import { hourlyRateCents, type PayType, type SurchargeLine } from './rules/salary-calculation.js';
import {
  contractDaysBetween,
  referenceStart,
  type VacationDayRate,
  vacationDayCents,
  vacationDayRate,
} from './rules/vacation-pay.js';
import { contractOf, loadPayContext } from './salary-writer.js';
import type { PaidAbsenceDoc, PlannedJobDoc } from './paid-records.js';

export type AbsencePayMethod = 'plannedJobs' | 'contractHours' | 'referencePeriod' | 'none';
export type PayRule =
  | 'continuedPay'
  | 'holidayPay'
  | 'vacationPay'
  | 'plannedJobs'
  | 'contractHours'
  | 'Krankengeldbezug';
const LEGAL_BASIS: Partial<Record<PayRule, string>> = {
  continuedPay: '§4 EFZG',
  holidayPay: '§2 EFZG',
  vacationPay: '§11 BUrlG',
  Krankengeldbezug: "§3 EFZG (beyond the employer's six weeks or in the waiting period); §44 SGB V",
};

/**
 * How an absence's days are paid: its calculationType, except that a vacation left at the default
 * (`plannedJobs`) is paid by the company's `vacationPayMethod` (default: the reference period).
 */
export function absencePayMethod(
  doc: { type?: number; calculationType?: string },
  settings: TimeAndPaySettings,
): AbsencePayMethod {
  const given = (doc.calculationType ?? 'plannedJobs') as AbsencePayMethod;
  return doc.type === 2 && given === 'plannedJobs' ? settings.vacationPayMethod : given;
}

export interface AbsenceFactsForPay {
  settings: TimeAndPaySettings;
  contract: StoredContract;
  period: { from: number; to: number };
  days: Array<{ date: string; fraction: number; contractSeconds: number }>;
  isPublicHoliday(date: string): boolean;
}

export interface AbsenceSalaryLine {
  date: string;
  seconds: number;
  salaryPerHourCents: number;
  baseCents: number;
  cents: number;
  /** Salary fields of the rule: payRule, legalBasis, surcharges and the taxable part. */
  fields: Record<string, unknown>;
}

/** The planned part of a job inside the period, as paidTime counts it. */
function shiftOf(job: StoredRecord<PlannedJobDoc>, period: { from: number; to: number }): PlannedShift {
  const from = Date.parse(job.doc.from);
  const to = Date.parse(job.doc.to);
  const inside = { from: Math.max(from, period.from), to: Math.min(to, period.to) };
  const seconds = Math.round(
    ((job.doc.targetTime ?? (to - from) / 60_000) * 60 * Math.max(0, inside.to - inside.from)) / (to - from),
  );
  return { ...inside, seconds };
}

/**
 * The 13-week reference of a vacation (§11 (1) BUrlG), lines raised to today's rate; undefined when
 * the employment has no working day before the vacation (paid the contract's hours). The employment
 * begins at `contract.startDate`, else at the user's first salary line: only its start, never a line
 * outside the period, shapes the average.
 */
async function loadReference(
  tx: TenantTx,
  userId: string,
  absenceId: string,
  facts: AbsenceFactsForPay,
  currentRateCents: number,
): Promise<VacationDayRate | undefined> {
  const first = facts.days[0]?.date;
  if (!first) return undefined;
  const zone = facts.settings.timeZone;
  const localDate = (at: Date) => new Date(utcToLocal(zone, at.getTime())).toISOString().slice(0, 10);
  const base = tx.db
    .selectFrom('salaries')
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('absence_id', 'is', null), eb('absence_id', '<>', absenceId)]));
  const contract = facts.contract;
  let employmentStart = typeof contract.startDate === 'string' ? contract.startDate.slice(0, 10) : undefined;
  if (!employmentStart) {
    const firstLine = await base
      .select('from_at')
      .where('from_at', 'is not', null)
      .orderBy('from_at')
      .limit(1)
      .executeTakeFirst();
    employmentStart = firstLine?.from_at ? localDate(firstLine.from_at) : first;
  }
  const from = [referenceStart(first), employmentStart].sort()[1]!;
  const hours = weeklyHours(contract.dailyWorkingHours);
  const referenceDays = contractDaysBetween(from, first, hours);
  if (referenceDays === 0) return undefined;
  const rows = await base
    .select([
      'from_at',
      'salary_cents',
      (eb) => eb.ref('doc').$castTo<{ workingTime?: number; baseSalary?: number; salaryPerHour?: number }>().as('doc'),
    ])
    .where('from_at', '>=', new Date(localToUtc(zone, Date.parse(`${from}T00:00:00Z`))))
    .where('from_at', '<', new Date(localToUtc(zone, Date.parse(`${first}T00:00:00Z`))))
    .execute();
  return vacationDayRate({
    lines: rows.map((r) => ({
      // from_at is set: the query compared it
      date: localDate(r.from_at!),
      seconds: Number(r.doc.workingTime ?? 0),
      cents: Number(r.salary_cents ?? 0),
      baseCents: toCents(Number(r.doc.baseSalary ?? 0)),
      rateCents: toCents(Number(r.doc.salaryPerHour ?? 0)),
    })),
    weeklyContractSeconds: hours.reduce((a, b) => a + b, 0) * 3600,
    workingDaysPerWeek: hours.filter((h) => h > 0).length,
    currentRateCents,
    referenceDays,
  });
}

/** Surcharge lines of the salary; the writer makes them nested records (salary-writer.ts surchargeKey). */
const taxableSurcharges = (lines: SurchargeLine[], userId: string, activeOn: Map<string, object>) =>
  lines.map((s) => ({
    seconds: s.seconds,
    surchargeId: s.surchargeId,
    name: s.name,
    surcharge: s.surcharge,
    activeOn: activeOn.get(s.surchargeId) ?? {},
    userId,
    date: s.date,
    activeTimeFrames: s.activeTimeFrames.map((f) => ({
      from: new Date(f.from).toISOString(),
      to: new Date(f.to).toISOString(),
    })),
    _cash: toAmount(s.cents),
    taxFreeCash: 0,
    taxableCash: toAmount(s.cents),
  }));

/** One line per paid day (the days of paidTime), priced by the rule that applies to it. */
export async function absenceSalaryLines(
  tx: TenantTx,
  input: {
    absence: { id: string; doc: PaidAbsenceDoc };
    facts: AbsenceFactsForPay;
    /** The absence's planned jobs. */
    affected: StoredRecord<PlannedJobDoc>[];
    days: Array<{ date: string; seconds: number; jobIds?: string[] }>;
    payType: PayType | undefined;
    /** An illness: the days the employer pays (§3 EFZG); the others are Krankengeldbezug. */
    continuedPay?: ContinuedPayWindow;
  },
): Promise<AbsenceSalaryLine[]> {
  const { absence, facts, payType } = input;
  const method = absencePayMethod(absence.doc, facts.settings);
  const contract = contractOf(facts.contract);
  const rate = hourlyRateCents(contract, payType);
  const monthly = contract.salaryType === 'monthly';
  const pay = await loadPayContext(tx, input.affected);
  const reference =
    method === 'referencePeriod' ? await loadReference(tx, absence.doc.userId, absence.id, facts, rate) : undefined;
  const jobsById = new Map(input.affected.map((j) => [j.id, j]));
  const lines: AbsenceSalaryLine[] = [];
  for (const day of input.days.filter((d) => d.seconds > 0)) {
    if (input.continuedPay && !isPaidDay(input.continuedPay, day.date)) {
      // The health insurer pays (Krankengeld): a line of 0 that the payroll export counts as such a day.
      lines.push({
        date: day.date,
        seconds: day.seconds,
        salaryPerHourCents: rate,
        cents: 0,
        baseCents: 0,
        fields: { ...fieldsOf('Krankengeldbezug', 0, 0, []), continuedPayReason: input.continuedPay.reason },
      });
      continue;
    }
    const planned = (day.jobIds ?? []).map((id) => jobsById.get(id)).filter((j) => j !== undefined);
    const holiday = facts.isPublicHoliday(day.date);
    if (planned.length > 0 && (method === 'plannedJobs' || holiday)) {
      const lost = planned.map((job) => {
        const region = job.doc.objectId ? pay.regions.get(job.doc.objectId) : undefined;
        return lostPay([shiftOf(job, facts.period)], {
          contract,
          payType,
          rules: pay.rules,
          timeZone: facts.settings.timeZone,
          isPublicHoliday: region ? isPublicHolidayIn(region) : facts.isPublicHoliday,
        });
      });
      const surcharges = lost.flatMap((l) => l.surcharges);
      const rule: PayRule = holiday ? 'holidayPay' : absence.doc.type === 1 ? 'continuedPay' : 'plannedJobs';
      const cents = lost.reduce((s, l) => s + l.cents, 0);
      const taxable = surcharges.reduce((s, l) => s + l.cents, 0);
      lines.push({
        date: day.date,
        seconds: lost.reduce((s, l) => s + l.seconds, 0),
        salaryPerHourCents: rate,
        cents,
        baseCents: lost.reduce((s, l) => s + l.baseCents, 0),
        fields: fieldsOf(rule, cents, taxable, taxableSurcharges(surcharges, absence.doc.userId, pay.activeOn)),
      });
      continue;
    }
    if (holiday && planned.length === 0) {
      // §2 EFZG: no job planned because of the holiday: the contract's hours of the day (paidTime).
      const cents = monthly ? 0 : centsFor(day.seconds, rate);
      lines.push({
        date: day.date,
        seconds: day.seconds,
        salaryPerHourCents: rate,
        cents,
        baseCents: cents,
        fields: { ...fieldsOf('holidayPay', cents, 0, []), holidayPayBasis: 'contractHours' },
      });
      continue;
    }
    const covered = facts.days.find((d) => d.date === day.date);
    const cents =
      method === 'referencePeriod' && covered
        ? vacationDayCents(covered, reference, monthly ? 0 : rate)
        : monthly
          ? 0
          : centsFor(day.seconds, rate);
    const rule: PayRule =
      method === 'referencePeriod' ? 'vacationPay' : method === 'plannedJobs' ? 'plannedJobs' : 'contractHours';
    lines.push({
      date: day.date,
      seconds: day.seconds,
      salaryPerHourCents: rate,
      cents,
      baseCents: cents,
      fields: fieldsOf(rule, cents, 0, [], reference),
    });
  }
  return lines;
}

/** Taxable part: the surcharges of time not worked (§3b EStG exempts only work done); base pay is wage anyway. */
function fieldsOf(
  rule: PayRule,
  cents: number,
  taxableSurchargeCents: number,
  surcharges: unknown[],
  reference?: VacationDayRate,
) {
  return {
    payRule: rule,
    ...(LEGAL_BASIS[rule] ? { legalBasis: LEGAL_BASIS[rule] } : {}),
    surcharges,
    taxFreeCash: 0,
    taxableCash: toAmount(cents),
    taxableSurchargeCash: toAmount(taxableSurchargeCents),
    ...(reference
      ? {
          referenceEarnings: toAmount(reference.earningsCents),
          referenceOvertime: toAmount(reference.overtimeCents),
          referenceRaise: toAmount(reference.raiseCents),
          referenceDays: reference.divisorDays,
        }
      : {}),
  };
}
