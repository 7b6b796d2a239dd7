// Approving and cancelling entries, and the month's salary run. Approval computes the entry's
// salary in the same transaction; a correction of an approved entry recomputes it unless it is
// billed; cancelling removes an unbilled salary.
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { findRecord, updateRecord, upsertRecords } from '../../resources/engine/resource-store.js';
import { lockSalariesOfEntry, removeSalaries, salaries, writeSalaries } from '../pay/index.js';
import { findJob, setJobState } from '../scheduling/index.js';
import { withSalaryOutcome, writeEntrySalary } from './entry-salary.js';
import type { TimeTrackingDoc } from './time-tracking-schema.js';
import { timeTrackings } from './time-trackings-resource.js';

const MAX_RUN_DAYS = 62;
const APPROVE_OR_CANCEL = 'approve or cancel entries';

/** After an open entry was cancelled: a started job with nobody clocked in is completed if anyone worked on it, else open again. */
async function settleJobState(tx: TenantTx, ctx: RequestContext, jobId: string) {
  const job = await findJob(tx, jobId, { forUpdate: true });
  if (job?.doc.state !== 'started') return;
  const { open, done } = await tx.db
    .selectFrom('time_trackings')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('time_end', 'is', null).as('open'),
      eb.fn.countAll<number>().filterWhere('time_end', 'is not', null).as('done'),
    ])
    .where('company_id', '=', tx.companyId)
    .where('job_id', '=', jobId)
    .where((eb) => eb.not(eb.ref('cancelled')))
    .executeTakeFirstOrThrow();
  if (Number(open) > 0) return;
  await setJobState(tx, ctx.userId, job, Number(done) > 0 ? 'completed' : 'open');
}

export function approvals(deps: { database: Database }) {
  async function load(tx: TenantTx, id: string) {
    const entry = await findRecord(tx, timeTrackings, id, { forUpdate: true });
    if (!entry) throw NotFound(timeTrackings.name, id);
    return entry;
  }

  /** One approval inside a transaction: the rule shared by the single and the bulk route. */
  async function approveIn(tx: TenantTx, ctx: RequestContext, id: string, named = '') {
    const entry = await load(tx, id);
    if (entry.doc.cancelled) throw Conflict(`A cancelled entry cannot be approved${named}`);
    if (!entry.doc.timeEnd)
      throw Conflict(`The entry is still running; clock out (or set timeEnd) before approving${named}`);
    const approved = { ...entry.doc, approved: true, approvedBy: ctx.userId, approvedAt: new Date().toISOString() };
    // One write of the entry, approved with its salary's outcome (it was written twice and read again).
    const stored = await writeEntrySalary(tx, ctx, timeTrackings, { ...entry, doc: approved });
    return { _id: id, salaryIds: stored.salaryIds };
  }

  async function approve(ctx: RequestContext, id: string) {
    requireManager(ctx, timeTrackings.area, APPROVE_OR_CANCEL);
    return inTenant(deps.database, ctx.companyId, (tx) => approveIn(tx, ctx, id));
  }

  /**
   * Several entries approved all-or-nothing in one transaction (docs/decisions.md): one refused entry (missing,
   * another company's, cancelled, running) refuses them all, naming it. Locked in id order, so two bulk
   * approvals over the same entries cannot deadlock.
   */
  async function approveMany(ctx: RequestContext, ids: string[]) {
    requireManager(ctx, timeTrackings.area, APPROVE_OR_CANCEL);
    const unique = [...new Set(ids)].sort();
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const entries = [];
      for (const id of unique) entries.push(await approveIn(tx, ctx, id, ` (entry ${id})`));
      return { approved: entries.length, entries };
    });
  }

  async function cancel(ctx: RequestContext, id: string, reason?: string) {
    requireManager(ctx, timeTrackings.area, APPROVE_OR_CANCEL);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const entry = await load(tx, id);
      const linked = await lockSalariesOfEntry(tx, id);
      if (linked.some((s) => s.billed)) throw Conflict("The entry's salary is billed; it cannot be cancelled");
      await removeSalaries(tx, ctx.userId, linked);
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

  /** The entries a run covers: stopped, uncancelled, begun in [from, to), of the users named (all when none), locked. */
  async function lockRunEntries(tx: TenantTx, from: number, to: number, userIds?: string[]) {
    let query = tx.db
      .selectFrom('time_trackings')
      .selectAll()
      .where('company_id', '=', tx.companyId)
      .where('time_start', '>=', new Date(from))
      .where('time_start', '<', new Date(to))
      .where('time_end', 'is not', null)
      .where((eb) => eb.not(eb.ref('cancelled')));
    if (userIds) query = query.where('user_id', '=', (eb) => eb.fn.any(eb.val(userIds)));
    // Every stored document was validated by its write.
    return (await query.orderBy('time_start').forUpdate().execute()) as unknown as StoredRecord<TimeTrackingDoc>[];
  }

  /** The salary run: approves every stopped, uncancelled entry that began in [from, to) and (re)computes unbilled salaries. */
  async function run(ctx: RequestContext, body: { from: string; to: string; userIds?: string[] }) {
    requireManager(ctx, timeTrackings.area, APPROVE_OR_CANCEL);
    requireLevel(ctx, salaries.area, 'write');
    const from = Date.parse(body.from);
    const to = Date.parse(body.to);
    if (!(to > from)) throw fieldError('to', 'must be after from');
    if (to - from > MAX_RUN_DAYS * 86_400_000) throw fieldError('to', `a run covers at most ${MAX_RUN_DAYS} days`);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const rows = await lockRunEntries(tx, from, to, body.userIds);
      const now = new Date().toISOString();
      const entries = rows.map((row) =>
        row.doc.approved
          ? row
          : { ...row, doc: { ...row.doc, approved: true, approvedBy: ctx.userId, approvedAt: now } },
      );
      const written = await writeSalaries(tx, ctx.userId, entries);
      // Stored in bulk through the engine (time tracking is not a webhook entity: no events); the
      // rows exist and are locked, so every record is an update of its document and columns.
      await upsertRecords(
        tx,
        timeTrackings,
        entries.map((entry) => {
          const approved = {
            ...entry.doc,
            approvedBy: entry.doc.approvedBy ?? ctx.userId,
            approvedAt: entry.doc.approvedAt ?? now,
          };
          const doc = withSalaryOutcome(approved, written.salaryIds.get(entry.id), written.billed.has(entry.id));
          return {
            id: entry.id,
            number: entry.number,
            doc,
            userId: ctx.userId,
            chatId: entry.chat_id ?? newObjectId(), // kept: an update leaves number, chat and creator alone
            columns: { has_errors: doc.errors.length > 0 },
          };
        }),
      );
      return {
        entries: entries.length,
        approved: rows.filter((r) => !r.doc.approved).length,
        computed: entries.length - written.billed.size,
        billedUnchanged: written.billed.size,
      };
    });
  }

  return { approve, approveMany, cancel, run };
}
