// Illness during vacation (§9 BUrlG): the working days of a vacation on which the employee is
// certified ill are not counted as leave. The displaced part of each day is the absence-days
// count of the overlap of the two periods, so weekends and public holidays inside it count 0 and a
// part-day illness displaces only the hours it shares with the vacation. Pure; used for leave
// counting (remainingLeave, daysAbsent, leaveBooked) and for which days vacation pay covers.
import { absenceDays, countDaysAbsent, type AbsenceDay, type AbsencePeriod } from './absence-days.js';

export interface LeaveAfterIllness {
  /** The vacation's days with the displaced part taken off (fraction and contract seconds). */
  days: AbsenceDay[];
  /** Per date touched by an illness: the part of the day's leave it displaces. */
  displaced: AbsenceDay[];
  /** Working days still counted as leave (the vacation's daysAbsent). */
  daysAbsent: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function leaveAfterIllness(input: {
  vacation: AbsencePeriod;
  days: AbsenceDay[];
  illnesses: AbsencePeriod[];
  timeZone: string;
  hours: number[];
  isPublicHoliday(date: string): boolean;
}): LeaveAfterIllness {
  const byDate = new Map<string, AbsenceDay>();
  for (const ill of input.illnesses) {
    const from = Math.max(ill.from, input.vacation.from);
    const to = Math.min(ill.to, input.vacation.to);
    if (to <= from) continue;
    const overlap = absenceDays({
      period: { from, to },
      timeZone: input.timeZone,
      hours: input.hours,
      isPublicHoliday: input.isPublicHoliday,
    });
    for (const d of overlap) {
      const seen = byDate.get(d.date);
      byDate.set(
        d.date,
        seen
          ? { ...seen, fraction: seen.fraction + d.fraction, contractSeconds: seen.contractSeconds + d.contractSeconds }
          : d,
      );
    }
  }
  const displaced: AbsenceDay[] = [];
  const days = input.days.map((day) => {
    const ill = byDate.get(day.date);
    if (!ill) return day;
    // Two illnesses on one day (rare) never displace more than the day's leave.
    const fraction = round2(Math.min(day.fraction, ill.fraction));
    const contractSeconds = Math.min(day.contractSeconds, ill.contractSeconds);
    displaced.push({ ...ill, fraction, contractSeconds });
    return {
      ...day,
      fraction: round2(day.fraction - fraction),
      contractSeconds: day.contractSeconds - contractSeconds,
    };
  });
  return { days, displaced, daysAbsent: countDaysAbsent(days) };
}

/**
 * Vacation pay only for days with leave left: a paid day (planned jobs or contract hours) on a
 * date an illness touches and no leave remains is paid as illness, by the illness absence.
 */
export function vacationPaidDays<T extends { date: string }>(
  paid: T[],
  leave: Pick<LeaveAfterIllness, 'days' | 'displaced'>,
): T[] {
  if (leave.displaced.length === 0) return paid;
  const remaining = new Map(leave.days.map((d) => [d.date, d.fraction]));
  const ill = new Set(leave.displaced.map((d) => d.date));
  return paid.filter((p) => !(ill.has(p.date) && (remaining.get(p.date) ?? 0) === 0));
}
