// User routes beyond the engine's five: the spec's body filter, look-up by employee number, ending sessions.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseDynamicFilter, parseSort } from '../../platform/http/list-query.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { Database } from '../../platform/db/database.js';
import type { ResourceService } from '../../resources/engine/resource-service.js';
import { registerOwnLanguageRoute } from './own-language-route.js';
import { registerRevokeSessionsRoute } from './revoke-sessions-route.js';
import type { SessionHooks } from './session-hooks.js';
import { users } from './users-resource.js';

/** service: the engine's routes of usersWith(sessions), registered by the app. */
export function registerUserRoutes(
  app: FastifyInstance,
  service: ResourceService,
  deps: { database: Database; sessions: SessionHooks },
) {
  registerRevokeSessionsRoute(app, deps);
  registerOwnLanguageRoute(app, deps);
  const tags = ['users'];
  const routes = typedRoutes(app);

  routes.post(
    '/users/filter',
    {
      config: { readsOnly: true },
      schema: {
        tags,
        summary: 'Filter users',
        security: SECURITY,
        description:
          'filters: [{field, type, op, value}] as in the list filter; limit 1..1000 (default 100); skip >= 0.',
        body: Type.Object(
          {
            filters: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    field: Type.String({ maxLength: 200 }),
                    type: Type.Optional(Type.String({ maxLength: 20 })),
                    op: Type.String({ maxLength: 20 }),
                    value: Type.Optional(Type.Unknown()),
                  },
                  { additionalProperties: false },
                ),
                { maxItems: 20 },
              ),
            ),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
            skip: Type.Optional(Type.Integer({ minimum: 0 })),
            sort: Type.Optional(Type.String({ maxLength: 300 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: { type: 'array', items: users.response }, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { items, total } = await service.search(contextOf(request), {
        limit: body.limit ?? 100,
        offset: body.skip ?? 0,
        sort: parseSort(body.sort ?? users.listOptions.defaultSort, users.fields),
        where: parseDynamicFilter(body.filters ?? [], users.fields, 'filters'),
      });
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  routes.get(
    '/users/:userNumber/byNumber',
    {
      schema: {
        tags,
        summary: 'Read a user by employee number',
        security: SECURITY,
        params: Type.Object({ userNumber: Type.Integer({ minimum: 1 }) }),
        response: { 200: users.response, ...errorResponses([404]) },
      },
    },
    async (request) => service.getByNumber(contextOf(request), request.params.userNumber),
  );
}
