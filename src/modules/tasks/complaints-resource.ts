// Complaints: a customer reports a problem at an object. Creating one opens a task for it
// (carrying complaintCreatedAt, for reaction times) and emits OPEN; the task's completion closes it.
// Made with the tasks resource it opens tasks in (tasks-resource.ts makes it), as the tasks' hooks in
// turn close complaints: passing it in keeps the two files out of an import circle.
import { Type } from 'typebox';
import { fieldError } from '../../platform/http/errors.js';
import { emit } from '../../platform/outbox/emit.js';
import { defineResource, type Resource } from '../../resources/engine/define-resource.js';
import { objectId, objectIds, opt, text } from '../../resources/engine/fields.js';
import { createRecord } from '../../resources/engine/resource-service.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { toApi } from '../../resources/engine/to-api.js';
import { objects } from '../../resources/objects.js';
import { TASK_PRIORITIES } from './task-states.js';

/** The complaints resource, opening its tasks in `tasks`. */
export const defineComplaints = (tasks: Resource) => {
  const complaints = defineResource({
    name: 'complaint',
    collection: 'complaints',
    table: 'complaints',
    area: 'complaints',
    webhookEntity: 'complaint',
    schema: Type.Object({
      objectId: objectId('objects', { description: 'where the problem is' }),
      title: text(500),
      description: opt(text(20000)),
      reportedBy: opt(
        Type.Object({
          name: opt(text(300)),
          email: opt(Type.String({ format: 'email', maxLength: 254 })),
          telephone: opt(text(50)),
        }),
      ),
      contactId: opt(objectId('contacts')),
      room: opt(text(300)),
      priority: opt(Type.Union(TASK_PRIORITIES.map((p) => Type.Literal(p)))),
      documentIds: opt(objectIds('documents', 100)),
      assigneeId: opt(
        objectId('users', { description: 'who handles the task it opens (the object manager when absent)' }),
      ),
    }),
    readOnly: {
      state: { type: 'string', enum: ['open', 'closed'] },
      taskId: { type: 'string' },
      customerId: { type: 'string' },
      closedAt: { type: 'string', format: 'date-time' },
      resolution: { type: 'string', description: "the task's final state" },
    },
    columns: { objectId: 'object_id', taskId: 'task_id', state: 'state' },
    hooks: {
      async prepare(tx, _ctx, { doc, previous }) {
        const object =
          doc.objectId !== previous?.doc.objectId ? await findRecord(tx, objects, doc.objectId) : undefined;
        if (doc.objectId !== previous?.doc.objectId && !object) throw fieldError('objectId', 'no such object');
        return {
          doc: {
            ...doc,
            state: previous?.doc.state ?? 'open',
            ...(object?.doc.customerId ? { customerId: object.doc.customerId } : {}),
          },
        };
      },
      async afterWrite(tx, ctx, { id, doc, previous }) {
        if (previous) return;
        const complaint = (await findRecord(tx, complaints, id))!;
        const object = await findRecord(tx, objects, doc.objectId);
        const assigneeId = doc.assigneeId ?? object?.doc.objectManagerId;
        const task = await createRecord(tx, ctx, tasks, {
          title: doc.title,
          taskType: 'complaint',
          taskStatus: 'open',
          priority: doc.priority ?? 'high',
          ...(doc.description ? { description: doc.description } : {}),
          ...(doc.reportedBy?.name ? { contactPerson: doc.reportedBy.name } : {}),
          ...(doc.reportedBy?.email ? { email: doc.reportedBy.email } : {}),
          ...(doc.reportedBy?.telephone ? { telephone: doc.reportedBy.telephone } : {}),
          ...(assigneeId ? { assignee: { entityId: assigneeId } } : {}),
          related: {
            objects: [doc.objectId],
            ...(doc.customerId ? { customers: [doc.customerId] } : {}),
            ...(doc.contactId ? { contacts: [doc.contactId] } : {}),
          },
          ...(doc.documentIds ? { documentIds: doc.documentIds } : {}),
          complaintId: id,
          complaintCreatedAt: new Date(complaint.created_at).toISOString(),
        });
        await updateRecord(tx, complaints, id, { doc: { ...doc, taskId: task._id }, userId: ctx.userId });
        await emit(tx, 'OPEN', 'complaint', toApi(complaints, (await findRecord(tx, complaints, id))!));
      },
    },
  });
  return complaints;
};
