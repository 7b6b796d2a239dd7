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

  async function byClientId(tx: TenantTx, userId: string, clientId: string | undefined) {
    if (!clientId) return undefined;
    return (await tx.db.selectFrom('time_trackings').selectAll().where('company_id', '=', tx.companyId)
      .where('user_id', '=', userId).where('client_id', '=', clientId).forUpdate().executeTakeFirst()) as StoredRecord | undefined;
  }

  async function setJob(tx: TenantTx, ctx: RequestContext, job: StoredRecord, doc: Record<string, unknown>, columns: Record<string, unknown> = {}) {
    await updateRecord(tx, jobs, job.id, { doc, userId: ctx.userId, columns });
  }

  async function start(ctx: RequestContext, jobId: string, body: ClockBody = {}): Promise<ClockResult> {
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const { job, userId } = await loadJob(tx, ctx, jobId);
      const replay = await byClientId(tx, userId, body.clientId);
      if (replay) {
        if (replay.doc.jobId !== jobId) throw Conflict(`clientId ${body.clientId} already names an entry of another job`);
        return { _id: replay.id, timeTrackingId: replay.id, jobId, replayed: true };
      }
      const now = Date.now();
      const time = clockTime(body, now);
      const open = await tx.db.selectFrom('time_trackings').select(['id', 'time_start']).where('company_id', '=', tx.companyId)
        .where('job_id', '=', jobId).where('user_id', '=', userId).where('time_end', 'is', null).where('cancelled', '=', false).executeTakeFirst();
      if (open) throw Conflict(`Already clocked in on this job since ${new Date(open.time_start as Date).toISOString()} (entry ${open.id}); clock out first`);
      const id = newObjectId();
      const prepared = await completeEntry(tx, {
        userId, jobId, timeStart: new Date(time).toISOString(), type: 'default',
        ...(body.location ? { location: body.location } : {}), ...(body.comment ? { comment: body.comment } : {}),
        ...(body.clientId ? { clientId: body.clientId } : {}),
        offline: body.offline ?? false, generatedByUser: true, wasAddedManually: false, editedByManager: false, salaryIds: [],
      }, undefined, { job, now });
      await insertRecord(tx, timeTrackings, {
        id, number: await nextNumber(tx, timeTrackings.collection), doc: prepared.doc, userId: ctx.userId, chatId: newObjectId(), columns: prepared.columns,
      });
      const started = [...(job.doc.started ?? []), {
        trackingJobDate: job.doc.from, userId, time: new Date(time).toISOString(), isLive: !body.offline, wasAddedManually: false, timeTrackingId: id,
      }];
      await setJob(tx, ctx, job, { ...job.doc, started, state: 'started' }, { started_at: new Date(time) });
      return { _id: id, timeTrackingId: id, jobId };
    });
  }

  async function stop(ctx: RequestContext, jobId: string, body: ClockBody = {}): Promise<ClockResult> {
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const { job, userId } = await loadJob(tx, ctx, jobId);
      let entry = await byClientId(tx, userId, body.clientId);
      if (entry && entry.doc.jobId !== jobId) throw Conflict(`clientId ${body.clientId} names an entry of another job`);
      if (entry?.doc.timeEnd) return { _id: entry.id, timeTrackingId: entry.id, jobId, replayed: true };
      entry ??= (await tx.db.selectFrom('time_trackings').selectAll().where('company_id', '=', tx.companyId)
        .where('job_id', '=', jobId).where('user_id', '=', userId).where('time_end', 'is', null).where('cancelled', '=', false)
        .forUpdate().executeTakeFirst()) as StoredRecord | undefined;
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
      const stillOpen = await sql<{ n: number }>`SELECT count(*)::int AS n FROM time_trackings WHERE company_id = ${tx.companyId}
        AND job_id = ${jobId} AND time_end IS NULL AND NOT cancelled`.execute(tx.db);
      if (Number(stillOpen.rows[0]!.n) === 0) await setJob(tx, ctx, job, { ...job.doc, state: 'completed' });
      return { _id: entry.id, timeTrackingId: entry.id, jobId };
    });
  }

  return { start, stop };
}
