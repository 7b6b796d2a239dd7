// The absence's declared document: the fields a client writes (absenceSchema), the read-only ones
// the workflow sets (absenceReadOnly), and the stored document's type made of both.
import { Type } from 'typebox';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import type { DocOf, DraftOf, Resource, TypedFields } from '../../resources/engine/define-resource.js';
import { dateTime, list, objectId, objectIds, opt, text } from '../../resources/engine/fields.js';
import { ABSENCE_KINDS, ABSENCE_STATES, CALCULATION_TYPES, type AbsenceState } from './absence-types.js';

export const MAX_ABSENCE_DAYS = 366;

export const absenceSchema = Type.Object({
  userId: objectId('users', { description: 'the absent user; employees give their own id' }),
  type: Type.Integer({
    minimum: 1,
    maximum: ABSENCE_KINDS.length,
    description: ABSENCE_KINDS.map((k) => `${k.type} ${k.name}${k.paid ? ' (paid)' : ''}`).join(', '),
  }),
  payTypeAbsenceId: opt(
    objectId('pay_types', { description: 'a pay type for the paid time (its rateFactor applies)' }),
  ),
  calculationType: opt(
    // Type.Unsafe: a union built from a list has no static type of its own
    Type.Unsafe<(typeof CALCULATION_TYPES)[number]>(
      Type.Union(
        CALCULATION_TYPES.map((c) => Type.Literal(c)),
        { description: 'paid time per day: plannedJobs (default), contractHours or none' },
      ),
    ),
  ),
  desc: opt(text(2000)),
  dtStart: dateTime(),
  dtEnd: dateTime(),
  fullDay: opt(Type.Boolean({ description: "default true: whole local days from dtStart's date to dtEnd's date" })),
  daysAbsent: opt(
    Type.Number({ minimum: 0, maximum: MAX_ABSENCE_DAYS, description: 'working days; computed unless given' }),
  ),
  attachments: opt(list(text(500), 50)),
  imageIds: opt(objectIds('documents', 50)),
  objectManagerIds: opt(objectIds('users', 100)),
  sendEmailToCustomer: opt(Type.Boolean({ description: 'on approval, tell the customers of the affected objects' })),
  sameCauseAs: opt(
    objectId('absences', {
      description:
        "an illness: the user's earlier approved illness from the same cause (from the health insurer's notice); counted together for the six weeks of §3 EFZG",
    }),
  ),
});

const ref = { type: 'string', pattern: OBJECT_ID_PATTERN };
const refs = { type: 'array', items: ref };
/** The types of the read-only fields below, for code that reads a stored absence. */
export interface AbsenceReadOnly {
  /** Always set by the resource's prepare hook: `open` on create, and the period it covers. */
  state: AbsenceState;
  periodFrom: string;
  periodTo: string;
  approvedBy?: string;
  declinedBy?: string;
  cancelledBy?: string;
  declineComment?: string;
  approvedAt?: string;
  cancelledAt?: string;
  daysAbsentManual?: boolean;
  affectedJobs?: string[];
  affectedObjectIds?: string[];
  isAssigned?: boolean;
  absencePaidTimeArray?: Array<{ date: string; seconds: number; jobIds?: string[] }>;
  replacements?: Array<Record<string, unknown>>;
  salaryIds?: string[];
  leaveBooked?: Array<{ year: number; days: number }>;
  customerNotifications?: Array<Record<string, unknown>>;
}
export const absenceReadOnly = {
  state: { type: 'string', enum: [...ABSENCE_STATES] },
  approvedBy: ref,
  declinedBy: ref,
  cancelledBy: ref,
  declineComment: { type: 'string' },
  approvedAt: { type: 'string', format: 'date-time' },
  cancelledAt: { type: 'string', format: 'date-time' },
  daysAbsentManual: { type: 'boolean', description: 'daysAbsent was written by a client and is kept' },
  affectedJobs: refs,
  affectedObjectIds: refs,
  isAssigned: { type: 'boolean' },
  absencePaidTimeArray: {
    type: 'array',
    items: {
      type: 'object',
      properties: { date: { type: 'string', format: 'date' }, seconds: { type: 'number' }, jobIds: refs },
    },
  },
  replacements: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        jobId: { type: 'string', description: "the absent user's job" },
        replacementJobId: { type: 'string' },
        userId: { type: 'string', description: 'who stands in' },
        assignedBy: { type: 'string' },
        assignedAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: true,
    },
  },
  salaryIds: refs,
  leaveBooked: {
    type: 'array',
    items: { type: 'object', properties: { year: { type: 'integer' }, days: { type: 'number' } } },
  },
  customerNotifications: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        customerId: { type: 'string' },
        objectIds: { type: 'array', items: { type: 'string' } },
        email: { type: 'string' },
        mailId: { type: 'string' },
        queuedAt: { type: 'string', format: 'date-time' },
        error: { type: 'string', description: 'why no mail was queued' },
      },
      additionalProperties: true,
    },
  },
  periodFrom: {
    type: 'string',
    format: 'date-time',
    description: 'the period the absence covers (whole days when fullDay)',
  },
  periodTo: { type: 'string', format: 'date-time' },
} satisfies Record<keyof AbsenceReadOnly, object> as unknown as TypedFields<AbsenceReadOnly>;

/** A stored absence. */
export type AbsenceDoc = DocOf<typeof absenceSchema, typeof absenceReadOnly>;
/** An absence before its write is prepared (a request has no state yet). */
export type AbsenceDraft = DraftOf<typeof absenceSchema, typeof absenceReadOnly>;
/** The absences resource, for files its hooks call (they get it passed, not imported). */
export type AbsenceResource = Resource<typeof absenceSchema, typeof absenceReadOnly>;
