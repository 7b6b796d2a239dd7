// Turning assignments into jobs. Every occurrence x planned user becomes exactly one job: the
// unique key (assignment, occurrence day, slot) makes generation idempotent and safe when several
// servers generate the same window at once. An occurrence is identified by its local date (rules
// repeat at most daily), so a job that was started or moved on a day still stands for that day
// after the assignment's time changes. Which windows are generated when: job-planning.ts.
import crypto from 'node:crypto';
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
import { findRecord, recordJson, reserveNumbersStatement } from '../../resources/engine/resource-store.js';
import { objects } from '../../resources/objects.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import type { AbsenceHooks } from './absence-hooks.js';
import {
  assignmentDocument,
  GENERATED_FIELDS,
  GENERATED_STATUS_CODE,
  type GeneratedField,
  generatedJobText,
  type JobMembers,
  nonDocumentKeys,
} from './generated-job-text.js';
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

// node:crypto's one-shot hash (Node 20.12 and later) where there is one: a third of createHash's time.
const sha1Hex: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) => (crypto as unknown as { hash(algorithm: string, data: string): string }).hash('sha1', text)
    : (text) => crypto.createHash('sha1').update(text).digest('hex');

/** Deterministic per occurrence, so two generators agree on a team's id. */
function teamIdOf(assignmentId: string, day: number): string {
  return sha1Hex(`${assignmentId}:${day}`).slice(0, 24);
}

// The documents go as text[] and are cast one by one: a jsonb[] parameter took about 1 µs more
// database CPU per document (4.5 against 3.5 µs for 20,000 of them, parsing alone).
const COLUMN_TYPES: Record<string, string> = {
  occurrence_key: 'bigint',
  from_at: 'timestamptz',
  to_at: 'timestamptz',
};

/**
 * The jobs' promoted columns a generated document fills (promotedColumns(jobs, doc) of it), each
 * with the member it comes from; the others are null for every generated job and are not sent.
 */
let generatedColumnsMade: Array<[GeneratedField, string]> | undefined;
function generatedColumns(): Array<[GeneratedField, string]> {
  if (generatedColumnsMade) return generatedColumnsMade;
  const made: Array<[GeneratedField, string]> = [];
  for (const [path, column] of Object.entries(jobs.columns ?? {})) {
    const field = GENERATED_FIELDS.find((f) => path === f || path.startsWith(`${f}.`));
    if (field && path !== field) throw new Error(`jobs column ${column}: generation writes ${field} whole`);
    if (field) made.push([field, column]);
  }
  generatedColumnsMade = made;
  return made;
}

/**
 * Rows to insert, column by column (a generated job's columns are few and known: building them
 * as arrays directly spares an object per row and a pass per column when sent).
 */
class JobBatch {
  length = 0;
  readonly id: string[] = [];
  /** The job's event text before its number, and after its status (generated-job-text.ts). */
  readonly head: string[] = [];
  readonly tail: string[] = [];
  readonly by: string[] = [];
  readonly chatId: string[] = [];
  readonly occurrenceKey: number[] = [];
  readonly slot: string[] = [];
  readonly promoted = new Map<string, Array<unknown>>(generatedColumns().map(([, column]) => [column, []]));
}

/** An occurrence's members of its jobs' documents; `userId` is the slot's. */
type Members = Partial<Record<GeneratedField, unknown>>;

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

function insertJobRows(tx: TenantTx, absences: AbsenceHooks, batch: JobBatch): Promise<Inserted> {
  const sent: Array<[string, unknown[]]> = [
    ['id', batch.id],
    ['by', batch.by],
    ['chat_id', batch.chatId],
    ['occurrence_key', batch.occurrenceKey],
    ['slot', batch.slot],
  ];
  // A promoted column null in every row of the batch is written as NULL, not sent as an array of nulls.
  const stored: Array<[string, RawBuilder<unknown>]> = [
    ['company_id', sql`${tx.companyId}::text`],
    ['id', sql`u.id`],
    ['doc', sql`u.event - ${sql.val(nonDocumentKeys())}::text[]`],
    ['status_code', sql`${sql.lit(GENERATED_STATUS_CODE)}::int`],
    ['created_by', sql`u.by`],
    ['modified_by', sql`u.by`],
    ['chat_id', sql`u.chat_id`],
    ['occurrence_key', sql`u.occurrence_key`],
    ['slot', sql`u.slot`],
    ['number', sql`u.number`],
  ];
  for (const [column, values] of batch.promoted) {
    const type = COLUMN_TYPES[column] ?? 'text';
    if (values.every((v) => v === null)) {
      stored.push([column, sql`NULL::${sql.raw(type)}`]);
    } else {
      sent.push([column, values]);
      stored.push([column, sql.ref(`u.${column}`)]);
    }
  }
  // The event texts and the actors' JSON go as one text each, a line per job (JSON text holds no raw line
  // break): as text[] elements, escaping their quotes for the array's syntax cost this process more than
  // writing them.
  const arrays = [
    ...sent.map(([c, values]) => sql`${sql.val(values)}::${sql.raw(COLUMN_TYPES[c] ?? 'text')}[]`),
    ...[batch.head, batch.tail, batch.by.map((actor) => JSON.stringify(actor))].map(
      (texts) => sql`string_to_array(${texts.join('\n')}::text, E'\\n')`,
    ),
  ];
  const names = [...sent.map(([c]) => c), 'head', 'tail', 'by_json'];
  // The status object, keys in jsonb's order; both times are the statement's now() (the columns' default),
  // at the columns' precision, formatted once per statement.
  const status = sql`${sql.lit(`,"status":{"status":${GENERATED_STATUS_CODE},"createdAt":"`)} || stamp.at
    || '","createdBy":' || u.by_json || ',"lastModifiedAt":"' || stamp.at || '","lastModifiedBy":' || u.by_json
    || '}'`;
  // sql: a set-based INSERT from unnest() arrays with ON CONFLICT on a partial unique index, numbered
  // from a counter block taken by the same statement; each job's event is parsed once, its document is
  // that without the other members, and the CREATE events of the new jobs are emitted in it too.
  return sql<{ created: number; on_absence: Inserted['onAbsence'] }>`
    WITH block AS (${reserveNumbersStatement(tx, jobs.collection, batch.length)}),
    stamp AS MATERIALIZED (
      SELECT to_char(now()::timestamptz(3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
    ), rows AS MATERIALIZED (
      SELECT u.*, b.first + u.ord - 1 AS number,
        (u.head || (b.first + u.ord - 1) || ${status} || u.tail)::jsonb AS event
      FROM unnest(${sql.join(arrays)}) WITH ORDINALITY AS u(${sql.join(names.map((c) => sql.ref(c)))}, ord),
        block b, stamp
    ), created AS (
      INSERT INTO jobs (${sql.join(stored.map(([c]) => sql.ref(c)))})
      SELECT ${sql.join(stored.map(([, value]) => value))} FROM rows u
      ON CONFLICT (company_id, assignment_id, occurrence_key, slot) WHERE occurrence_key IS NOT NULL DO NOTHING
      -- the columns read below: the id, the actor, and those the absence check reads (absence-conflicts.ts)
      RETURNING id, company_id, user_id, from_at, to_at, created_by
    ), emitted AS (
      SELECT ${emitSql(
        tx.companyId,
        'CREATE',
        JOB_ENTITY,
        sql`(SELECT coalesce(array_agg(u.event), '{}') FROM rows u JOIN created j USING (id))`,
      )}
    )
    SELECT (SELECT count(*)::int FROM created) AS created, (SELECT count(*) FROM emitted) AS emitted,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', j.id, 'by', j.created_by)), '[]')
        FROM created j WHERE ${absences.onApprovedAbsence}) AS on_absence`
    .execute(tx.db)
    .then(({ rows: [result] }) => ({ created: result!.created, onAbsence: result!.on_absence }));
}

/**
 * Adds to `batch` the rows of an assignment's occurrences starting in [from, to), one per planned
 * user (or one unassigned). Returns how many it added.
 */
async function addOccurrenceRows(
  tx: TenantTx,
  batch: JobBatch,
  assignment: PlannedAssignment,
  from: number,
  to: number,
  actor: string,
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
  const text = generatedJobText(
    tx.companyId,
    { assignmentId: assignment.id, ...doc },
    slots.length > 1,
    slots[0] !== null,
  );
  const promoted = generatedColumns().map(([field, column]) => [field, batch.promoted.get(column)!] as const);
  const members: Members = assignmentDocument({ assignmentId: assignment.id, ...doc });
  // One object for every job of the assignment, its members set job by job.
  const job: JobMembers = { id: '', chatId: '', from: '', to: '', targetTime: 0 };
  for (const occurrence of occurrences) {
    const teamId = slots.length > 1 ? teamIdOf(assignment.id, Math.floor(occurrence.localStart / DAY)) : undefined;
    const occurrenceKey = Math.floor(occurrence.localStart / DAY);
    job.from = new Date(occurrence.start).toISOString();
    job.to = new Date(occurrence.end).toISOString();
    job.targetTime = Math.round((occurrence.end - occurrence.start) / 60_000);
    job.teamId = teamId;
    Object.assign(members, { from: job.from, to: job.to, targetTime: job.targetTime, teamId });
    for (const slot of slots) {
      members.userId = slot ?? undefined;
      job.id = newObjectId();
      job.chatId = newObjectId();
      job.userId = slot ?? undefined;
      batch.id.push(job.id);
      batch.head.push(text.head(job));
      batch.tail.push(text.tail(job));
      batch.by.push(actor);
      batch.chatId.push(job.chatId);
      batch.occurrenceKey.push(occurrenceKey);
      batch.slot.push(slot ?? '-');
      for (const [field, values] of promoted) values.push(members[field] ?? null);
      batch.length++;
    }
  }
  return occurrences.length * slots.length;
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
  let batch = new JobBatch();
  const send = async () => {
    if (batch.length === 0) return;
    const sent = insertJobRows(tx, absences, batch);
    sent.catch(() => {}); // awaited below, in order; a failure aborts the transaction anyway
    inFlight.push(sent);
    batch = new JobBatch();
    if (inFlight.length >= 2) results.push(await inFlight.shift()!);
  };
  let failure: { error: unknown } | undefined;
  try {
    for (const { assignment, actor } of plannings) {
      // A refused rule throws before adding a row (expanding comes first), so the batch holds none of it.
      try {
        await addOccurrenceRows(tx, batch, assignment, from, to, actor ?? 'system');
      } catch (error) {
        if (options.skipRefused && isRefusedRule(error)) continue;
        throw error;
      }
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
