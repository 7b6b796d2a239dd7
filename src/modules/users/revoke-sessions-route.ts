// "This device was lost": the office ends every session of a user (the crew app's phone among them), so
// its refresh token stops at once and its access tokens too (credential-cache.ts). Guarded like the
// other credential changes (user-guard.ts): only someone holding every right of the user, or the user.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound } from '../../platform/http/errors.js';
import { optionalBody } from '../../platform/http/optional-body.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import type { SessionHooks } from './session-hooks.js';
import { guardSessionsEnd } from './user-guard.js';
import { users } from './users-resource.js';

export function registerRevokeSessionsRoute(
  app: FastifyInstance,
  deps: { database: Database; sessions: SessionHooks },
) {
  typedRoutes(app).post(
    '/users/:id/revokeSessions',
    {
      ...optionalBody,
      schema: {
        tags: ['users'],
        summary: 'End every session of the user (a lost device): their sign-ins must be repeated',
        description:
          'Refresh tokens and access tokens stop at once (access tokens within API_KEY_CACHE_SECONDS, 5 s, behind a transaction-mode pooler). Needs users write `all` and every right of the user (as for changing their password); API keys of the user are not touched.',
        security: SECURITY,
        params: idParams(),
        body: Type.Object({}, { additionalProperties: false }),
        response: {
          200: { type: 'object', properties: { revoked: { type: 'boolean' } }, required: ['revoked'] },
          ...errorResponses([404]),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      await inTenant(deps.database, ctx.companyId, async (tx) => {
        const record = await findRecord(tx, users, request.params.id);
        if (!record) throw NotFound('user', request.params.id);
        await guardSessionsEnd(tx, ctx, record);
        await deps.sessions.endSessions(tx, record.id);
      });
      return { revoked: true };
    },
  );
}
