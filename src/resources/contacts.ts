// Contacts: people at customers (caretakers, property managers) that tasks and complaints relate to.
import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { address, contact, objectId, objectIds, opt, tags, text } from './engine/fields.js';

export const contacts = defineResource({
  name: 'contact',
  collection: 'contacts',
  table: 'contacts',
  area: 'contacts',
  webhookEntity: 'contact',
  schema: Type.Object({
    firstName: opt(text(200)),
    lastName: opt(text(200)),
    company: opt(text(300)),
    position: opt(text(200)),
    contact: opt(contact()),
    address: opt(address()),
    customerId: opt(objectId('customers')),
    objectIds: opt(objectIds('objects', 500)),
    comment: opt(text(5000)),
    tags: opt(tags()),
  }),
});
