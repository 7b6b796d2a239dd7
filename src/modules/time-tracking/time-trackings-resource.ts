// Time-tracking entries. Employees create them by clocking in and out on a job (time-clock.ts);
// managers add entries by hand, correct them (with a reason), approve and cancel them.
import { Type } from 'typebox';
import { Conflict } from '../../platform/http/errors.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { dateTime, geoPoint, objectId, opt, text } from '../../resources/engine/fields.js';
import { booleanFilter, idsFilter, timestampBound } from '../../platform/http/named-filters.js';
import { recomputeAfterCorrection } from './entry-salary.js';
import { completeEntry } from './entry-completion.js';

const seconds = (description: string) => Type.Integer({ minimum: 0, maximum: 7 * 86_400, description });

export const timeTrackingSchema = Type.Object({
  userId: objectId('users'),
  jobId: opt(objectId('jobs')),
  objectId: opt(objectId('objects', { description: 'from the job when absent' })),
  assignmentId: opt(objectId('assignments')),
  activityTypeId: opt(objectId('activity_types')),
  signingId: opt(objectId(undefined, { description: 'no signings are kept: not checked' })),
  timeStart: dateTime(),
  timeEnd: opt(dateTime()),
  trackingJobDate: opt(dateTime()),
  break: opt(seconds('break taken, as recorded; at least the legal minimum (requiredBreakTime) is deducted')),
  addedTime: opt(seconds('seconds a manager adds to the paid time')),
  drivingTime: opt(seconds('driving time, paid at the base rate')),
  location: opt(geoPoint()),
  logOutLocation: opt(geoPoint()),
  type: opt(text(50)),
  offline: opt(Type.Boolean()),
  comment: opt(text(2000)),
  reason: opt(text(2000, { description: 'why a manager added or changed the entry; required on PATCH' })),
  clockInReason: opt(
    text(500, {
      description: "the employee's reason for a clock-in outside the start window or far from the object (clockRules)",
    }),
  ),
  clientId: opt(
    text(100, { description: "the device's id of the entry; a repeated upload with the same id is the same entry" }),
  ),
});

const strings = { type: 'array', items: { type: 'string' } };
export const timeTrackingReadOnly = {
  workingTime: { type: 'number', description: 'seconds: presence − deducted break + addedTime' },
  targetTime: { type: 'number', description: "seconds: the job's target time" },
  requiredBreakTime: { type: 'number', description: "seconds of break the company's break rule requires" },
  objectManagerId: { type: 'string' },
  approved: { type: 'boolean' },
  cancelled: { type: 'boolean' },
  generatedByUser: { type: 'boolean', description: 'clocked by the employee (not added by a manager)' },
  editedByManager: { type: 'boolean' },
  wasAddedManually: { type: 'boolean' },
  approvedBy: { type: 'string' },
  approvedAt: { type: 'string', format: 'date-time' },
  cancelledBy: { type: 'string' },
  cancelledAt: { type: 'string', format: 'date-time' },
  errors: { ...strings, description: 'plausibility codes that apply now (see docs/decisions.md)' },
  allFoundErrors: { ...strings, description: 'every plausibility code ever found on the entry' },
  salaryIds: strings,
  invoiceId: { type: 'string', description: 'the invoice that billed these hours' },
};

export const timeTrackings = defineResource({
  name: 'time-tracking entry',
  collection: 'timeTracking',
  table: 'time_trackings',
  area: 'timeTracking',
  ownerField: 'userId',
  schema: timeTrackingSchema,
  readOnly: timeTrackingReadOnly,
  lockedWhen: (doc) => (doc.approved ? 'The entry is approved; only a manager may change it' : undefined),
  columns: {
    userId: 'user_id',
    jobId: 'job_id',
    objectId: 'object_id',
    timeStart: 'time_start',
    timeEnd: 'time_end',
    trackingJobDate: 'tracking_job_date',
    approved: 'approved',
    cancelled: 'cancelled',
    clientId: 'client_id',
  },
  list: {
    defaultLimit: 50,
    maxLimit: 500,
    defaultSort: 'timeStart:-1',
    namedFilters: {
      from: timestampBound('time_start', 'gte', 'entries starting at or after (epoch ms or ISO 8601)'),
      to: timestampBound('time_start', 'lte', 'entries starting at or before (epoch ms or ISO 8601)'),
      hasErrors: booleanFilter('has_errors', 'true: entries with plausibility errors; false: without'),
      userIds: idsFilter('user_id', 'user ids, comma-separated'),
      objectIds: idsFilter('object_id', 'object ids, comma-separated'),
      jobIds: idsFilter('job_id', 'job ids, comma-separated'),
    },
  },
  hooks: {
    async prepare(tx, ctx, { doc, previous }) {
      requireManager(ctx, 'timeTracking', 'add or correct entries; employees clock in and out on their jobs');
      if (previous?.doc.approved && doc.timeEnd === undefined)
        throw Conflict('An approved entry keeps its end; cancel it instead');
      if (previous?.doc.cancelled) throw Conflict('A cancelled entry cannot be changed');
      const base = previous
        ? { ...doc, editedByManager: true }
        : {
            ...doc,
            wasAddedManually: true,
            generatedByUser: false,
            editedByManager: false,
            approved: false,
            cancelled: false,
            type: doc.type ?? 'default',
            salaryIds: [],
          };
      return completeEntry(tx, base, previous);
    },
    afterWrite: (tx, ctx, change): Promise<void> =>
      change.previous ? recomputeAfterCorrection(tx, ctx, timeTrackings, change) : Promise.resolve(),
  },
});
