// Pay types: how hours of a kind are paid (contract.payTypeId names one).
import { Type } from 'typebox';
import { defineResource } from '../../resources/engine/define-resource.js';
import { opt, text } from '../../resources/engine/fields.js';

export const payTypes = defineResource({
  name: 'pay type',
  collection: 'payTypes',
  table: 'pay_types',
  area: 'payTypes',
  schema: Type.Object({
    name: text(100),
    description: opt(text(1000)),
    code: opt(text(50, { description: 'wage type code for the payroll export' })),
    rateFactor: opt(
      Type.Number({ minimum: 0, maximum: 1000, description: 'percent of the contract rate paid; default 100' }),
    ),
    surcharges: opt(Type.Boolean({ description: 'whether surcharges apply; default true' })),
    absence: opt(Type.Boolean({ description: 'a pay type for paid absence time' })),
  }),
});
