// Absences (/v2/absences/): an employee requests one for themselves, a manager for anyone of the
// company. The workflow (approve, decline, cancel, replacements) is in absence-workflow.ts; this
// declaration checks and completes a request and keeps daysAbsent current.
import { sql } from 'kysely';
import { Conflict, fieldError } from '../../platform/http/errors.js';
import { dateRangeFilter, idsFilter, timestampBound, valuesFilter } from '../../platform/http/named-filters.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { ABSENCE_STATES } from './absence-types.js';
import { MAX_ABSENCE_DAYS, absenceReadOnly, absenceSchema, type AbsenceDoc } from './absence-schema.js';
import { absenceFacts } from './absence-facts.js';
import { withoutIllness } from './illness-overlap.js';
import { onAbsenceWritten } from './absence-change.js';

export { absenceReadOnly, absenceSchema } from './absence-schema.js';
export type { AbsenceDoc, AbsenceDraft } from './absence-schema.js';

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
      const next: AbsenceDoc = {
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
