// Task types (e.g. complaint, repair, key handover); a task's identifierNumber counts within its type.
import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { opt, text } from './engine/fields.js';

export const taskTypes = defineResource({
  name: 'task type',
  collection: 'taskTypes',
  table: 'task_types',
  area: 'tasks',
  schema: Type.Object({
    name: text(200),
    description: opt(text(2000)),
    prefix: opt(text(10, { pattern: '^[A-Za-z0-9-]*$', description: 'shown before the identifier number, e.g. REK' })),
    hexCode: opt(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  }),
});
