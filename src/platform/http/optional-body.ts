// A body a client may leave out: a request without one is validated as {} (a JSON schema cannot
// say "absent or an object", and clients often POST actions with no body at all).
import type { FastifyRequest } from 'fastify';

async function emptyBodyAsObject(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) request.body = {};
}

/** Route options: spread at the route level, `schema: { body }` is set by the caller. */
export const optionalBody = { preValidation: emptyBodyAsObject };
