// POST /users/{id}/mobile/verify and /confirm: a user's SMS number proven by a code sent to it.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { type NumberVerificationDeps, numberVerification } from './number-verification.js';

const params = Type.Object({ id: Type.String({ pattern: OBJECT_ID_PATTERN }) });
const WHO = 'The user themself, or a manager (write level `all` on users).';

export function registerNumberVerificationRoutes(app: FastifyInstance, deps: NumberVerificationDeps) {
  const service = numberVerification(deps);
  const routes = typedRoutes(app);
  routes.post(
    '/users/:id/mobile/verify',
    {
      schema: {
        tags: ['sms'],
        summary: "Send a code to verify the user's SMS number",
        description: `Sends a 6-digit code by SMS to the user's number (\`contact.mobile\`, else \`contact.telephone\`), valid 10 minutes and 5 tries; \`POST /v2/users/{id}/mobile/confirm\` with the code verifies the number. Company-triggered SMS (\`POST /v2/sms\`) go only to verified numbers, and a changed number must be verified again. The code costs one message of the company's daily allowance and of the number's hourly limit (429 with \`Retry-After\`). 409 when the user has no usable number or it is already verified; 502 when the SMS gateway did not take the message. ${WHO}`,
        security: SECURITY,
        params,
        response: {
          202: Type.Object(
            { sent: Type.Boolean(), expiresIn: Type.Integer({ description: 'seconds the code stays valid' }) },
            { additionalProperties: false },
          ),
          ...errorResponses([404, 409, 429]),
        },
      },
    },
    async (request, reply) => reply.code(202).send(await service.sendCode(contextOf(request), request.params.id)),
  );
  routes.post(
    '/users/:id/mobile/confirm',
    {
      schema: {
        tags: ['sms'],
        summary: "Confirm the user's SMS number with the code it received",
        description: `Verifies the user's current number with the code \`POST /v2/users/{id}/mobile/verify\` sent to it. A wrong, expired or used code, one sent to a former number, or a sixth try is 400 (request a new code). ${WHO}`,
        security: SECURITY,
        params,
        body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }, { additionalProperties: false }),
        response: {
          200: Type.Object(
            { number: Type.String(), verifiedAt: Type.String({ format: 'date-time' }) },
            { additionalProperties: false },
          ),
          ...errorResponses([404, 409]),
        },
      },
    },
    async (request) => service.confirm(contextOf(request), request.params.id, request.body.code),
  );
}
