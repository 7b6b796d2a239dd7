// The time entries to approve as rows of the compact list: planned time (from the entry's job) beside the
// clocked time, the deviation, and the filters (team, only deviations). Pure, so the rules are tested alone.
import type { Job, TimeTrackingEntry } from '../../../../clients/typescript/src/api-types.js';

/** A deviation smaller than this (either way) is noise, not something a manager looks at. */
export const DEVIATION_MINUTES = 15;

export interface TimeRow {
  entry: TimeTrackingEntry;
  job?: Job;
  /** Planned minutes: the job's length, else the entry's target time; undefined when nothing was planned. */
  plannedMinutes?: number;
  /** Worked minutes (presence − break + added time), undefined while running. */
  workedMinutes?: number;
  /** Worked − planned, in minutes; undefined when either is missing. */
  deviationMinutes?: number;
  /** Plausibility errors, or a deviation of at least DEVIATION_MINUTES. */
  deviates: boolean;
}

const minutes = (ms: number) => Math.round(ms / 60_000);

export function timeRow(entry: TimeTrackingEntry, job: Job | undefined): TimeRow {
  const planned =
    job?.from && job.to
      ? minutes(Date.parse(job.to) - Date.parse(job.from))
      : entry.targetTime
        ? Math.round(entry.targetTime / 60)
        : undefined;
  const worked = entry.timeEnd && entry.workingTime != null ? Math.round(entry.workingTime / 60) : undefined;
  const deviation = planned !== undefined && worked !== undefined ? worked - planned : undefined;
  return {
    entry,
    job,
    plannedMinutes: planned,
    workedMinutes: worked,
    deviationMinutes: deviation,
    deviates: entry.errors.length > 0 || (deviation !== undefined && Math.abs(deviation) >= DEVIATION_MINUTES),
  };
}

export interface TimeFilter {
  teamId?: string;
  onlyDeviations: boolean;
}

export const matches = (row: TimeRow, filter: TimeFilter) =>
  (!filter.teamId || row.job?.teamId === filter.teamId) && (!filter.onlyDeviations || row.deviates);

/** The teams of the rows' jobs, each named by its members (the API gives teams no names), in first-seen order. */
export function teamsOf(rows: TimeRow[], userName: (id: string | null | undefined) => string) {
  const members = new Map<string, Set<string>>();
  for (const { job, entry } of rows) {
    if (!job?.teamId) continue;
    const names = members.get(job.teamId) ?? new Set<string>();
    names.add(userName(entry.userId) || '?');
    members.set(job.teamId, names);
  }
  return [...members].map(([id, names]) => ({ id, names: [...names].sort().join(', ') }));
}

export type Period = 'open' | 'thisWeek' | 'lastWeek';

/** The period's bounds on the entries' start (Monday 00:00 local time); none for every open entry. */
export function periodBounds(period: Period, now = new Date()): { from?: string; to?: string } {
  if (period === 'open') return {};
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  if (period === 'lastWeek') monday.setDate(monday.getDate() - 7);
  const next = new Date(monday);
  next.setDate(monday.getDate() + 7);
  return { from: monday.toISOString(), to: new Date(next.getTime() - 1).toISOString() };
}
