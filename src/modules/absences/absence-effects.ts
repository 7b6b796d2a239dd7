// What an approved absence does, and undoes: its affected jobs (marked with absenceId, listed in
// affectedJobs and found as needing a replacement), its paid time and absence salaries, and the
// vacation days it books against the contract's remainingLeave.
import type { TenantTx } from '../../platform/db/tenant.js';
import { Conflict } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import type { AbsenceDoc, AbsenceResource } from './absence-schema.js';
import { nestedRecords } from '../../resources/engine/nested-records.js';
import { toAmount } from '../../platform/money.js';
import {
  absencePayMethod,
  absenceSalaryLines,
  lockSalariesOfAbsence,
  type PayType,
  payTypeById,
  removeSalaries,
  type SalaryWrite,
  storeSalaries,
  surchargeKey,
  weeklyHours,
} from '../pay/index.js';
import {
  coverJobWindow,
  type JobDoc,
  jobsOfAbsence,
  lockJobsForAbsence,
  markJobAbsent,
  unmarkJob,
} from '../scheduling/index.js';
import { localToUtc, utcToLocal } from '../../platform/time/zoned-time.js';
import { absenceFacts, type AbsenceFacts } from './absence-facts.js';
import { kindOf } from './absence-types.js';
import { bookLeave } from './leave-booking.js';
import { withoutIllness } from './illness-overlap.js';
import { illnessPayWindow } from './illness-chain.js';
import { vacationPaidDays } from './rules/illness-during-vacation.js';
import { absenceHooksOf } from './scheduling-hooks.js';

export interface Effects {
  affectedJobs: string[];
  affectedObjectIds: string[];
  absencePaidTimeArray: Array<{ date: string; seconds: number; jobIds?: string[] }>;
  salaryIds: string[];
  leaveBooked: Array<{ year: number; days: number }>;
}

async function payTypeOf(tx: TenantTx, id: string | undefined): Promise<PayType | undefined> {
  return id ? payTypeById(tx, id) : undefined;
}

/** Marks the user's jobs in the period (not cancelled, nobody clocked in, not yet another absence's) and returns all jobs of the absence. */
async function markJobs(
  tx: TenantTx,
  ctx: RequestContext,
  absence: { id: string; doc: AbsenceDoc },
  facts: AbsenceFacts,
  absences: AbsenceResource,
): Promise<StoredRecord<JobDoc>[]> {
  const { from, to } = facts.period;
  await coverJobWindow(tx, absenceHooksOf(absences), from, to);
  const rows = await lockJobsForAbsence(tx, absence.doc.userId, from, to);
  const mark = {
    absenceId: absence.id,
    dtStart: new Date(from).toISOString(),
    dtEnd: new Date(to).toISOString(),
    calculationType: absence.doc.calculationType,
  };
  for (const job of rows) await markJobAbsent(tx, ctx.userId, job, mark);
  return jobsOfAbsence(tx, absence.id);
}

/** Paid seconds per local day, by the absence's calculation type. */
export function paidTime(
  calculationType: string,
  facts: AbsenceFacts,
  affected: StoredRecord<JobDoc>[],
): Effects['absencePaidTimeArray'] {
  if (calculationType === 'referencePeriod') {
    // Vacation (§11 BUrlG) pays working days; a holiday with planned jobs is holiday pay (§2 EFZG).
    // (Holidays without a job come with contractHours.)
    const holidays = paidTime('plannedJobs', facts, affected).filter(
      (d) => facts.isPublicHoliday(d.date) && (d.jobIds?.length ?? 0) > 0,
    );
    // A holiday with planned jobs is paid once, by its jobs, not also by the contract's hours.
    const withJobs = new Set(holidays.map((d) => d.date));
    return [...paidTime('contractHours', facts, affected).filter((d) => !withJobs.has(d.date)), ...holidays].sort(
      (a, b) => a.date.localeCompare(b.date),
    );
  }
  if (calculationType === 'contractHours') {
    const worked = facts.days
      .filter((d) => d.contractSeconds > 0)
      .map((d) => ({ date: d.date, seconds: d.contractSeconds }));
    return [...worked, ...holidaysWithoutJobs(facts, new Set())].sort((a, b) => a.date.localeCompare(b.date));
  }
  if (calculationType !== 'plannedJobs') return [];
  const byDate = new Map<string, { seconds: number; jobIds: string[] }>();
  for (const job of affected) {
    const from = Date.parse(job.doc.from);
    const to = Date.parse(job.doc.to);
    // The planned time of the part of the job inside the period.
    const inside = Math.max(0, Math.min(to, facts.period.to) - Math.max(from, facts.period.from));
    const seconds = Math.round(((job.doc.targetTime ?? (to - from) / 60_000) * 60 * inside) / (to - from));
    const date = new Date(utcToLocal(facts.settings.timeZone, Math.max(from, facts.period.from)))
      .toISOString()
      .slice(0, 10);
    const day = byDate.get(date) ?? { seconds: 0, jobIds: [] };
    day.seconds += seconds;
    day.jobIds.push(job.id);
    byDate.set(date, day);
  }
  const planned = [...byDate].map(([date, d]) => ({ date, ...d }));
  return [...planned, ...holidaysWithoutJobs(facts, new Set(byDate.keys()))].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
}

/**
 * §2 EFZG: a public holiday inside the absence on which the contract has hours but no job was
 * planned (because it is a holiday) pays the contract's hours of that weekday. Whole days only.
 */
function holidaysWithoutJobs(facts: AbsenceFacts, withJobs: Set<string>): Effects['absencePaidTimeArray'] {
  const hours = weeklyHours(facts.contract.dailyWorkingHours);
  const zone = facts.settings.timeZone;
  return facts.days
    .filter((d) => facts.isPublicHoliday(d.date) && !withJobs.has(d.date))
    .filter((d) => {
      const start = localToUtc(zone, Date.parse(`${d.date}T00:00:00Z`));
      const end = localToUtc(zone, Date.parse(`${d.date}T00:00:00Z`) + 86_400_000);
      return facts.period.from <= start && facts.period.to >= end;
    })
    .map((d) => ({
      date: d.date,
      seconds: Math.round(hours[(new Date(`${d.date}T00:00:00Z`).getUTCDay() + 6) % 7]! * 3600),
    }))
    .filter((d) => d.seconds > 0);
}

/** Absence salaries, one per paid day, kept by date across recomputes; unbilled ones of days no longer paid are removed. */
async function writeAbsenceSalaries(
  tx: TenantTx,
  ctx: RequestContext,
  absence: { id: string; doc: AbsenceDoc },
  facts: AbsenceFacts,
  days: Effects['absencePaidTimeArray'],
  payType: PayType | undefined,
  affected: StoredRecord<JobDoc>[],
): Promise<string[]> {
  const existing = await lockSalariesOfAbsence(tx, absence.id);
  const byDate = new Map(existing.map((s) => [s.doc.date as string, s]));
  const continuedPay = await illnessPayWindow(tx, absence, facts);
  const lines = await absenceSalaryLines(tx, { absence, facts, affected, days, payType, continuedPay });
  const writes: SalaryWrite[] = [];
  // Per line: the billed salary's id (kept as it is), or the index of its write.
  const slots: Array<string | number> = [];
  for (const line of lines) {
    const before = byDate.get(line.date);
    byDate.delete(line.date);
    if (before?.doc.billed) {
      slots.push(before.id);
      continue;
    }
    const dayStart = localToUtc(facts.settings.timeZone, Date.parse(`${line.date}T00:00:00Z`));
    const doc = {
      type: 'absence',
      absenceId: absence.id,
      userId: absence.doc.userId,
      date: line.date,
      billed: false,
      ignoreDoubleSalaries: false,
      roundedUp: false,
      releasedBySystem: false,
      payType: payType?.name ?? kindOf(absence.doc.type)?.name ?? 'absence',
      workingTime: line.seconds,
      targetTime: line.seconds,
      salaryPerHour: toAmount(line.salaryPerHourCents),
      baseSalary: toAmount(line.baseCents),
      salary: toAmount(line.cents),
      salaryCents: line.cents,
      approvedByUserId: absence.doc.approvedBy ?? ctx.userId,
      updatedByUserId: ctx.userId,
      from: new Date(dayStart).toISOString(),
      to: new Date(dayStart + line.seconds * 1000).toISOString(),
      trackingJobDate: new Date(dayStart).toISOString(),
      addedTime: 0,
      break: 0,
      minBreakTime: 0,
      roundUpSeconds: 0,
      drivingTime: 0,
      nightWorkingTime: 0,
      sundayWorkingTime: 0,
      publicHolidayWorkingTime: 0,
      errors: [],
      ...line.fields,
      // Each line a nested record, kept across recomputes (nested-records.ts).
      surcharges: nestedRecords(
        (line.fields.surcharges ?? []) as Array<Record<string, unknown>>,
        { companyId: tx.companyId, userId: ctx.userId },
        before?.doc.surcharges,
        surchargeKey,
      ),
    };
    slots.push(writes.length);
    writes.push({ before, doc, cents: line.cents });
  }
  const stored = await storeSalaries(tx, ctx.userId, writes);
  const ids = slots.map((slot) => (typeof slot === 'string' ? slot : stored[slot]!));
  const stale = [...byDate.values()];
  const billed = stale.find((salary) => salary.doc.billed);
  if (billed) throw Conflict(`The absence salary of ${billed.doc.date} is billed; that day cannot be dropped`);
  await removeSalaries(tx, ctx.userId, stale);
  return ids;
}

/**
 * Applies an approved absence: jobs, paid time, salaries, leave. The absences resource is passed in
 * (its hooks reach this file): jobs planned here onto approved absences are marked on them.
 */
export async function applyEffects(
  tx: TenantTx,
  ctx: RequestContext,
  absences: AbsenceResource,
  absence: { id: string; doc: AbsenceDoc },
): Promise<Effects> {
  // A vacation's days an illness displaces (§9 BUrlG) are neither booked nor paid as leave.
  const facts = await withoutIllness(tx, absence.doc, await absenceFacts(tx, absence.doc));
  const affected = await markJobs(tx, ctx, absence, facts, absences);
  const payType = await payTypeOf(tx, absence.doc.payTypeAbsenceId);
  const paid = (kindOf(absence.doc.type)?.paid ?? false) && (payType?.rateFactor ?? 100) > 0;
  const absencePaidTimeArray = paid
    ? vacationPaidDays(paidTime(absencePayMethod(absence.doc, facts.settings), facts, affected), facts)
    : [];
  const salaryIds = await writeAbsenceSalaries(tx, ctx, absence, facts, absencePaidTimeArray, payType, affected);
  const leaveBooked: Effects['leaveBooked'] = [];
  if (kindOf(absence.doc.type)?.booksLeave) {
    for (const day of facts.days) {
      if (day.fraction === 0) continue;
      const year = Number(day.date.slice(0, 4));
      const entry = leaveBooked.find((l) => l.year === year);
      if (entry) entry.days = Math.round((entry.days + day.fraction) * 100) / 100;
      else leaveBooked.push({ year, days: day.fraction });
    }
    const firstDay = facts.days.find((d) => d.fraction > 0)?.date ?? facts.days[0]?.date ?? '';
    await bookLeave(tx, ctx, { id: absence.id, userId: absence.doc.userId, firstDay }, leaveBooked, 1);
  }
  return {
    affectedJobs: affected.map((j) => j.id),
    affectedObjectIds: [...new Set(affected.map((j) => j.doc.objectId).filter(Boolean))] as string[],
    absencePaidTimeArray,
    salaryIds,
    leaveBooked,
  };
}

/**
 * Undoes an approval: jobs not yet replaced lose the absence (replaced ones keep it, with their
 * replacement), absence salaries go (refused when one is billed), booked leave comes back.
 */
export async function releaseEffects(
  tx: TenantTx,
  ctx: RequestContext,
  absence: { id: string; doc: AbsenceDoc },
): Promise<void> {
  const rows = await jobsOfAbsence(tx, absence.id, { uncovered: true, forUpdate: true });
  const linked = await lockSalariesOfAbsence(tx, absence.id);
  if (linked.some((s) => s.doc.billed)) throw Conflict('A salary of this absence is billed; undo the billing first');
  for (const job of rows) await unmarkJob(tx, ctx.userId, job);
  await removeSalaries(tx, ctx.userId, linked);
  const leave = { id: absence.id, userId: absence.doc.userId, firstDay: '' };
  await bookLeave(tx, ctx, leave, absence.doc.leaveBooked ?? [], -1);
}
