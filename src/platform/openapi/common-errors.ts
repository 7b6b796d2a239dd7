// Error responses that depend on how a request arrives, not on what a route does: declared here for
// every operation they can occur on, so no route has to remember them. 413 and 415 wherever a body
// can be sent (problem.ts refuses a body of another Content-Type, Fastify one over the body limit),
// 422 on every POST (an Idempotency-Key reused with another body), 429 on rate-limited routes.
import { ERROR_DESCRIPTIONS } from '../http/route-docs.js';

/** The OpenAPI document, or a part of it, as the code that finishes it walks it: keywords read by name. */
// biome-ignore lint/suspicious/noExplicitAny: the document is JSON walked keyword by keyword
export type OpenApiJson = Record<string, any>;
type Json = OpenApiJson;

const problem = (description: string): Json => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** Route schema mark set by the document's transform for a route with a `rateLimit` config (removed again here). */
export const RATE_LIMITED = 'x-rateLimited';

const TAKES_BODY = new Set(['post', 'put', 'patch']);

export function declareCommonErrors(method: string, operation: Json): void {
  const responses: Json = (operation.responses ??= {});
  const add = (status: number, response: Json) => {
    responses[status] ??= response;
  };
  if (operation.requestBody || TAKES_BODY.has(method)) {
    const types = Object.keys(operation.requestBody?.content ?? { 'application/json': {} });
    add(413, problem(ERROR_DESCRIPTIONS[413]!));
    add(415, problem(ERROR_DESCRIPTIONS[415]!));
    // Also where a route declares 415 itself: the description names the types it reads.
    responses[415].description = `${ERROR_DESCRIPTIONS[415]}: it must be ${types.join(' or ')}`;
  }
  if (method === 'post') add(422, problem(ERROR_DESCRIPTIONS[422]!));
  if (operation[RATE_LIMITED]) {
    add(429, problem(ERROR_DESCRIPTIONS[429]!));
    responses[429].headers ??= {
      'Retry-After': { description: 'Seconds until a request may be tried again', schema: { type: 'integer' } },
    };
  }
  delete operation[RATE_LIMITED];
  // Statuses in numeric order, as a reader expects them.
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
