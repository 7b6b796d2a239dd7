// Routes of material orders: the engine's five, plus approve and complete.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { SECURITY, UPDATED_RESPONSE, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { materialOrders, orderActions } from './material-orders.js';

export function registerOrderRoutes(app: FastifyInstance, deps: { database: Database }) {
  registerResource(app, deps, materialOrders);
  const actions = orderActions(deps);
  for (const verb of ['approve', 'complete'] as const) {
    typedRoutes(app).post(
      `/orders/:id/${verb}`,
      {
        schema: {
          tags: ['orders'],
          summary: verb === 'approve' ? 'Approve an order (managers)' : 'Complete an approved order (delivered)',
          security: SECURITY,
          params: idParams(),
          response: { 200: UPDATED_RESPONSE, ...errorResponses([404, 409]) },
        },
      },
      async (request) => {
        await actions[verb](contextOf(request), request.params.id);
        return { updated: true };
      },
    );
  }
}
