// Shared OpenAPI pieces of route schemas: the problem body, security, standard error responses.
import { Type, type TString } from 'typebox';

export const PROBLEM_SCHEMA_ID = 'Problem';

export const problemSchema = {
  $id: PROBLEM_SCHEMA_ID,
  type: 'object',
  description: 'RFC 9457 problem details',
  examples: [
    {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'name: must be string',
      errors: [{ path: 'name', message: 'must be string' }],
    },
  ],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: `${PROBLEM_SCHEMA_ID}#` } } },
});

export const SECURITY: Array<Record<string, string[]>> = [{ 'Bearer-Auth': [] }, { 'API-Key': [] }];

/** What each error status means, for route schemas and for the responses the document adds centrally. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `errors` name the fields',
  401: 'Missing, invalid or expired credentials',
  403: 'Not permitted',
  404: 'Not found (or not in your company)',
  409: "Conflict with the record's state or a unique value",
  413: 'Body too large',
  415: "The body's Content-Type is not one the operation reads",
  422: 'The request cannot be carried out as the data stands (e.g. data an e-invoice requires is missing, or an idempotency key reused with another body); `errors` name the fields',
  429: 'Rate limited; `Retry-After` says when to try again',
};

/** Error responses of an authenticated route. */
export function errorResponses(extra: number[] = []) {
  const codes = [400, 401, 403, ...extra];
  return Object.fromEntries(codes.map((code) => [code, problem(ERROR_DESCRIPTIONS[code] ?? 'Error')]));
}

/**
 * Route schema keyword: the body of a route that parses it itself (a multipart upload, a raw image),
 * for the OpenAPI document only. Fastify does not validate it (the route's `body` would be checked
 * against a body it never builds); the document shows it as the operation's requestBody.
 */
export const DOCUMENTED_BODY = 'x-documentedBody';

/** A success response that is a file: its bytes in each media type the route sends, not JSON. */
export function fileResponse(mediaTypes: readonly string[], description: string) {
  const schema = { type: 'string', format: 'binary' };
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/** Path parameters of one record id (TypeBox, so typed routes get `request.params.id` as a string). */
export const idParams = <Name extends string = 'id'>(name: Name = 'id' as Name) =>
  Type.Object({
    [name]: Type.String({ pattern: '^[0-9a-f]{24}$', description: '24-hex ObjectId' }),
  } as Record<Name, TString>);

export const ID_RESPONSE = { type: 'object', properties: { _id: { type: 'string' } }, required: ['_id'] };
export const UPDATED_RESPONSE = { type: 'object', properties: { updated: { type: 'boolean' } }, required: ['updated'] };
export const DELETED_RESPONSE = { type: 'object', properties: { deleted: { type: 'boolean' } }, required: ['deleted'] };

/**
 * A settings answer: the shape of its change body, with what the server always fills in (defaults)
 * listed as required; `nested` lists the same for an object property.
 */
export function settingsAnswer<T extends { properties: Record<string, object> }>(
  body: T,
  required: Array<keyof T['properties'] & string>,
  nested: Partial<Record<keyof T['properties'] & string, string[]>> = {},
): T {
  const properties: Record<string, object> = { ...body.properties };
  for (const [key, list] of Object.entries(nested)) properties[key] = { ...properties[key], required: list };
  return { ...body, properties, required };
}
