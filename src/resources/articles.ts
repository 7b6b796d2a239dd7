import { Type } from 'typebox';
import { defineResource } from './engine/define-resource.js';
import { money, objectId, opt, tags, text } from './engine/fields.js';

// The spec shows no article fields beyond the last used number; these are what an order or invoice needs.
export const articles = defineResource({
  name: 'article',
  collection: 'articles',
  table: 'articles',
  area: 'articles',
  webhookEntity: 'article',
  acceptsNumber: true,
  schema: Type.Object({
    name: text(300),
    description: opt(text(5000)),
    unit: opt(text(50)),
    price: opt(money()),
    purchasePrice: opt(money()),
    taxRateId: opt(objectId('tax_rates')),
    supplierId: opt(objectId('suppliers')),
    ean: opt(text(50)),
    tags: opt(tags()),
  }),
});
