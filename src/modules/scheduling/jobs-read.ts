// The Job as the API shows it: the job's document and common fields without unset fields (recordJson:
// never null, [] for arrays), its embedded assignment and activity type, and (on request) its user.
// List, read and jobsInTimeFrame all use this one query, so the shape is the same everywhere. The
// database selects columns and documents; the answer is shaped here, in the API process, into the
// bytes the database printed when it built them (jsonb-text.ts), so PostgreSQL, which API processes
// cannot multiply, does less per read. The rarer embedded records of other owners (activity types,
// salaries, users; time trackings through `embeds`) still come as jsonb text from their owners' SQL
// fragments, so the answer stays one statement.
import { type RawBuilder, sql } from 'kysely';
import { GENERIC_PLAN } from '../../platform/db/postgres-transaction.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { SortTerm } from '../../platform/http/list-query.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import {
  documentMembers,
  JsonbText,
  memberValue,
  type RecordColumns,
  recordShape,
  recordText,
} from '../../resources/engine/jsonb-text.js';
import { activityTypesJsonSql } from '../../resources/activity-type-sql-fragments.js';
import { salariesOfJobsJsonSql, salaryIdOfEntrySql } from '../pay/index.js';
import { userSummariesJsonSql } from '../users/index.js';
import { assignments } from './assignments-resource.js';
import { jobs } from './jobs-resource.js';

/** An SQL expression of the job row (e.g. its company_id column) handed to another owner's fragment. */
export type JobExpr = RawBuilder<unknown>;

/**
 * Records of modules that build on scheduling which the job read embeds or filters by. Passed in
 * (app.ts gives them at registration) so that scheduling does not import those modules.
 */
export interface JobEmbeds {
  /** The time-tracking resource: Job.timeTrackings is typed as its response. */
  timeTrackings: Resource;
  /** The time-tracking entries of these jobs as the API shows them: rows of job_id and body, a JSON array ordered by start. */
  timeTrackingsOfJobsJsonSql(companyId: JobExpr, jobIds: JobExpr): RawBuilder<unknown>;
  /** Whether someone is clocked in on the job right now (an open, uncancelled entry). */
  isClockedInSql(companyId: JobExpr, jobId: JobExpr): RawBuilder<boolean>;
}

export interface JobQuery {
  where: RawBuilder<boolean>[];
  sort: SortTerm[];
  limit: number;
  offset: number;
  includeUsers?: boolean;
  embeds: JobEmbeds;
}

/** A column of the job row `j`, for the fragments of other owners. */
export const jobColumn = (column: string): JobExpr => sql.ref(`j.${column}`);

// sql: the read model's one statement. `page` holds the matching jobs in their order: their columns and
// documents, and each clock-in's salary (absent before approval; read here, so it follows the salary
// without writing the job). The assignment is joined per job; the rarer embedded records (activity
// types, users, time trackings, salaries) are read once for the whole page by their owners' fragments,
// one index scan each, as jsonb text, each in a MATERIALIZED CTE: joined as subqueries, the generic plan
// (which expects a page of one job) put them on the inner side of nested loops, so they were built again
// for every job of the page (an employee's week with 3 clocked-in jobs: 1.7 against 0.7 ms of execution).
// The assignment's company is the page's as an InitPlan value (`companyId`), not page.company_id: a
// column of the page inside the outer join counted the company twice beside row-level security's
// condition, the planner saw one row either way and took any index starting with company_id (it took
// assignments_chat_idx, reading all of the company's assignments for each job). The text is cut around the
// page's conditions and order.
function jobStatementParts(includeUsers: boolean, embeds: JobEmbeds) {
  const companyId = sql`(SELECT company_id FROM page LIMIT 1)`; // the tenant's: the page is its jobs
  const ids = (column: string) => sql`ARRAY(SELECT ${sql.ref(column)} FROM page)`;
  const user = includeUsers
    ? {
        cte: sql`page_users AS MATERIALIZED (${userSummariesJsonSql(companyId, ids('user_id'))}),`,
        column: sql`, u.body AS user_summary`,
        join: sql`LEFT JOIN page_users u ON u.id = page.user_id`,
      }
    : { cte: sql``, column: sql``, join: sql`` };
  const head = sql`WITH page AS MATERIALIZED (
    SELECT j.doc::text AS doc, j.id, j.number, j.status_code, j.created_at::text AS created_at, j.created_by,
      j.modified_at::text AS modified_at, j.modified_by, j.chat_id,
      j.company_id, j.assignment_id, j.activity_type_id, j.user_id,
      CASE WHEN j.doc ? 'started' THEN ARRAY(SELECT ${salaryIdOfEntrySql(jobColumn('company_id'), sql`st.item->>'timeTrackingId'`)}
        FROM jsonb_array_elements(j.doc->'started') WITH ORDINALITY AS st(item, ord) ORDER BY st.ord) END AS started_salary_ids,
      row_number() OVER (ORDER BY `;
  const tail = sql`) AS ord FROM jobs j`;
  const end = sql`),
    page_activity_types AS MATERIALIZED (${activityTypesJsonSql(companyId, ids('activity_type_id'))}),
    ${user.cte}
    page_time_trackings AS MATERIALIZED (${embeds.timeTrackingsOfJobsJsonSql(companyId, ids('id'))}),
    page_salaries AS MATERIALIZED (${salariesOfJobsJsonSql(companyId, ids('id'))})
    SELECT page.*, asg.*, t.body AS activity_type${user.column}, tt.body AS time_trackings, sa.body AS salaries
    FROM page LEFT JOIN LATERAL (SELECT a.doc::text AS a_doc, a.id AS a_id, a.number AS a_number,
      a.status_code AS a_status_code, a.created_at::text AS a_created_at, a.created_by AS a_created_by,
      a.modified_at::text AS a_modified_at, a.modified_by AS a_modified_by, a.chat_id AS a_chat_id
      FROM assignments a WHERE a.company_id = ${companyId} AND a.id = page.assignment_id) asg ON true
    LEFT JOIN page_activity_types t ON t.id = page.activity_type_id
    ${user.join}
    LEFT JOIN page_time_trackings tt ON tt.job_id = page.id
    LEFT JOIN page_salaries sa ON sa.job_id = page.id
    ORDER BY page.ord`;
  return { head, tail, end };
}

// The statement's text around the conditions and order is the same for every request of a server (it
// depends only on the embeds and whether users are included) and has no parameters: compiled once.
type Parts = ReturnType<typeof jobStatementParts>;
const statementTexts = new WeakMap<JobEmbeds, Map<boolean, Parts>>();
function jobStatementOnce(tx: TenantTx, includeUsers: boolean, embeds: JobEmbeds): Parts {
  const byUsers = statementTexts.get(embeds) ?? new Map<boolean, Parts>();
  statementTexts.set(embeds, byUsers);
  let parts = byUsers.get(includeUsers);
  if (!parts) {
    const built = jobStatementParts(includeUsers, embeds);
    const compiled = Object.values(built).map((part) => part.compile(tx.db));
    if (compiled.some((part) => part.parameters.length > 0)) return built; // not constant: built each time
    // sql: the compiled texts of the parts above, without parameters
    const [head, tail, end] = compiled.map((part) => sql.raw(part.sql));
    parts = { head: head!, tail: tail!, end: end! };
    byUsers.set(includeUsers, parts);
  }
  return parts;
}

// sql: the order and the conditions are fragments of selectJobsJson's statement.
function orderBy(sort: SortTerm[]) {
  const terms = sort.map((t) => sql`${t.field.sql} ${sql.raw(t.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`);
  return sql.join([...terms, sql`id`]);
}

function whereClause(tx: TenantTx, where: RawBuilder<boolean>[]) {
  return sql.join([sql`j.company_id = ${tx.companyId}`, ...where], sql` AND `);
}

interface JobRow extends RecordColumns {
  a_doc: string | null;
  a_id: string | null;
  a_number: number;
  a_status_code: number;
  a_created_at: string;
  a_created_by: string | null;
  a_modified_at: string;
  a_modified_by: string | null;
  a_chat_id: string | null;
  activity_type: string | null;
  user_summary?: string | null;
  started_salary_ids: Array<string | null> | null;
  time_trackings: string | null;
  salaries: string | null;
}

// The members the job read adds to the job's record, written over it.
const JOB_ADDED = ['assignment', 'activityType', 'user', 'started', 'absences', 'timeTrackings', 'salaries'];
const jobShape = recordShape(jobs, JOB_ADDED);
const assignmentShape = recordShape(assignments);

/**
 * A job as the API shows it, as jsonb text: its record (recordJson), its assignment's, activity type and
 * (on request) user when there is one, each clock-in with its salary's id, absences, time trackings and
 * salaries.
 */
function jobText(companyId: string, row: JobRow): string {
  // The document's own started and absences, not the unset fields' (a null absences stays null); most jobs have
  // neither, and their document is then written without being parsed (recordText).
  const doc = mayHold(row.doc, 'started') || mayHold(row.doc, 'absences') ? documentMembers(row.doc) : NO_MEMBERS;
  const started = memberValue(doc.started) as Array<Record<string, unknown>> | undefined;
  const added: Record<string, unknown> = {
    started: (started ?? []).map((item, i) => ({ ...item, salaryId: row.started_salary_ids?.[i] ?? null })),
    absences: doc.absences === undefined ? [] : doc.absences === null ? new JsonbText('null') : doc.absences,
    timeTrackings: row.time_trackings === null ? [] : new JsonbText(row.time_trackings),
    salaries: row.salaries === null ? [] : new JsonbText(row.salaries),
  };
  if (row.a_id !== null) added.assignment = assignmentText(companyId, row);
  if (row.activity_type !== null) added.activityType = new JsonbText(row.activity_type);
  if (row.user_summary) added.user = new JsonbText(row.user_summary);
  return recordText(jobShape, jobs, companyId, row, added);
}

/** The columns of a job row's assignment that its text is written from (besides the company). */
const ASSIGNMENT_COLUMNS = [
  'a_doc',
  'a_number',
  'a_status_code',
  'a_created_at',
  'a_created_by',
  'a_modified_at',
  'a_modified_by',
  'a_chat_id',
] as const satisfies ReadonlyArray<keyof JobRow>;
type AssignmentColumns = Pick<JobRow, (typeof ASSIGNMENT_COLUMNS)[number]>;

/** An assignment's text and all it was written from. */
interface WrittenAssignment {
  companyId: string;
  columns: AssignmentColumns;
  text: JsonbText;
}

// The texts of assignments read lately, by id. A text is a function of the columns it is written from, and it is
// taken only when every one of them is the same as this read's (the company too), so it is never stale: a
// changed assignment is written anew. Many reads show the same assignments (a week's board, each employee's
// jobs of a few of them, the jobs of one answer); at most ASSIGNMENTS_KEPT are kept (a few megabytes), the oldest written going first.
const ASSIGNMENTS_KEPT = 4096;
const writtenAssignments = new Map<string, WrittenAssignment>();

function assignmentText(companyId: string, row: JobRow): JsonbText {
  const id = row.a_id!;
  const kept = writtenAssignments.get(id);
  if (kept && kept.companyId === companyId && sameColumns(kept.columns, row)) return kept.text;
  const text = new JsonbText(
    recordText(assignmentShape, assignments, companyId, {
      doc: row.a_doc!,
      id,
      number: row.a_number,
      status_code: row.a_status_code,
      created_at: row.a_created_at,
      created_by: row.a_created_by,
      modified_at: row.a_modified_at,
      modified_by: row.a_modified_by,
      chat_id: row.a_chat_id,
    }),
  );
  writtenAssignments.delete(id);
  if (writtenAssignments.size >= ASSIGNMENTS_KEPT) writtenAssignments.delete(writtenAssignments.keys().next().value!);
  // Only the assignment's columns are kept, not the job row they came with.
  const columns = Object.fromEntries(ASSIGNMENT_COLUMNS.map((c) => [c, row[c]])) as AssignmentColumns;
  writtenAssignments.set(id, { companyId, columns, text });
  return text;
}

/** Whether the kept columns are those of this row (one by one, no closure: it runs for each assignment of every read). */
function sameColumns(kept: AssignmentColumns, row: JobRow): boolean {
  for (const column of ASSIGNMENT_COLUMNS) if (kept[column] !== row[column]) return false;
  return true;
}

const NO_MEMBERS: Record<string, unknown> = Object.freeze(Object.create(null));

/** Whether a document's text may have the member: its key's text is somewhere in it (perhaps inside a string). */
const mayHold = (docText: string, key: string) => docText.includes(`"${key}": `);

const OPEN = Buffer.from('[');
const BETWEEN = Buffer.from(', ');
const CLOSE = Buffer.from(']');

/**
 * The matching jobs as one JSON array (jsonb's text, as the database printed it before), in UTF-8 bytes ready
 * to send. Each job's text is encoded as soon as it is built, while its pieces are fresh in memory: the answer
 * built as one string left the encoding to the send (its length, then the socket's write), which walked tens of
 * thousands of small pieces scattered across the heap (bench:read-cpu: 9-19 % of a company's day's CPU).
 */
export async function selectJobsJson(tx: TenantTx, query: JobQuery): Promise<Buffer> {
  const { rows } = await jobReadStatement(tx, query).execute(tx.db);
  const parts: Buffer[] = [OPEN];
  for (const row of rows) {
    if (parts.length > 1) parts.push(BETWEEN);
    parts.push(Buffer.from(jobText(tx.companyId, row)));
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** The job read's statement for a query (the plan test explains it). */
export function jobReadStatement(tx: TenantTx, query: JobQuery): RawBuilder<JobRow> {
  const { head, tail, end } = jobStatementOnce(tx, Boolean(query.includeUsers), query.embeds);
  const order = orderBy(query.sort);
  // On its generic plan where it is prepared (postgres-transaction.ts): as good a plan as the custom ones for
  // an employee's day, a company's day and a 2,380-job week, without planning it for each read.
  return sql<JobRow>`${GENERIC_PLAN}${head}${order}${tail} WHERE ${whereClause(tx, query.where)}
    ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset}${end}`;
}

export async function countJobs(tx: TenantTx, where: RawBuilder<boolean>[]): Promise<number> {
  let query = tx.db
    .selectFrom('jobs as j')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('j.company_id', '=', tx.companyId);
  for (const condition of where) query = query.where(condition);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}
