// The planning board's pure rules: the shown range (a week from Monday or one day, local time), jobs indexed
// by row and day once per data change, and each job's look (state, absence, conflict computed here).
import type { Job } from '../../../clients/typescript/src/api-types.js';

export const DAY_MS = 86_400_000;
export const UNASSIGNED_ROW = '';

export type View = 'week' | 'day';
export type Kind = 'planned' | 'started' | 'completed' | 'cancelled' | 'absence' | 'conflict';

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

/** What a job's block shows first: a conflict or an absence outranks the state. */
export function kindOf(job: Job, conflicts: Set<string>): Kind {
  if (conflicts.has(job._id)) return 'conflict';
  if (isAbsenceAffected(job) && !job.replacementJobId) return 'absence';
  if (job.state === 'started' || job.state === 'completed' || job.state === 'cancelled') return job.state;
  return 'planned';
}

/** The job moved to another shown day (same time of day) or shifted by minutes, as the move action's body. */
export function shifted(job: Job, days: number, minutes = 0): { from: string; to: string } {
  const move = (iso: string) => new Date(addDays(Date.parse(iso), days) + minutes * 60_000).toISOString();
  return { from: move(job.from!), to: move(job.to ?? job.from!) };
}
