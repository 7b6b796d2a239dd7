// The routes of a signable kind: a client link for the customer (office, authenticated) and the
// two routes the customer reaches through it (no account; rate limited like the login routes).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../../config.js';
import type { Database } from '../../../platform/db/database.js';
import { authRateLimits } from '../../../platform/http/rate-limits.js';
import { contextOf } from '../../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../../platform/http/route-docs.js';
import { typedRoutes } from '../../../platform/http/typed-routes.js';
import { signBody, signingLinks, type SigningTarget } from './signing-links.js';

const MAX_LINK_HOURS = 30 * 24;
const tokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });

export function registerSigningRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database },
  target: SigningTarget,
) {
  const links = signingLinks(deps, target);
  const routes = typedRoutes(app);
  const { collection, name } = target.resource;

  routes.post(
    `/${collection}/:id/clientLink`,
    {
      schema: {
        tags: [collection],
        summary: `A link for the customer to sign the ${name} (shown once; single use; expires)`,
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
            required: ['token', 'path', 'expiresAt'],
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
    `/client/${collection}/:token`,
    {
      ...limits,
      schema: {
        tags: ['client'],
        summary: `The ${name} behind a client link (no account needed)`,
        params: tokenParams,
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses([404, 429]) },
      },
    },
    async (request) => links.linkedView(request.params.token),
  );
  routes.post(
    `/client/${collection}/:token/sign`,
    {
      ...limits,
      schema: {
        tags: ['client'],
        summary: `Sign the ${name} (uses the link up)`,
        params: tokenParams,
        body: signBody,
        response: {
          200: { type: 'object', properties: { signed: { type: 'boolean' } }, required: ['signed'] },
          ...errorResponses([404, 409, 429]),
        },
      },
    },
    async (request) => links.sign(request.params.token, request.body),
  );
}
