// Pay of absence time: the paid seconds of each day at the contract's hourly rate (times the
// absence pay type's factor), rounded per day like every other line. A monthly salary keeps
// being paid, so its absence days cost 0 here and only record the time.
import { centsFor } from './money.js';
import { hourlyRateCents, type Contract, type PayType } from './salary-calculation.js';

export interface PaidDay { date: string; seconds: number }
export interface AbsencePayLine { date: string; seconds: number; salaryPerHourCents: number; cents: number }

export function absencePay(days: PaidDay[], contract: Contract, payType?: PayType): AbsencePayLine[] {
  const rate = hourlyRateCents(contract, payType);
  const monthly = contract.salaryType === 'monthly';
  return days.filter((d) => d.seconds > 0).map((d) => ({
    date: d.date, seconds: d.seconds, salaryPerHourCents: rate, cents: monthly ? 0 : centsFor(d.seconds, rate),
  }));
}
