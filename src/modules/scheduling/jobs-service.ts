// Job reads (through the SQL read model) and the actions on a job, each in one transaction.
import type { Database } from '../../platform/db/database.js';
import { inTenant, readInTenant, readLagTolerant, type TenantTx } from '../../platform/db/tenant.js';
import { ON_GENERIC_PLANS } from '../../platform/db/transaction-options.js';
import { Conflict, NotFound, fieldError } from '../../platform/http/errors.js';
import { parseListQuery } from '../../platform/http/list-query.js';
import { readerOf } from '../../platform/http/read-your-writes.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { requireOwnOrAll } from '../../resources/engine/access-checks.js';
import { readConditions } from '../../resources/engine/read-rule.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { objectId } from '../../resources/engine/fields.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { findRecord, insertRecord, nextNumber, updateRecord } from '../../resources/engine/resource-store.js';
import {
  coverJobWindow,
  extendJobWindowInSlices,
  isFrameCoveredByKnownWindow,
  isFrameKnownCovered,
  isWindowRecorded,
} from './job-planning.js';
import { createReplacementJob } from './replacement-jobs.js';
import { countJobs, selectJobsJson, type JobEmbeds } from './jobs-read.js';
import { type JobDoc, MAX_JOB_MS, jobs } from './jobs-resource.js';
import type { Scheduling } from './scheduling-with.js';
import { parseWindow, timeFrameConditions, type TimeFrameBody } from './time-frame-filter.js';

/** Bodies of the assign and replacement actions; their user ids are checked like every reference. */
export const assignBody = Type.Object(
  { userIds: Type.Array(objectId('users'), { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
);
export const replacementBody = Type.Object({ userId: objectId('users') }, { additionalProperties: false });

// Which jobs the caller may read: the engine's rule of GET, lists and search (own level: their jobs).
const readable = (tx: TenantTx, ctx: RequestContext) => readConditions(tx, ctx, jobs);

export function jobsService(deps: { database: Database; embeds: JobEmbeds; scheduling: Scheduling }) {
  const { database, embeds } = deps;
  const { absences } = deps.scheduling;

  async function list(ctx: RequestContext, query: Record<string, unknown>) {
    requireLevel(ctx, jobs.area, 'read');
    const listQuery = parseListQuery(query, jobs.fields, jobs.listOptions);
    return readLagTolerant(database, ctx.companyId, readerOf(ctx), async (tx) => {
      const where = [...listQuery.where, ...(await readable(tx, ctx))];
      return {
        body: await selectJobsJson(tx, {
          where,
          sort: listQuery.sort,
          limit: listQuery.limit,
          offset: listQuery.offset,
          embeds,
        }),
        total: await countJobs(tx, where),
      };
    });
  }

  // The read model (marked) and look-ups by key: on generic plans (not the list, whose count takes any filter).
  async function get(ctx: RequestContext, id: string): Promise<Buffer> {
    requireLevel(ctx, jobs.area, 'read');
    const body = await readLagTolerant(
      database,
      ctx.companyId,
      readerOf(ctx),
      async (tx) => {
        const where = [sql<boolean>`j.id = ${id}`, ...(await readable(tx, ctx))]; // sql: a read model condition
        return selectJobsJson(tx, { where, sort: [], limit: 1, offset: 0, embeds });
      },
      ON_GENERIC_PLANS,
    );
    if (body.length === 2) throw NotFound('job', id); // []
    return body.subarray(1, -1);
  }

  async function inTimeFrame(ctx: RequestContext, body: TimeFrameBody): Promise<Buffer> {
    requireLevel(ctx, jobs.area, 'read');
    const window = parseWindow(body);
    const frame = timeFrameConditions(ctx.companyId, body, window, embeds);
    // The hot path: a frame this process knows is planned is one read-only statement.
    const isPlanned = isFrameKnownCovered(ctx.companyId, window.from, window.to, { refuseBeyondHorizon: true });
    const select = async (tx: TenantTx) =>
      selectJobsJson(tx, {
        where: [...frame, ...(await readable(tx, ctx))],
        sort: [{ field: jobs.fields.get('from')!, descending: false }],
        limit: 100_000,
        offset: 0,
        includeUsers: body.includeUsersInResponse,
        embeds,
      });
    const read = async (tx: TenantTx) => {
      if (!isPlanned)
        await coverJobWindow(tx, absences, window.from, window.to, { refuseBeyondHorizon: true, remember: true });
      return select(tx);
    };
    // A planned frame may be read on a replica that has replayed the planning (read-routing.ts).
    if (isPlanned) return readLagTolerant(database, ctx.companyId, readerOf(ctx), read, ON_GENERIC_PLANS);
    // Known as planned, but the company's time zone is a minute old (a company's requests are often further
    // apart): the zone is read again beside the read, in the same round trip, instead of planning in
    // transactions of its own. On the primary: the window was recorded from there. A frame the window does not
    // cover (rare: far ahead or back) has its read thrown away and is planned below.
    if (isWindowRecorded(ctx.companyId)) {
      const answer = await readInTenant(
        database,
        ctx.companyId,
        async (tx) => {
          // Both settle before the transaction ends, also when one fails (a statement must not outlive it).
          const [isCovered, json] = await Promise.allSettled([
            isFrameCoveredByKnownWindow(tx, window.from, window.to, { refuseBeyondHorizon: true }),
            select(tx),
          ]);
          if (isCovered.status === 'rejected') throw isCovered.reason;
          if (!isCovered.value) return undefined;
          if (json.status === 'rejected') throw json.reason;
          return json.value;
        },
        ON_GENERIC_PLANS,
      );
      if (answer !== undefined) return answer;
    }
    // A far frame's jobs are made first in short transactions of their own, not in the read's.
    const plan = async () => {
      await extendJobWindowInSlices(database, absences, ctx.companyId, window.from, window.to, {
        refuseBeyondHorizon: true,
      });
      return inTenant(database, ctx.companyId, read);
    };
    return database.readRouter ? database.readRouter.planOnPrimary(ctx.companyId, plan) : plan();
  }

  /** Loads a job for an action; `own` callers only reach their own jobs. */
  async function load(
    tx: TenantTx,
    ctx: RequestContext,
    id: string,
    action: 'read' | 'write',
  ): Promise<StoredRecord<JobDoc>> {
    const level = requireLevel(ctx, jobs.area, action);
    const job = await findRecord(tx, jobs, id, { forUpdate: true });
    return requireOwnOrAll(
      ctx,
      level,
      job,
      (found) => found.doc.userId,
      () => NotFound('job', id),
    );
  }

  async function save(tx: TenantTx, ctx: RequestContext, job: StoredRecord<JobDoc>, doc: Record<string, unknown>) {
    await updateRecord(tx, jobs, job.id, { doc, userId: ctx.userId, columns: { is_manual: true } });
  }

  async function copy(tx: TenantTx, ctx: RequestContext, doc: Record<string, unknown>): Promise<string> {
    const id = newObjectId();
    const number = await nextNumber(tx, jobs.collection);
    await insertRecord(tx, jobs, {
      id,
      number,
      doc,
      userId: ctx.userId,
      chatId: newObjectId(),
      columns: { is_manual: true },
    });
    return id;
  }

  /** One user: the job is theirs. Several: the first takes this job, the others get copies; all share a team id. */
  async function assign(ctx: RequestContext, id: string, userIds: string[]) {
    return inTenant(database, ctx.companyId, async (tx) => {
      const job = await load(tx, ctx, id, 'write');
      if (new Set(userIds).size !== userIds.length) throw fieldError('userIds', 'names a user twice');
      await assertReferencesExist(tx, assignBody, { userIds });
      const [first, ...others] = userIds;
      const teamId = others.length ? (job.doc.teamId ?? newObjectId()) : job.doc.teamId;
      if (teamId) {
        const taken = await tx.db
          .selectFrom('jobs')
          .select('user_id')
          .where('company_id', '=', tx.companyId)
          .where('team_id', '=', teamId)
          .where('id', '!=', id)
          .where('user_id', 'in', userIds)
          .executeTakeFirst();
        if (taken) throw Conflict(`user ${taken.user_id} is already in this job's team`);
      }
      await save(tx, ctx, job, { ...job.doc, userId: first, ...(teamId ? { teamId } : {}) });
      const created = [];
      for (const userId of others) {
        const { absences: _a, absenceId: _b, started: _s, acceptedStatus: _c, ...rest } = job.doc;
        created.push(await copy(tx, ctx, { ...rest, userId, teamId }));
      }
      // Allowed on an absent user's day, but marked; a job given away from its absent user loses the mark.
      await absences.reconcileConflicts(tx, ctx, { jobIds: [id, ...created] });
      return { _id: id, ids: [id, ...created], ...(teamId ? { teamId } : {}) };
    });
  }

  async function unassign(ctx: RequestContext, id: string) {
    await inTenant(database, ctx.companyId, async (tx) => {
      const job = await load(tx, ctx, id, 'write');
      const { userId: _u, ...rest } = job.doc;
      await save(tx, ctx, job, rest);
      await absences.reconcileConflicts(tx, ctx, { jobIds: [id] });
    });
  }

  /** Moves a job in place; originalId and the original times stay with it across later moves. */
  async function move(ctx: RequestContext, id: string, body: { from: string; to?: string }) {
    await inTenant(database, ctx.companyId, async (tx) => {
      const job = await load(tx, ctx, id, 'write');
      const from = Date.parse(body.from);
      const to = body.to ? Date.parse(body.to) : from + (Date.parse(job.doc.to) - Date.parse(job.doc.from));
      if (!(to > from)) throw fieldError('to', 'must be after from');
      if (to - from > MAX_JOB_MS) throw fieldError('to', 'a job lasts at most 7 days');
      await save(tx, ctx, job, {
        ...job.doc,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        originalId: job.doc.originalId ?? job.id,
        originalFrom: job.doc.originalFrom ?? job.doc.from,
        originalTo: job.doc.originalTo ?? job.doc.to,
        ...(job.doc.targetTime === Math.round((Date.parse(job.doc.to) - Date.parse(job.doc.from)) / 60_000)
          ? { targetTime: Math.round((to - from) / 60_000) }
          : {}),
      });
      await absences.reconcileConflicts(tx, ctx, { jobIds: [id] });
    });
  }

  /** Splits a job at a time into two that share a splitId. */
  async function split(ctx: RequestContext, id: string, at: string) {
    return inTenant(database, ctx.companyId, async (tx) => {
      const job = await load(tx, ctx, id, 'write');
      const cut = Date.parse(at);
      const from = Date.parse(job.doc.from);
      const to = Date.parse(job.doc.to);
      if (!(cut > from && cut < to)) throw fieldError('at', "must lie strictly between the job's from and to");
      const splitId = job.doc.splitId ?? newObjectId();
      // The target time is shared in proportion to the halves, so a custom target survives the split.
      const target = job.doc.targetTime ?? Math.round((to - from) / 60_000);
      const firstTarget = Math.round((target * (cut - from)) / (to - from));
      await save(tx, ctx, job, { ...job.doc, to: new Date(cut).toISOString(), targetTime: firstTarget, splitId });
      const { started: _s, absences: _a, absenceId: _b, ...rest } = job.doc;
      const second = await copy(tx, ctx, {
        ...rest,
        from: new Date(cut).toISOString(),
        targetTime: target - firstTarget,
        splitId,
      });
      await absences.reconcileConflicts(tx, ctx, { jobIds: [id, second] });
      return { _id: second, ids: [id, second], splitId };
    });
  }

  async function accept(ctx: RequestContext, id: string, acceptedStatus: string) {
    await inTenant(database, ctx.companyId, async (tx) => {
      const job = await load(tx, ctx, id, 'read');
      if (!job.doc.userId) throw Conflict('An unassigned job cannot be accepted');
      await save(tx, ctx, job, { ...job.doc, acceptedStatus });
    });
  }

  /** A replacement job for another user, pointing at the job it replaces (masterJobId); an absence it covers learns of it. */
  async function replace(ctx: RequestContext, id: string, userId: string) {
    return inTenant(database, ctx.companyId, async (tx) => {
      const job = await load(tx, ctx, id, 'write');
      await assertReferencesExist(tx, replacementBody, { userId });
      if (job.doc.userId === userId) throw Conflict("The replacement is the job's own user");
      if (job.doc.replacementJobId) throw Conflict(`The job already has a replacement job ${job.doc.replacementJobId}`);
      const replacementId = await createReplacementJob(tx, ctx, job, userId);
      if (job.doc.absenceId)
        await absences.recordReplacement(tx, ctx, job.doc.absenceId, [
          { jobId: id, replacementJobId: replacementId, userId },
        ]);
      await absences.reconcileConflicts(tx, ctx, { jobIds: [replacementId] });
      return { _id: replacementId };
    });
  }

  return { list, get, inTimeFrame, assign, unassign, move, split, accept, replace };
}

export type JobsService = ReturnType<typeof jobsService>;
