// Replacing the jobs an absence affects: assigning another employee (who must be neither absent
// nor busy at those times), and ranking the employees who could step in.
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, Forbidden, NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { objectId, opt } from '../../resources/engine/fields.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { MAX_JOB_MS } from '../scheduling/index.js';
import { createReplacementJob } from '../scheduling/index.js';
import { recordReplacement } from './absence-coverage.js';
import { absences } from './absences-resource.js';

const MAX_CANDIDATES = 20;

async function uncoveredJobs(tx: TenantTx, absence: StoredRecord): Promise<StoredRecord[]> {
  const { rows } =
    await sql<StoredRecord>`SELECT * FROM jobs WHERE company_id = ${tx.companyId} AND absence_id = ${absence.id}
    AND replacement_job_id IS NULL ORDER BY from_at FOR UPDATE`.execute(tx.db);
  return rows;
}

/** The replacement action's body; its ids are checked like every reference. */
export const replacementBody = Type.Object(
  {
    userId: objectId('users'),
    jobIds: opt(Type.Array(objectId('jobs'), { minItems: 1, maxItems: 500 })),
    all: opt(Type.Boolean({ description: 'every job of the absence still without a replacement' })),
  },
  { additionalProperties: false },
);

/** Why a user cannot take a job: an absence of theirs or another job at that time (first found). */
async function conflictOf(tx: TenantTx, userId: string, job: StoredRecord): Promise<string | undefined> {
  const from = new Date(job.doc.from);
  const to = new Date(job.doc.to);
  const { rows } = await sql<{ kind: string; id: string; from_at: Date; to_at: Date }>`
    (SELECT 'absence' AS kind, id, dt_start AS from_at, dt_end AS to_at FROM absences WHERE company_id = ${tx.companyId} AND user_id = ${userId}
      AND state IN ('approved', 'assigned') AND dt_start < ${to} AND dt_end > ${from} LIMIT 1)
    UNION ALL
    (SELECT 'job', id, from_at, to_at FROM jobs WHERE company_id = ${tx.companyId} AND user_id = ${userId} AND state <> 'cancelled'
      AND from_at < ${to} AND to_at > ${from} AND from_at > ${new Date(from.getTime() - MAX_JOB_MS)} LIMIT 1)`.execute(
    tx.db,
  );
  const hit = rows[0];
  if (!hit) return undefined;
  const span = `${new Date(hit.from_at).toISOString()} to ${new Date(hit.to_at).toISOString()}`;
  return hit.kind === 'absence'
    ? `user ${userId} is absent (absence ${hit.id}, ${span}) during job ${job.id}`
    : `user ${userId} is busy with job ${hit.id} (${span}) during job ${job.id}`;
}

export function replacements(deps: { database: Database }) {
  function requireDispatcher(ctx: RequestContext) {
    if (requireLevel(ctx, absences.area, 'write') !== 'all' || requireLevel(ctx, 'jobs', 'write') !== 'all') {
      throw Forbidden('Only managers assign replacements');
    }
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
      const open = await uncoveredJobs(tx, absence);
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
      await recordReplacement(tx, ctx, absenceId, made);
      const after = await findRecord(tx, absences, absenceId);
      return { replacements: made, isAssigned: after!.doc.isAssigned as boolean, state: after!.doc.state as string };
    });
  }

  /**
   * Employees who could take the uncovered jobs, best first: free for more of them (no job and no
   * absence at those times), then more of the objects worked on before (workedOnObjectIds or past
   * jobs there), then more matching activity types (activityTypeIds).
   */
  async function candidates(ctx: RequestContext, absenceId: string) {
    requireDispatcher(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const absence = await findRecord(tx, absences, absenceId);
      if (!absence) throw NotFound('absence', absenceId);
      const { rows: open } =
        await sql<StoredRecord>`SELECT * FROM jobs WHERE company_id = ${tx.companyId} AND absence_id = ${absence.id}
        AND replacement_job_id IS NULL ORDER BY from_at`.execute(tx.db);
      if (open.length === 0) return [];
      const targets = open.map((j) => ({ id: j.id, from_at: j.doc.from, to_at: j.doc.to }));
      const objectIds = [...new Set(open.map((j) => j.doc.objectId).filter(Boolean))];
      const activityTypeIds = [...new Set(open.map((j) => j.doc.activityTypeId).filter(Boolean))];
      const { rows } = await sql<{
        id: string;
        general: any;
        worked: string[] | null;
        activity: string[] | null;
        blocked: string[];
        past_objects: string[] | null;
      }>`
        WITH t AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(targets)}::jsonb) AS t(id text, from_at timestamptz, to_at timestamptz))
        SELECT u.id, u.doc->'general' AS general,
          (SELECT array_agg(x) FROM jsonb_array_elements_text(coalesce(u.doc->'workedOnObjectIds', '[]')) x) AS worked,
          (SELECT array_agg(x) FROM jsonb_array_elements_text(coalesce(u.doc->'activityTypeIds', '[]')) x) AS activity,
          coalesce((SELECT array_agg(t.id) FROM t WHERE
            EXISTS (SELECT 1 FROM jobs j WHERE j.company_id = u.company_id AND j.user_id = u.id AND j.state <> 'cancelled'
              AND j.from_at < t.to_at AND j.to_at > t.from_at AND j.from_at > t.from_at - interval '7 days')
            OR EXISTS (SELECT 1 FROM absences a WHERE a.company_id = u.company_id AND a.user_id = u.id
              AND a.state IN ('approved', 'assigned') AND a.dt_start < t.to_at AND a.dt_end > t.from_at)), '{}') AS blocked,
          (SELECT array_agg(DISTINCT j.object_id) FROM jobs j WHERE j.company_id = u.company_id AND j.user_id = u.id
            AND j.object_id = ANY(${sql.val(objectIds)}::text[]) AND j.to_at < now()) AS past_objects
        FROM users u WHERE u.company_id = ${tx.companyId} AND u.id <> ${absence.doc.userId}`.execute(tx.db);
      return rows
        .map((u) => {
          const workedOn = objectIds.filter((o) => (u.worked ?? []).includes(o) || (u.past_objects ?? []).includes(o));
          const matching = activityTypeIds.filter((a) => (u.activity ?? []).includes(a));
          const freeFor = targets.map((t) => t.id).filter((id) => !u.blocked.includes(id));
          const name = [u.general?.firstName, u.general?.lastName].filter(Boolean).join(' ');
          return {
            userId: u.id,
            name,
            freeForJobIds: freeFor,
            conflictingJobIds: u.blocked,
            workedOnObjectIds: workedOn,
            matchingActivityTypeIds: matching,
            score: freeFor.length * 100 + workedOn.length * 10 + matching.length,
          };
        })
        .filter((c) => c.freeForJobIds.length > 0)
        .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId))
        .slice(0, MAX_CANDIDATES);
    });
  }

  return { assign, candidates };
}
