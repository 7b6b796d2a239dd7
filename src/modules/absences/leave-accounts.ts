// The leave account of an employee and year (docs/pay-law.md, Leave account): the entitlement
// from the contract, the carry-over from the years before (up to three, older leave is time-barred
// or lapsed), the vacations booked and what lapses. Read by GET /users/{id}/leave, the timesheet
// and the leave booking (contract.remainingLeave).
import type { TenantTx } from '../../platform/db/tenant.js';
import { utcToLocal } from '../../platform/time/zoned-time.js';
import { loadTimeAndPaySettings, weeklyHours } from '../pay/index.js';
import { userContracts, type StoredContract } from '../users/index.js';
import { kindOf } from './absence-types.js';
import { leaveAccount, type LeaveAccount } from './rules/leave-account.js';
import { leaveEntitlement, type WorkingWeek } from './rules/leave-entitlement.js';

const YEARS_BACK = 3;
// (§195, §199 BGB: a claim is time-barred three years after the end of its year once the notice was given.)
const dateOf = (value: unknown) => (typeof value === 'string' && value.length >= 10 ? value.slice(0, 10) : undefined);

/** The contract's working weeks: `workingWeeks` when given, else the days with hours of dailyWorkingHours. */
export function workingWeeksOf(contract: StoredContract): WorkingWeek[] {
  const listed = Array.isArray(contract.workingWeeks) ? (contract.workingWeeks as WorkingWeek[]) : [];
  const fromHours = {
    from: '1900-01-01',
    daysPerWeek: weeklyHours(contract.dailyWorkingHours).filter((h) => h > 0).length,
  };
  return listed.length > 0 ? [...listed].sort((a, b) => a.from.localeCompare(b.from)) : [fromHours];
}

/** Whether the contract counts leave by the account: it names the yearly days. */
export const keepsLeaveAccount = (contract: StoredContract) => typeof contract.vacationDays === 'number';

interface Booking {
  date: string;
  year: number;
  days: number;
  absenceId: string;
}

/** Booked leave of the user (approved vacations' leaveBooked), dated by their first local day in each year. */
async function bookings(tx: TenantTx, userId: string, timeZone: string): Promise<Booking[]> {
  const rows = await tx.db
    .selectFrom('absences')
    .select([
      'id',
      (eb) =>
        eb
          .ref('doc')
          .$castTo<{ type?: number; dtStart?: string; leaveBooked?: Array<{ year: number; days: number }> }>()
          .as('doc'),
    ])
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where('state', 'in', ['approved', 'assigned'])
    .execute();
  const out: Booking[] = [];
  for (const row of rows) {
    if (!kindOf(row.doc.type ?? 0)?.booksLeave) continue;
    const first = new Date(utcToLocal(timeZone, Date.parse(row.doc.dtStart ?? ''))).toISOString().slice(0, 10);
    for (const { year, days } of row.doc.leaveBooked ?? []) {
      out.push({ year, days, absenceId: row.id, date: first.startsWith(String(year)) ? first : `${year}-01-01` });
    }
  }
  return out;
}

/** Whether approved illnesses cover every day from 1 January to 31 March of the year. */
async function illThroughMarch(tx: TenantTx, userId: string, year: number): Promise<boolean> {
  const rows = await tx.db
    .selectFrom('absences')
    .select(['dt_start', 'dt_end'])
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where('state', 'in', ['approved', 'assigned'])
    .where('type', '=', 1)
    .where('dt_start', '<', new Date(`${year}-04-01T00:00:00Z`))
    .where('dt_end', '>', new Date(`${year - 1}-12-31T00:00:00Z`))
    .orderBy('dt_start')
    .execute();
  let covered = Date.parse(`${year}-01-01T00:00:00Z`);
  for (const r of rows) {
    // Day precision: an illness reaches the day its end falls on; 24 h of slack for the time zone.
    if (r.dt_start!.getTime() > covered + 86_400_000) return false;
    covered = Math.max(covered, r.dt_end!.getTime());
  }
  return covered >= Date.parse(`${year}-03-31T00:00:00Z`);
}

/** The accounts of the years before up to `year` (the last is `year`'s), each carrying into the next. */
export async function leaveAccountOf(
  tx: TenantTx,
  userId: string,
  contract: StoredContract,
  year: number,
  asOf: string,
  /** An absence being booked or released: its stored bookings left out, `add` counted instead. */
  change?: { absenceId: string; add: Array<{ year: number; days: number; date: string }> },
): Promise<LeaveAccount> {
  const settings = await loadTimeAndPaySettings(tx);
  const booked = (await bookings(tx, userId, settings.timeZone)).filter((b) => b.absenceId !== change?.absenceId);
  if (change) booked.push(...change.add.map((a) => ({ ...a, absenceId: change.absenceId })));
  const startDate = dateOf(contract.startDate);
  const endDate = dateOf(contract.endDate);
  const notices = new Set(
    (Array.isArray(contract.leaveNotices) ? (contract.leaveNotices as Array<{ year: number }>) : []).map((n) => n.year),
  );
  // The account starts with the first year it has a booking or a notice for (no balance from
  // before Crewbase is read), at most three years back, not before the employment.
  const known = [...booked.map((b) => b.year), ...notices].filter((y) => y <= year);
  const first = Math.max(year - YEARS_BACK, startDate ? Number(startDate.slice(0, 4)) : 0, Math.min(year, ...known));
  let account: LeaveAccount | undefined;
  for (let y = first; y <= year; y++) {
    const employed = (!startDate || startDate <= `${y}-12-31`) && (!endDate || endDate >= `${y}-01-01`);
    const entitlement = leaveEntitlement({
      year: y,
      startDate,
      endDate,
      contractDays: employed ? Number(contract.vacationDays ?? 0) : 0,
      contractBasis: Number(contract.vacationDaysBasis ?? 5),
      weeks: employed ? workingWeeksOf(contract) : [{ from: '1900-01-01', daysPerWeek: 0 }],
    });
    account = leaveAccount({
      year: y,
      entitlement,
      carriedOver: account?.remaining ?? 0,
      noticeForPreviousYear: notices.has(y - 1),
      illThroughMarch: (account?.remaining ?? 0) > 0 && (await illThroughMarch(tx, userId, y)),
      asOf,
      taken: booked.filter((b) => b.year === y),
    });
  }
  return account!;
}

/** The account of a user by id, or undefined when the company has no such user. */
export async function leaveAccountOfUser(tx: TenantTx, userId: string, year: number, asOf: string) {
  const contract = (await userContracts(tx, [userId])).get(userId);
  if (!contract) return undefined;
  return leaveAccountOf(tx, userId, contract, year, asOf);
}
