// Time-tracking entries. Employees create them by clocking in and out on a job (time-clock.ts);
// managers add entries by hand, correct them (with a reason), approve and cancel them.
import { Conflict } from '../../platform/http/errors.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { booleanFilter, idsFilter, timestampBound } from '../../platform/http/named-filters.js';
import { recomputeAfterCorrection } from './entry-salary.js';
import { completeEntry } from './entry-completion.js';
import { timeTrackingReadOnly, timeTrackingSchema } from './time-tracking-schema.js';

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
