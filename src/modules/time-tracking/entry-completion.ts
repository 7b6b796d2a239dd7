// Completes an entry before it is stored: fields taken from its job and object, the break the
// rule requires, the working time, and the plausibility errors. Shared by the time clock and by
// managers' manual entries and corrections, so both store the same shape. What it needs from the
// database comes in one query.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { fieldError } from '../../platform/http/errors.js';
import type { Prepared, StoredRecord } from '../../resources/engine/define-resource.js';
import { objectDocSql } from '../../resources/object-sql-fragments.js';
import { findJob, type JobDoc } from '../scheduling/index.js';
import { storedSettingsSql, withDefaults, type TimeAndPaySettings } from '../pay/index.js';
import { deductedBreakSeconds, requiredBreakSeconds } from '../pay/index.js';
import { userExistsSql } from '../users/index.js';
import { type LatLng, plausibilityErrors, type PlausibilityCode } from './plausibility.js';
import type { TimeTrackingDoc, TimeTrackingDraft } from './time-tracking-schema.js';

/** Codes that only a later event can clear or set, kept across re-checks. */
const STICKY: PlausibilityCode[] = ['SALARY_BILLED'];

/** What the completion reads besides the entry: the time clock loads it with the job in one query. */
export interface EntryContext {
  settings: Partial<TimeAndPaySettings> | null;
  /** What the entry takes from its object's document (null: no such object). */
  object: { objectManagerId?: string; location?: LatLng } | null;
  userExists: boolean;
  overlaps: boolean;
}

export async function completeEntry(
  tx: TenantTx,
  doc: TimeTrackingDraft,
  previous?: StoredRecord<TimeTrackingDoc>,
  options: { job?: StoredRecord<JobDoc> | null; now?: number; context?: EntryContext; skip?: PlausibilityCode[] } = {},
): Promise<Prepared<TimeTrackingDoc>> {
  const now = options.now ?? Date.now();
  const start = Date.parse(doc.timeStart);
  const end = doc.timeEnd === undefined ? undefined : Date.parse(doc.timeEnd);
  if (end !== undefined && end < start) throw fieldError('timeEnd', 'is before timeStart');
  if (end !== undefined && end - start > 7 * 86_400_000) throw fieldError('timeEnd', 'an entry lasts at most 7 days');

  const job = options.job !== undefined ? options.job : doc.jobId ? await findJob(tx, doc.jobId) : undefined;
  if (doc.jobId && !job) throw fieldError('jobId', 'no such job');
  const next: TimeTrackingDoc = {
    ...doc,
    timeStart: new Date(start).toISOString(),
    ...(end !== undefined ? { timeEnd: new Date(end).toISOString() } : {}),
    approved: doc.approved ?? false,
    cancelled: doc.cancelled ?? false,
  };
  if (job) {
    // From the job, unless given: on a move to another job, values that came from the old job follow the new one.
    const moved = previous !== undefined && previous.doc.jobId !== doc.jobId;
    const fromJob: Record<string, unknown> = {
      objectId: job.doc.objectId,
      assignmentId: job.doc.assignmentId,
      activityTypeId: job.doc.activityTypeId,
      trackingJobDate: job.doc.from,
    };
    for (const [key, value] of Object.entries(fromJob)) {
      const keptFromOldJob = moved && next[key] === previous.doc[key];
      if (next[key] == null || keptFromOldJob) next[key] = value;
    }
    next.targetTime = Math.round((job.doc.targetTime ?? 0) * 60);
  }
  for (const key of ['objectId', 'assignmentId', 'activityTypeId', 'trackingJobDate'] as const)
    if (next[key] == null) delete next[key];

  const found = options.context ?? (await loadContext(tx, next, start, end, previous));
  const settings = withDefaults(found.settings);
  if (!found.userExists) throw fieldError('userId', 'no such user');
  if (next.objectId && !found.object) throw fieldError('objectId', 'no such object');
  if (found.object?.objectManagerId) next.objectManagerId = found.object.objectManagerId;

  if (end !== undefined) {
    const presence = Math.floor(end / 1000) - Math.floor(start / 1000);
    next.requiredBreakTime = requiredBreakSeconds(presence, settings.breakRule);
    next.workingTime =
      presence - deductedBreakSeconds(presence, next.break, settings.breakRule) + (next.addedTime ?? 0);
  } else {
    delete next.workingTime;
    delete next.requiredBreakTime;
  }

  const codes = next.cancelled
    ? []
    : plausibilityErrors(
        {
          timeStart: start,
          timeEnd: end,
          workingTime: next.workingTime,
          targetTime: next.targetTime,
          location: next.location,
          objectLocation: found.object?.location,
          job: job ? { from: Date.parse(job.doc.from), to: Date.parse(job.doc.to) } : undefined,
          overlapsAnother: found.overlaps,
          now,
        },
        settings.plausibility,
      )
        .filter((code) => !options.skip?.includes(code))
        .filter((code) => code !== 'MISSING_STOP' || !next.offline); // an offline upload did stop, just later
  const sticky = ((previous?.doc.errors ?? []) as PlausibilityCode[]).filter((code) => STICKY.includes(code));
  next.errors = [...new Set([...codes, ...sticky])];
  next.allFoundErrors = [...new Set([...(previous?.doc.allFoundErrors ?? []), ...next.errors])];
  const missingStopAt =
    job && end === undefined
      ? new Date(Date.parse(job.doc.to) + settings.plausibility.missingStopGraceMinutes * 60_000)
      : null;
  return { doc: next, columns: { has_errors: next.errors.length > 0, missing_stop_at: missingStopAt } };
}

async function loadContext(
  tx: TenantTx,
  next: TimeTrackingDoc,
  start: number,
  end: number | undefined,
  previous?: StoredRecord<TimeTrackingDoc>,
): Promise<EntryContext> {
  // sql: the settings, the object, the user and the overlap check in one statement (one round trip).
  const { rows } = await sql<{
    settings: EntryContext['settings'];
    object: EntryContext['object'];
    user_exists: boolean;
    overlaps: boolean;
  }>`SELECT
      ${storedSettingsSql(tx)} AS settings,
      ${objectDocSql(tx.companyId, next.objectId ?? null)} AS object,
      ${userExistsSql(tx.companyId, next.userId)} AS user_exists,
      EXISTS (SELECT 1 FROM time_trackings WHERE company_id = ${tx.companyId} AND user_id = ${next.userId} AND NOT cancelled
        AND id IS DISTINCT FROM ${previous?.id ?? null}
        AND time_start < ${end === undefined ? sql`'infinity'::timestamptz` : new Date(end)} AND coalesce(time_end, 'infinity') > ${new Date(start)}) AS overlaps`.execute(
    tx.db,
  );
  const row = rows[0]!;
  return { settings: row.settings, object: row.object, userExists: row.user_exists, overlaps: row.overlaps };
}
