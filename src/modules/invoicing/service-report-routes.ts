// Routes of service reports: the engine's five, a client link to sign one, and the two routes the
// customer reaches through that link (no account; rate limited like the login routes).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { authRateLimits } from '../../platform/http/rate-limits.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { serviceReportLinks } from './service-report-links.js';
import { serviceReports } from './service-reports.js';

const MAX_LINK_HOURS = 30 * 24;
const tokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });

export function registerServiceReportRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  registerResource(app, deps, serviceReports);
  const links = serviceReportLinks(deps);
  const routes = typedRoutes(app);

  routes.post(
    '/serviceReports/:id/clientLink',
    {
      schema: {
        tags: ['serviceReports'],
        summary: 'A link for the customer to sign the report (shown once; single use; expires)',
        security: SECURITY,
        params: idParams(),
        body: Type.Object(
          { expiresInHours: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINK_HOURS, default: 72 })) },
          { additionalProperties: false },
        ),
        response: {
          201: {
            type: 'object',
            properties: { token: { type: 'string' }, path: { type: 'string' }, expiresAt: { type: 'string' } },
          },
          ...errorResponses([404, 409]),
        },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await links.createLink(contextOf(request), request.params.id, request.body.expiresInHours ?? 72)),
  );

  const limits = authRateLimits(deps.config);
  routes.get(
    '/client/serviceReports/:token',
    {
      ...limits,
      schema: {
        tags: ['client'],
        summary: 'The service report behind a client link (no account needed)',
        params: tokenParams,
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses([404, 429]) },
      },
    },
    async (request) => links.linkedReport(request.params.token),
  );
  routes.post(
    '/client/serviceReports/:token/sign',
    {
      ...limits,
      schema: {
        tags: ['client'],
        summary: 'Sign the service report (uses the link up)',
        params: tokenParams,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200 }),
            image: Type.Optional(Type.String({ maxLength: 200_000, pattern: '^data:image/(png|svg\\+xml);base64,' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: { type: 'object', properties: { signed: { type: 'boolean' } } },
          ...errorResponses([404, 409, 429]),
        },
      },
    },
    async (request) => links.sign(request.params.token, request.body),
  );
}
