import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { Forbidden } from '../../platform/http/errors.js';
import { authRateLimits } from '../../platform/http/rate-limits.js';
import { errorResponses } from '../../platform/http/route-docs.js';
import { SubjectLimiter } from '../../platform/http/subject-limiter.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { AuthService } from '../auth/index.js';
import { tokenResponse } from '../auth/index.js';
import { signUpCompany } from './create-company.js';
import { issueChallenge } from './signup-proofs.js';

export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; auth: AuthService },
) {
  const { config } = deps;
  const limits = authRateLimits(config);
  // Open sign-up: besides the short per-IP window of every public route, a few companies per IP and hour.
  const perIpHour = new SubjectLimiter(
    config.signupPerIpPerHour,
    3600_000,
    100_000,
    `At most ${config.signupPerIpPerHour} sign-ups per hour from one address`,
  );
  const routes = typedRoutes(app);
  routes.post(
    '/company/signup',
    {
      ...limits,
      preHandler: async (request) => {
        if (config.signup === 'open') perIpHour.hit(request.ip);
      },
      // A taken log-in name or e-mail is a 409 naming this body's fields (problem.ts).
      config: { ...limits.config, uniqueFields: { id: 'username', 'access.email': 'email' } },
      schema: {
        tags: ['company'],
        summary: 'Create a company and its first admin (SIGNUP: open with a solved challenge, invite, or closed)',
        body: Type.Object(
          {
            companyName: Type.String({ minLength: 1, maxLength: 200 }),
            username: Type.String({ minLength: 3, maxLength: 100, pattern: '^[^\\s@]+$' }),
            password: Type.String({ maxLength: 128 }),
            email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
            invitation: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 200,
                description: "SIGNUP=invite: an invitation code from the server's operator (single use)",
              }),
            ),
            proof: Type.Optional(
              Type.Object(
                {
                  nonce: Type.String({ minLength: 1, maxLength: 200 }),
                  solution: Type.String({ minLength: 1, maxLength: 64 }),
                },
                {
                  additionalProperties: false,
                  description:
                    'SIGNUP=open: a challenge from GET /v2/company/signup/challenge and its solution (single use)',
                },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: {
            ...tokenResponse,
            properties: { companyId: { type: 'string' }, userId: { type: 'string' }, ...tokenResponse.properties },
            required: ['companyId', 'userId', ...tokenResponse.required],
          },
          ...errorResponses([409, 429]),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await signUpCompany(deps, request.body)),
  );

  routes.get(
    '/company/signup/challenge',
    {
      ...limits,
      schema: {
        tags: ['company'],
        summary: 'A proof-of-work challenge for open sign-up',
        description:
          'SIGNUP=open only (else 403). Find a `solution` (1 to 64 characters) such that sha256(`nonce` + `solution`), as bytes of the UTF-8 text, starts with `difficulty` zero bits, and send both as `proof` with `POST /v2/company/signup` within `expiresIn` seconds. Each challenge serves one sign-up.',
        response: {
          200: Type.Object(
            {
              nonce: Type.String(),
              difficulty: Type.Integer({ description: 'leading zero bits the hash must have' }),
              expiresIn: Type.Integer({ description: 'seconds' }),
            },
            { additionalProperties: false },
          ),
          ...errorResponses([429]),
        },
      },
    },
    async () => {
      if (config.signup !== 'open') throw Forbidden(`Sign-up on this server is ${config.signup}, without challenges`);
      return issueChallenge(config);
    },
  );
}
