import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { fraction, opt, text } from './engine/fields.js';

export const taxRates = defineResource({
  name: 'tax rate',
  collection: 'taxRates',
  table: 'tax_rates',
  area: 'taxRates',
  schema: Type.Object({
    type: opt(text(50, { description: 'e.g. VAT' })),
    rate: fraction(),
    description: opt(text(500)),
    bookingAccountNumber: opt(text(50)),
    skontoBookingAccountNumber: opt(text(50)),
    default: opt(Type.Boolean()),
  }),
});
