// The Job as the API shows it, built as JSON inside PostgreSQL: the job's document and common
// fields with every unset field null or [] (recordJson), its embedded assignment and activity type, and (on request) its user. List, read and
// jobsInTimeFrame all use this one query, so the shape is the same everywhere.
import { sql, type RawBuilder } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { SortTerm } from '../../platform/http/list-query.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { recordJson } from '../../resources/engine/resource-store.js';
import { activityTypes } from '../../resources/activity-types.js';
import { salaries } from '../pay/index.js';
import { assignments } from './assignments-resource.js';
import { jobs } from './jobs-resource.js';

/**
 * Records of modules that build on scheduling which the job read embeds. Passed in (app.ts gives
 * them at registration) so that scheduling does not import those modules.
 */
export interface JobEmbeds {
  timeTrackings: Resource;
}

export interface JobQuery {
  where: RawBuilder<boolean>[];
  sort: SortTerm[];
  limit: number;
  offset: number;
  includeUsers?: boolean;
  embeds: JobEmbeds;
}

function jobJson(includeUsers: boolean, { timeTrackings }: JobEmbeds) {
  const user = includeUsers
    ? sql`, 'user', (SELECT jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'number', u.number, 'id', u.doc->'id', 'general', u.doc->'general', 'contact', u.doc->'contact'))
          FROM users u WHERE u.company_id = j.company_id AND u.id = j.user_id)`
    : sql``;
  return sql`${recordJson(jobs, 'j')} || jsonb_build_object(
    'assignment', (SELECT ${recordJson(assignments, 'a')} FROM assignments a WHERE a.company_id = j.company_id AND a.id = j.assignment_id),
    'activityType', (SELECT ${recordJson(activityTypes, 't')} FROM activity_types t WHERE t.company_id = j.company_id AND t.id = j.activity_type_id),
    -- Each clock-in carries the salary of its entry once that exists (null before), read here so it
    -- follows the salary (approval creates it, cancelling removes it) without writing the job.
    'started', (SELECT coalesce(jsonb_agg(st.item || jsonb_build_object('salaryId', sa.id) ORDER BY st.ord), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(j.doc->'started', '[]'::jsonb)) WITH ORDINALITY AS st(item, ord)
      LEFT JOIN salaries sa ON sa.company_id = j.company_id AND sa.time_tracking_id = st.item->>'timeTrackingId'),
    'absences', coalesce(j.doc->'absences', '[]'::jsonb),
    'timeTrackings', (SELECT coalesce(jsonb_agg(${recordJson(timeTrackings, 'tt')} ORDER BY tt.time_start, tt.id), '[]'::jsonb)
      FROM time_trackings tt WHERE tt.company_id = j.company_id AND tt.job_id = j.id),
    'salaries', (SELECT coalesce(jsonb_agg(${recordJson(salaries, 'sa')} ORDER BY sa.from_at, sa.id), '[]'::jsonb)
      FROM salaries sa WHERE sa.company_id = j.company_id AND sa.job_id = j.id) ${user})`;
}

function orderBy(sort: SortTerm[]) {
  const terms = sort.map((t) => sql`${t.field.sql} ${sql.raw(t.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`);
  return sql.join([...terms, sql`id`]);
}

function whereClause(tx: TenantTx, where: RawBuilder<boolean>[]) {
  return sql.join([sql`company_id = ${tx.companyId}`, ...where], sql` AND `);
}

/** The matching jobs as one JSON array text, ready to send. */
export async function selectJobsJson(tx: TenantTx, query: JobQuery): Promise<string> {
  const { rows } = await sql<{ body: string }>`
    SELECT coalesce(json_agg(x.body ORDER BY x.ord), '[]')::text AS body FROM (
      SELECT ${jobJson(Boolean(query.includeUsers), query.embeds)} AS body, row_number() OVER (ORDER BY ${orderBy(query.sort)}) AS ord
      FROM jobs j WHERE ${whereClause(tx, query.where)}
      ORDER BY ${orderBy(query.sort)} LIMIT ${query.limit} OFFSET ${query.offset}
    ) x`.execute(tx.db);
  return rows[0]!.body;
}

export async function countJobs(tx: TenantTx, where: RawBuilder<boolean>[]): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM jobs j WHERE ${whereClause(tx, where)}`.execute(tx.db);
  return Number(rows[0]!.n);
}
