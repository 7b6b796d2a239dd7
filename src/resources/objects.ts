// Customer objects: the places where work is done. Creating one without a customer creates
// the customer in the same transaction (spec: POST /objects/).
import { Type } from 'typebox';
import { fieldError } from '../platform/http/errors.js';
import { defineResource } from './engine/define-resource.js';
import { geoPoint, objectId, opt, subdivision, tags, text } from './engine/fields.js';
import { createRecord } from './engine/resource-service.js';
import { customers } from './customers.js';

export const objects = defineResource({
  name: 'object',
  collection: 'objects',
  table: 'objects',
  area: 'objects',
  webhookEntity: 'customerobject',
  acceptsNumber: true,
  schema: Type.Object({
    name: text(300),
    address: opt(
      Type.Object({
        street: opt(text(200)),
        city: opt(text(200)),
        zip: opt(text(20)),
        country: opt(text(100)),
        state: opt(
          subdivision(
            "region of the place of work, for public holidays (the company's when absent)",
            'country',
            'asSent',
          ),
        ),
      }),
    ),
    customerId: opt(objectId('customers', { description: 'a new customer is created when absent' })),
    objectManagerId: opt(objectId('users')),
    contact: opt(
      Type.Object({
        phone: opt(text(50)),
        email: opt(Type.String({ format: 'email', maxLength: 254 })),
        fax: opt(text(50)),
      }),
    ),
    description: opt(text(5000)),
    location: opt(geoPoint('where the object is, for the clock-in distance check')),
    securityCode: opt(text(100)),
    key: opt(text(100)),
    tags: opt(tags()),
  }),
  hooks: {
    async prepare(tx, ctx, { doc, previous }) {
      if (doc.customerId) return { doc };
      if (previous) throw fieldError('customerId', 'an object keeps a customer; give another customerId');
      // createRecord checks the caller may write customers.
      const customer = await createRecord(tx, ctx, customers, {
        name: doc.name,
        ...(doc.address ? { address: doc.address } : {}),
      });
      return { doc: { ...doc, customerId: customer._id } };
    },
  },
});
