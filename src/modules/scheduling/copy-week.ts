// POST /jobs/copyWeek: the previous week's one-off jobs (no assignment: those come from their rule) copied
// into the week starting at `weekStart`, a Monday in the company's time zone. Each copy keeps its object,
// user, title, comment and activity type and the same wall-clock times seven days later (a DST change
// between the weeks keeps 06:00 at 06:00). A job already there with the same object, user, times and title
// is not copied again, so a repeated call adds nothing.
import { Type, type Static } from 'typebox';
import type { TenantTx } from '../../platform/db/tenant.js';
import { Forbidden, Unprocessable, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { localToUtc, utcToLocal } from '../../platform/time/zoned-time.js';
import { createRecord } from '../../resources/engine/resource-service.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import { coverJobWindow } from './job-planning.js';
import type { Scheduling } from './scheduling-with.js';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** More one-off jobs than this in one week is refused rather than copied in one transaction. */
export const MAX_COPIED_JOBS = 5000;
/** What a copy takes over from its job; state, clock records, absences and teams belong to the original. */
const COPIED = ['objectId', 'userId', 'title', 'jobComment', 'activityTypeId', 'type', 'tags', 'targetTime'] as const;

export const copyWeekBody = Type.Object(
  {
    weekStart: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: "the Monday (YYYY-MM-DD, the company's time zone) of the week the jobs are copied into",
    }),
  },
  { additionalProperties: false },
);
export type CopyWeekBody = Static<typeof copyWeekBody>;

export const copyWeekResponse = Type.Object({
  ids: Type.Array(Type.String(), { description: 'the new jobs' }),
  skipped: Type.Integer({ description: 'jobs of the previous week already present in this one' }),
});

type JobRow = { id: string; doc: Record<string, unknown>; from_at: Date | string; to_at: Date | string };

async function oneOffJobs(tx: TenantTx, from: number, to: number): Promise<JobRow[]> {
  return (await tx.db
    .selectFrom('jobs')
    .select(['id', 'doc', 'from_at', 'to_at'])
    .where('company_id', '=', tx.companyId)
    .where('assignment_id', 'is', null)
    .where('master_job_id', 'is', null)
    .where('state', '!=', 'cancelled')
    .where('from_at', '>=', new Date(from))
    .where('from_at', '<', new Date(to))
    .orderBy('from_at')
    .limit(MAX_COPIED_JOBS + 1)
    .execute()) as JobRow[];
}

const sameJob = (doc: Record<string, unknown>, from: number, to: number) =>
  [doc.objectId ?? '', doc.userId ?? '', from, to, doc.title ?? ''].join('|');

export async function copyPreviousWeek(tx: TenantTx, ctx: RequestContext, body: CopyWeekBody, scheduling: Scheduling) {
  const { jobs, absences } = scheduling;
  if (requireLevel(ctx, jobs.area, 'write') !== 'all') throw Forbidden('Copying a week needs jobs write all');
  const { timeZone } = await loadTimeAndPaySettings(tx);
  const startLocal = Date.parse(`${body.weekStart}T00:00:00Z`);
  if (Number.isNaN(startLocal)) throw fieldError('weekStart', 'is not a date');
  if (new Date(startLocal).getUTCDay() !== 1) throw fieldError('weekStart', 'must be a Monday');
  const target = { from: localToUtc(timeZone, startLocal), to: localToUtc(timeZone, startLocal + WEEK) };
  const source = { from: localToUtc(timeZone, startLocal - WEEK), to: target.from };
  // The target week must lie inside the planning window (refused beyond the horizon, as a time frame is).
  await coverJobWindow(tx, absences, target.from, target.to, { refuseBeyondHorizon: true });
  const originals = await oneOffJobs(tx, source.from, source.to);
  if (originals.length > MAX_COPIED_JOBS)
    throw Unprocessable(`the previous week has more than ${MAX_COPIED_JOBS} one-off jobs; copy them in parts`);
  const present = new Set(
    (await oneOffJobs(tx, target.from, target.to)).map((row) =>
      sameJob(row.doc, new Date(row.from_at).getTime(), new Date(row.to_at).getTime()),
    ),
  );
  const shift = (utc: number) => localToUtc(timeZone, utcToLocal(timeZone, utc) + WEEK);
  const ids: string[] = [];
  let skipped = 0;
  for (const row of originals) {
    const from = shift(new Date(row.from_at).getTime());
    const to = shift(new Date(row.to_at).getTime());
    const key = sameJob(row.doc, from, to);
    if (present.has(key)) {
      skipped++;
      continue;
    }
    present.add(key);
    const doc: Record<string, unknown> = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    for (const field of COPIED)
      if (row.doc[field] !== undefined && row.doc[field] !== null) doc[field] = row.doc[field];
    ids.push((await createRecord(tx, ctx, jobs, doc))._id);
  }
  return { ids, skipped };
}
