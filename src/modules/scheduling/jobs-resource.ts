// Jobs: one per occurrence of an assignment and planned user, or one-off. Hot fields live in columns.
import { Type } from 'typebox';
import { fieldError } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import {
  type DocOf,
  type DraftOf,
  defineResource,
  type PrepareInput,
  type ResourceHooks,
  type TypedFields,
} from '../../resources/engine/define-resource.js';
import { dateTime, objectId, objectIds, opt, text } from '../../resources/engine/fields.js';
import { ABSENT_WHEN_UNSET, DERIVED_ON_READ, commonEntityProperties } from '../../resources/engine/schema-shapes.js';
import { users } from '../users/index.js';
import { ABSENCES_NOT_GIVEN, type AbsenceHooks } from './absence-hooks.js';

export const JOB_STATES = ['open', 'started', 'completed', 'cancelled'] as const;
export const MAX_JOB_MS = 7 * 86_400_000;
/**
 * Jobs longer than this are few (a shift of the trade lasts hours): they have an index of their own
 * (jobs_long_from_idx, migrations/0029_long_jobs_index.sql, whose predicate says `interval '12 hours'`), so a
 * read of the jobs during a range reads the others from half a day before it instead of MAX_JOB_MS (job-overlap.ts).
 */
export const LONG_JOB_MS = 12 * 3_600_000;

export const jobSchema = Type.Object({
  assignmentId: opt(objectId('assignments', { description: 'absent for one-off jobs' })),
  objectId: opt(objectId('objects', { description: 'the object where the job is done (from the assignment)' })),
  from: dateTime(),
  to: dateTime(),
  targetTime: opt(
    Type.Number({ minimum: 0, maximum: 100000, description: 'minutes; the planned duration when absent' }),
  ),
  userId: opt(objectId('users', { description: 'absent for unassigned jobs', [ABSENT_WHEN_UNSET]: true })),
  type: opt(text(50)),
  title: opt(text(300)),
  jobComment: opt(text(5000)),
  notifyObjectManager: opt(Type.Boolean()),
  needsJobTemplate: opt(Type.Boolean()),
  jobTemplateId: opt(objectId('job_templates')),
  activityTypeId: opt(objectId('activity_types')),
  regionId: opt(objectId(undefined, { description: 'no regions are kept: not checked' })),
  exceptionJobId: opt(text(100)),
  requiredDrivingTime: opt(Type.Number({ minimum: 0, maximum: 100000 })),
  requiredBreakTime: opt(Type.Number({ minimum: 0, maximum: 100000 })),
  documentIds: opt(objectIds('documents', 500)),
  state: opt(
    Type.Union(
      JOB_STATES.map((s) => Type.Literal(s)),
      { description: 'open, started, completed or cancelled' },
    ),
  ),
  tags: opt(Type.Array(text(100), { maxItems: 100 })),
});

const idOrNull = { type: 'string', pattern: '^[0-9a-f]{24}$' };
const isoTime = { type: 'string', format: 'date-time' };

/** An item of `started`: a clock-in (job-clock-state.ts ClockIn) with its entry's salary, absent before approval. */
const clockInShape = {
  type: 'object',
  properties: {
    trackingJobDate: isoTime,
    userId: { type: 'string' },
    time: isoTime,
    isLive: { type: 'boolean' },
    wasAddedManually: { type: 'boolean' },
    timeTrackingId: { type: 'string' },
    salaryId: { type: 'string' },
  },
  required: ['trackingJobDate', 'userId', 'time', 'isLive', 'wasAddedManually', 'timeTrackingId'],
  additionalProperties: true,
};

/** An item of `absences`: the absence the job falls on (absence-marks.ts) with the nested record's fields. */
const absenceMarkShape = {
  type: 'object',
  properties: {
    absenceId: { type: 'string' },
    dtStart: isoTime,
    dtEnd: isoTime,
    calculationType: { type: 'string' },
    _id: { type: 'string' },
    number: { type: 'integer', minimum: 1 },
    companyId: { type: 'string' },
    status: commonEntityProperties.status,
    chatId: { type: 'string' },
  },
  required: ['absenceId', 'dtStart', 'dtEnd'],
  additionalProperties: true,
};
/** A clock-in as the job's `started` list records it (time-tracking's time clock). */
export interface ClockIn {
  trackingJobDate: string;
  userId: string;
  time: string;
  isLive: boolean;
  wasAddedManually: boolean;
  timeTrackingId: string;
}

/** An absence the job falls on, as its `absences` list records it (absence-marks.ts), a nested record. */
export interface JobAbsenceMark {
  absenceId: string;
  dtStart: string;
  dtEnd: string;
  calculationType?: string;
  [field: string]: unknown;
}

/** The types of the read-only fields below, for code that reads a stored job. */
export interface JobReadOnly {
  teamId?: string;
  splitId?: string;
  originalId?: string;
  masterJobId?: string;
  originalFrom?: string;
  originalTo?: string;
  absenceId?: string;
  acceptedStatus?: string;
  replacementJobId?: string;
  started?: Array<ClockIn & { salaryId?: string }>;
  absences?: JobAbsenceMark[];
  timeTrackings?: Array<Record<string, unknown>>;
  salaries?: Array<Record<string, unknown>>;
  assignment?: Record<string, unknown>;
  activityType?: Record<string, unknown> | null;
  user?: { _id: string; number: number; [field: string]: unknown };
}
/** Set by actions (assign, move, split, accept, replacement) and by later areas, never by a body. */
export const jobReadOnly = {
  teamId: idOrNull,
  splitId: idOrNull,
  originalId: idOrNull,
  masterJobId: idOrNull,
  originalFrom: { type: 'string', format: 'date-time' },
  originalTo: { type: 'string', format: 'date-time' },
  absenceId: idOrNull,
  acceptedStatus: { type: 'string' },
  replacementJobId: { ...idOrNull, description: 'set on a job an absence affects once its replacement job exists' },
  // Built by the read from other records (jobs-read.ts), not in events.
  started: { type: 'array', items: clockInShape, [DERIVED_ON_READ]: true },
  absences: { type: 'array', items: absenceMarkShape, [DERIVED_ON_READ]: true },
  timeTrackings: { type: 'array', items: { type: 'object', additionalProperties: true }, [DERIVED_ON_READ]: true },
  salaries: { type: 'array', items: { type: 'object', additionalProperties: true }, [DERIVED_ON_READ]: true },
  assignment: { type: 'object', additionalProperties: true, [DERIVED_ON_READ]: true },
  activityType: { type: ['object', 'null'], additionalProperties: true, [DERIVED_ON_READ]: true },
  user: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      number: { type: 'integer' },
      id: { type: 'string', description: 'login name' },
      general: users.schema.properties.general,
      contact: users.schema.properties.contact,
    },
    required: ['_id', 'number'],
    additionalProperties: true,
    description:
      'with includeUsersInResponse (absent for an unassigned job): the user in short (users/user-sql-fragments.ts)',
    [ABSENT_WHEN_UNSET]: true,
  },
} satisfies Record<keyof JobReadOnly, object> as unknown as TypedFields<JobReadOnly>;

/** A stored job. */
export type JobDoc = DocOf<typeof jobSchema, typeof jobReadOnly>;
/** A job before its write is prepared. */
type JobDraft = DraftOf<typeof jobSchema, typeof jobReadOnly>;

export const jobs = defineResource({
  name: 'job',
  collection: 'jobs',
  table: 'jobs',
  area: 'jobs',
  webhookEntity: 'job',
  ownerField: 'userId',
  columns: {
    assignmentId: 'assignment_id',
    objectId: 'object_id',
    userId: 'user_id',
    from: 'from_at',
    to: 'to_at',
    teamId: 'team_id',
    absenceId: 'absence_id',
    masterJobId: 'master_job_id',
    originalId: 'original_id',
    splitId: 'split_id',
    jobTemplateId: 'job_template_id',
    acceptedStatus: 'accepted_status',
    activityTypeId: 'activity_type_id',
    state: 'state',
    replacementJobId: 'replacement_job_id',
  },
  schema: jobSchema,
  readOnly: jobReadOnly,
  hooks: { prepare: prepareJob, afterWrite: markOnAbsence(ABSENCES_NOT_GIVEN) },
});

/**
 * A job written onto its user's approved absence is marked (absences/absence-conflicts.ts, given
 * through absence-hooks.ts: absences import this module).
 */
export function markOnAbsence(absences: AbsenceHooks): ResourceHooks['afterWrite'] {
  return (tx, ctx, change) => absences.reconcileConflicts(tx, ctx, { jobIds: [change.id] });
}

async function prepareJob(_tx: TenantTx, _ctx: unknown, { doc, previous }: PrepareInput<JobDoc, JobDraft>) {
  const from = Date.parse(doc.from);
  const to = Date.parse(doc.to);
  if (!(to > from)) throw fieldError('to', 'must be after from');
  if (to - from > MAX_JOB_MS) throw fieldError('to', 'a job lasts at most 7 days');
  const planned = Math.round((to - from) / 60_000);
  // The target follows a moved job unless someone set it apart from the planned duration.
  const wasPlanned =
    previous &&
    previous.doc.targetTime === Math.round((Date.parse(previous.doc.to) - Date.parse(previous.doc.from)) / 60_000);
  const next = {
    ...doc,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    state: doc.state ?? 'open',
    targetTime:
      doc.targetTime === undefined || (wasPlanned && doc.targetTime === previous.doc.targetTime)
        ? planned
        : doc.targetTime,
  };
  // A person's change survives re-planning. started_at is set by clocking in only (liveJobs).
  return { doc: next, columns: previous ? { is_manual: true } : {} };
}
