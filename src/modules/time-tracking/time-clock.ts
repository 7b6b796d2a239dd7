// Clocking in and out on a job (POST /jobs/{id}/start and /stop). Each records a time-tracking
// entry and the job's `started` list in one transaction. An employee clocks only their own jobs;
// a device that was offline uploads later with the real times and its own id for the entry
// (`clientId`), so an upload repeated after a lost answer is the same entry.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { findRecord, insertRecord, nextNumber, updateRecord } from '../../resources/engine/resource-store.js';
import { jobs } from '../scheduling/jobs-resource.js';
import { completeEntry } from './entry-completion.js';
import { timeTrackings } from './time-trackings-resource.js';

export interface ClockBody {
  time?: string;
  location?: { latitude: number; longitude: number };
  offline?: boolean;
  comment?: string;
  clientId?: string;
  /** Stop only: the break taken, in seconds. */
  break?: number;
}

export interface ClockResult { _id: string; timeTrackingId: string; jobId: string; replayed?: boolean }

/** How far in the future a clock time may lie (device clocks drift a little). */
const MAX_FUTURE_MS = 5 * 60_000;

function clockTime(body: ClockBody, now: number): number {
  if (body.time === undefined) return now;
  const time = Date.parse(body.time);
  if (time > now + MAX_FUTURE_MS) throw fieldError('time', 'lies in the future');
  return time;
}

export function timeClock(deps: { database: Database }) {
  async function loadJob(tx: TenantTx, ctx: RequestContext, jobId: string): Promise<{ job: StoredRecord; userId: string }> {
    const level = requireLevel(ctx, timeTrackings.area, 'write');
    const job = await findRecord(tx, jobs, jobId, { forUpdate: true });
    if (!job || (level === 'own' && job.doc.userId !== ctx.userId)) throw NotFound('job', jobId);
    if (!job.doc.userId) throw Conflict('The job has no user; assign it before clocking in');
    return { job, userId: job.doc.userId };
  }

  /** The entry a clientId names (for replays) and the job's open entry of the user, in one query. */
  async function entriesOf(tx: TenantTx, jobId: string, userId: string, clientId: string | undefined) {
    const { rows } = await sql<{ replay: StoredRecord | null; open: StoredRecord | null; others_open: number }>`SELECT
        (SELECT to_jsonb(t) FROM time_trackings t WHERE company_id = ${tx.companyId} AND user_id = ${userId} AND client_id = ${clientId ?? null} FOR UPDATE) AS replay,
        (SELECT to_jsonb(t) FROM time_trackings t WHERE company_id = ${tx.companyId} AND job_id = ${jobId} AND user_id = ${userId}
          AND time_end IS NULL AND NOT cancelled FOR UPDATE) AS open,
        (SELECT count(*)::int FROM time_trackings WHERE company_id = ${tx.companyId} AND job_id = ${jobId} AND user_id <> ${userId}
          AND time_end IS NULL AND NOT cancelled) AS others_open`.execute(tx.db);
    return rows[0]!;
  }

  async function setJob(tx: TenantTx, ctx: RequestContext, job: StoredRecord, doc: Record<string, unknown>, columns: Record<string, unknown> = {}) {
    await updateRecord(tx, jobs, job.id, { doc, userId: ctx.userId, columns });
  }

  async function start(ctx: RequestContext, jobId: string, body: ClockBody = {}): Promise<ClockResult> {
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const { job, userId } = await loadJob(tx, ctx, jobId);
      const { replay, open } = await entriesOf(tx, jobId, userId, body.clientId);
      if (replay) {
        if (replay.doc.jobId !== jobId) throw Conflict(`clientId ${body.clientId} already names an entry of another job`);
        return { _id: replay.id, timeTrackingId: replay.id, jobId, replayed: true };
      }
      if (open) throw Conflict(`Already clocked in on this job since ${open.doc.timeStart} (entry ${open.id}); clock out first`);
      const now = Date.now();
      const time = clockTime(body, now);
      const id = newObjectId();
      const prepared = await completeEntry(tx, {
        userId, jobId, timeStart: new Date(time).toISOString(), type: 'default',
        ...(body.location ? { location: body.location } : {}), ...(body.comment ? { comment: body.comment } : {}),
        ...(body.clientId ? { clientId: body.clientId } : {}),
        offline: body.offline ?? false, generatedByUser: true, wasAddedManually: false, editedByManager: false, salaryIds: [],
      }, undefined, { job, now });
      const started = [...(job.doc.started ?? []), {
        trackingJobDate: job.doc.from, userId, time: new Date(time).toISOString(), isLive: !body.offline, wasAddedManually: false, timeTrackingId: id,
      }];
      await setJob(tx, ctx, job, { ...job.doc, started, state: 'started' }, { started_at: new Date(time) });
      // The number last: its counter row stays locked until the commit, so other clock-ins wait as briefly as possible.
      await insertRecord(tx, timeTrackings, {
        id, number: await nextNumber(tx, timeTrackings.collection), doc: prepared.doc, userId: ctx.userId, chatId: newObjectId(), columns: prepared.columns,
      });
      return { _id: id, timeTrackingId: id, jobId };
    });
  }

  async function stop(ctx: RequestContext, jobId: string, body: ClockBody = {}): Promise<ClockResult> {
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const { job, userId } = await loadJob(tx, ctx, jobId);
      const found = await entriesOf(tx, jobId, userId, body.clientId);
      if (found.replay && found.replay.doc.jobId !== jobId) throw Conflict(`clientId ${body.clientId} names an entry of another job`);
      if (found.replay?.doc.timeEnd) return { _id: found.replay.id, timeTrackingId: found.replay.id, jobId, replayed: true };
      // The job row is locked (FOR UPDATE above), and every clock-in and -out on the job takes that lock first.
      const entry = found.replay ?? found.open;
      if (!entry) throw Conflict('Not clocked in on this job; clock in first');
      const now = Date.now();
      const time = clockTime(body, now);
      if (time < Date.parse(entry.doc.timeStart)) throw fieldError('time', `is before the clock-in at ${entry.doc.timeStart}`);
      const prepared = await completeEntry(tx, {
        ...entry.doc, timeEnd: new Date(time).toISOString(),
        ...(body.location ? { logOutLocation: body.location } : {}),
        ...(body.break !== undefined ? { break: body.break } : {}),
        ...(body.comment ? { comment: entry.doc.comment ? `${entry.doc.comment}\n${body.comment}` : body.comment } : {}),
        offline: Boolean(entry.doc.offline || body.offline),
      }, entry, { job, now });
      await updateRecord(tx, timeTrackings, entry.id, { doc: prepared.doc, userId: ctx.userId, columns: prepared.columns });
      if (Number(found.others_open) === 0) await setJob(tx, ctx, job, { ...job.doc, state: 'completed' });
      return { _id: entry.id, timeTrackingId: entry.id, jobId };
    });
  }

  return { start, stop };
}
