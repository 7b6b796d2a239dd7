import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { opt, text } from './engine/fields.js';

export const activityTypes = defineResource({
  name: 'activity type',
  collection: 'activityTypes',
  table: 'activity_types',
  area: 'activityTypes',
  schema: Type.Object({
    name: text(200),
    hexCode: opt(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'colour as #rrggbb' })),
    description: opt(text(2000)),
  }),
});
