// POST /jobs/jobsInTimeFrame: the spec's body fields -> SQL conditions on the jobs table (row `j`).
// Where the spec leaves a field's shape open ("object"), it takes an id, a list of ids, or {exists}.
// Conditions on other owners' records (salaries, objects, time trackings) are their owners' fragments.
// sql: the conditions are fragments of the read model's one statement (jobs-read.ts).
import { type Static, Type } from 'typebox';
import { sql, type RawBuilder } from 'kysely';
import { isCalendarDay } from '../../platform/http/date-input.js';
import { fieldError } from '../../platform/http/errors.js';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { objectHasAnyTagSql } from '../../resources/object-sql-fragments.js';
import { jobHasSalaryOfActivityTypeSql } from '../pay/index.js';
import { jobColumn, type JobEmbeds } from './jobs-read.js';
import { overlapsSql, rangeOf } from './job-overlap.js';
import { JOB_STATES } from './jobs-resource.js';

export const MAX_WINDOW_DAYS = 100;
export const UNASSIGNED = 'unassigned_jobs';
const LIVE_HOURS = 12;

const id = Type.String({ pattern: OBJECT_ID_PATTERN });
const ids = Type.Array(id, { maxItems: 1000 });
const idMatch = (description: string) =>
  Type.Union(
    [
      id,
      ids,
      Type.Object({ exists: Type.Optional(Type.Boolean()), ids: Type.Optional(ids) }, { additionalProperties: false }),
    ],
    { description },
  );
// Epoch milliseconds (a number or its digits) or an ISO 8601 date-time with an offset; parseWindow
// checks which, so a wrong value gets one message naming both forms.
const instant = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 }), Type.String({ maxLength: 40 })], {
    description,
    examples: [1_798_761_600_000, '2027-01-01T00:00:00Z'],
  });
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$/;

export const timeFrameBody = Type.Object(
  {
    from: instant(
      'start of the time frame: epoch milliseconds or an ISO 8601 date-time with an offset (2027-01-01T00:00:00Z)',
    ),
    to: instant(`end of the time frame, as from; at most ${MAX_WINDOW_DAYS} days after from`),
    includeUsersInResponse: Type.Optional(
      Type.Boolean({ description: 'adds `user` {_id, number, id, general, contact} to each job' }),
    ),
    status: Type.Optional(
      Type.String({ maxLength: 200, description: `one value or a comma list of ${JOB_STATES.join(', ')}` }),
    ),
    ids: Type.Optional(ids),
    jobTemplateId: Type.Optional(id),
    originalId: Type.Optional(idMatch('jobs moved from this original job: an id, a list, or {exists}')),
    absenceId: Type.Optional(idMatch('jobs connected to an absence: an id, a list, or {exists: true} for any absence')),
    notAccepted: Type.Optional(
      Type.Union(
        [Type.Boolean(), Type.Object({ value: Type.Optional(Type.Boolean()) }, { additionalProperties: false })],
        { description: 'true: jobs whose acceptedStatus is not "accepted"' },
      ),
    ),
    objectId: Type.Optional(id),
    objectIds: Type.Optional(ids),
    teamId: Type.Optional(idMatch('jobs of a team: an id, a list, or {exists: true} for any team job')),
    userIds: Type.Optional(
      Type.Array(Type.Union([id, Type.Literal(UNASSIGNED)]), {
        maxItems: 1000,
        description: `"${UNASSIGNED}" also matches jobs without a user and jobs an absence affects that have no replacement yet`,
      }),
    ),
    activityTypeId: Type.Optional(
      Type.Array(id, {
        maxItems: 100,
        description: "the job's, its assignment's or one of its salaries' activity type",
      }),
    ),
    currentlyWorking: Type.Optional(
      Type.Boolean({ description: 'true: jobs someone is clocked in on right now (an open time-tracking entry)' }),
    ),
    liveJobs: Type.Optional(
      Type.Boolean({ description: `true: jobs clocked in on within the last ${LIVE_HOURS} hours` }),
    ),
    assignmentIds: Type.Optional(ids),
    tags: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 100,
        description: 'jobs (or their objects) carrying any of these tags',
      }),
    ),
  },
  { additionalProperties: false },
);

export type TimeFrameBody = Static<typeof timeFrameBody>;

type IdMatch = string | string[] | { exists?: boolean; ids?: string[] };

function matchIds(column: string, match: IdMatch): RawBuilder<boolean> {
  const col = sql.ref(`j.${column}`);
  if (typeof match === 'string') return sql<boolean>`${col} = ${match}`;
  if (Array.isArray(match)) return sql<boolean>`${col} = ANY(${sql.val(match)}::text[])`;
  if (match.ids) return sql<boolean>`${col} = ANY(${sql.val(match.ids)}::text[])`;
  return match.exists === false ? sql<boolean>`${col} IS NULL` : sql<boolean>`${col} IS NOT NULL`;
}

/** Epoch milliseconds (number or digits) or an ISO 8601 date-time that names its offset. */
export function parseInstant(value: string | number, field: string): number {
  const ms =
    typeof value === 'number' || /^\d{1,15}$/.test(value)
      ? Number(value)
      : ISO_INSTANT.test(value) &&
          isCalendarDay(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10)))
        ? Date.parse(value)
        : NaN;
  if (!Number.isFinite(ms) || ms < 0 || ms > 253_402_300_799_999) {
    throw fieldError(
      field,
      'must be epoch milliseconds or an ISO 8601 date-time with an offset, e.g. 2027-01-01T00:00:00Z',
    );
  }
  return ms;
}

export function parseWindow(body: TimeFrameBody): { from: number; to: number } {
  const from = parseInstant(body.from, 'from');
  const to = parseInstant(body.to, 'to');
  if (from > to) throw fieldError('to', 'must not be before from');
  if (to - from > MAX_WINDOW_DAYS * 86_400_000)
    throw fieldError('to', `the time frame is at most ${MAX_WINDOW_DAYS} days`);
  return { from, to };
}

export function timeFrameConditions(
  companyId: string,
  body: TimeFrameBody,
  window: { from: number; to: number },
  embeds: Pick<JobEmbeds, 'isClockedInSql'>,
  now = Date.now(),
): RawBuilder<boolean>[] {
  const jobCompany = jobColumn('company_id');
  const where: RawBuilder<boolean>[] = [overlapsSql('j', companyId, rangeOf(window.from, window.to))];
  if (body.status !== undefined) {
    const states = body.status
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const state of states)
      if (!(JOB_STATES as readonly string[]).includes(state))
        throw fieldError('status', `${state} is not one of ${JOB_STATES.join(', ')}`);
    where.push(sql<boolean>`j.state = ANY(${sql.val(states)}::text[])`);
  }
  if (body.ids) where.push(sql<boolean>`j.id = ANY(${sql.val(body.ids)}::text[])`);
  if (body.jobTemplateId) where.push(sql<boolean>`j.job_template_id = ${body.jobTemplateId}`);
  if (body.originalId !== undefined) where.push(matchIds('original_id', body.originalId));
  if (body.absenceId !== undefined) where.push(matchIds('absence_id', body.absenceId));
  if (body.teamId !== undefined) where.push(matchIds('team_id', body.teamId));
  const notAccepted = typeof body.notAccepted === 'object' ? (body.notAccepted.value ?? true) : body.notAccepted;
  if (notAccepted === true) where.push(sql<boolean>`j.accepted_status IS DISTINCT FROM 'accepted'`);
  if (notAccepted === false) where.push(sql<boolean>`j.accepted_status = 'accepted'`);
  // Like every other field, objectId and objectIds both apply when both are given.
  if (body.objectId) where.push(sql<boolean>`j.object_id = ${body.objectId}`);
  if (body.objectIds) where.push(sql<boolean>`j.object_id = ANY(${sql.val(body.objectIds)}::text[])`);
  if (body.userIds) {
    const users = body.userIds.filter((u) => u !== UNASSIGNED);
    // Jobs an absence affects that have no replacement yet need someone too.
    const orUnassigned = body.userIds.includes(UNASSIGNED)
      ? sql` OR j.user_id IS NULL OR (j.absence_id IS NOT NULL AND j.replacement_job_id IS NULL)`
      : sql``;
    // One user (an employee's week or day, the commonest read) as an equality: with `= ANY` of an array of unknown
    // length, the generic plan read the company's jobs by from_at and dropped the others' (328 rows read for 8).
    const ofUsers =
      users.length === 1
        ? sql<boolean>`j.user_id = ${users[0]}`
        : sql<boolean>`j.user_id = ANY(${sql.val(users)}::text[])`;
    where.push(sql<boolean>`(${ofUsers}${orUnassigned})`);
  }
  if (body.activityTypeId) {
    const types = sql.val(body.activityTypeId);
    where.push(sql<boolean>`(j.activity_type_id = ANY(${types}::text[]) OR EXISTS (SELECT 1 FROM assignments a
      WHERE a.company_id = j.company_id AND a.id = j.assignment_id AND a.doc->>'activityTypeId' = ANY(${types}::text[]))
      OR ${jobHasSalaryOfActivityTypeSql(jobCompany, jobColumn('id'), body.activityTypeId)})`);
  }
  if (body.currentlyWorking) where.push(embeds.isClockedInSql(jobCompany, jobColumn('id')));
  if (body.liveJobs) where.push(sql<boolean>`j.started_at >= ${new Date(now - LIVE_HOURS * 3_600_000)}`);
  if (body.assignmentIds) where.push(sql<boolean>`j.assignment_id = ANY(${sql.val(body.assignmentIds)}::text[])`);
  if (body.tags) {
    where.push(
      sql<boolean>`(j.doc->'tags' ?| ${sql.val(body.tags)}::text[] OR ${objectHasAnyTagSql(jobCompany, jobColumn('object_id'), body.tags)})`,
    );
  }
  return where;
}
