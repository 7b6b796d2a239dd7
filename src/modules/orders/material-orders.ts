// Material orders (/v2/orders/): a cleaner orders material for an object; a manager approves,
// and the order is completed when delivered. Items name articles of the company.
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../platform/http/errors.js';
import { dateRangeFilter, idsFilter } from '../../platform/http/named-filters.js';
import type { NamedFilter } from '../../platform/http/list-query.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { requireManager } from '../../resources/engine/access-checks.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { list, objectId, opt, text } from '../../resources/engine/fields.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { objects } from '../../resources/objects.js';

const item = Type.Object(
  {
    articleId: opt(objectId('articles', { description: 'absent for a custom item' })),
    name: opt(text(300, { description: 'for custom items (customOrder)' })),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }),
    unit: opt(text(50)),
    comment: opt(text(1000)),
  },
  { additionalProperties: false },
);

/** `open=true`: orders not completed yet; `open=false`: the completed ones (the opposite of `completed=`). */
// sql: named filters answer SQL conditions (named-filters.ts).
const openFilter: NamedFilter = {
  description: 'true: open orders (not completed); false: completed ones',
  toSql(value, param) {
    if (value !== 'true' && value !== 'false') throw fieldError(param, 'must be true or false');
    return sql<boolean>`completed = ${value === 'false'}`;
  },
};

export const materialOrders = defineResource({
  name: 'material order',
  collection: 'orders',
  table: 'material_orders',
  area: 'materialOrders',
  webhookEntity: 'materialorder',
  ownerField: 'userId',
  schema: Type.Object({
    items: list(item, 200),
    customOrder: opt(Type.Boolean({ description: 'items not from the article list' })),
    comment: opt(text(5000)),
    userId: objectId('users', { description: 'who orders (employees give their own id)' }),
    objectId: objectId('objects', { description: 'where the material is needed' }),
    objectManagerId: opt(objectId('users')),
    invoiceId: opt(objectId('invoices')),
  }),
  readOnly: {
    completed: { type: 'boolean' },
    completedAt: { type: 'string', format: 'date-time' },
    completedBy: { type: 'string' },
    approved: { type: 'boolean' },
    approvedBy: { type: 'string' },
    approvedAt: { type: 'string', format: 'date-time' },
  },
  columns: { userId: 'user_id', objectId: 'object_id', completed: 'completed', approved: 'approved' },
  lockedWhen: (doc) => (doc.approved ? 'The order is approved; only a manager may change or delete it' : undefined),
  list: {
    defaultSort: 'status.createdAt:-1',
    namedFilters: {
      userIds: idsFilter('user_id', 'orderers, comma-separated'),
      objectIds: idsFilter('object_id', 'objects, comma-separated'),
      createdRange: dateRangeFilter('created_at', 'two timestamps from,to: orders created within'),
      open: openFilter,
    },
  },
  hooks: {
    async prepare(tx, _ctx, { doc, previous }) {
      if (previous?.doc.completed) throw Conflict('A completed order cannot be changed');
      if (doc.items.length === 0) throw fieldError('items', 'an order needs at least one item');
      for (const [i, it] of doc.items.entries()) {
        if (!it.articleId && !it.name)
          throw fieldError(`items/${i}`, 'needs an articleId or, for a custom item, a name');
      }
      const object = doc.objectId !== previous?.doc.objectId ? await findRecord(tx, objects, doc.objectId) : undefined;
      return {
        doc: {
          ...doc,
          completed: previous?.doc.completed ?? false,
          approved: previous?.doc.approved ?? false,
          ...(object?.doc.objectManagerId && !doc.objectManagerId
            ? { objectManagerId: object.doc.objectManagerId }
            : {}),
        },
      };
    },
  },
});

/** Approving (managers) and completing an order. */
export function orderActions(deps: { database: Database }) {
  async function change(ctx: RequestContext, id: string, action: 'approve' | 'complete') {
    requireManager(ctx, materialOrders.area, `${action} orders`);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const order = await findRecord(tx, materialOrders, id, { forUpdate: true });
      if (!order) throw NotFound('material order', id);
      const now = new Date().toISOString();
      if (action === 'approve') {
        if (order.doc.approved) throw Conflict('The order is approved already');
        if (order.doc.completed) throw Conflict('The order is completed');
        await updateRecord(tx, materialOrders, id, {
          doc: { ...order.doc, approved: true, approvedBy: ctx.userId, approvedAt: now },
          userId: ctx.userId,
        });
      } else {
        if (order.doc.completed) throw Conflict('The order is completed already');
        if (!order.doc.approved) throw Conflict('Approve the order before completing it');
        await updateRecord(tx, materialOrders, id, {
          doc: { ...order.doc, completed: true, completedBy: ctx.userId, completedAt: now },
          userId: ctx.userId,
        });
      }
    });
  }
  return {
    approve: (ctx: RequestContext, id: string) => change(ctx, id, 'approve'),
    complete: (ctx: RequestContext, id: string) => change(ctx, id, 'complete'),
  };
}
