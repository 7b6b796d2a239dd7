// Tasks: what has to be done at an object or for a customer, with a status that moves through
// task-states.ts. firstStartedAt and firstTerminatedAt are set once; identifierNumber counts
// within the task type. Creating a task emits OPEN; completing or cancelling one closes its complaint.
import { sql } from 'kysely';
import { Type } from 'typebox';
import { Conflict, fieldError } from '../../platform/http/errors.js';
import { idsFilter, parseIds, valuesFilter } from '../../platform/http/named-filters.js';
import { emit } from '../../platform/outbox/emit.js';
import { type DocOf, defineResource, type TypedFields } from '../../resources/engine/define-resource.js';
import { dateTime, objectId, objectIds, opt, tags, text } from '../../resources/engine/fields.js';
import { findRecord, nextNumber } from '../../resources/engine/resource-store.js';
import { toApi } from '../../resources/engine/to-api.js';
import type { ReferencedTable } from '../../resources/engine/references.js';
import { closeComplaintOf } from './complaint-closing.js';
import { defineComplaints } from './complaints-resource.js';
import { canMove, TASK_PRIORITIES, TASK_STATES, TASK_TABS, type TaskState } from './task-states.js';
import { UNASSIGNED } from '../scheduling/index.js';

const RELATED = ['users', 'objects', 'customers', 'contacts', 'assignments', 'invoices', 'equipments'] as const;
/** The table each kind of related record lives in. */
export const RELATED_TABLES = {
  users: 'users',
  objects: 'objects',
  customers: 'customers',
  contacts: 'contacts',
  assignments: 'assignments',
  invoices: 'invoices',
  equipments: 'equipment',
} as const satisfies Record<(typeof RELATED)[number], ReferencedTable>;

export const taskSchema = Type.Object({
  title: text(500),
  taskStatus: opt(
    // Type.Unsafe: a union built from a list has no static type of its own
    Type.Unsafe<TaskState>(
      Type.Union(
        TASK_STATES.map((s) => Type.Literal(s)),
        { description: 'default new; moves as docs/decisions.md (Tasks) lists' },
      ),
    ),
  ),
  taskType: opt(text(100)),
  taskTypeId: opt(objectId('task_types')),
  description: opt(text(20000)),
  contactPerson: opt(text(300)),
  email: opt(Type.String({ format: 'email', maxLength: 254 })),
  telephone: opt(text(50)),
  assignee: opt(
    Type.Object({ name: opt(text(300)), entityId: opt(objectId('users')), profilePicture: opt(text(2000)) }),
  ),
  dueDate: opt(dateTime()),
  tags: opt(tags()),
  priority: opt(Type.Unsafe<(typeof TASK_PRIORITIES)[number]>(Type.Union(TASK_PRIORITIES.map((p) => Type.Literal(p))))),
  related: opt(Type.Object(Object.fromEntries(RELATED.map((r) => [r, opt(objectIds(RELATED_TABLES[r], 200))])))),
  documentIds: opt(objectIds('documents', 500)),
  callId: opt(text(200)),
});

const ref = { type: 'string', pattern: '^[0-9a-f]{24}$' };
/** The types of the read-only fields below, for code that reads a stored task. */
export interface TaskReadOnly {
  identifierNumber?: number;
  firstStartedAt?: string;
  firstTerminatedAt?: string;
  complaintCreatedAt?: string;
  complaintId?: string;
  completionResponse?: string;
  taskTemplate?: { entityId?: string; templateName?: string; recurring?: boolean; occurrence?: string };
}
export const taskReadOnly = {
  identifierNumber: { type: 'integer', description: 'number within the task type' },
  firstStartedAt: { type: 'string', format: 'date-time' },
  firstTerminatedAt: { type: 'string', format: 'date-time' },
  complaintCreatedAt: { type: 'string', format: 'date-time' },
  complaintId: ref,
  completionResponse: { type: 'string' },
  taskTemplate: {
    type: 'object',
    properties: {
      entityId: { type: 'string' },
      templateName: { type: 'string' },
      recurring: { type: 'boolean' },
      occurrence: { type: 'string', description: 'local date of the occurrence' },
    },
  },
} satisfies Record<keyof TaskReadOnly, object> as unknown as TypedFields<TaskReadOnly>;
/** A stored task. */
export type TaskDoc = DocOf<typeof taskSchema, typeof taskReadOnly>;

// sql: named filters answer SQL conditions (named-filters.ts), on columns and the JSON document.
const relatedFilter = (kind: (typeof RELATED)[number]) => ({
  description: `tasks related to any of these ${kind} (comma-separated ids)`,
  list: true,
  toSql: (value: string, param: string) =>
    sql<boolean>`doc->'related'->${kind} ?| ${sql.val(parseIds(value, param))}::text[]`,
});

export const tasks = defineResource({
  name: 'task',
  collection: 'tasks',
  table: 'tasks',
  area: 'tasks',
  webhookEntity: 'task',
  ownerField: 'assignee.entityId',
  schema: taskSchema,
  readOnly: taskReadOnly,
  columns: {
    taskStatus: 'task_status',
    taskTypeId: 'task_type_id',
    'assignee.entityId': 'assignee_id',
    dueDate: 'due_at',
    complaintId: 'complaint_id',
    'taskTemplate.entityId': 'template_id',
    'taskTemplate.occurrence': 'occurrence',
  },
  list: {
    defaultSort: 'status.createdAt:-1',
    namedFilters: {
      customerIds: relatedFilter('customers'),
      userIds: {
        description: `assignee ids, comma-separated; "${UNASSIGNED}" matches tasks without an assignee`,
        list: true,
        toSql(value, param) {
          const values = value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
          const ids = values.some((v) => v !== UNASSIGNED)
            ? parseIds(values.filter((v) => v !== UNASSIGNED).join(','), param)
            : [];
          const parts = [
            ...(ids.length ? [sql<boolean>`assignee_id = ANY(${sql.val(ids)}::text[])`] : []),
            ...(values.includes(UNASSIGNED) ? [sql<boolean>`assignee_id IS NULL`] : []),
          ];
          if (!parts.length) throw fieldError(param, 'takes ids or unassigned_jobs');
          return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
        },
      },
      search: {
        description: 'title contains (case-insensitive) or identifierNumber equals',
        toSql: (value) => sql<boolean>`(doc->>'title' ILIKE ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          OR doc->>'identifierNumber' = ${value.trim()})`,
      },
      assigneeId: idsFilter('assignee_id', 'the assignee (user id)'),
      relatedContacts: relatedFilter('contacts'),
      relatedUsers: relatedFilter('users'),
      relatedObjects: relatedFilter('objects'),
      relatedCustomers: relatedFilter('customers'),
      relatedAssignments: relatedFilter('assignments'),
      relatedInvoices: relatedFilter('invoices'),
      relatedEquipments: relatedFilter('equipments'),
      status: valuesFilter(
        [...TASK_STATES],
        (v) => sql<boolean>`task_status = ANY(${sql.val(v)}::text[])`,
        'taskStatus, one or a comma list',
      ),
      priority: valuesFilter(
        [...TASK_PRIORITIES],
        (v) => sql<boolean>`doc->>'priority' = ANY(${sql.val(v)}::text[])`,
        'priority, one or a comma list',
      ),
      callId: {
        description: 'call id, one or a comma list',
        list: true,
        toSql: (v) => sql<boolean>`doc->>'callId' = ANY(${sql.val(v.split(',').map((s) => s.trim()))}::text[])`,
      },
      tab: valuesFilter(
        Object.keys(TASK_TABS),
        (v) => sql<boolean>`task_status = ANY(${sql.val(v.flatMap((t) => [...TASK_TABS[t]!]))}::text[])`,
        `a list tab: ${Object.entries(TASK_TABS)
          .map(([t, s]) => `${t} (${s.join(', ')})`)
          .join('; ')}`,
      ),
      taskTypeIds: idsFilter('task_type_id', 'task type ids, comma-separated'),
      fromRecurringTemplate: {
        description: 'true: tasks a recurring template created; false: the others',
        toSql: (v, param) => {
          if (v !== 'true' && v !== 'false') throw fieldError(param, 'must be true or false');
          return v === 'true' ? sql<boolean>`template_id IS NOT NULL` : sql<boolean>`template_id IS NULL`;
        },
      },
    },
  },
  hooks: {
    async prepare(tx, ctx, { doc, previous }) {
      const from = (previous?.doc.taskStatus ?? 'new') as TaskState;
      const to = (doc.taskStatus ?? (previous ? from : 'new')) as TaskState;
      if (previous && !canMove(from, to)) throw Conflict(`A task cannot move from ${from} to ${to}`);
      const now = new Date().toISOString();
      const next: TaskDoc = { ...doc, taskStatus: to, priority: doc.priority ?? 'normal' };
      if (to !== 'new' && !next.firstStartedAt) next.firstStartedAt = now;
      if (to === 'completed' && !next.firstTerminatedAt) next.firstTerminatedAt = now;
      if (!previous || doc.taskTypeId !== previous.doc.taskTypeId) {
        next.identifierNumber = await nextNumber(tx, `tasks:${doc.taskTypeId ?? 'none'}`);
      }
      void ctx;
      return { doc: next };
    },
    async afterWrite(tx, ctx, { id, doc, previous }) {
      if (!previous) {
        const task = await findRecord(tx, tasks, id);
        await emit(tx, 'OPEN', 'task', toApi(tasks, task!));
      }
      if (
        previous &&
        previous.doc.taskStatus !== doc.taskStatus &&
        (doc.taskStatus === 'completed' || doc.taskStatus === 'cancelled')
      ) {
        await closeComplaintOf(tx, ctx, complaints, doc);
      }
    },
  },
});

/** Complaints open tasks, and a task's completion closes its complaint. */
export const complaints = defineComplaints(tasks);
