// Salaries: the pay of an approved time-tracking entry, computed by rules/salary-calculation.ts.
// Written by the approval (never by a body); a manager may mark one billed, which freezes it.
import { sql } from 'kysely';
import { Type } from 'typebox';
import { type DocOf, defineResource, type TypedFields } from '../../resources/engine/define-resource.js';
import { commonEntityProperties } from '../../resources/engine/schema-shapes.js';
import { activeOnSchema } from './surcharges-resource.js';
import { opt, text } from '../../resources/engine/fields.js';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { objectMatchesSql } from '../../resources/object-lookups.js';
import {
  dateRangeFilter,
  idsFilter,
  timeFrameFilter,
  timestampBound,
  valuesFilter,
} from '../../platform/http/named-filters.js';

const id = { type: 'string' };
const ref = { type: 'string', pattern: OBJECT_ID_PATTERN };
const seconds = { type: 'number', description: 'seconds' };
const amount = { type: 'number', description: 'amount in the company currency, two decimals' };
const frame = {
  type: 'object',
  properties: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } },
};

export const salarySurchargeSchema = {
  type: 'object',
  properties: {
    // A line is a record of its own inside the salary (nested-records.ts), with the common fields.
    _id: id,
    number: { type: 'integer', minimum: 1 },
    companyId: id,
    status: commonEntityProperties.status,
    chatId: id,
    seconds,
    surchargeId: id,
    name: { type: 'string' },
    surcharge: { type: 'number', description: 'rate in percent' },
    activeOn: activeOnSchema,
    userId: id,
    date: { type: 'string', format: 'date' },
    activeTimeFrames: { type: 'array', items: frame },
    _cash: amount,
    taxFreeCash: { ...amount, description: 'part computed on the hourly base up to the tax-free cap' },
    taxableCash: { ...amount, description: 'part above the tax-free cap' },
  },
};

/** A surcharge line of a salary as stored (salarySurchargeSchema). */
export interface SalarySurchargeLine {
  _id?: string;
  number?: number;
  companyId?: string;
  status?: { createdAt?: string; createdBy?: string | null; [field: string]: unknown };
  chatId?: string;
  seconds?: number;
  surchargeId?: string;
  name?: string;
  surcharge?: number;
  activeOn?: object;
  userId?: string;
  date?: string;
  activeTimeFrames?: Array<{ from?: string; to?: string }>;
  _cash?: number;
  taxFreeCash?: number;
  taxableCash?: number;
}

/** The types of the salary's read-only fields, for code that reads a stored salary. */
export interface SalaryReadOnly {
  /** Set on every salary, of work (salary-writer.ts) and of an absence (absences/absence-effects.ts). */
  userId: string;
  timeTrackingId?: string;
  objectId?: string;
  jobId?: string;
  assignmentId?: string;
  activityTypeId?: string;
  absenceId?: string;
  roundedUp?: boolean;
  releasedBySystem?: boolean;
  type: string;
  payType?: string;
  workingTime?: number;
  targetTime?: number;
  salaryPerHour?: number;
  salary?: number;
  baseSalary?: number;
  salaryCents?: number;
  approvedByUserId?: string;
  updatedByUserId?: string;
  from: string;
  to: string;
  trackingJobDate?: string;
  addedTime?: number;
  break?: number;
  minBreakTime?: number;
  roundUpSeconds?: number;
  drivingTime?: number;
  nightWorkingTime?: number;
  sundayWorkingTime?: number;
  publicHolidayWorkingTime?: number;
  surcharges?: SalarySurchargeLine[];
  errors?: string[];
  date?: string;
  payRule?: string;
  legalBasis?: string;
  taxFreeCash?: number;
  taxableCash?: number;
  taxableSurchargeCash?: number;
  referenceEarnings?: number;
  referenceRaise?: number;
  referenceOvertime?: number;
  referenceDays?: number;
}

export const SALARY_STATUSES = ['open', 'billed'] as const;

const salaryReadOnly = {
  userId: ref,
  timeTrackingId: ref,
  objectId: ref,
  jobId: ref,
  assignmentId: ref,
  activityTypeId: ref,
  absenceId: ref,
  roundedUp: { type: 'boolean' },
  releasedBySystem: { type: 'boolean' },
  type: { type: 'string', description: 'work (from a time-tracking entry) or absence' },
  payType: { type: 'string' },
  workingTime: seconds,
  targetTime: seconds,
  salaryPerHour: amount,
  salary: { ...amount, description: 'total: base pay plus surcharges' },
  baseSalary: amount,
  salaryCents: { type: 'integer', description: 'the total in cents, exact' },
  approvedByUserId: ref,
  updatedByUserId: ref,
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
  trackingJobDate: { type: 'string', format: 'date-time' },
  addedTime: seconds,
  break: seconds,
  minBreakTime: seconds,
  roundUpSeconds: seconds,
  drivingTime: seconds,
  nightWorkingTime: { ...seconds, deprecated: true },
  sundayWorkingTime: { ...seconds, deprecated: true },
  publicHolidayWorkingTime: { ...seconds, deprecated: true },
  surcharges: { type: 'array', items: salarySurchargeSchema },
  errors: { type: 'array', items: { type: 'string' } },
  date: { type: 'string', format: 'date', description: 'absence salaries: the local day paid' },
  // Absence salaries: the rule that priced the day (docs/pay-law.md) and the taxable part.
  payRule: {
    type: 'string',
    description:
      'absence salaries: continuedPay (§4 EFZG), holidayPay (§2 EFZG), vacationPay (§11 BUrlG), plannedJobs or contractHours',
  },
  legalBasis: { type: 'string', description: 'absence salaries: the law the pay follows' },
  taxFreeCash: { ...amount, description: 'absence salaries: 0, nothing of time not worked is tax-free (§3b EStG)' },
  taxableCash: { ...amount, description: 'absence salaries: the taxable amount (all of it)' },
  taxableSurchargeCash: { ...amount, description: 'absence salaries: surcharges of the missed shifts, taxable' },
  referenceEarnings: {
    ...amount,
    description:
      "vacation pay: earnings of the 13 reference weeks (or the employment's shorter part of them) without overtime pay, at today's rate",
  },
  referenceRaise: {
    ...amount,
    description:
      "vacation pay: what a lasting pay rise added to the reference (lines paid below today's rate, §11 (1) S. 2 BUrlG)",
  },
  referenceOvertime: { ...amount, description: 'vacation pay: overtime pay left out of the reference' },
  referenceDays: { type: 'integer', description: 'vacation pay: working days the reference earnings are divided by' },
} satisfies Record<keyof SalaryReadOnly, object> as unknown as TypedFields<SalaryReadOnly>;

const salarySchema = Type.Object({
  billed: opt(Type.Boolean({ description: 'a billed salary is never recomputed' })),
  ignoreDoubleSalaries: opt(Type.Boolean()),
  reason: opt(text(1000)),
});
/** A stored salary. */
export type SalaryDoc = DocOf<typeof salarySchema, typeof salaryReadOnly>;

export const salaries = defineResource({
  name: 'salary',
  collection: 'salaries',
  table: 'salaries',
  area: 'salaries',
  webhookEntity: 'salary',
  ownerField: 'userId',
  schema: salarySchema,
  readOnly: salaryReadOnly,
  columns: {
    userId: 'user_id',
    timeTrackingId: 'time_tracking_id',
    objectId: 'object_id',
    jobId: 'job_id',
    activityTypeId: 'activity_type_id',
    from: 'from_at',
    trackingJobDate: 'tracking_job_date',
    billed: 'billed',
    absenceId: 'absence_id',
  },
  hooks: {
    // `billed: null` removes the mark (merge patch): an unmarked salary is open, as its column says.
    prepare: async (_tx, _ctx, { doc }) => ({ doc: { ...doc, billed: doc.billed ?? false } }),
  },
  list: {
    defaultSort: 'from:1',
    // sql: named-filter conditions are fragments of the engine's list statement.
    namedFilters: {
      status: valuesFilter(
        SALARY_STATUSES,
        (v) => sql<boolean>`billed = ANY(${sql.val(v.map((s) => s === 'billed'))}::boolean[])`,
        'open or billed, or a comma list',
      ),
      ids: idsFilter('id', 'salary ids, comma-separated'),
      createdFrom: timestampBound('created_at', 'gte', 'created at or after (epoch ms or ISO 8601)'),
      createdTo: timestampBound('created_at', 'lte', 'created at or before'),
      objectIds: idsFilter('object_id', 'object ids, comma-separated'),
      object: {
        description: 'object name (contains, case-insensitive) or number',
        toSql: (value) => objectMatchesSql(sql.ref('salaries.company_id'), sql.ref('salaries.object_id'), value),
      },
      dateRange: dateRangeFilter(
        'from_at',
        "two timestamps from,to: salaries whose from (the entry's timeStart) lies within",
      ),
      activityTypeIds: idsFilter('activity_type_id', 'activity type ids, comma-separated'),
      jobIds: idsFilter('job_id', 'job ids, comma-separated'),
      trackingJobDateTimeFrame: timeFrameFilter(
        'tracking_job_date',
        'JSON {from, to}: the tracking job date lies within',
      ),
    },
  },
});
