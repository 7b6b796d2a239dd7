// Clocking in and out on a job (POST /jobs/{id}/start and /stop). Each records a time-tracking
// entry and the job's `started` list in one transaction. An employee clocks only their own jobs;
// a device that was offline uploads later with the real times and its own id for the entry
// (`clientId`), so an upload repeated after a lost answer is the same entry.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { GENERIC_PLAN } from '../../platform/db/postgres-transaction.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import { requireOwnOrAll } from '../../resources/engine/access-checks.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { numberBlocks } from '../../resources/engine/number-blocks.js';
import { insertRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { objectDocSql } from '../../resources/object-sql-fragments.js';
import { type JobDoc, lockedJobSql, recordClockIn, setJobState } from '../scheduling/index.js';
import { storedSettingsSql } from '../pay/index.js';
import { completeEntry, type EntryContext } from './entry-completion.js';
import type { TimeTrackingDoc } from './time-tracking-schema.js';
import { timeTrackings } from './time-trackings-resource.js';

export interface ClockBody {
  time?: string;
  location?: { latitude: number; longitude: number };
  offline?: boolean;
  comment?: string;
  clientId?: string;
  /** Start only: why the clock-in lies outside the start window or far from the object. */
  clockInReason?: string;
  /** Stop only: the break taken, in seconds. */
  break?: number;
}

export interface ClockResult {
  _id: string;
  timeTrackingId: string;
  jobId: string;
  replayed?: boolean;
}

/** How far in the future a clock time may lie (device clocks drift a little). */
const MAX_FUTURE_MS = 5 * 60_000;

function clockTime(body: ClockBody, now: number): number {
  if (body.time === undefined) return now;
  const time = Date.parse(body.time);
  if (time > now + MAX_FUTURE_MS) throw fieldError('time', 'lies in the future');
  return time;
}

export function timeClock(deps: { database: Database }) {
  const numbers = numberBlocks(deps.database);
  /**
   * Everything a clock-in or -out reads, in one statement: the job (locked), the entry a clientId
   * names, the user's open entry on the job, other users' open entries, and the entry's context
   * (settings, object, overlap with the user's other entries over [entry start or `at`, `until`)).
   */
  async function load(
    tx: TenantTx,
    ctx: RequestContext,
    jobId: string,
    clientId: string | undefined,
    at: number,
    until?: number,
  ) {
    const level = requireLevel(ctx, timeTrackings.area, 'write');
    // sql: one statement (a round trip per clock-in) over the locked job and its entries (LATERAL, to_jsonb).
    // The entries' company is the tenant's value, not job.company_id: a column of another relation inside the outer
    // join is not merged with row-level security's condition, the company counted twice, and the planner took any
    // index starting with company_id (as the job read's assignment did, docs/scaling.md §7).
    // On its generic plan: PostgreSQL planned it for each clock-in and -out (custom plans), 1.3 ms, where running
    // it took 0.3-0.6 ms; every look-up in it is by a key or a unique index, whatever the values.
    const { rows } = await sql<{
      job: StoredRecord<JobDoc>;
      replay: StoredRecord<TimeTrackingDoc> | null;
      open: StoredRecord<TimeTrackingDoc> | null;
      others_open: number;
      settings: EntryContext['settings'];
      object: EntryContext['object'];
      overlaps: boolean;
    }>`${GENERIC_PLAN}
      WITH job AS (${lockedJobSql(tx, jobId)})
      SELECT to_jsonb(job) AS job, to_jsonb(replay) AS replay, to_jsonb(open) AS open,
        (SELECT count(*)::int FROM time_trackings o WHERE o.company_id = job.company_id AND o.job_id = job.id AND o.user_id <> job.user_id
          AND o.time_end IS NULL AND NOT o.cancelled) AS others_open,
        ${storedSettingsSql(tx)} AS settings,
        ${objectDocSql(sql.ref('job.company_id'), sql.ref('job.object_id'))} AS object,
        EXISTS (SELECT 1 FROM time_trackings o WHERE o.company_id = job.company_id AND o.user_id = job.user_id AND NOT o.cancelled
          AND o.id IS DISTINCT FROM coalesce(replay.id, open.id)
          AND o.time_start < ${until === undefined ? sql`'infinity'::timestamptz` : new Date(until)}
          AND coalesce(o.time_end, 'infinity') > coalesce(replay.time_start, open.time_start, ${new Date(at)})) AS overlaps
      FROM job
        LEFT JOIN LATERAL (SELECT * FROM time_trackings t WHERE t.company_id = ${tx.companyId} AND t.user_id = job.user_id
          AND t.client_id = ${clientId ?? null} FOR UPDATE) replay ON true
        LEFT JOIN LATERAL (SELECT * FROM time_trackings t WHERE t.company_id = ${tx.companyId} AND t.job_id = job.id AND t.user_id = job.user_id
          AND t.time_end IS NULL AND NOT t.cancelled FOR UPDATE) open ON true`.execute(tx.db);
    // An employee clocks only their own jobs; another's is answered as absent.
    const found = requireOwnOrAll(
      ctx,
      level,
      rows[0],
      (row) => row.job.doc.userId,
      () => NotFound('job', jobId),
    );
    if (!found.job.doc.userId) throw Conflict('The job has no user; assign it before clocking in');
    if (found.job.doc.state === 'cancelled') throw Conflict('The job is cancelled; nobody can clock on it');
    const context: EntryContext = {
      settings: found.settings,
      object: found.object,
      userExists: true,
      overlaps: found.overlaps,
    };
    return { ...found, userId: found.job.doc.userId as string, context };
  }

  async function start(ctx: RequestContext, jobId: string, body: ClockBody = {}): Promise<ClockResult> {
    requireLevel(ctx, timeTrackings.area, 'write');
    const number = await numbers.take(ctx.companyId, timeTrackings.collection);
    const now = Date.now();
    const time = clockTime(body, now);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const { job, userId, replay, open, context } = await load(tx, ctx, jobId, body.clientId, time);
      if (replay) {
        if (replay.doc.jobId !== jobId)
          throw Conflict(`clientId ${body.clientId} already names an entry of another job`);
        return { _id: replay.id, timeTrackingId: replay.id, jobId, replayed: true };
      }
      if (open)
        throw Conflict(
          `Already clocked in on this job since ${open.doc.timeStart} (entry ${open.id}); clock out first`,
        );
      const id = newObjectId();
      const prepared = await completeEntry(
        tx,
        {
          userId,
          jobId,
          timeStart: new Date(time).toISOString(),
          type: 'default',
          ...(body.location ? { location: body.location } : {}),
          ...(body.comment ? { comment: body.comment } : {}),
          ...(body.clockInReason ? { clockInReason: body.clockInReason } : {}),
          ...(body.clientId ? { clientId: body.clientId } : {}),
          offline: body.offline ?? false,
          generatedByUser: true,
          wasAddedManually: false,
          editedByManager: false,
          salaryIds: [],
        },
        undefined,
        { job, now, context, skip: ['MISSING_STOP'] },
      ); // just clocked in: nothing is missing yet
      // Independent writes, sent together (one round trip on PostgreSQL, whose connection pipelines them).
      await Promise.all([
        recordClockIn(tx, ctx.userId, job, {
          trackingJobDate: job.doc.from,
          userId,
          time: new Date(time).toISOString(),
          isLive: !body.offline,
          wasAddedManually: false,
          timeTrackingId: id,
        }),
        insertRecord(tx, timeTrackings, {
          id,
          number,
          doc: prepared.doc,
          userId: ctx.userId,
          chatId: newObjectId(),
          columns: prepared.columns,
        }),
      ]);
      return { _id: id, timeTrackingId: id, jobId };
    });
  }

  async function stop(ctx: RequestContext, jobId: string, body: ClockBody = {}): Promise<ClockResult> {
    const now = Date.now();
    const time = clockTime(body, now);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const found = await load(tx, ctx, jobId, body.clientId, time, time);
      const { job } = found;
      if (found.replay && found.replay.doc.jobId !== jobId)
        throw Conflict(`clientId ${body.clientId} names an entry of another job`);
      if (found.replay?.doc.timeEnd)
        return { _id: found.replay.id, timeTrackingId: found.replay.id, jobId, replayed: true };
      // The job row is locked (FOR UPDATE above), and every clock-in and -out on the job takes that lock first.
      const entry = found.replay ?? found.open;
      if (!entry) throw Conflict('Not clocked in on this job; clock in first');
      if (time < Date.parse(entry.doc.timeStart))
        throw fieldError('time', `is before the clock-in at ${entry.doc.timeStart}`);
      const prepared = await completeEntry(
        tx,
        {
          ...entry.doc,
          timeEnd: new Date(time).toISOString(),
          ...(body.location ? { logOutLocation: body.location } : {}),
          ...(body.break !== undefined ? { break: body.break } : {}),
          ...(body.comment
            ? { comment: entry.doc.comment ? `${entry.doc.comment}\n${body.comment}` : body.comment }
            : {}),
          offline: Boolean(entry.doc.offline || body.offline),
        },
        entry,
        { job, now, context: found.context },
      );
      // Independent writes, sent together as on clock-in.
      await Promise.all([
        updateRecord(tx, timeTrackings, entry.id, { doc: prepared.doc, userId: ctx.userId, columns: prepared.columns }),
        Number(found.others_open) === 0 ? setJobState(tx, ctx.userId, job, 'completed') : undefined,
      ]);
      return { _id: entry.id, timeTrackingId: entry.id, jobId };
    });
  }

  return { start, stop };
}
