// Suppliers of articles, and service products (what a company sells: "Unterhaltsreinigung per m²").
import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { address, contact, fraction, money, objectId, opt, tags, text } from './engine/fields.js';

export const suppliers = defineResource({
  name: 'supplier',
  collection: 'suppliers',
  table: 'suppliers',
  area: 'suppliers',
  acceptsNumber: true,
  schema: Type.Object({
    name: text(300),
    contactPerson: opt(text(300)),
    contact: opt(contact()),
    address: opt(address()),
    customerNumber: opt(text(100, { description: 'our number at the supplier' })),
    comment: opt(text(5000)),
    tags: opt(tags()),
  }),
});

export const serviceProducts = defineResource({
  name: 'service product',
  collection: 'serviceProducts',
  table: 'service_products',
  area: 'serviceProducts',
  acceptsNumber: true,
  schema: Type.Object({
    name: text(300),
    description: opt(text(5000)),
    unit: opt(text(50)),
    price: opt(money()),
    tax: opt(fraction()),
    taxRateId: opt(objectId('tax_rates')),
    activityTypeId: opt(objectId('activity_types')),
    bookingAccountNumber: opt(text(50)),
    tags: opt(tags()),
  }),
});
