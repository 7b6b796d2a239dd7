// Assignments: recurring work at an object. The iCalendar is validated and normalised (rrule string
// and structured fields always agree); creating or changing one plans its jobs in the same transaction.
import { Type } from 'typebox';
import { dateOrDateTimeSchema } from '../../platform/http/date-input.js';
import { fieldError } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import { type DocOf, defineResource, type DraftOf, type PrepareInput } from '../../resources/engine/define-resource.js';
import {
  dateTime,
  fraction,
  freeObject,
  list,
  money,
  objectId,
  objectIds,
  opt,
  productId,
  text,
} from '../../resources/engine/fields.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { objects } from '../../resources/objects.js';
import { taxRateCopy } from '../../resources/tax-rate-shape.js';
import { normalizeICalendar } from '../../platform/time/recurrence.js';
import { ABSENCES_NOT_GIVEN } from './absence-hooks.js';
import { onAssignmentDeleted, onAssignmentWritten } from './job-planning.js';

const localDateTime = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$', description });

export const iCalendarSchema = Type.Object({
  frequency: opt(Type.String({ pattern: '^[A-Za-z]{5,7}$', description: 'DAILY, WEEKLY, MONTHLY or YEARLY' })),
  tzid: text(64, { description: 'IANA time zone, e.g. Europe/Berlin' }),
  interval: opt(Type.Integer({ minimum: 1, maximum: 1000 })),
  rrule: opt(text(500, { description: 'RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20271231T230000Z' })),
  bySetPos: opt(Type.Integer({ minimum: -366, maximum: 366 })),
  byDay: opt(Type.Array(text(4), { maxItems: 50 })),
  byMonthDay: opt(text(200, { description: 'comma list, e.g. "1,15,-1"' })),
  byMonth: opt(Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { maxItems: 12 })),
  dtstart: localDateTime('start of the first occurrence, local time in tzid'),
  dtend: localDateTime('end of the first occurrence, local time in tzid'),
  exDate: opt(Type.Array(localDateTime('local start of an occurrence to skip'), { maxItems: 5000 })),
  until: opt(dateTime()),
  count: opt(Type.Integer({ minimum: 1, maximum: 100000 })),
});

export const billingPosition = Type.Object({
  quantity: opt(money()),
  unit: opt(text(50)),
  price: opt(money()),
  tax: opt(fraction()),
  title: opt(text(500)),
  type: opt(text(50, { description: 'e.g. INVOICE_POSITION' })),
  taxRate: opt(taxRateCopy()),
  description: opt(text(5000)),
  discount: opt(fraction()),
  productId: opt(productId()),
  includedWageCostFactor: opt(money()),
  isOptional: opt(Type.Boolean()),
  bookingAccountNumber: opt(text(50)),
  skontoBookingAccountNumber: opt(text(50)),
});

export const assignmentSchema = Type.Object({
  objectId: objectId('objects'),
  customerId: opt(objectId('customers', { description: "the object's customer when absent" })),
  title: opt(text(300)),
  iCalendar: iCalendarSchema,
  userIds: opt(objectIds('users', 50)),
  skipPublicHolidays: opt(
    Type.Boolean({ description: "no jobs on public holidays of the object's region (address country and state)" }),
  ),
  material: opt(list(Type.Object({ productId: opt(productId()), quantity: opt(money()) }), 200)),
  weeklyTimeBudget: opt(money()),
  type: opt(text(50, { description: 'e.g. normal' })),
  activityTypeId: opt(objectId('activity_types')),
  comment: opt(text(5000)),
  commentRequired: opt(Type.Boolean()),
  sign: opt(Type.Boolean()),
  documentIds: opt(objectIds('documents', 500)),
  billing: opt(
    Type.Object({
      type: opt(text(50, { description: 'e.g. MANUAL' })),
      positions: opt(list(billingPosition, 500)),
      lastInvoiceDate: opt(Type.Unsafe<string>(dateOrDateTimeSchema('day of the last invoice'))),
      defaultInvoiceTemplateId: opt(objectId('invoice_templates')),
    }),
  ),
  quota: opt(
    Type.Object({
      enabled: opt(Type.Boolean()),
      quotaCalculation: opt(text(50)),
      total: opt(money()),
      billingRateEnabled: opt(Type.Boolean()),
      billingRateCalculation: opt(text(50)),
      billingRateAmount: opt(money()),
      expectedMargin: opt(money()),
    }),
  ),
  autoGenerateInvoiceError: opt(freeObject()),
  costUnit: opt(text(100)),
  jobChatId: opt(text(100)),
  linkedCache: opt(list(freeObject(), 100)),
});
/** A stored assignment. */
export type AssignmentDoc = DocOf<typeof assignmentSchema>;

export const assignments = defineResource({
  name: 'assignment',
  collection: 'assignments',
  table: 'assignments',
  area: 'assignments',
  columns: { objectId: 'object_id' },
  schema: assignmentSchema,
  hooks: {
    prepare: prepareAssignment,
    afterWrite: onAssignmentWritten(ABSENCES_NOT_GIVEN),
    afterDelete: onAssignmentDeleted,
  },
});

async function prepareAssignment(
  tx: TenantTx,
  _ctx: unknown,
  { doc, previous }: PrepareInput<AssignmentDoc, DraftOf<typeof assignmentSchema>>,
) {
  const object = await findRecord(tx, objects, doc.objectId);
  if (!object) throw fieldError('objectId', 'no such object');
  if (!doc.customerId) doc.customerId = object.doc.customerId;
  const isRruleAuthoritative = previous
    ? doc.iCalendar.rrule !== previous.doc.iCalendar?.rrule
    : Boolean(doc.iCalendar.rrule);
  const { ical } = normalizeICalendar(doc.iCalendar, isRruleAuthoritative);
  return { doc: { ...doc, iCalendar: ical } };
}
