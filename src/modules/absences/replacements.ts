// Replacing the jobs an absence affects: assigning another employee (who must be neither absent
// nor busy at those times), and ranking the employees who could step in.
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { objectId, opt } from '../../resources/engine/fields.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import {
  createReplacementJob,
  type JobWindow,
  type JobDoc,
  jobsOfAbsence,
  objectsWorkedAtBefore,
  plannedHoursBetween,
  userJobDuring,
  usersBusyDuring,
} from '../scheduling/index.js';
import { otherFieldStaff } from '../users/index.js';
import { recordReplacement } from './replacement-record.js';
import { absences } from './absences-resource.js';

const MAX_CANDIDATES = 20;
const APPROVED = ['approved', 'assigned'];

/** The replacement action's body; its ids are checked like every reference. */
export const replacementBody = Type.Object(
  {
    userId: objectId('users'),
    jobIds: opt(Type.Array(objectId('jobs'), { minItems: 1, maxItems: 500 })),
    all: opt(Type.Boolean({ description: 'every job of the absence still without a replacement' })),
  },
  { additionalProperties: false },
);

/** Why a user cannot take a job: an absence of theirs or another job at that time (the absence first). */
async function conflictOf(tx: TenantTx, userId: string, job: StoredRecord<JobDoc>): Promise<string | undefined> {
  const from = new Date(job.doc.from);
  const to = new Date(job.doc.to);
  const span = (hit: { from_at: Date; to_at: Date }) =>
    `${new Date(hit.from_at).toISOString()} to ${new Date(hit.to_at).toISOString()}`;
  const absence = await tx.db
    .selectFrom('absences')
    .select(['id', 'dt_start as from_at', 'dt_end as to_at'])
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where('state', 'in', APPROVED)
    .where('dt_start', '<', to)
    .where('dt_end', '>', from)
    .limit(1)
    .executeTakeFirst();
  if (absence) return `user ${userId} is absent (absence ${absence.id}, ${span(absence)}) during job ${job.id}`;
  const busy = await userJobDuring(tx, userId, from, to);
  if (busy) return `user ${userId} is busy with job ${busy.id} (${span(busy)}) during job ${job.id}`;
  return undefined;
}

/** user id → the windows among these in which the user has an approved absence. */
async function usersAbsentDuring(tx: TenantTx, windows: JobWindow[]): Promise<Map<string, Set<string>>> {
  // sql: the windows are a JSON record set joined against the absences.
  const { rows } = await sql<{ user_id: string; ids: string[] }>`
    WITH t AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) AS t(id text, from_at timestamptz, to_at timestamptz))
    SELECT a.user_id, array_agg(DISTINCT t.id) AS ids FROM t JOIN absences a ON a.company_id = ${tx.companyId}
      AND a.state IN ('approved', 'assigned') AND a.dt_start < t.to_at AND a.dt_end > t.from_at
    GROUP BY a.user_id`.execute(tx.db);
  return new Map(rows.map((r) => [r.user_id, new Set(r.ids)]));
}

/** The ISO week (Monday 00:00 UTC to the next) holding this instant. */
function weekOf(t: number): { from: Date; to: Date } {
  const day = Math.floor(t / 86_400_000);
  const monday = (day - ((new Date(day * 86_400_000).getUTCDay() + 6) % 7)) * 86_400_000;
  return { from: new Date(monday), to: new Date(monday + 7 * 86_400_000) };
}

export function replacements(deps: { database: Database }) {
  // Replacing writes the absence and plans jobs: a manager of both.
  function requireDispatcher(ctx: RequestContext) {
    requireManager(ctx, absences.area, 'assign replacements');
    requireManager(ctx, 'jobs', 'assign replacements');
  }

  async function assign(
    ctx: RequestContext,
    absenceId: string,
    body: { userId: string; jobIds?: string[]; all?: boolean },
  ) {
    requireDispatcher(ctx);
    if (!body.all && !body.jobIds?.length) throw fieldError('jobIds', 'name the jobs to replace, or set all: true');
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const absence = await findRecord(tx, absences, absenceId, { forUpdate: true });
      if (!absence) throw NotFound('absence', absenceId);
      if (!['approved', 'assigned'].includes(absence.doc.state))
        throw Conflict(`The absence is ${absence.doc.state}; only approved absences get replacements`);
      if (body.userId === absence.doc.userId) throw Conflict('The absent user cannot replace themselves');
      await assertReferencesExist(tx, replacementBody, body);
      const open = await jobsOfAbsence(tx, absence.id, { uncovered: true, forUpdate: true });
      let targets = open;
      if (!body.all) {
        const wanted = new Set(body.jobIds);
        targets = open.filter((j) => wanted.has(j.id));
        const missing = [...wanted].filter((id) => !targets.some((j) => j.id === id));
        if (missing.length) throw Conflict(`Not among the absence's jobs still to replace: ${missing.join(', ')}`);
      }
      if (targets.length === 0) throw Conflict('Every job of the absence is replaced already');
      // The targets must not overlap each other either: one person cannot be at two jobs at once.
      for (const [i, a] of targets.entries()) {
        for (const b of targets.slice(i + 1)) {
          if (Date.parse(a.doc.from) < Date.parse(b.doc.to) && Date.parse(b.doc.from) < Date.parse(a.doc.to)) {
            throw Conflict(`Jobs ${a.id} and ${b.id} overlap; one user cannot replace both`);
          }
        }
      }
      const made = [];
      for (const job of targets) {
        const conflict = await conflictOf(tx, body.userId, job);
        if (conflict) throw Conflict(conflict);
        made.push({
          jobId: job.id,
          replacementJobId: await createReplacementJob(tx, ctx, job, body.userId),
          userId: body.userId,
        });
      }
      await recordReplacement(tx, ctx, absenceId, made, absences);
      const after = await findRecord(tx, absences, absenceId);
      return { replacements: made, isAssigned: after!.doc.isAssigned as boolean, state: after!.doc.state as string };
    });
  }

  /**
   * Field staff who could take the uncovered jobs (office accounts and users without a name are no
   * stand-ins), best first: free for more of them (no job and no absence at those times), then more of
   * the objects worked on before (workedOnObjectIds or past jobs there), then more matching activity
   * types (activityTypeIds), then fewer hours planned in the week (Monday to Monday, UTC) of the first job.
   */
  async function candidates(ctx: RequestContext, absenceId: string) {
    requireDispatcher(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const absence = await findRecord(tx, absences, absenceId);
      if (!absence) throw NotFound('absence', absenceId);
      const open = await jobsOfAbsence(tx, absence.id, { uncovered: true });
      if (open.length === 0) return [];
      const targets: JobWindow[] = open.map((j) => ({ id: j.id, from_at: j.doc.from, to_at: j.doc.to }));
      const objectIds = [...new Set(open.map((j) => j.doc.objectId).filter(Boolean))] as string[];
      const activityTypeIds = [...new Set(open.map((j) => j.doc.activityTypeId).filter(Boolean))] as string[];
      const busy = await usersBusyDuring(tx, targets);
      const absent = await usersAbsentDuring(tx, targets);
      const pastObjects = await objectsWorkedAtBefore(tx, objectIds);
      const week = weekOf(Math.min(...open.map((j) => Date.parse(j.doc.from))));
      const hours = await plannedHoursBetween(tx, week.from, week.to);
      return (await otherFieldStaff(tx, absence.doc.userId))
        .filter(({ doc }) => Boolean(doc.general?.firstName || doc.general?.lastName))
        .map(({ id, doc }) => {
          const worked: unknown[] = doc.workedOnObjectIds ?? [];
          const activity: unknown[] = doc.activityTypeIds ?? [];
          const past = pastObjects.get(id) ?? [];
          const blocked = targets.map((t) => t.id).filter((t) => busy.get(id)?.has(t) || absent.get(id)?.has(t));
          const workedOn = objectIds.filter((o) => worked.includes(o) || past.includes(o));
          const matching = activityTypeIds.filter((a) => activity.includes(a));
          const freeFor = targets.map((t) => t.id).filter((t) => !blocked.includes(t));
          const name = [doc.general?.firstName, doc.general?.lastName].filter(Boolean).join(' ');
          return {
            userId: id,
            name,
            freeForJobIds: freeFor,
            conflictingJobIds: blocked,
            workedOnObjectIds: workedOn,
            matchingActivityTypeIds: matching,
            hoursThisWeek: hours.get(id) ?? 0,
            score: freeFor.length * 100 + workedOn.length * 10 + matching.length,
          };
        })
        .filter((c) => c.freeForJobIds.length > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            a.hoursThisWeek - b.hoursThisWeek ||
            a.name.localeCompare(b.name) ||
            a.userId.localeCompare(b.userId),
        )
        .slice(0, MAX_CANDIDATES);
    });
  }

  return { assign, candidates };
}
