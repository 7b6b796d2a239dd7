// How far a company's job window may reach. Ahead: PLANNING_HORIZON_DAYS after the company's today
// (a time frame beyond it is refused); back: PLANNING_PAST_DAYS before it (a frame further back is
// answered from the jobs that exist, none are generated for it). So no request grows the window by
// more than these spans, however far away the dates it names.
import type { TenantTx } from '../../platform/db/tenant.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import { localToUtc, utcToLocal } from '../../platform/time/zoned-time.js';

/** About 18 months. */
export const PLANNING_HORIZON_DAYS = 548;
export const PLANNING_PAST_DAYS = 366;
const DAY = 86_400_000;

export interface PlanningBounds {
  /** The window never starts before this instant: the start of (today - PLANNING_PAST_DAYS) in the company's zone. */
  earliest: number;
  /** Nor ends after this one: the end of `lastDate` in the company's zone. */
  latest: number;
  /** The last local date jobs are planned for: the company's today + PLANNING_HORIZON_DAYS. */
  lastDate: string;
}

export interface TimeRange {
  from: number;
  to: number;
}

/** No limits: for trusted callers that generate a window of their choosing (benchmarks, tools). */
export const UNBOUNDED: PlanningBounds = { earliest: -Infinity, latest: Infinity, lastDate: '' };

// Each zone's bounds of its current date: every read of jobs asks for them, and they change once a day, where
// working them out (two local times to UTC, a date's text) cost more than the rest of the question. By zone, and
// zones are IANA's names (a few hundred); the bound only guards against a caller passing other strings.
const ZONES_KEPT = 1024;
const boundsOfToday = new Map<string, { today: number; bounds: PlanningBounds }>();

export function planningBounds(timeZone: string, now: number): PlanningBounds {
  const today = Math.floor(utcToLocal(timeZone, now) / DAY) * DAY;
  const kept = boundsOfToday.get(timeZone);
  if (kept?.today === today) return kept.bounds;
  const last = today + PLANNING_HORIZON_DAYS * DAY;
  const bounds: PlanningBounds = Object.freeze({
    earliest: localToUtc(timeZone, today - PLANNING_PAST_DAYS * DAY),
    latest: localToUtc(timeZone, last + DAY),
    lastDate: new Date(last).toISOString().slice(0, 10),
  });
  if (boundsOfToday.size >= ZONES_KEPT) boundsOfToday.clear();
  boundsOfToday.set(timeZone, { today, bounds });
  return bounds;
}

export async function loadPlanningBounds(tx: TenantTx, now: number): Promise<PlanningBounds> {
  return planningBounds((await loadTimeAndPaySettings(tx)).timeZone, now);
}

/** The part of [from, to) inside the bounds, or undefined when nothing of it is. */
export function clampToBounds(range: TimeRange, bounds: PlanningBounds): TimeRange | undefined {
  const from = Math.max(range.from, bounds.earliest);
  const to = Math.min(range.to, bounds.latest);
  return from < to ? { from, to } : undefined;
}
