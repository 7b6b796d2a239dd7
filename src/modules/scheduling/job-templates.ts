import { Type } from 'typebox';
import { defineResource } from '../../resources/engine/define-resource.js';
import { freeObject, list, opt, text } from '../../resources/engine/fields.js';

// What a job needs to be done (a checklist); jobs name theirs in jobTemplateId.
export const jobTemplates = defineResource({
  name: 'job template',
  collection: 'jobTemplates',
  table: 'job_templates',
  area: 'jobs',
  schema: Type.Object({
    name: text(200),
    description: opt(text(5000)),
    checklist: opt(list(freeObject(), 200)),
  }),
});
