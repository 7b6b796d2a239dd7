// Splits worked time into the time frames in which each surcharge applies, in the company's
// time zone. Rules are matched per local calendar day; day boundaries, windows and DST changes
// are placed in the zone first, so a frame's length is real elapsed time (a night across the
// autumn change is one hour longer). Within a combination group the highest rate wins at each
// instant (ties: the rule listed first); rates of different groups add up.
import { localToUtc, utcToLocal } from '../../../platform/time/zoned-time.js';

export interface SurchargeRule {
  id: string;
  name: string;
  /** Percent of the hourly rate, e.g. 25. */
  rate: number;
  /** Combination group: within a group the highest rate wins, groups add up. */
  group: string;
  /** Which deprecated salary field the time also counts towards. */
  category?: 'night' | 'sunday' | 'publicHoliday' | 'other';
  activeOn: ActiveOn;
}

export interface ActiveOn {
  /** ISO weekdays, 1 = Monday … 7 = Sunday; absent = every day. */
  weekdays?: number[];
  /** Only on public holidays of the place of work. */
  publicHolidays?: boolean;
  /** Only on these calendar dates, `MM-DD`. */
  dates?: string[];
  /** Local `HH:mm` windows; absent = the whole day. `to` ≤ `from` runs into the next day; `24:00` is midnight. */
  timeWindows?: Array<{ from: string; to: string }>;
  /** Also the next day from 00:00 to this time, when the work began before that midnight (§3b (3) EStG). */
  followingNightUntil?: string;
  /** Time counts only when the work began before the midnight that starts the frame's day. */
  onlyIfBegunBeforeMidnight?: boolean;
}

export interface Interval {
  from: number;
  to: number;
}

export interface SurchargeShare {
  rule: SurchargeRule;
  /** Local calendar date of the frames, YYYY-MM-DD. */
  date: string;
  seconds: number;
  frames: Interval[];
}

export interface FrameContext {
  timeZone: string;
  isPublicHoliday(date: string): boolean;
}

const DAY = 86_400_000;

export function minutesOfDay(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`not a time of day: ${hhmm}`);
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[2]) > 59 || minutes > 24 * 60) throw new RangeError(`not a time of day: ${hhmm}`);
  return minutes;
}

const dateOf = (localDay: number) => new Date(localDay).toISOString().slice(0, 10);
const isoWeekday = (localDay: number) => ((new Date(localDay).getUTCDay() + 6) % 7) + 1;

function dayMatches(activeOn: ActiveOn, localDay: number, ctx: FrameContext): boolean {
  const date = dateOf(localDay);
  if (activeOn.weekdays && !activeOn.weekdays.includes(isoWeekday(localDay))) return false;
  if (activeOn.publicHolidays && !ctx.isPublicHoliday(date)) return false;
  if (activeOn.dates && !activeOn.dates.includes(date.slice(5))) return false;
  return true;
}

/** Local pieces [from, to) of a rule that belong to a matching day, with the midnight the work must have begun before. */
function localPieces(activeOn: ActiveOn, day: number): Array<{ from: number; to: number; begunBefore?: number }> {
  const pieces: Array<{ from: number; to: number; begunBefore?: number }> = [];
  const windows = activeOn.timeWindows ?? [{ from: '00:00', to: '24:00' }];
  for (const window of windows) {
    const from = day + minutesOfDay(window.from) * 60_000;
    let to = day + minutesOfDay(window.to) * 60_000;
    if (to <= from) to += DAY;
    if (!activeOn.onlyIfBegunBeforeMidnight) {
      pieces.push({ from, to });
      continue;
    }
    // Each part of a window that runs past midnight is judged by the midnight that starts its own day.
    pieces.push({ from, to: Math.min(to, day + DAY), begunBefore: day });
    if (to > day + DAY) pieces.push({ from: day + DAY, to, begunBefore: day + DAY });
  }
  if (activeOn.followingNightUntil) {
    pieces.push({
      from: day + DAY,
      to: day + DAY + minutesOfDay(activeOn.followingNightUntil) * 60_000,
      begunBefore: day + DAY,
    });
  }
  return pieces;
}

function intersect(a: Interval[], b: Interval): Interval[] {
  const out: Interval[] = [];
  for (const x of a) {
    const from = Math.max(x.from, b.from);
    const to = Math.min(x.to, b.to);
    if (to > from) out.push({ from, to });
  }
  return out;
}

/** The frames (UTC ms) in which each rule applies to the worked intervals, before combination. */
function candidateFrames(work: Interval[], workStart: number, rules: SurchargeRule[], ctx: FrameContext): Interval[][] {
  const first = Math.floor(utcToLocal(ctx.timeZone, work[0]!.from) / DAY) * DAY - DAY;
  const last = Math.floor(utcToLocal(ctx.timeZone, work[work.length - 1]!.to) / DAY) * DAY;
  return rules.map((rule) => {
    const frames: Interval[] = [];
    for (let day = first; day <= last; day += DAY) {
      if (!dayMatches(rule.activeOn, day, ctx)) continue;
      for (const piece of localPieces(rule.activeOn, day)) {
        if (piece.begunBefore !== undefined && workStart >= localToUtc(ctx.timeZone, piece.begunBefore)) continue;
        frames.push(
          ...intersect(work, { from: localToUtc(ctx.timeZone, piece.from), to: localToUtc(ctx.timeZone, piece.to) }),
        );
      }
    }
    return frames;
  });
}

/** Applies "highest wins within a group": each instant goes to at most one rule per group. */
function combine(rules: SurchargeRule[], candidates: Interval[][]): Interval[][] {
  const won: Interval[][] = rules.map(() => []);
  const groups = new Map<string, number[]>();
  rules.forEach((rule, i) => {
    groups.set(rule.group, [...(groups.get(rule.group) ?? []), i]);
  });
  for (const members of groups.values()) {
    const cuts = [...new Set(members.flatMap((i) => candidates[i]!.flatMap((f) => [f.from, f.to])))].sort(
      (a, b) => a - b,
    );
    for (let k = 0; k + 1 < cuts.length; k++) {
      const from = cuts[k]!;
      const to = cuts[k + 1]!;
      let best: number | undefined;
      for (const i of members) {
        if (!candidates[i]!.some((f) => f.from <= from && f.to >= to)) continue;
        if (best === undefined || rules[i]!.rate > rules[best]!.rate) best = i;
      }
      if (best === undefined) continue;
      const frames = won[best]!;
      const previous = frames[frames.length - 1];
      if (previous && previous.to === from) previous.to = to;
      else frames.push({ from, to });
    }
  }
  return won;
}

/** Cuts frames at local midnights and groups them by local date. */
function byLocalDate(frames: Interval[], timeZone: string): Map<string, Interval[]> {
  const dates = new Map<string, Interval[]>();
  for (const frame of frames) {
    let from = frame.from;
    while (from < frame.to) {
      const localDay = Math.floor(utcToLocal(timeZone, from) / DAY) * DAY;
      const to = Math.min(frame.to, localToUtc(timeZone, localDay + DAY));
      const date = dateOf(localDay);
      dates.set(date, [...(dates.get(date) ?? []), { from, to }]);
      from = to;
    }
  }
  return dates;
}

/**
 * The surcharge shares of worked intervals (UTC ms, sorted, disjoint): one per rule and local
 * date, with exact frames and their whole seconds. `workStart` is when the work began.
 */
export function surchargeShares(
  work: Interval[],
  workStart: number,
  rules: SurchargeRule[],
  ctx: FrameContext,
): SurchargeShare[] {
  const worked = work.filter((w) => w.to > w.from);
  if (worked.length === 0 || rules.length === 0) return [];
  const won = combine(rules, candidateFrames(worked, workStart, rules, ctx));
  const shares: SurchargeShare[] = [];
  rules.forEach((rule, i) => {
    for (const [date, frames] of byLocalDate(won[i]!, ctx.timeZone)) {
      const ms = frames.reduce((sum, f) => sum + f.to - f.from, 0);
      shares.push({ rule, date, seconds: Math.round(ms / 1000), frames });
    }
  });
  return shares.sort((a, b) => a.frames[0]!.from - b.frames[0]!.from || rules.indexOf(a.rule) - rules.indexOf(b.rule));
}
