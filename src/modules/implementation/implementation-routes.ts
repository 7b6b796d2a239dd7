// GET /implementation: the onboarding checklist of the caller's company.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { implementationService } from './implementation-status.js';

const stepSchema = Type.Object(
  {
    key: Type.String({
      description: 'sellerData, object, assignment, employees, holidayRegion, surcharges or webhook',
    }),
    title: Type.String(),
    why: Type.String({ description: 'what the step is needed for' }),
    done: Type.Boolean(),
    optional: Type.Boolean({ description: 'true: not needed for `ready`' }),
    action: Type.Object(
      {
        method: Type.String({ description: 'HTTP method of the request that completes the step' }),
        path: Type.String({ description: 'its path, e.g. /v2/objects/' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const implementationResponse = Type.Object(
  {
    ready: Type.Boolean({ description: 'every step that is not optional is done' }),
    steps: Type.Array(stepSchema),
  },
  { additionalProperties: false },
);

export function registerImplementationRoutes(app: FastifyInstance, deps: { database: Database }) {
  const service = implementationService(deps);
  typedRoutes(app).get(
    '/implementation',
    {
      schema: {
        tags: ['implementation'],
        summary: 'What the company still has to set up (onboarding checklist)',
        description:
          'Each step says whether it is done and which request completes it: seller data for invoices, a first object and assignment, an employee with a wage, the holiday region, a surcharge preset and (optional) a webhook. `ready` is true when every required step is done. Readable by whoever may read the company settings.',
        security: SECURITY,
        response: { 200: implementationResponse, ...errorResponses() },
      },
    },
    async (request) => service.status(contextOf(request)),
  );
}
