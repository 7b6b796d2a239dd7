// GET /users/{id}/leave?year=: the leave account of an employee and year (docs/pay-law.md). An
// employee with absences read `own` sees only their own (another user's is 404); `all` everyone's.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound } from '../../platform/http/errors.js';
import { contextOf, requireLevel } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { isOwnOrAll } from '../../resources/engine/access-checks.js';
import { leaveAccountOfUser } from './leave-accounts.js';

export function registerLeaveRoutes(app: FastifyInstance, deps: { database: Database }) {
  typedRoutes(app).get(
    '/users/:id/leave',
    {
      schema: {
        tags: ['absences'],
        summary: "An employee's leave account of a year",
        security: SECURITY,
        description:
          'Entitlement (statutory and contractual, pro rata §5 BUrlG, on the working week), carry-over from the year before with its lapse (§7 (3) BUrlG), days taken (carried days first) and remaining, each movement with its legal basis. docs/pay-law.md (Leave account).',
        params: Type.Object({ id: Type.String({ pattern: OBJECT_ID_PATTERN }) }),
        querystring: Type.Object(
          { year: Type.Integer({ minimum: 2000, maximum: 2100 }) },
          { additionalProperties: false },
        ),
        response: {
          200: { description: 'the leave account', type: 'object', additionalProperties: true },
          ...errorResponses([404]),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { id } = request.params;
      if (!isOwnOrAll(ctx, requireLevel(ctx, 'absences', 'read'), id)) throw NotFound('user', id);
      const today = new Date().toISOString().slice(0, 10);
      const account = await inTenant(deps.database, ctx.companyId, (tx) =>
        leaveAccountOfUser(tx, id, request.query.year, today),
      );
      if (!account) throw NotFound('user', id);
      return { userId: id, ...account };
    },
  );
}
