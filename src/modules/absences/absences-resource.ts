// Absences (/v2/absences/): an employee requests one for themselves, a manager for anyone of the
// company. The workflow (approve, decline, cancel, replacements) is in absence-workflow.ts; this
// declaration checks and completes a request and keeps daysAbsent current.
import { sql } from 'kysely';
import { Type } from 'typebox';
import { Conflict, fieldError } from '../../platform/http/errors.js';
import { dateRangeFilter, idsFilter, timestampBound, valuesFilter } from '../../platform/http/named-filters.js';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { defineResource, type LooseDoc } from '../../resources/engine/define-resource.js';
import { dateTime, list, objectId, objectIds, opt, text } from '../../resources/engine/fields.js';
import { ABSENCE_KINDS, ABSENCE_STATES, CALCULATION_TYPES } from './absence-types.js';
import { absenceFacts } from './absence-facts.js';
import { withoutIllness } from './illness-overlap.js';
import { onAbsenceWritten } from './absence-change.js';

const MAX_ABSENCE_DAYS = 366;

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
    Type.Union(
      CALCULATION_TYPES.map((c) => Type.Literal(c)),
      { description: 'paid time per day: plannedJobs (default), contractHours or none' },
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
  replacements: { type: 'array', items: { type: 'object', additionalProperties: true } },
  salaryIds: refs,
  leaveBooked: {
    type: 'array',
    items: { type: 'object', properties: { year: { type: 'integer' }, days: { type: 'number' } } },
  },
  customerNotifications: { type: 'array', items: { type: 'object', additionalProperties: true } },
  periodFrom: {
    type: 'string',
    format: 'date-time',
    description: 'the period the absence covers (whole days when fullDay)',
  },
  periodTo: { type: 'string', format: 'date-time' },
};

// sql: named filters answer SQL conditions (named-filters.ts).
const stateFilter = (description: string) =>
  valuesFilter([...ABSENCE_STATES], (v) => sql<boolean>`state = ANY(${sql.val(v)}::text[])`, description);

export const absences = defineResource({
  name: 'absence',
  collection: 'absences',
  table: 'absences',
  area: 'absences',
  webhookEntity: 'absence',
  ownerField: 'userId',
  schema: absenceSchema,
  readOnly: absenceReadOnly,
  // Employees change or delete their requests only while no manager has decided on them.
  lockedWhen: (doc) =>
    doc.state === 'open' ? undefined : `The absence is ${doc.state}; only a manager may change or delete it`,
  columns: { userId: 'user_id', state: 'state', type: 'type', payTypeAbsenceId: 'pay_type_absence_id' },
  list: {
    defaultSort: 'dtStart:-1',
    namedFilters: {
      status: stateFilter('state: open, approved, declined, assigned, cancelled (comma list)'),
      ids: idsFilter('id', 'absence ids, comma-separated'),
      payTypeAbsenceIds: idsFilter('pay_type_absence_id', 'pay type ids, comma-separated'),
      type: {
        description:
          'states (open, approved, declined, assigned, cancelled) as the spec lists them, or absence type numbers; comma list',
        list: true,
        toSql(value, param) {
          const values = value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
          const states = values.filter((v) => (ABSENCE_STATES as readonly string[]).includes(v));
          const types = values.filter((v) => /^\d+$/.test(v)).map(Number);
          if (values.length === 0 || states.length + types.length !== values.length)
            throw fieldError(param, 'takes states or absence type numbers');
          const parts = [
            ...(states.length ? [sql<boolean>`state = ANY(${sql.val(states)}::text[])`] : []),
            ...(types.length ? [sql<boolean>`type = ANY(${sql.val(types)}::int[])`] : []),
          ];
          return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
        },
      },
      endDateFrom: timestampBound('dt_end', 'gte', 'ends at or after'),
      endDateTo: timestampBound('dt_end', 'lte', 'ends at or before'),
      startDateFrom: timestampBound('dt_start', 'gte', 'starts at or after'),
      startDateTo: timestampBound('dt_start', 'lte', 'starts at or before'),
      period: dateRangeFilter('dt_start', 'two timestamps from,to: absences starting within'),
      userIds: idsFilter('user_id', 'user ids, comma-separated'),
    },
  },
  hooks: {
    async prepare(tx, _ctx, { doc, previous }) {
      const start = Date.parse(doc.dtStart);
      const end = Date.parse(doc.dtEnd);
      if (!(end > start) && !(doc.fullDay !== false && end === start))
        throw fieldError('dtEnd', 'must be after dtStart');
      if (end - start > MAX_ABSENCE_DAYS * 86_400_000)
        throw fieldError('dtEnd', `an absence lasts at most ${MAX_ABSENCE_DAYS} days`);
      if (previous && ['declined', 'cancelled'].includes(previous.doc.state))
        throw Conflict(`A ${previous.doc.state} absence cannot be changed`);
      // A vacation's daysAbsent leaves out the days of an approved illness (§9 BUrlG).
      const facts = await withoutIllness(tx, doc, await absenceFacts(tx, { ...doc, fullDay: doc.fullDay ?? true }));
      const next: LooseDoc = {
        ...doc,
        fullDay: doc.fullDay ?? true,
        calculationType: doc.calculationType ?? 'plannedJobs',
        state: previous?.doc.state ?? 'open',
        dtStart: new Date(start).toISOString(),
        dtEnd: new Date(end).toISOString(),
        periodFrom: new Date(facts.period.from).toISOString(),
        periodTo: new Date(facts.period.to).toISOString(),
      };
      // daysAbsent is computed, unless a client wrote it (on create, or through the spec's PATCH: the route marks it).
      const manual = Boolean(doc.daysAbsentManual) || (!previous && doc.daysAbsent !== undefined);
      next.daysAbsentManual = manual;
      if (!manual) next.daysAbsent = facts.daysAbsent;
      if (!previous)
        Object.assign(next, {
          affectedJobs: [],
          affectedObjectIds: [],
          isAssigned: false,
          replacements: [],
          absencePaidTimeArray: [],
          salaryIds: [],
        });
      return { doc: next, columns: { dt_start: new Date(facts.period.from), dt_end: new Date(facts.period.to) } };
    },
    // Called lazily: absence-workflow.ts imports this module.
    afterWrite: (tx, ctx, change): Promise<void> => onAbsenceWritten(tx, ctx, absences, change),
    async beforeDelete(_tx, _ctx, record) {
      if (['approved', 'assigned'].includes(record.doc.state))
        throw Conflict('An approved absence cannot be deleted; cancel it first');
    },
  },
});
