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

/** Error responses of an authenticated route. */
export function errorResponses(extra: number[] = []) {
  const all: Record<number, string> = {
    400: 'Invalid input; `errors` name the fields',
    401: 'Missing, invalid or expired credentials',
    403: 'Not permitted',
    404: 'Not found (or not in your company)',
    409: "Conflict with the record's state or a unique value",
    413: 'Body too large',
    422: 'The request cannot be carried out as the data stands (e.g. data an e-invoice requires is missing, or an idempotency key reused with another body); `errors` name the fields',
    429: 'Rate limited; `Retry-After` says when to try again',
  };
  const codes = [400, 401, 403, ...extra];
  return Object.fromEntries(codes.map((code) => [code, problem(all[code] ?? 'Error')]));
}

/** Path parameters of one record id (TypeBox, so typed routes get `request.params.id` as a string). */
export const idParams = <Name extends string = 'id'>(name: Name = 'id' as Name) =>
  Type.Object({
    [name]: Type.String({ pattern: '^[0-9a-f]{24}$', description: '24-hex ObjectId' }),
  } as Record<Name, TString>);

export const ID_RESPONSE = { type: 'object', properties: { _id: { type: 'string' } }, required: ['_id'] };
export const UPDATED_RESPONSE = { type: 'object', properties: { updated: { type: 'boolean' } } };
export const DELETED_RESPONSE = { type: 'object', properties: { deleted: { type: 'boolean' } } };
