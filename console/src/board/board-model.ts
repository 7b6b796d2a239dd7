// The planning board's pure rules: the shown range (a week from Monday or one day, local time), jobs indexed
// by row and day once per data change, and each job's look (state, absence, conflict computed here).
import type { Job } from '../../../clients/typescript/src/api-types.js';

export const DAY_MS = 86_400_000;
export const UNASSIGNED_ROW = '';

export type View = 'week' | 'day';
export type Kind = 'planned' | 'started' | 'completed' | 'cancelled' | 'missed' | 'absence' | 'conflict';

export interface Range {
  from: number;
  to: number;
  /** Start of each shown day (7 in the week view, 1 in the day view). */
  days: number[];
}

const midnight = (t: number) => {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

/** Adds whole local days (a day is not always 24 h: summer time). */
export function addDays(t: number, n: number): number {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes()).getTime();
}

export function rangeOf(view: View, anchor: number): Range {
  const day = midnight(anchor);
  const start = view === 'day' ? day : addDays(day, -((new Date(day).getDay() + 6) % 7));
  const count = view === 'day' ? 1 : 7;
  const days = Array.from({ length: count }, (_, i) => addDays(start, i));
  return { from: start, to: addDays(start, count), days };
}

/** Index of the shown day a time falls on, or -1. */
export function dayIndexOf(range: Range, t: number): number {
  if (t < range.from || t >= range.to) return -1;
  let i = range.days.length - 1;
  while (i > 0 && (range.days[i] ?? 0) > t) i--;
  return i;
}

export const rowOf = (job: Job) => job.userId ?? UNASSIGNED_ROW;
export const isAbsenceAffected = (job: Job) => Boolean(job.absenceId) || (job.absences?.length ?? 0) > 0;

/** Jobs by row (user id, '' for unassigned), each row's jobs by day, sorted by start. */
export type JobIndex = Map<string, Job[][]>;

export function indexJobs(jobs: Iterable<Job>, range: Range): JobIndex {
  const index: JobIndex = new Map();
  for (const job of jobs) {
    // A replaced job is covered: its replacement job shows in the stand-in's row instead.
    if (job.replacementJobId) continue;
    const day = dayIndexOf(range, Math.max(Date.parse(job.from ?? ''), range.from));
    if (day < 0) continue;
    let row = index.get(rowOf(job));
    if (!row) index.set(rowOf(job), (row = range.days.map(() => [])));
    row[day]!.push(job);
  }
  for (const row of index.values())
    for (const day of row) day.sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
  return index;
}

/** Ids of jobs overlapping another (not cancelled) job of the same employee. */
export function conflictsOf(jobs: Iterable<Job>): Set<string> {
  const byUser = new Map<string, Job[]>();
  for (const job of jobs) {
    if (!job.userId || job.state === 'cancelled' || !job.from || !job.to) continue;
    const list = byUser.get(job.userId) ?? [];
    list.push(job);
    byUser.set(job.userId, list);
  }
  const found = new Set<string>();
  for (const list of byUser.values()) {
    list.sort((a, b) => Date.parse(a.from!) - Date.parse(b.from!));
    let latest: Job | undefined;
    for (const job of list) {
      if (latest && Date.parse(job.from!) < Date.parse(latest.to!)) {
        found.add(job._id);
        found.add(latest._id);
      }
      if (!latest || Date.parse(job.to!) > Date.parse(latest.to!)) latest = job;
    }
  }
  return found;
}

/**
 * What a job's block shows first: an absence (the person will not come) outranks an overlap, which outranks
 * the state; a job that ended without anyone clocking in is missed.
 */
export function kindOf(job: Job, conflicts: Set<string>, now = Date.now()): Kind {
  if (isAbsenceAffected(job) && !job.replacementJobId) return 'absence';
  if (conflicts.has(job._id)) return 'conflict';
  if (job.state === 'started' || job.state === 'completed' || job.state === 'cancelled') return job.state;
  if (job.to && Date.parse(job.to) < now) return 'missed';
  return 'planned';
}

/** The ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(t: number): number {
  const local = new Date(t);
  const d = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7)); // the Thursday of its week decides the year
  return Math.ceil(((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS + 1) / 7);
}

/** Hours of not cancelled, not replaced jobs per row in the range. */
export function hoursByRow(jobs: Iterable<Job>, range: Range): Map<string, number> {
  const hours = new Map<string, number>();
  for (const job of jobs) {
    if (job.state === 'cancelled' || job.replacementJobId || !job.from || !job.to) continue;
    if (dayIndexOf(range, Date.parse(job.from)) < 0) continue;
    const row = rowOf(job);
    hours.set(row, (hours.get(row) ?? 0) + (Date.parse(job.to) - Date.parse(job.from)) / 3_600_000);
  }
  return hours;
}

/** An approved absence as a band over the shown days of its person's row. */
export interface Band {
  id: string;
  type: number;
  /** First and last shown day it covers (indices into range.days). */
  first: number;
  last: number;
  from: number;
  to: number;
}

export function bandsOf(
  absences: Iterable<{
    _id: string;
    userId?: string | null;
    type?: number | null;
    dtStart?: string | null;
    dtEnd?: string | null;
  }>,
  range: Range,
): Map<string, Band[]> {
  const bands = new Map<string, Band[]>();
  for (const a of absences) {
    if (!a.userId || !a.dtStart || !a.dtEnd) continue;
    const from = Date.parse(a.dtStart);
    const to = Date.parse(a.dtEnd);
    if (to <= range.from || from >= range.to) continue;
    const band = {
      id: a._id,
      type: a.type ?? 8,
      first: dayIndexOf(range, Math.max(from, range.from)),
      last: dayIndexOf(range, Math.min(to, range.to) - 1),
      from,
      to,
    };
    bands.set(a.userId, [...(bands.get(a.userId) ?? []), band]);
  }
  return bands;
}

/** Why moving a job to this person at these times needs a second thought: an absence, else an overlap. */
export function clashOf(
  job: Job,
  userId: string,
  at: { from: string; to: string },
  bands: Map<string, Band[]>,
  jobs: Iterable<Job>,
): { absence: Band } | { overlap: Job } | undefined {
  if (!userId) return undefined;
  const from = Date.parse(at.from);
  const to = Date.parse(at.to);
  const absence = bands.get(userId)?.find((band) => band.from < to && band.to > from);
  if (absence) return { absence };
  for (const other of jobs) {
    if (other._id === job._id || other.userId !== userId || other.state === 'cancelled' || other.replacementJobId)
      continue;
    if (Date.parse(other.from ?? '') < to && Date.parse(other.to ?? '') > from) return { overlap: other };
  }
  return undefined;
}

/** The job moved to another shown day (same time of day) or shifted by minutes, as the move action's body. */
export function shifted(job: Job, days: number, minutes = 0): { from: string; to: string } {
  const move = (iso: string) => new Date(addDays(Date.parse(iso), days) + minutes * 60_000).toISOString();
  return { from: move(job.from!), to: move(job.to ?? job.from!) };
}
