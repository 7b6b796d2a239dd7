// A year's leave account: the entitlement, the days carried over from the year before, the days
// taken (carried days first) and the carried days that lapse. §7 (3) BUrlG: carried leave must be
// taken by 31 March; it lapses then only if the employer asked the employee in time to take it
// (BAG 9 AZR 541/15, a recorded notice for the year the days come from); an employee unable to
// work through illness until then keeps it for 15 months after the end of its year (BAG 9 AZR
// 353/10: until 31 March of the next year). Pure; docs/pay-law.md.
import type { Entitlement } from './leave-entitlement.js';

export interface LeaveMovement {
  date: string;
  kind: 'entitlement' | 'carryOver' | 'taken' | 'lapsed';
  /** Positive adds to the account, negative takes from it. */
  days: number;
  legalBasis: string;
  absenceId?: string;
}

export interface LeaveAccount {
  year: number;
  entitlement: Entitlement;
  carriedOver: number;
  /** The day the carried days lapse, or null when they do not (no notice, or none carried). */
  carryLapsesOn: string | null;
  takenFromCarryOver: number;
  takenFromYear: number;
  lapsed: number;
  remaining: number;
  movements: LeaveMovement[];
}

export interface LeaveAccountInput {
  year: number;
  entitlement: Entitlement;
  /** What was left at the end of the year before (0 when not employed then). */
  carriedOver: number;
  /** The employer's notice for the year before was recorded (§7 (1), (3) BUrlG, BAG 9 AZR 541/15). */
  noticeForPreviousYear: boolean;
  /** Unable to work through illness on every working day from 1 January to 31 March. */
  illThroughMarch: boolean;
  /** The day the account is read: carried days lapse only once 31 March has passed. */
  asOf: string;
  /** Leave booked in the year, by the day it starts. */
  taken: Array<{ date: string; days: number; absenceId?: string }>;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export function leaveAccount(input: LeaveAccountInput): LeaveAccount {
  const { year, entitlement } = input;
  const carried = r2(input.carriedOver);
  const lapseDay = `${year}-03-31`;
  const lapses = carried > 0 && input.noticeForPreviousYear && !input.illThroughMarch;
  const movements: LeaveMovement[] = [
    { date: `${year}-01-01`, kind: 'entitlement', days: entitlement.total, legalBasis: entitlement.basis },
  ];
  if (carried !== 0) {
    movements.push({ date: `${year}-01-01`, kind: 'carryOver', days: carried, legalBasis: '§7 (3) BUrlG' });
  }
  let carry = carried;
  let fromCarry = 0;
  let fromYear = 0;
  let lapsed = 0;
  const lapse = () => {
    if (!lapses || lapsed > 0 || carry <= 0) return;
    lapsed = r2(carry);
    carry = 0;
    movements.push({
      date: `${year}-04-01`,
      kind: 'lapsed',
      days: -lapsed,
      legalBasis: '§7 (3) BUrlG; the notice was given (BAG 9 AZR 541/15)',
    });
  };
  for (const t of [...input.taken].sort((a, b) => a.date.localeCompare(b.date))) {
    if (t.date > lapseDay) lapse();
    // Carried days are used first (they lapse first).
    const useCarry = Math.max(0, Math.min(carry, t.days));
    carry = r2(carry - useCarry);
    fromCarry = r2(fromCarry + useCarry);
    fromYear = r2(fromYear + t.days - useCarry);
    movements.push({
      date: t.date,
      kind: 'taken',
      days: -t.days,
      legalBasis: useCarry > 0 ? '§7 (3) BUrlG: carried days first' : '§7 (1) BUrlG',
      ...(t.absenceId ? { absenceId: t.absenceId } : {}),
    });
  }
  if (input.asOf > lapseDay) lapse();
  return {
    year,
    entitlement,
    carriedOver: carried,
    carryLapsesOn: lapses ? lapseDay : null,
    takenFromCarryOver: fromCarry,
    takenFromYear: fromYear,
    lapsed,
    remaining: r2(entitlement.total + carried - fromCarry - fromYear - lapsed),
    movements,
  };
}
