import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { taxRateFields } from './tax-rate-shape.js';

export const taxRates = defineResource({
  name: 'tax rate',
  collection: 'taxRates',
  table: 'tax_rates',
  area: 'taxRates',
  schema: Type.Object(taxRateFields),
});
