// The Job as the API shows it: the job's document and common fields without unset fields (recordJson:
// never null, [] for arrays), its embedded assignment and activity type, and (on request) its user.
// List, read and jobsInTimeFrame all use this one query, so the shape is the same everywhere. The
// database selects columns and documents; the answer is shaped here, in the API process, into the
// bytes the database printed when it built them (jsonb-text.ts), so PostgreSQL, which API processes
// cannot multiply, does less per read. The rarer embedded records of other owners (activity types,
// salaries, users; time trackings through `embeds`) still come as jsonb text from their owners' SQL
// fragments, so the answer stays one statement.
import { type RawBuilder, sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { SortTerm } from '../../platform/http/list-query.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import {
  JsonbText,
  jsonbText,
  parseJsonbText,
  type RecordColumns,
  recordValue,
} from '../../resources/engine/jsonb-text.js';
import { activityTypeJsonSql } from '../../resources/activity-type-sql-fragments.js';
import { salariesOfJobJsonSql, salaryIdOfEntrySql } from '../pay/index.js';
import { userSummaryJsonSql } from '../users/index.js';
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
  /** The job's time-tracking entries as the API shows them, a JSON array ordered by start. */
  timeTrackingsOfJobJsonSql(companyId: JobExpr, jobId: JobExpr): RawBuilder<unknown>;
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

// sql: the read model's one statement: the job's columns and document, its assignment's (a lateral
// join whose columns are named apart, so the callers' unqualified conditions still mean the job's),
// and as jsonb text the rarer embedded records, built by their owners' fragments (null when absent).
// Each clock-in's salary (absent before approval) is read here, so it follows the salary without writing the job.
function jobColumns(includeUsers: boolean, embeds: JobEmbeds) {
  const companyId = jobColumn('company_id');
  const user = includeUsers
    ? sql`, ${userSummaryJsonSql(companyId, jobColumn('user_id'))}::text AS user_summary`
    : sql``;
  return sql`j.doc::text AS doc, j.id, j.number, j.status_code, j.created_at, j.created_by, j.modified_at, j.modified_by, j.chat_id,
    asg.*, ${activityTypeJsonSql(companyId, jobColumn('activity_type_id'))}::text AS activity_type${user},
    CASE WHEN j.doc ? 'started' THEN ARRAY(SELECT ${salaryIdOfEntrySql(companyId, sql`st.item->>'timeTrackingId'`)}
      FROM jsonb_array_elements(j.doc->'started') WITH ORDINALITY AS st(item, ord) ORDER BY st.ord) END AS started_salary_ids,
    ${embeds.timeTrackingsOfJobJsonSql(companyId, jobColumn('id'))}::text AS time_trackings,
    ${salariesOfJobJsonSql(companyId, jobColumn('id'))}::text AS salaries
    FROM jobs j LEFT JOIN LATERAL (SELECT a.doc::text AS a_doc, a.id AS a_id, a.number AS a_number,
      a.status_code AS a_status_code, a.created_at AS a_created_at, a.created_by AS a_created_by,
      a.modified_at AS a_modified_at, a.modified_by AS a_modified_by, a.chat_id AS a_chat_id
      FROM assignments a WHERE a.company_id = j.company_id AND a.id = j.assignment_id) asg ON true`;
}

// The select list is the same for every request of a server (it depends only on the embeds and
// whether users are included), and it has no parameters: its text is compiled once.
const jobColumnsTexts = new WeakMap<JobEmbeds, Map<boolean, RawBuilder<unknown>>>();
function jobColumnsOnce(tx: TenantTx, includeUsers: boolean, embeds: JobEmbeds): RawBuilder<unknown> {
  const byUsers = jobColumnsTexts.get(embeds) ?? new Map<boolean, RawBuilder<unknown>>();
  jobColumnsTexts.set(embeds, byUsers);
  let text = byUsers.get(includeUsers);
  if (!text) {
    const compiled = jobColumns(includeUsers, embeds).compile(tx.db);
    if (compiled.parameters.length > 0) return jobColumns(includeUsers, embeds); // not constant: built each time
    // sql: the compiled text of the select list above, without parameters
    text = sql.raw(compiled.sql);
    byUsers.set(includeUsers, text);
  }
  return text;
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
  a_created_at: Date;
  a_created_by: string | null;
  a_modified_at: Date;
  a_modified_by: string | null;
  a_chat_id: string | null;
  activity_type: string | null;
  user_summary?: string | null;
  started_salary_ids: Array<string | null> | null;
  time_trackings: string;
  salaries: string;
}

/**
 * A job as the API shows it: its record (recordJson), its assignment's, activity type and (on request)
 * user when there is one, each clock-in with its salary's id, absences, time trackings and salaries.
 * `assignments` keeps each assignment's text for the other jobs of the same answer.
 */
function jobValue(companyId: string, row: JobRow, assignmentTexts: Map<string, JsonbText>) {
  const doc = parseJsonbText(row.doc) as { started?: Array<Record<string, unknown>>; absences?: unknown };
  const job = recordValue(jobs, companyId, row, doc);
  if (row.a_id !== null) {
    let assignment = assignmentTexts.get(row.a_id);
    if (!assignment) {
      const value = recordValue(assignments, companyId, {
        doc: row.a_doc!,
        id: row.a_id,
        number: row.a_number,
        status_code: row.a_status_code,
        created_at: row.a_created_at,
        created_by: row.a_created_by,
        modified_at: row.a_modified_at,
        modified_by: row.a_modified_by,
        chat_id: row.a_chat_id,
      });
      assignment = new JsonbText(jsonbText(value));
      assignmentTexts.set(row.a_id, assignment);
    }
    job.assignment = assignment;
  }
  if (row.activity_type !== null) job.activityType = new JsonbText(row.activity_type);
  if (row.user_summary) job.user = new JsonbText(row.user_summary);
  // The document's own started and absences, not the unset fields' (a null absences stays null).
  job.started = (doc.started ?? []).map((item, i) => ({ ...item, salaryId: row.started_salary_ids?.[i] ?? null }));
  job.absences = doc.absences === undefined ? [] : doc.absences === null ? new JsonbText('null') : doc.absences;
  job.timeTrackings = new JsonbText(row.time_trackings);
  job.salaries = new JsonbText(row.salaries);
  return job;
}

/** The matching jobs as one JSON array text (jsonb's text, as the database printed it before), ready to send. */
export async function selectJobsJson(tx: TenantTx, query: JobQuery): Promise<string> {
  const { rows } = await sql<JobRow>`
    SELECT ${jobColumnsOnce(tx, Boolean(query.includeUsers), query.embeds)}
    WHERE ${whereClause(tx, query.where)}
    ORDER BY ${orderBy(query.sort)} LIMIT ${query.limit} OFFSET ${query.offset}`.execute(tx.db);
  if (rows.length === 0) return '[]';
  const assignmentTexts = new Map<string, JsonbText>();
  let body = '';
  for (const row of rows) body += `${body ? ', ' : '['}${jsonbText(jobValue(tx.companyId, row, assignmentTexts))}`;
  return `${body}]`;
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
