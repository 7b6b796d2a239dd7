// Turning assignments into jobs. Every occurrence x planned user becomes exactly one job: the
// unique key (assignment, occurrence day, slot) makes generation idempotent and safe when several
// servers generate the same window at once. An occurrence is identified by its local date (rules
// repeat at most daily), so a job that was started or moved on a day still stands for that day
// after the assignment's time changes. Which windows are generated when: job-planning.ts.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import { emitSql } from '../../platform/outbox/emit-sql.js';
import { isPublicHolidayIn, placeOfWorkRegion } from '../../platform/time/holidays.js';
import { expandOccurrences, type ICalendar, normalizeICalendar } from '../../platform/time/recurrence.js';
import { formatLocal } from '../../platform/time/zoned-time.js';
import { findRecord, promotedColumns, recordJson, reserveNumbers } from '../../resources/engine/resource-store.js';
import { objects } from '../../resources/objects.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import { absenceHooks } from './absence-hooks.js';
import { jobs } from './jobs-resource.js';

const DAY = 86_400_000;
const JOB_ENTITY = jobs.webhookEntity!;
// A job row as toApi() shows it, for set-based events (built when first used: jobs is read then).
const jobApiJson = () => recordJson(jobs, 'j');
const BATCH = 2000;

/** What planning reads of an assignment's document (validated by assignments-resource.ts). */
export interface AssignmentPlan {
  objectId: string;
  iCalendar: ICalendar;
  userIds?: string[];
  title?: string;
  type?: string;
  activityTypeId?: string;
  skipPublicHolidays?: boolean;
}

export interface PlannedAssignment {
  id: string;
  doc: AssignmentPlan;
}

/** Deterministic per occurrence, so two generators agree on a team's id. */
function teamIdOf(assignmentId: string, day: number): string {
  return createHash('sha1').update(`${assignmentId}:${day}`).digest('hex').slice(0, 24);
}

const COLUMN_TYPES: Record<string, string> = {
  number: 'bigint',
  occurrence_key: 'bigint',
  doc: 'jsonb',
  from_at: 'timestamptz',
  to_at: 'timestamptz',
};

/** Inserts the rows that are not there yet; returns how many it created and which of them fall on an absence. */
async function insertJobRows(
  tx: TenantTx,
  rows: Array<Record<string, unknown>>,
): Promise<{ created: number; onAbsence: string[] }> {
  if (rows.length === 0) return { created: 0, onAbsence: [] };
  const columns = Object.keys(rows[0]!);
  const arrays = columns.map(
    (c) => sql`${sql.val(rows.map((r) => r[c] ?? null))}::${sql.raw(COLUMN_TYPES[c] ?? 'text')}[]`,
  );
  // sql: a set-based INSERT from unnest() arrays with ON CONFLICT on a partial unique index; the
  // CREATE events of the new jobs are emitted in the same statement.
  const {
    rows: [result],
  } = await sql<{ created: number; on_absence: string[] }>`
    WITH created AS (
      INSERT INTO jobs (${sql.join(columns.map((c) => sql.ref(c)))})
      SELECT * FROM unnest(${sql.join(arrays)})
      ON CONFLICT (company_id, assignment_id, occurrence_key, slot) WHERE occurrence_key IS NOT NULL DO NOTHING
      RETURNING *
    ), emitted AS (
      SELECT ${emitSql(tx.companyId, 'CREATE', JOB_ENTITY, sql`(SELECT coalesce(array_agg(${jobApiJson()}), '{}') FROM created j)`)}
    )
    SELECT (SELECT count(*)::int FROM created) AS created, (SELECT count(*) FROM emitted) AS emitted,
      (SELECT coalesce(array_agg(j.id), '{}') FROM created j WHERE ${absenceHooks().onApprovedAbsence}) AS on_absence`.execute(
    tx.db,
  );
  return { created: result!.created, onAbsence: result!.on_absence };
}

/** Creates the missing jobs of one assignment whose occurrences start in [from, to). */
export async function materialize(
  tx: TenantTx,
  assignment: PlannedAssignment,
  from: number,
  to: number,
  actor = 'system',
): Promise<number> {
  const { doc } = assignment;
  const { recurrence } = normalizeICalendar(doc.iCalendar, false);
  let occurrences = expandOccurrences(recurrence, from, to);
  if (doc.skipPublicHolidays && occurrences.length) {
    const object = await findRecord(tx, objects, doc.objectId);
    const isHoliday = isPublicHolidayIn(
      placeOfWorkRegion(
        (object?.doc as { address?: { country?: string; state?: string } } | undefined)?.address,
        (await loadTimeAndPaySettings(tx)).holidayRegion,
      ),
    );
    occurrences = occurrences.filter((o) => !isHoliday(formatLocal(o.localStart).slice(0, 10)));
  }
  const slots: Array<string | null> = doc.userIds?.length ? doc.userIds : [null];
  let created = 0;
  const onAbsence: string[] = [];
  for (let i = 0; i < occurrences.length; i += Math.max(1, Math.floor(BATCH / slots.length))) {
    const chunk = occurrences.slice(i, i + Math.max(1, Math.floor(BATCH / slots.length)));
    let number = await reserveNumbers(tx, jobs.collection, chunk.length * slots.length);
    const rows: Array<Record<string, unknown>> = [];
    for (const occurrence of chunk) {
      const teamId = slots.length > 1 ? teamIdOf(assignment.id, Math.floor(occurrence.localStart / DAY)) : undefined;
      for (const slot of slots) {
        const jobDoc: Record<string, unknown> = {
          assignmentId: assignment.id,
          objectId: doc.objectId,
          from: new Date(occurrence.start).toISOString(),
          to: new Date(occurrence.end).toISOString(),
          targetTime: Math.round((occurrence.end - occurrence.start) / 60_000),
          state: 'open',
          ...(slot ? { userId: slot } : {}),
          ...(teamId ? { teamId } : {}),
          ...(doc.title ? { title: doc.title } : {}),
          ...(doc.type ? { type: doc.type } : {}),
          ...(doc.activityTypeId ? { activityTypeId: doc.activityTypeId } : {}),
        };
        rows.push({
          company_id: tx.companyId,
          id: newObjectId(),
          number: number++,
          doc: JSON.stringify(jobDoc),
          created_by: actor,
          modified_by: actor,
          chat_id: newObjectId(),
          occurrence_key: Math.floor(occurrence.localStart / DAY),
          slot: slot ?? '-',
          ...promotedColumns(jobs, jobDoc),
        });
      }
    }
    const inserted = await insertJobRows(tx, rows);
    created += inserted.created;
    onAbsence.push(...inserted.onAbsence);
  }
  // New jobs on a planned user's approved absence are marked as its affected jobs; the insert
  // tells which those are, so a window without absences costs no statement here.
  if (onAbsence.length > 0) await absenceHooks().reconcileConflicts(tx, { userId: actor }, { jobIds: onAbsence });
  return created;
}

/**
 * Removes the jobs re-planning may replace: generated, from `since` on, untouched by a person, never
 * started; of one assignment, or of all. In batches, so that a window being shrunk by years does
 * not build one event of every job.
 */
export async function removeReplaceableJobs(tx: TenantTx, which: { assignmentId?: string; since: number }) {
  // sql: a batched DELETE (LIMIT in a sub-select) whose DELETE events are emitted in the same statement.
  const ofWhich = which.assignmentId ? sql`assignment_id = ${which.assignmentId}` : sql`occurrence_key IS NOT NULL`;
  for (;;) {
    const {
      rows: [result],
    } = await sql<{ removed: number }>`
      WITH removed AS (
        DELETE FROM jobs WHERE company_id = ${tx.companyId} AND id IN (
          SELECT id FROM jobs WHERE company_id = ${tx.companyId} AND ${ofWhich}
            AND from_at >= ${new Date(which.since)} AND NOT is_manual AND started_at IS NULL LIMIT ${BATCH})
        RETURNING *
      ), emitted AS (
        SELECT ${emitSql(tx.companyId, 'DELETE', JOB_ENTITY, sql`(SELECT coalesce(array_agg(${jobApiJson()}), '{}') FROM removed j)`)}
      )
      SELECT (SELECT count(*)::int FROM removed) AS removed, (SELECT count(*) FROM emitted) AS emitted`.execute(tx.db);
    if (Number(result!.removed) < BATCH) return;
  }
}
