import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { AuthService } from '../auth/index.js';
import { authRateLimits } from '../../platform/http/rate-limits.js';
import { tokenResponse } from '../auth/index.js';
import { signUpCompany } from './create-company.js';

export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; auth: AuthService },
) {
  const limits = authRateLimits(deps.config);
  typedRoutes(app).post(
    '/company/signup',
    {
      ...limits,
      // A taken log-in name or e-mail is a 409 naming this body's fields (problem.ts).
      config: { ...limits.config, uniqueFields: { id: 'username', 'access.email': 'email' } },
      schema: {
        tags: ['company'],
        summary: 'Create a company and its first admin (can be turned off with SIGNUP=closed)',
        body: Type.Object(
          {
            companyName: Type.String({ minLength: 1, maxLength: 200 }),
            username: Type.String({ minLength: 3, maxLength: 100, pattern: '^[^\\s@]+$' }),
            password: Type.String({ maxLength: 128 }),
            email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: {
            ...tokenResponse,
            properties: { companyId: { type: 'string' }, userId: { type: 'string' }, ...tokenResponse.properties },
          },
          ...errorResponses([409, 429]),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await signUpCompany(deps, request.body)),
  );
}
