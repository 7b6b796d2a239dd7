import { Type } from 'typebox';
import { type DocOf, defineResource } from './engine/define-resource.js';
import { opt, text } from './engine/fields.js';

// The spec lists payment terms with limit (max 100), skip, sortKey and sortDirection.
export const paymentTerms = defineResource({
  name: 'payment term',
  collection: 'paymentTerms',
  table: 'payment_terms',
  area: 'paymentTerms',
  list: { maxLimit: 100, offsetParam: 'skip', sortStyle: 'sortKey' },
  schema: Type.Object({
    name: text(200),
    description: opt(text(2000)),
    netDays: Type.Integer({ minimum: 0, maximum: 3650 }),
    skontoPercentage: opt(Type.Number({ minimum: 0, maximum: 100 })),
    skontoDays: opt(Type.Integer({ minimum: 0, maximum: 3650 })),
    default: opt(Type.Boolean()),
  }),
});

/** A stored payment term. */
export type PaymentTermDoc = DocOf<typeof paymentTerms.schema>;
