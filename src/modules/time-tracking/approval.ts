// Approving and cancelling entries, and the month's salary run. Approval computes the entry's
// salary in the same transaction; a correction of an approved entry recomputes it unless it is
// billed; cancelling removes an unbilled salary.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, Forbidden, NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { deleteRecord, findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { salaries } from '../pay/index.js';
import { writeSalaries } from '../pay/index.js';
import { jobs } from '../scheduling/index.js';
import { timeTrackings } from './time-trackings-resource.js';

const MAX_RUN_DAYS = 62;

function requireManager(ctx: RequestContext) {
  if (requireLevel(ctx, timeTrackings.area, 'write') !== 'all')
    throw Forbidden('Only managers approve or cancel entries');
}

async function salaryIdsAfterWrite(tx: TenantTx, ctx: RequestContext, entry: StoredRecord) {
  const written = await writeSalaries(tx, ctx.userId, [entry]);
  const salaryId = written.salaryIds.get(entry.id);
  const errors: string[] = entry.doc.errors ?? [];
  const billed = written.billed.has(entry.id);
  const doc: Record<string, any> = {
    ...entry.doc,
    salaryIds: salaryId ? [salaryId] : [],
    errors: billed ? [...new Set([...errors, 'SALARY_BILLED'])] : errors.filter((e) => e !== 'SALARY_BILLED'),
  };
  doc.allFoundErrors = [...new Set([...(entry.doc.allFoundErrors ?? []), ...doc.errors])];
  await updateRecord(tx, timeTrackings, entry.id, {
    doc,
    userId: ctx.userId,
    columns: { has_errors: doc.errors.length > 0 },
  });
}

/** After a manager's correction: an approved entry's salary follows the entry. */
export async function recomputeAfterCorrection(tx: TenantTx, ctx: RequestContext, change: { id: string }) {
  const entry = await findRecord(tx, timeTrackings, change.id);
  if (entry?.doc.approved && entry.doc.timeEnd && !entry.doc.cancelled) await salaryIdsAfterWrite(tx, ctx, entry);
}

/** After an open entry was cancelled: a started job with nobody clocked in is completed if anyone worked on it, else open again. */
async function settleJobState(tx: TenantTx, ctx: RequestContext, jobId: string) {
  const job = await findRecord(tx, jobs, jobId, { forUpdate: true });
  if (!job || job.doc.state !== 'started') return;
  const { rows } = await sql<{
    open: number;
    done: number;
  }>`SELECT count(*) FILTER (WHERE time_end IS NULL)::int AS open,
      count(*) FILTER (WHERE time_end IS NOT NULL)::int AS done
    FROM time_trackings WHERE company_id = ${tx.companyId} AND job_id = ${jobId} AND NOT cancelled`.execute(tx.db);
  if (Number(rows[0]!.open) > 0) return;
  await updateRecord(tx, jobs, jobId, {
    doc: { ...job.doc, state: Number(rows[0]!.done) > 0 ? 'completed' : 'open' },
    userId: ctx.userId,
  });
}

export function approvals(deps: { database: Database }) {
  async function load(tx: TenantTx, id: string) {
    const entry = await findRecord(tx, timeTrackings, id, { forUpdate: true });
    if (!entry) throw NotFound(timeTrackings.name, id);
    return entry;
  }

  async function approve(ctx: RequestContext, id: string) {
    requireManager(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const entry = await load(tx, id);
      if (entry.doc.cancelled) throw Conflict('A cancelled entry cannot be approved');
      if (!entry.doc.timeEnd) throw Conflict('The entry is still running; clock out (or set timeEnd) before approving');
      const doc = { ...entry.doc, approved: true, approvedBy: ctx.userId, approvedAt: new Date().toISOString() };
      await updateRecord(tx, timeTrackings, id, { doc, userId: ctx.userId });
      await salaryIdsAfterWrite(tx, ctx, { ...entry, doc });
      const stored = await findRecord(tx, timeTrackings, id);
      return { _id: id, salaryIds: stored!.doc.salaryIds as string[] };
    });
  }

  async function cancel(ctx: RequestContext, id: string, reason?: string) {
    requireManager(ctx);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const entry = await load(tx, id);
      const linked = await tx.db
        .selectFrom('salaries')
        .selectAll()
        .where('company_id', '=', tx.companyId)
        .where('time_tracking_id', '=', id)
        .forUpdate()
        .execute();
      if (linked.some((s) => s.billed)) throw Conflict("The entry's salary is billed; it cannot be cancelled");
      for (const salary of linked) await deleteRecord(tx, salaries, salary as StoredRecord, ctx.userId);
      const doc = {
        ...entry.doc,
        cancelled: true,
        approved: false,
        cancelledBy: ctx.userId,
        cancelledAt: new Date().toISOString(),
        salaryIds: [],
        errors: [],
        ...(reason ? { reason } : {}),
      };
      await updateRecord(tx, timeTrackings, id, {
        doc,
        userId: ctx.userId,
        columns: { has_errors: false, missing_stop_at: null },
      });
      if (entry.doc.jobId && !entry.doc.timeEnd) await settleJobState(tx, ctx, entry.doc.jobId);
    });
  }

  /** The salary run: approves every stopped, uncancelled entry that began in [from, to) and (re)computes unbilled salaries. */
  async function run(ctx: RequestContext, body: { from: string; to: string; userIds?: string[] }) {
    requireManager(ctx);
    requireLevel(ctx, salaries.area, 'write');
    const from = Date.parse(body.from);
    const to = Date.parse(body.to);
    if (!(to > from)) throw fieldError('to', 'must be after from');
    if (to - from > MAX_RUN_DAYS * 86_400_000) throw fieldError('to', `a run covers at most ${MAX_RUN_DAYS} days`);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const users = body.userIds ? sql`AND user_id = ANY(${sql.val(body.userIds)}::text[])` : sql``;
      const { rows } = await sql<StoredRecord>`SELECT * FROM time_trackings WHERE company_id = ${tx.companyId}
        AND time_start >= ${new Date(from)} AND time_start < ${new Date(to)} AND time_end IS NOT NULL AND NOT cancelled ${users}
        ORDER BY time_start FOR UPDATE`.execute(tx.db);
      const now = new Date().toISOString();
      const entries = rows.map((row) =>
        row.doc.approved
          ? row
          : { ...row, doc: { ...row.doc, approved: true, approvedBy: ctx.userId, approvedAt: now } },
      );
      // Time tracking is not a webhook entity: the entries change without events.
      const written = await writeSalaries(tx, ctx.userId, entries);
      // Only what changes crosses the wire: the salary id, and whether it stayed billed.
      const changed = entries.map((entry) => ({
        id: entry.id,
        salary_id: written.salaryIds.get(entry.id),
        billed: written.billed.has(entry.id),
      }));
      const billedCode = sql`'["SALARY_BILLED"]'::jsonb`;
      const errors = sql`CASE WHEN v.billed THEN
          CASE WHEN coalesce(t.doc->'errors', '[]'::jsonb) @> ${billedCode} THEN t.doc->'errors' ELSE coalesce(t.doc->'errors', '[]'::jsonb) || ${billedCode} END
        ELSE (SELECT coalesce(jsonb_agg(x), '[]'::jsonb) FROM jsonb_array_elements(coalesce(t.doc->'errors', '[]'::jsonb)) x WHERE x <> '"SALARY_BILLED"') END`;
      for (let i = 0; i < changed.length; i += 5000) {
        await sql`UPDATE time_trackings t SET approved = true, modified_at = now(), modified_by = ${ctx.userId},
            doc = t.doc || jsonb_build_object(
              'approved', true,
              'approvedBy', coalesce(t.doc->'approvedBy', to_jsonb(${ctx.userId}::text)),
              'approvedAt', coalesce(t.doc->'approvedAt', to_jsonb(${now}::text)),
              'salaryIds', jsonb_build_array(v.salary_id),
              'errors', ${errors},
              'allFoundErrors', CASE WHEN v.billed AND NOT coalesce(t.doc->'allFoundErrors', '[]'::jsonb) @> ${billedCode}
                THEN coalesce(t.doc->'allFoundErrors', '[]'::jsonb) || ${billedCode} ELSE coalesce(t.doc->'allFoundErrors', '[]'::jsonb) END),
            has_errors = jsonb_array_length(${errors}) > 0
          FROM jsonb_to_recordset(${JSON.stringify(changed.slice(i, i + 5000))}::jsonb) AS v(id text, salary_id text, billed boolean)
          WHERE t.company_id = ${tx.companyId} AND t.id = v.id`.execute(tx.db);
      }
      return {
        entries: entries.length,
        approved: rows.filter((r) => !r.doc.approved).length,
        computed: entries.length - written.billed.size,
        billedUnchanged: written.billed.size,
      };
    });
  }

  return { approve, cancel, run };
}
