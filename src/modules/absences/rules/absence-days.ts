// The days of an absence, in the company's time zone: which are working days of the user's
// contract (weekdays with hours, no public holiday of the user's region), how much of each the
// absence covers, and the contract hours of each. Pure; docs/decisions.md (Absences) explains it.
import { localToUtc, utcToLocal } from '../../../platform/time/zoned-time.js';

const DAY = 86_400_000;

export interface AbsenceDay {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** Part of the day's contract hours the absence covers (1 for a full day). */
  fraction: number;
  /** Contract seconds of that day times the fraction (0 on days off and holidays). */
  contractSeconds: number;
  workingDay: boolean;
}

export interface AbsencePeriod {
  from: number;
  to: number;
}

/**
 * The absence's period in UTC. A full-day absence covers every local day from dtStart's date to
 * dtEnd's date; a dtEnd at exactly local midnight ends the day before (an exclusive end). A part-day
 * absence is [dtStart, dtEnd) as given.
 */
export function absencePeriod(dtStart: number, dtEnd: number, fullDay: boolean, timeZone: string): AbsencePeriod {
  if (!fullDay) return { from: dtStart, to: dtEnd };
  const firstDay = Math.floor(utcToLocal(timeZone, dtStart) / DAY) * DAY;
  const endLocal = utcToLocal(timeZone, dtEnd);
  let lastDay = Math.floor(endLocal / DAY) * DAY;
  if (endLocal === lastDay && lastDay > firstDay) lastDay -= DAY;
  return { from: localToUtc(timeZone, firstDay), to: localToUtc(timeZone, lastDay + DAY) };
}

export function absenceDays(input: {
  period: AbsencePeriod;
  timeZone: string;
  hours: number[];
  isPublicHoliday(date: string): boolean;
}): AbsenceDay[] {
  const { period, timeZone } = input;
  const days: AbsenceDay[] = [];
  for (let day = Math.floor(utcToLocal(timeZone, period.from) / DAY) * DAY; ; day += DAY) {
    const dayStart = localToUtc(timeZone, day);
    if (dayStart >= period.to) break;
    const dayEnd = localToUtc(timeZone, day + DAY);
    const date = new Date(day).toISOString().slice(0, 10);
    const hours = input.hours[(new Date(day).getUTCDay() + 6) % 7]!;
    const workingDay = hours > 0 && !input.isPublicHoliday(date);
    const covered = Math.min(period.to, dayEnd) - Math.max(period.from, dayStart);
    // A part of a day counts against the contract hours, capped at the whole day.
    const fraction = covered >= dayEnd - dayStart ? 1 : Math.min(1, covered / (hours * 3_600_000 || 1));
    days.push({
      date,
      fraction: workingDay ? round2(fraction) : 0,
      contractSeconds: workingDay ? Math.round(hours * 3600 * fraction) : 0,
      workingDay,
    });
  }
  return days;
}

/** Working days the absence covers (the spec's daysAbsent), to two decimals. */
export function countDaysAbsent(days: AbsenceDay[]): number {
  return round2(days.reduce((sum, d) => sum + d.fraction, 0));
}

const round2 = (n: number) => Math.round(n * 100) / 100;
