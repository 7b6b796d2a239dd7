// Turning assignments into jobs. Every occurrence x planned user becomes exactly one job: the
// unique key (assignment, occurrence day, slot) makes generation idempotent and safe when several
// servers generate the same window at once. An occurrence is identified by its local date (rules
// repeat at most daily), so a job that was started or moved on a day still stands for that day
// after the assignment's time changes. Which windows are generated when: job-planning.ts.
import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import { emitSql } from '../../platform/outbox/emit-sql.js';
import { isPublicHolidayIn, placeOfWorkRegion } from '../../platform/time/holidays.js';
import {
  expandOccurrences,
  type ICalendar,
  isRefusedRule,
  normalizeICalendar,
} from '../../platform/time/recurrence.js';
import { formatLocal } from '../../platform/time/zoned-time.js';
import {
  findRecord,
  promotedColumns,
  recordJson,
  reserveNumbersStatement,
} from '../../resources/engine/resource-store.js';
import { unsetFields, withoutNulls } from '../../resources/engine/to-api.js';
import { objects } from '../../resources/objects.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import type { AbsenceHooks } from './absence-hooks.js';
import { jobs } from './jobs-resource.js';

const DAY = 86_400_000;
const JOB_ENTITY = jobs.webhookEntity!;
// A job row as toApi() shows it, for set-based events (built when first used: jobs is read then).
const jobApiJson = () => recordJson(jobs, 'j');

/**
 * What recordJson(jobs) builds, for the rows generation has just inserted (`j`, beside `stamp.at`), with
 * less work per job: building it took about a quarter of generation's database CPU. Such a row holds no
 * null (occurrenceRows writes no null member; actor, chat id and status are set), so there is nothing to
 * strip, and both its times are the statement's now() (the columns' default), formatted once at the
 * columns' precision instead of twice a job. recordJson itself is used if an unset field were null.
 */
let generatedJobJsonBuilt: RawBuilder<unknown> | undefined;
function generatedJobJson(): RawBuilder<unknown> {
  if (generatedJobJsonBuilt) return generatedJobJsonBuilt;
  const unset = unsetFields(jobs);
  if (JSON.stringify(withoutNulls(unset)) !== JSON.stringify(unset)) return (generatedJobJsonBuilt = jobApiJson());
  // sql: the members of crewbase_entity_json (migrations 0002, 0012) over the document and the unset fields
  generatedJobJsonBuilt = sql`${sql.lit(JSON.stringify(unset))}::jsonb || j.doc || jsonb_build_object(
    '_id', j.id, 'number', j.number, 'companyId', j.company_id, 'chatId', j.chat_id,
    'status', jsonb_build_object('status', j.status_code, 'createdAt', stamp.at, 'createdBy', j.created_by,
      'lastModifiedAt', stamp.at, 'lastModifiedBy', j.modified_by))`;
  return generatedJobJsonBuilt;
}
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

// The documents go as text[] and are cast one by one: a jsonb[] parameter took about 1 µs more
// database CPU per document (4.5 against 3.5 µs for 20,000 of them, parsing alone).
const COLUMN_TYPES: Record<string, string> = {
  ord: 'bigint',
  occurrence_key: 'bigint',
  from_at: 'timestamptz',
  to_at: 'timestamptz',
};
const STORED_AS: Record<string, string> = { doc: 'jsonb' };

type JobRow = Record<string, unknown>;

/**
 * Inserts the rows that are not there yet, numbering them in the same statement (a block of the
 * jobs counter, so no statement waits for another); returns how many it created and which of
 * them fall on an approved absence.
 */
interface Inserted {
  created: number;
  /** The new jobs on an approved absence, with who they count as made by. */
  onAbsence: Array<{ id: string; by: string }>;
}

function insertJobRows(tx: TenantTx, absences: AbsenceHooks, rows: JobRow[]): Promise<Inserted> {
  const columns = Object.keys(rows[0]!);
  const arrays = columns.map(
    (c) =>
      sql`${sql.val(rows.map((r, i) => (c === 'ord' ? i + 1 : (r[c] ?? null))))}::${sql.raw(COLUMN_TYPES[c] ?? 'text')}[]`,
  );
  const stored = columns.filter((c) => c !== 'ord');
  // sql: a set-based INSERT from unnest() arrays with ON CONFLICT on a partial unique index, numbered
  // from a counter block taken by the same statement; the CREATE events of the new jobs are emitted
  // in it too.
  return sql<{ created: number; on_absence: Inserted['onAbsence'] }>`
    WITH block AS (${reserveNumbersStatement(tx, jobs.collection, rows.length)}), created AS (
      INSERT INTO jobs (${sql.join(stored.map((c) => sql.ref(c)))}, number)
      SELECT ${sql.join(stored.map((c) => (STORED_AS[c] ? sql`${sql.ref(`u.${c}`)}::${sql.raw(STORED_AS[c])}` : sql.ref(`u.${c}`))))},
        (SELECT first FROM block) + u.ord - 1
      FROM unnest(${sql.join(arrays)}) AS u(${sql.join(columns.map((c) => sql.ref(c)))})
      ON CONFLICT (company_id, assignment_id, occurrence_key, slot) WHERE occurrence_key IS NOT NULL DO NOTHING
      RETURNING *
    ), stamp AS (
      SELECT to_char(now()::timestamptz(3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
    ), emitted AS (
      SELECT ${emitSql(tx.companyId, 'CREATE', JOB_ENTITY, sql`(SELECT coalesce(array_agg(${generatedJobJson()}), '{}') FROM created j, stamp)`)}
    )
    SELECT (SELECT count(*)::int FROM created) AS created, (SELECT count(*) FROM emitted) AS emitted,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', j.id, 'by', j.created_by)), '[]')
        FROM created j WHERE ${absences.onApprovedAbsence}) AS on_absence`
    .execute(tx.db)
    .then(({ rows: [result] }) => ({ created: result!.created, onAbsence: result!.on_absence }));
}

/** The rows of an assignment's occurrences starting in [from, to), one per planned user (or one unassigned). */
async function occurrenceRows(
  tx: TenantTx,
  assignment: PlannedAssignment,
  from: number,
  to: number,
  actor: string,
): Promise<JobRow[]> {
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
  const rows: JobRow[] = [];
  for (const occurrence of occurrences) {
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
        doc: JSON.stringify(jobDoc),
        created_by: actor,
        modified_by: actor,
        chat_id: newObjectId(),
        occurrence_key: Math.floor(occurrence.localStart / DAY),
        slot: slot ?? '-',
        ...promotedColumns(jobs, jobDoc),
        ord: 0, // the row's place in its batch, set when inserted
      });
    }
  }
  return rows;
}

/** One assignment to plan, and who its jobs count as made by. */
export interface Planning {
  assignment: PlannedAssignment;
  actor?: string;
}

/**
 * Creates the missing jobs of the assignments whose occurrences start in [from, to), in batches of
 * about BATCH rows across assignments. A batch is sent without waiting for the one before (on
 * PostgreSQL's pipelined connection, the next batch is built while the server inserts the last),
 * at most two in flight. `skipRefused`: a rule stored before today's limits plans nothing instead
 * of failing (its error comes before anything of it is sent). Returns the number of jobs created.
 */
export async function materializeAll(
  tx: TenantTx,
  absences: AbsenceHooks,
  plannings: Planning[],
  from: number,
  to: number,
  options: { skipRefused?: boolean; batchRows?: number } = {},
): Promise<number> {
  const batchRows = options.batchRows ?? BATCH;
  const inFlight: Array<Promise<Inserted>> = [];
  const results: Inserted[] = [];
  let batch: JobRow[] = [];
  const send = async () => {
    if (batch.length === 0) return;
    const sent = insertJobRows(tx, absences, batch);
    sent.catch(() => {}); // awaited below, in order; a failure aborts the transaction anyway
    inFlight.push(sent);
    batch = [];
    if (inFlight.length >= 2) results.push(await inFlight.shift()!);
  };
  let failure: { error: unknown } | undefined;
  try {
    for (const { assignment, actor } of plannings) {
      let rows: JobRow[];
      try {
        rows = await occurrenceRows(tx, assignment, from, to, actor ?? 'system');
      } catch (error) {
        if (options.skipRefused && isRefusedRule(error)) continue;
        throw error;
      }
      for (const row of rows) batch.push(row);
      if (batch.length >= batchRows) await send();
    }
    await send();
  } catch (error) {
    failure = { error };
  }
  // Every batch sent is waited for (also when building a later one failed), so none is left running.
  const settled = await Promise.allSettled(inFlight.splice(0));
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') results.push(outcome.value);
    else failure ??= { error: outcome.reason };
  }
  if (failure) throw failure.error;
  // New jobs on a planned user's approved absence are marked as its affected jobs, by whoever the
  // jobs count as made by; the insert tells which those are, so without absences this costs nothing.
  const byActor = new Map<string, string[]>();
  for (const { id, by } of results.flatMap((r) => r.onAbsence)) byActor.set(by, [...(byActor.get(by) ?? []), id]);
  for (const [userId, jobIds] of byActor) await absences.reconcileConflicts(tx, { userId }, { jobIds });
  return results.reduce((sum, r) => sum + r.created, 0);
}

/** Creates the missing jobs of one assignment whose occurrences start in [from, to). */
export function materialize(
  tx: TenantTx,
  absences: AbsenceHooks,
  assignment: PlannedAssignment,
  from: number,
  to: number,
  actor = 'system',
): Promise<number> {
  return materializeAll(tx, absences, [{ assignment, actor }], from, to);
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
