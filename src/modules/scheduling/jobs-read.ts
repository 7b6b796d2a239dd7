// The Job as the API shows it, built as JSON inside PostgreSQL: the job's document and common
// fields without unset fields (recordJson: never null, [] for arrays), its embedded assignment and activity type,
// and (on request) its user. List, read and jobsInTimeFrame all use this one query, so the shape is
// the same everywhere. The embedded records of other owners come as SQL fragments from their owners
// (activity types, salaries, users; time trackings through `embeds`), so the answer stays one statement.
import { type RawBuilder, sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { SortTerm } from '../../platform/http/list-query.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { recordJson } from '../../resources/engine/resource-store.js';
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

// sql: the jsonb read model, built in one statement (docs/architecture.md, "Why the JSON read model is built in SQL").
function jobJson(includeUsers: boolean, embeds: JobEmbeds) {
  const companyId = jobColumn('company_id');
  const user = includeUsers ? sql`, 'user', ${userSummaryJsonSql(companyId, jobColumn('user_id'))}` : sql``;
  // No null in the answer (schema-shapes.ts presentFields): the embedded records are left out when
  // there is none, and only the small parts that may hold one are stripped, not the whole job again.
  return sql`${recordJson(jobs, 'j')}
    || coalesce((SELECT jsonb_build_object('assignment', ${recordJson(assignments, 'a')}) FROM assignments a WHERE a.company_id = j.company_id AND a.id = j.assignment_id), '{}'::jsonb)
    || jsonb_strip_nulls(jsonb_build_object('activityType', ${activityTypeJsonSql(companyId, jobColumn('activity_type_id'))} ${user}))
    || jsonb_build_object(
    -- Each clock-in carries the salary of its entry once that exists (absent before), read here so it
    -- follows the salary (approval creates it, cancelling removes it) without writing the job.
    'started', (SELECT coalesce(jsonb_agg(jsonb_strip_nulls(st.item || jsonb_build_object('salaryId', ${salaryIdOfEntrySql(companyId, sql`st.item->>'timeTrackingId'`)})) ORDER BY st.ord), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(j.doc->'started', '[]'::jsonb)) WITH ORDINALITY AS st(item, ord)),
    'absences', jsonb_strip_nulls(coalesce(j.doc->'absences', '[]'::jsonb)),
    'timeTrackings', ${embeds.timeTrackingsOfJobJsonSql(companyId, jobColumn('id'))},
    'salaries', ${salariesOfJobJsonSql(companyId, jobColumn('id'))})`;
}

// The read model's expression is the same for every request of a server (it depends only on the
// embeds and whether users are included), and it has no parameters: its text is compiled once.
const jobJsonTexts = new WeakMap<JobEmbeds, Map<boolean, RawBuilder<unknown>>>();
function jobJsonOnce(tx: TenantTx, includeUsers: boolean, embeds: JobEmbeds): RawBuilder<unknown> {
  const byUsers = jobJsonTexts.get(embeds) ?? new Map<boolean, RawBuilder<unknown>>();
  jobJsonTexts.set(embeds, byUsers);
  let text = byUsers.get(includeUsers);
  if (!text) {
    const compiled = jobJson(includeUsers, embeds).compile(tx.db);
    if (compiled.parameters.length > 0) return jobJson(includeUsers, embeds); // not constant: built each time
    // sql: the compiled text of the expression above, without parameters
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
  return sql.join([sql`company_id = ${tx.companyId}`, ...where], sql` AND `);
}

/** The matching jobs as one JSON array text, ready to send. */
export async function selectJobsJson(tx: TenantTx, query: JobQuery): Promise<string> {
  // sql: json_agg over the read model with a window-numbered order, so the answer is one text.
  const { rows } = await sql<{ body: string }>`
    SELECT coalesce(json_agg(x.body ORDER BY x.ord), '[]')::text AS body FROM (
      SELECT ${jobJsonOnce(tx, Boolean(query.includeUsers), query.embeds)} AS body, row_number() OVER (ORDER BY ${orderBy(query.sort)}) AS ord
      FROM jobs j WHERE ${whereClause(tx, query.where)}
      ORDER BY ${orderBy(query.sort)} LIMIT ${query.limit} OFFSET ${query.offset}
    ) x`.execute(tx.db);
  return rows[0]!.body;
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
