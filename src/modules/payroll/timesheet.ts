// A month's timesheet of employees, read from what exists: jobs (planned), time-tracking entries
// (worked, breaks), approved absences (days by kind, as absence counting reads them), the stored salaries
// (pay lines and surcharge minutes, as the salary calculation wrote them) and the contract's leave.
// Everything of an entry or job counts on the local day it starts (a night shift 22:00-06:00 is
// one line on its first day), like the salary's date; the month is local, in the company's zone.
import type { TenantTx } from '../../platform/db/tenant.js';
import {
  approvedAbsencesBetween,
  absenceFacts,
  keepsLeaveAccount,
  kindOf,
  leaveAccountOf,
  withoutIllness,
} from '../absences/index.js';
import {
  deductedBreakSeconds,
  loadTimeAndPaySettings,
  payTypeCodes,
  salariesStartingBetween,
  surchargeCategories,
} from '../pay/index.js';
import { toCents } from '../../platform/money.js';
import { type AbsenceHooks, coverJobWindow, jobsStartingBetween } from '../scheduling/index.js';
import { entriesStartingBetween } from '../time-tracking/index.js';
import { usersWithContracts } from '../users/index.js';
import { localToUtc, utcToLocal } from '../../platform/time/zoned-time.js';
import type { SalaryLine } from './rules/payroll-lines.js';
import { socialInsuranceFreeCents } from './rules/social-insurance-free.js';
import { checkEmployment, type EmploymentType } from './rules/marginal-employment.js';
import { emptyDay, monthDates, totalsOf, type PayLine, type Timesheet, type TimesheetDay } from './timesheet-model.js';

/** A stored surcharge line of a salary, as the timesheet reads it. */
interface StoredSurchargeLine {
  name: string;
  surchargeId: string;
  seconds: number;
  _cash?: number;
  taxFreeCash?: number;
  taxableCash?: number;
}

/** An absence kind's name as a key: `child sick leave` → `childSickLeave`. */
export const kindKey = (type: number) =>
  (kindOf(type)?.name ?? 'other').replace(/ (\w)/g, (_m, c: string) => c.toUpperCase());

const minutes = (seconds: number) => Math.round(seconds / 60);

/** absenceHooks: marks jobs planned for the month onto approved absences (scheduling/absence-hooks.ts). */
export async function loadTimesheets(
  tx: TenantTx,
  absenceHooks: AbsenceHooks,
  month: string,
  userIds?: string[],
): Promise<Timesheet[]> {
  const settings = await loadTimeAndPaySettings(tx);
  const tz = settings.timeZone;
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const from = localToUtc(tz, Date.UTC(year, mon - 1, 1));
  const to = localToUtc(tz, Date.UTC(year, mon, 1));
  const localDate = (utc: number) => new Date(utcToLocal(tz, utc)).toISOString().slice(0, 10);
  await coverJobWindow(tx, absenceHooks, from, to);

  // Each owner reads its table; the timesheet joins the rows here (a month of one company).
  const users = await usersWithContracts(tx, userIds);
  const jobs = await jobsStartingBetween(tx, from, to, userIds);
  const entries = await entriesStartingBetween(tx, from, to, userIds);
  const salaries = await salariesStartingBetween(tx, from, to, userIds);
  const absences = await approvedAbsencesBetween(tx, from, to, userIds);
  const categories = await surchargeCategories(tx);
  const codes = await payTypeCodes(tx);
  const absenceKinds = new Map(absences.map((a) => [a.id, a.doc.type as number]));

  // Keyed by user id; rows without a user find no sheet.
  const sheets = new Map<string | null, Timesheet>();
  const today = new Date().toISOString().slice(0, 10);
  const contracts = new Map<string, { employmentType?: EmploymentType; unforeseeableExceedings?: string[] }>();
  for (const user of users) {
    const contract = user.contract ?? {};
    contracts.set(user.id, contract as { employmentType?: EmploymentType; unforeseeableExceedings?: string[] });
    // A contract with vacationDays keeps a leave account (pro rata, carry-over, lapse): read from it.
    const account = keepsLeaveAccount(contract) ? await leaveAccountOf(tx, user.id, contract, year, today) : undefined;
    const name = [user.general?.firstName, user.general?.lastName].filter(Boolean).join(' ');
    sheets.set(user.id, {
      user: { id: user.id, number: Number(user.number), name },
      month,
      timeZone: tz,
      days: monthDates(year, mon).map(emptyDay),
      payLines: [],
      salaryLines: [],
      openEntries: 0,
      totals: totalsOf([], []),
      leave: {
        year,
        entitlement: account ? account.entitlement.total : (contract.vacationDays ?? null),
        remaining: account ? account.remaining : (contract.remainingLeave?.find((r) => r.year === year)?.days ?? null),
        takenInMonth: 0,
      },
    });
  }
  const dayOf = (userId: string | null, date: string): TimesheetDay | undefined =>
    sheets.get(userId)?.days.find((d) => d.date === date);

  for (const job of jobs) {
    const day = dayOf(job.user_id, localDate(Date.parse(job.doc.from)));
    if (!day) continue;
    day.jobs += 1;
    day.plannedMinutes += Math.round(
      job.doc.targetTime ?? (Date.parse(job.doc.to) - Date.parse(job.doc.from)) / 60_000,
    );
  }
  const salaryOfEntry = new Map(
    salaries.filter((s) => s.doc.timeTrackingId).map((s) => [s.doc.timeTrackingId as string, s.doc]),
  );
  for (const entry of entries) {
    const sheet = sheets.get(entry.user_id);
    const start = Date.parse(entry.doc.timeStart);
    const day = dayOf(entry.user_id, localDate(start));
    if (!sheet || !day) continue;
    if (!entry.doc.timeEnd) {
      sheet.openEntries += 1;
      continue;
    }
    const presence = Math.max(0, Math.floor((Date.parse(entry.doc.timeEnd) - start) / 1000));
    // An approved entry shows what its salary deducted and paid; an open one the break rule's result.
    const salary = salaryOfEntry.get(entry.id);
    const breakSeconds = salary?.break ?? deductedBreakSeconds(presence, entry.doc.break, settings.breakRule);
    const worked = salary?.workingTime ?? presence - breakSeconds + (entry.doc.addedTime ?? 0);
    day.entries += 1;
    day.presenceMinutes += minutes(presence);
    day.breakMinutes += minutes(breakSeconds);
    day.workedMinutes += minutes(worked);
    if (!entry.doc.approved) day.unapprovedEntries += 1;
  }

  for (const absence of absences) {
    const sheet = sheets.get(absence.user_id);
    if (!sheet) continue;
    const kind = kindKey(absence.doc.type);
    const paid = new Map<string, number>(
      (absence.doc.absencePaidTimeArray ?? []).map((p: { date: string; seconds: number }) => [p.date, p.seconds]),
    );
    // A vacation's days without those an approved illness displaces (§9 BUrlG), as leave counts them.
    const facts = await withoutIllness(tx, absence.doc, await absenceFacts(tx, absence.doc));
    for (const d of facts.days) {
      const day = dayOf(absence.user_id, d.date);
      if (!day || (d.fraction === 0 && !paid.has(d.date))) continue;
      day.absences.push({
        kind,
        type: absence.doc.type,
        days: d.fraction,
        paidMinutes: minutes(paid.get(d.date) ?? 0),
      });
    }
  }

  for (const s of salaries) {
    const sheet = sheets.get(s.user_id);
    if (!sheet) continue;
    const doc = s.doc;
    // An absence salary's day; its `from` is that day's local start (absences/absence-effects.ts).
    const date = doc.type === 'absence' && doc.date ? doc.date : localDate(Date.parse(doc.from));
    const absenceKind = doc.type === 'absence' ? kindKey(absenceKinds.get(doc.absenceId ?? '') ?? 8) : undefined;
    const seconds = (doc.workingTime ?? 0) + (doc.drivingTime ?? 0);
    const rateCents = toCents(doc.salaryPerHour ?? 0);
    const surcharges = ((doc.surcharges ?? []) as StoredSurchargeLine[]).map((x) => {
      const part = { cents: toCents(x._cash ?? 0), taxFreeCents: toCents(x.taxFreeCash ?? 0) };
      return {
        name: x.name,
        category: categories.get(x.surchargeId) ?? 'other',
        seconds: x.seconds,
        ...part,
        taxableCents: toCents(x.taxableCash ?? 0),
        // §1 (1) Nr. 1 SvEV: free of social insurance only on a base up to 25 EUR/h.
        socialInsuranceFreeCents: socialInsuranceFreeCents(part, rateCents),
      };
    });
    const totalCents = doc.salaryCents ?? toCents(doc.salary ?? 0);
    const line: PayLine = {
      salaryId: s.id,
      date,
      type: doc.type === 'absence' ? 'absence' : 'work',
      payType: doc.payType ?? 'default',
      ...(absenceKind ? { absenceKind } : {}),
      ...(doc.payRule ? { payRule: doc.payRule } : {}),
      minutes: minutes(seconds),
      totalCents,
      surcharges: surcharges.map((x) => ({ ...x, minutes: minutes(x.seconds) })),
      billed: Boolean(doc.billed),
      errors: doc.errors ?? [],
    };
    sheet.payLines.push(line);
    const salaryLine: SalaryLine = {
      type: line.type,
      payType: line.payType,
      payTypeCode: codes.get(line.payType),
      absenceKind,
      payRule: doc.payRule,
      seconds,
      totalCents,
      surcharges,
    };
    sheet.salaryLines.push(salaryLine);
    const day = dayOf(s.user_id, date);
    if (day) {
      day.payCents += totalCents;
      for (const x of surcharges)
        day.surchargeMinutes[x.category] = (day.surchargeMinutes[x.category] ?? 0) + minutes(x.seconds);
    }
  }
  for (const sheet of sheets.values()) {
    sheet.totals = totalsOf(sheet.days, sheet.payLines);
    const contract = contracts.get(sheet.user.id) ?? {};
    sheet.employment = checkEmployment({
      month,
      payCents: sheet.totals.payCents,
      type: contract.employmentType,
      unforeseeable: contract.unforeseeableExceedings,
    });
    sheet.leave.takenInMonth = sheet.totals.absenceDays.vacation ?? 0;
  }
  return [...sheets.values()];
}
