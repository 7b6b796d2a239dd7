// Master data: plain resources declared in this folder, plus the few routes the spec adds to them.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/database.js';
import { inTenant } from '../platform/db/tenant.js';
import { contextOf, requireLevel } from '../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../platform/http/route-docs.js';
import { accessGroups, accessGroupsWith, type GroupMembers } from './access-groups.js';
import { activityTypes } from './activity-types.js';
import { articles } from './articles.js';
import { customers } from './customers.js';
import { registerResource } from './engine/register-resource.js';
import { currentNumber } from './engine/resource-store.js';
import { objects } from './objects.js';
import { paymentTerms } from './payment-terms.js';
import { taxRates } from './tax-rates.js';
import { contacts } from './contacts.js';
import { equipment, equipmentTypes } from './equipment.js';
import { serviceProducts, suppliers } from './suppliers.js';
import { taskTypes } from './task-types.js';

export const MASTER_DATA = [
  customers,
  objects,
  activityTypes,
  taxRates,
  paymentTerms,
  articles,
  accessGroups,
  contacts,
  equipmentTypes,
  equipment,
  suppliers,
  serviceProducts,
  taskTypes,
];

/** groupMembers: the users module's count of a group's members, for the access groups' checks. */
export function registerMasterData(app: FastifyInstance, deps: { database: Database; groupMembers: GroupMembers }) {
  for (const resource of MASTER_DATA)
    registerResource(app, deps, resource === accessGroups ? accessGroupsWith(deps.groupMembers) : resource);

  app.get(
    '/articles/lastNumber',
    {
      schema: {
        tags: ['articles'],
        summary: 'The last article number used',
        security: SECURITY,
        response: {
          200: { type: 'object', properties: { lastNumber: { type: 'integer' } }, required: ['lastNumber'] },
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, articles.area, 'read');
      return {
        lastNumber: await inTenant(deps.database, ctx.companyId, (tx) => currentNumber(tx, articles.collection)),
      };
    },
  );
}
