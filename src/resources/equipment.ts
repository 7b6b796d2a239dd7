// Equipment at objects (machines, keys, dispensers) and its types.
import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { dateTime, objectId, opt, tags, text } from './engine/fields.js';

export const equipmentTypes = defineResource({
  name: 'equipment type',
  collection: 'equipmentTypes',
  table: 'equipment_types',
  area: 'equipment',
  schema: Type.Object({
    name: text(200),
    description: opt(text(2000)),
    maintenanceIntervalDays: opt(Type.Integer({ minimum: 1, maximum: 3650 })),
  }),
});

export const equipment = defineResource({
  name: 'equipment',
  collection: 'equipment',
  table: 'equipment',
  area: 'equipment',
  webhookEntity: 'equipment',
  acceptsNumber: true,
  schema: Type.Object({
    name: text(300),
    equipmentTypeId: opt(objectId('equipment_types')),
    objectId: opt(objectId('objects')),
    customerId: opt(objectId('customers')),
    serialNumber: opt(text(100)),
    manufacturer: opt(text(200)),
    purchasedAt: opt(dateTime()),
    nextMaintenanceAt: opt(dateTime()),
    comment: opt(text(5000)),
    tags: opt(tags()),
  }),
});
