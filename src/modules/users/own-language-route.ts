// PUT /v2/users/self/language: every signed-in user sets their own `general.language` (the crew app's language
// menu), which crew-facing texts follow (pushes, SMS codes). Employees may not write their user record
// (users write `none`), so this one field of their own record is theirs to change; it goes through the engine's
// update (merge patch, validation, hooks) like any change of the record.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { LANGUAGES } from '../../platform/texts/texts.js';
import { updateRecord } from '../../resources/engine/resource-service.js';
import { users } from './users-resource.js';

export function registerOwnLanguageRoute(app: FastifyInstance, deps: { database: Database }) {
  typedRoutes(app).put(
    '/users/self/language',
    {
      schema: {
        tags: ['users'],
        summary: "Set the caller's own language (general.language)",
        description: `One of ${LANGUAGES.join(', ')}. Push notifications and SMS codes to the user are written in it; the crew app shows it. Any signed-in user may set their own, whatever their users rights.`,
        security: SECURITY,
        body: Type.Object(
          { language: Type.Union(LANGUAGES.map((code) => Type.Literal(code))) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ language: Type.String() }),
          ...errorResponses([404]),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { language } = request.body;
      // The engine's `own` level never writes users (a user record has no owner field), so this one write runs
      // with users rights for the record it names, which is always the caller's own: nothing else is reachable.
      const own = { ...ctx, permissions: { ...ctx.permissions, users: { read: 'all', write: 'all' } } } as typeof ctx;
      await inTenant(deps.database, ctx.companyId, (tx) =>
        updateRecord(tx, own, users, ctx.userId, { general: { language } }),
      );
      return { language };
    },
  );
}
