// Recurring task templates: a task blueprint and an iCalendar rule (the scheduling code's); each
// occurrence becomes one task, due at the occurrence, once (a template and local date are unique).
import { sql } from 'kysely';
import { type Static, Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant, inWorker, type TenantTx } from '../../platform/db/tenant.js';
import { HttpError } from '../../platform/http/errors.js';
import { systemContext, type RequestContext } from '../../platform/http/request-context.js';
import { type DocOf, defineResource, type StoredRecord } from '../../resources/engine/define-resource.js';
import { objectId, objectIds, opt, tags, text } from '../../resources/engine/fields.js';
import { createRecord } from '../../resources/engine/resource-service.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import {
  expandOccurrences,
  isRefusedRule,
  normalizeICalendar,
  type ICalendar,
} from '../../platform/time/recurrence.js';
import { formatLocal, parseLocal } from '../../platform/time/zoned-time.js';
import { TASK_PRIORITIES } from './task-states.js';
import { tasks } from './tasks-resource.js';

export const MAX_GENERATE_DAYS = 400;

/** A task is due at a moment; the rule code wants a duration, so a template without dtend gets one minute. */
function withEnd(ical: Static<typeof templateICalendar>): ICalendar {
  const start = parseLocal(ical.dtstart);
  return {
    ...ical,
    dtend: ical.dtend ?? (start === undefined ? ical.dtstart : formatLocal(start + 60_000)),
  } as ICalendar;
}

const templateICalendar = Type.Object(
  {
    tzid: text(64),
    rrule: text(1000),
    dtstart: text(19, { description: 'local YYYY-MM-DDTHH:mm:ss: first due time' }),
    dtend: opt(text(19)),
    exDate: opt(Type.Array(text(30), { maxItems: 500 })),
  },
  { description: 'when tasks fall due (RFC 5545 rule, as for assignments)' },
);

const taskTemplateSchema = Type.Object({
  templateName: text(300),
  iCalendar: templateICalendar,
  task: Type.Object({
    title: text(500),
    description: opt(text(20000)),
    taskType: opt(text(100)),
    taskTypeId: opt(objectId('task_types')),
    priority: opt(Type.Union(TASK_PRIORITIES.map((p) => Type.Literal(p)))),
    assigneeId: opt(objectId('users')),
    related: opt(
      Type.Object({
        objects: opt(objectIds('objects', 200)),
        customers: opt(objectIds('customers', 200)),
        equipments: opt(objectIds('equipment', 200)),
      }),
    ),
    tags: opt(tags()),
  }),
  active: opt(Type.Boolean({ description: 'default true' })),
});
/** A stored task template. */
type TaskTemplateDoc = DocOf<typeof taskTemplateSchema>;

export const taskTemplates = defineResource({
  name: 'task template',
  collection: 'taskTemplates',
  table: 'task_templates',
  area: 'tasks',
  schema: taskTemplateSchema,
  hooks: {
    async prepare(_tx, _ctx, { doc }) {
      // Validates the rule like an assignment's (400 naming the field); a task has no duration.
      normalizeICalendar(withEnd(doc.iCalendar), true);
      return { doc: { ...doc, active: doc.active ?? true } };
    },
    // A written template has its tasks for the coming days at once; the worker keeps them ahead.
    async afterWrite(tx, ctx, { id }) {
      const template = await findRecord(tx, taskTemplates, id);
      const now = Date.now();
      if (template) await generateTasks(tx, ctx, template, now, now + AHEAD_DAYS * 86_400_000);
    },
  },
});

/** Creates the template's tasks due in [from, until); returns how many were new. */
export async function generateTasks(
  tx: TenantTx,
  ctx: RequestContext,
  template: StoredRecord<TaskTemplateDoc>,
  from: number,
  until: number,
): Promise<number> {
  if (template.doc.active === false) return 0;
  const ical = template.doc.iCalendar;
  const { recurrence } = normalizeICalendar(withEnd(ical), true);
  let created = 0;
  for (const occurrence of expandOccurrences(recurrence, from, until)) {
    const key = formatLocal(occurrence.localStart).slice(0, 10);
    const exists = await tx.db
      .selectFrom('tasks')
      .select('id')
      .where('company_id', '=', tx.companyId)
      .where('template_id', '=', template.id)
      .where('occurrence', '=', key)
      .executeTakeFirst();
    if (exists) continue;
    const t = template.doc.task;
    await createRecord(tx, ctx, tasks, {
      title: t.title,
      taskStatus: 'new',
      dueDate: new Date(occurrence.start).toISOString(),
      ...(t.description ? { description: t.description } : {}),
      ...(t.taskType ? { taskType: t.taskType } : {}),
      ...(t.taskTypeId ? { taskTypeId: t.taskTypeId } : {}),
      ...(t.priority ? { priority: t.priority } : {}),
      ...(t.assigneeId ? { assignee: { entityId: t.assigneeId } } : {}),
      ...(t.related ? { related: t.related } : {}),
      ...(t.tags ? { tags: t.tags } : {}),
      taskTemplate: {
        entityId: template.id,
        templateName: template.doc.templateName,
        recurring: true,
        occurrence: key,
      },
    });
    created++;
  }
  return created;
}

export const AHEAD_DAYS = 30;

/** The worker's pass: every active template of every company has its tasks for the next AHEAD_DAYS days. */
export async function generateAhead(database: Database, now = Date.now()): Promise<number> {
  const templates = await inWorker(database, async (db) =>
    db
      .selectFrom('task_templates')
      .select(['company_id', 'id', 'created_by'])
      // sql: whether the template is active is a field of its JSON document (absent: active).
      .where(sql<boolean>`coalesce((doc->>'active')::boolean, true)`)
      .execute(),
  );
  let created = 0;
  for (const t of templates) {
    const ctx = systemContext(t.company_id, t.created_by ?? 'system');
    created += await inTenant(database, t.company_id, async (tx) => {
      const template = await findRecord(tx, taskTemplates, t.id, { forUpdate: true });
      if (!template) return 0;
      // A template today's rules refuse (a COUNT not reached in time, a record it names was deleted)
      // gets no tasks; the other templates still do.
      return generateTasks(tx, ctx, template, now, now + AHEAD_DAYS * 86_400_000).catch((error) => {
        if (isRefusedRule(error) || (error instanceof HttpError && error.status < 500)) return 0;
        throw error;
      });
    });
  }
  return created;
}
