// The time-tracking entry's declared document: the fields a client writes (timeTrackingSchema),
// the read-only ones the clock, the approval and the salary run set, and the stored document's type.
// A file of its own, so the files the resource's hooks call may import the type.
import { Type } from 'typebox';
import type { DocOf, DraftOf, Resource, TypedFields } from '../../resources/engine/define-resource.js';
import { dateTime, geoPoint, objectId, opt, text } from '../../resources/engine/fields.js';

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

/** The types of the read-only fields below, for code that reads a stored entry. */
export interface TimeTrackingReadOnly {
  workingTime?: number;
  targetTime?: number;
  requiredBreakTime?: number;
  objectManagerId?: string;
  approved?: boolean;
  cancelled?: boolean;
  generatedByUser?: boolean;
  editedByManager?: boolean;
  wasAddedManually?: boolean;
  approvedBy?: string;
  approvedAt?: string;
  cancelledBy?: string;
  cancelledAt?: string;
  errors?: string[];
  allFoundErrors?: string[];
  salaryIds?: string[];
  invoiceId?: string;
}
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
} satisfies Record<keyof TimeTrackingReadOnly, object> as unknown as TypedFields<TimeTrackingReadOnly>;
/** A stored time-tracking entry. */
export type TimeTrackingDoc = DocOf<typeof timeTrackingSchema, typeof timeTrackingReadOnly>;
/** An entry before its write is completed (entry-completion.ts). */
export type TimeTrackingDraft = DraftOf<typeof timeTrackingSchema, typeof timeTrackingReadOnly>;
/** The time-tracking resource, for files its hooks call (they get it passed, not imported). */
export type TimeTrackingResource = Resource<typeof timeTrackingSchema, typeof timeTrackingReadOnly>;
