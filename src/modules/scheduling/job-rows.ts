// Generated jobs' rows: an assignment's occurrences expanded, built column by column into batches, and
// inserted set-based with their CREATE events (job-generation.ts decides which, in which transactions).
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
  type Occurrence,
} from '../../platform/time/recurrence.js';
import { formatLocal, formatUtc } from '../../platform/time/zoned-time.js';
import { findRecord, reserveNumbersStatement } from '../../resources/engine/resource-store.js';
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
 * A column's values as one text, a line each and '' for null (string_to_array's null string); undefined when a
 * value holds a line break or is '' itself (then the column goes as an array).
 */
function asLines(values: unknown[]): string | undefined {
  const lines: string[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) {
      lines[i] = '';
      continue;
    }
    const text = String(value);
    if (text === '' || text.includes('\n')) return undefined;
    lines[i] = text;
  }
  return lines.join('\n');
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
  readonly occurrenceKey: number[] = [];
  readonly slot: string[] = [];
  readonly promoted = new Map<string, Array<unknown>>(generatedColumns().map(([, column]) => [column, []]));
}

/** An occurrence's members of its jobs' documents; `userId` is the slot's. */
type Members = Partial<Record<GeneratedField, unknown>>;

/**
 * Inserts the rows that are not there yet, numbered from `first` (a block taken already) or from a block of the
 * jobs counter taken by the same statement; returns how many it created and which of them fall on an approved
 * absence.
 */
interface Inserted {
  created: number;
  /** The new jobs on an approved absence, with who they count as made by. */
  onAbsence: Array<{ id: string; by: string }>;
}

function insertJobRows(tx: TenantTx, absences: AbsenceHooks, batch: JobBatch, first?: number): Promise<Inserted> {
  const sent: Array<[string, unknown[]]> = [
    ['id', batch.id],
    ['by', batch.by],
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
    ['chat_id', sql`u.id`], // a generated job's chat is named by its id (docs/decisions.md, chatId)
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
  // writing them. So do the text columns' values (ids) where none holds a line break.
  const arrays = [
    ...sent.map(([c, values]) => {
      const type = COLUMN_TYPES[c];
      // Typed columns (times, numbers) as typed arrays: their lines cast from text[] cost PostgreSQL more (its
      // instructions per job 320.6k with none as lines, 329.5k with every column, 321.6k with the text ones only).
      const lines = type === undefined ? asLines(values) : undefined;
      return lines === undefined
        ? sql`${sql.val(values)}::${sql.raw(type ?? 'text')}[]`
        : sql`string_to_array(${lines}::text, E'\\n', '')`;
    }),
    ...[batch.head, batch.tail, batch.by.map((actor) => JSON.stringify(actor))].map(
      (texts) => sql`string_to_array(${texts.join('\n')}::text, E'\\n')`,
    ),
  ];
  const names = [...sent.map(([c]) => c), 'head', 'tail', 'by_json'];
  // The arrays are unnested side by side in a select list (in step, one row per element): as unnest(a, b, ...) in
  // FROM, each array's elements were first stored in a tuple store of their own (3.5 % fewer PostgreSQL
  // instructions per job without). `rows` keeps only what the insert reads: with the event's parts (head, tail)
  // as well, a batch's rows outgrew the default work_mem (4 MB) and went to a temporary file, written and read
  // back by every statement.
  // The status object, keys in jsonb's order; both times are the statement's now() (the columns' default),
  // at the columns' precision, formatted once per statement.
  const status = sql`${sql.lit(`,"status":{"status":${GENERATED_STATUS_CODE},"createdAt":"`)} || stamp.at
    || '","createdBy":' || u.by_json || ',"lastModifiedAt":"' || stamp.at || '","lastModifiedBy":' || u.by_json
    || '}'`;
  // sql: a set-based INSERT from unnest() arrays, numbered from a counter block taken by the same statement;
  // each job's event is parsed once, its document is that without the other members, and the CREATE events
  // of the new jobs are emitted in it too. Only a batch that may meet existing jobs pays for ON CONFLICT (see
  // clashSql): its arbiter check was a sixth of the statement's instructions.
  const insert = sql`INSERT INTO jobs (${sql.join(stored.map(([c]) => sql.ref(c)))})
      SELECT ${sql.join(stored.map(([, value]) => value))} FROM rows u`;
  // the columns read below: the id, the actor, and those the absence check reads (absence-conflicts.ts)
  const returning = sql`RETURNING id, company_id, user_id, from_at, to_at, created_by`;
  return sql<{ created: number; on_absence: Inserted['onAbsence'] }>`
    WITH block AS (${first === undefined ? reserveNumbersStatement(tx, jobs.collection, batch.length) : sql`SELECT ${first}::bigint AS first`}),
    stamp AS MATERIALIZED (
      SELECT to_char(now()::timestamptz(3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
    ), rows AS MATERIALIZED (
      SELECT ${sql.join(sent.map(([c]) => sql.ref(`u.${c}`)))}, b.first + u.ord - 1 AS number,
        (u.head || (b.first + u.ord - 1) || ${status} || u.tail)::jsonb AS event
      FROM (SELECT ${sql.join(arrays.map((array, i) => sql`unnest(${array}) AS ${sql.ref(names[i]!)}`))},
          generate_series(1, ${batch.length}::int) AS ord) u,
        block b, stamp
    ), clash AS MATERIALIZED (${clashSql(tx)}
    ), fresh AS (
      ${insert} WHERE NOT (SELECT found FROM clash)
      ${returning}
    ), guarded AS (
      ${insert} WHERE (SELECT found FROM clash)
      ON CONFLICT (company_id, assignment_id, occurrence_key, slot) WHERE occurrence_key IS NOT NULL DO NOTHING
      ${returning}
    ), created AS (
      SELECT * FROM fresh UNION ALL SELECT * FROM guarded
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
 * Whether a job of the batch's assignments already has an occurrence key within the batch's keys of its
 * assignment: one index probe per assignment of the batch. Without one, none of the batch's (assignment,
 * occurrence, slot) exists, and none can appear before the insert: every generation holds the company's
 * planning lock (job-planning.ts), and a second transaction of the same window makes other assignments'
 * jobs. A job kept from a rule before (started, moved) between the keys counts too: that batch is inserted
 * with ON CONFLICT, as every batch was before. The statement's snapshot is taken before its inserts, so
 * this sees only jobs made before the batch. The probe is a LATERAL subquery with LIMIT, which PostgreSQL
 * cannot turn into a join: as a join, on a jobs table grown since it was last analyzed, the planner took a
 * hash join over every job of the company (8,607 of them, 63 of a 2,178-row batch's 192 ms).
 */
function clashSql(tx: TenantTx) {
  return sql`
      SELECT EXISTS (
        SELECT 1
        FROM (SELECT u.assignment_id, min(u.occurrence_key) AS lo, max(u.occurrence_key) AS hi FROM rows u
          GROUP BY u.assignment_id) p
        CROSS JOIN LATERAL (
          SELECT FROM jobs j WHERE j.company_id = ${tx.companyId} AND j.assignment_id = p.assignment_id
            AND j.occurrence_key IS NOT NULL AND j.occurrence_key BETWEEN p.lo AND p.hi
          LIMIT 1
        ) j
      ) AS found`;
}

/** An assignment's occurrences starting in [from, to) that get jobs: public holidays left out where it asks. */
async function plannedOccurrences(
  tx: TenantTx,
  assignment: PlannedAssignment,
  from: number,
  to: number,
): Promise<Occurrence[]> {
  const { doc } = assignment;
  const { recurrence } = normalizeICalendar(doc.iCalendar, false);
  const occurrences = expandOccurrences(recurrence, from, to);
  if (!doc.skipPublicHolidays || !occurrences.length) return occurrences;
  const object = await findRecord(tx, objects, doc.objectId);
  const isHoliday = isPublicHolidayIn(
    placeOfWorkRegion(
      (object?.doc as { address?: { country?: string; state?: string } } | undefined)?.address,
      (await loadTimeAndPaySettings(tx)).holidayRegion,
    ),
  );
  return occurrences.filter((o) => !isHoliday(formatLocal(o.localStart).slice(0, 10)));
}

/** One assignment to plan, and who its jobs count as made by. */
export interface Planning {
  assignment: PlannedAssignment;
  actor?: string;
}

/** A planning with its occurrences: a row each per planned user (or one unassigned). */
export interface Planned extends Planning {
  occurrences: Occurrence[];
  rows: number;
}

const slotsOf = (doc: AssignmentPlan): Array<string | null> => (doc.userIds?.length ? doc.userIds : [null]);

/** The plannings' occurrences, one assignment after the other; `skipRefused` as materializeAll's. */
export async function* expandEach(
  tx: TenantTx,
  plannings: Planning[],
  from: number,
  to: number,
  skipRefused: boolean,
): AsyncGenerator<Planned> {
  for (const planning of plannings) {
    let occurrences: Occurrence[];
    try {
      occurrences = await plannedOccurrences(tx, planning.assignment, from, to);
    } catch (error) {
      if (skipRefused && isRefusedRule(error)) continue;
      throw error;
    }
    yield { ...planning, occurrences, rows: occurrences.length * slotsOf(planning.assignment.doc).length };
  }
}

/** Adds to `batch` the rows of a planning's occurrences, one per planned user (or one unassigned). */
function addOccurrenceRows(companyId: string, batch: JobBatch, planned: Planned): void {
  const { assignment } = planned;
  const { doc } = assignment;
  const actor = planned.actor ?? 'system';
  const slots = slotsOf(doc);
  const text = generatedJobText(
    companyId,
    { assignmentId: assignment.id, ...doc },
    slots.length > 1,
    slots[0] !== null,
  );
  const promoted = generatedColumns().map(([field, column]) => [field, batch.promoted.get(column)!] as const);
  const members: Members = assignmentDocument({ assignmentId: assignment.id, ...doc });
  // One object for every job of the assignment, its members set job by job.
  const job: JobMembers = { id: '', chatId: '', from: '', to: '', targetTime: 0 };
  for (const occurrence of planned.occurrences) {
    const teamId = slots.length > 1 ? teamIdOf(assignment.id, Math.floor(occurrence.localStart / DAY)) : undefined;
    const occurrenceKey = Math.floor(occurrence.localStart / DAY);
    job.from = formatUtc(occurrence.start);
    job.to = formatUtc(occurrence.end);
    job.targetTime = Math.round((occurrence.end - occurrence.start) / 60_000);
    job.teamId = teamId;
    Object.assign(members, { from: job.from, to: job.to, targetTime: job.targetTime, teamId });
    for (const slot of slots) {
      members.userId = slot ?? undefined;
      job.id = newObjectId();
      job.chatId = job.id;
      job.userId = slot ?? undefined;
      batch.id.push(job.id);
      batch.head.push(text.head(job));
      batch.tail.push(text.tail(job));
      batch.by.push(actor);
      batch.occurrenceKey.push(occurrenceKey);
      batch.slot.push(slot ?? '-');
      for (const [field, values] of promoted) values.push(members[field] ?? null);
      batch.length++;
    }
  }
}

/** What insertPlanned made. */
export interface Made {
  created: number;
  onAbsence: Inserted['onAbsence'];
}

/** An insert stopped because the work beside it failed (InsertOptions.stopped): that failure is the cause. */
export class GenerationStopped extends Error {
  constructor() {
    super('generation stopped: the transaction beside failed');
  }
}

export interface InsertOptions {
  batchRows: number;
  /** The first row's number (a block taken already); else each statement takes its rows' from the counter. */
  first?: number;
  /** Asked before each batch: true stops sending (the work beside failed), and the insert fails. */
  stopped?: () => boolean;
}

/**
 * Inserts the plannings' rows in batches of about `batchRows` across assignments. A batch is sent without
 * waiting for the one before (on PostgreSQL's pipelined connection, the next batch is built while the
 * server inserts the last), at most two in flight.
 */
export async function insertPlanned(
  tx: TenantTx,
  absences: AbsenceHooks,
  plannings: AsyncIterable<Planned> | Iterable<Planned>,
  { batchRows, first, stopped }: InsertOptions,
): Promise<Made> {
  const inFlight: Array<Promise<Inserted>> = [];
  const results: Inserted[] = [];
  let next = first;
  let batch = new JobBatch();
  const send = async () => {
    if (batch.length === 0) return;
    if (stopped?.()) throw new GenerationStopped();
    const sent = insertJobRows(tx, absences, batch, next);
    if (next !== undefined) next += batch.length;
    sent.catch(() => {}); // awaited below, in order; a failure aborts the transaction anyway
    inFlight.push(sent);
    batch = new JobBatch();
    if (inFlight.length >= 2) results.push(await inFlight.shift()!);
  };
  let failure: { error: unknown } | undefined;
  try {
    for await (const planned of plannings) {
      addOccurrenceRows(tx.companyId, batch, planned);
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
  return {
    created: results.reduce((sum, r) => sum + r.created, 0),
    onAbsence: results.flatMap((r) => r.onAbsence),
  };
}
