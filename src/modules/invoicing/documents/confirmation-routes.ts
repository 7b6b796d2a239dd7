// Routes of assignment confirmations beyond the engine's and the shared document actions (issue,
// pdf, send: invoicing-routes.ts): making one from an accepted offer or an assignment, the office's
// confirmation, and signing offers and confirmations through a client link (signing-routes.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.js';
import type { Database } from '../../../platform/db/database.js';
import { contextOf } from '../../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../../platform/http/route-docs.js';
import { typedRoutes } from '../../../platform/http/typed-routes.js';
import { assignmentConfirmationService, confirmationSigning, offerSigning } from './assignment-confirmations.js';
import { registerSigningRoutes } from '../signing/signing-routes.js';

const created = {
  type: 'object',
  properties: { _id: { type: 'string' }, number: { type: 'integer' } },
  required: ['_id', 'number'],
};

export function registerConfirmationRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const service = assignmentConfirmationService(deps);
  const routes = typedRoutes(app);
  const make = (path: string, tag: string, summary: string, run: typeof service.fromOffer) =>
    routes.post(
      path,
      {
        schema: {
          tags: [tag],
          summary,
          security: SECURITY,
          params: idParams(),
          response: { 201: created, ...errorResponses([404, 409]) },
        },
      },
      async (request, reply) => reply.code(201).send(await run(contextOf(request), request.params.id)),
    );
  make(
    '/offers/:id/assignmentConfirmation',
    'offers',
    'A draft assignment confirmation of the accepted offer (its customer, texts and counted positions)',
    service.fromOffer,
  );
  make(
    '/assignments/:id/assignmentConfirmation',
    'assignmentConfirmations',
    "A draft assignment confirmation of the assignment's billing positions or hourly rate",
    service.fromAssignment,
  );
  routes.post(
    '/assignmentConfirmations/:id/confirm',
    {
      schema: {
        tags: ['assignmentConfirmations'],
        summary: 'The customer confirmed the sent assignment confirmation (set by the office)',
        security: SECURITY,
        params: idParams(),
        response: {
          200: { type: 'object', properties: { updated: { type: 'boolean' } }, required: ['updated'] },
          ...errorResponses([404, 409]),
        },
      },
    },
    async (request) => {
      await service.confirm(contextOf(request), request.params.id);
      return { updated: true };
    },
  );
  registerSigningRoutes(app, deps, offerSigning);
  registerSigningRoutes(app, deps, confirmationSigning);
}
