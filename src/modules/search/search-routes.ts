// GET /search: records of several types found by words, prefixes, numbers and near misses.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { fieldError } from '../../platform/http/errors.js';
import { commaList, listParamSchema } from '../../platform/http/list-query.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { SEARCH_TYPES, type SearchType } from './search-sources.js';
import { searchService } from './search-service.js';

const typeNames = SEARCH_TYPES.join(', ');
/** Room for every type named once, with a space after each comma, and some slack: a list, not a text. */
const MAX_TYPES_LENGTH = 100;
const typeSchema = (description?: string) =>
  Type.Unsafe<SearchType>({ type: 'string', enum: [...SEARCH_TYPES], ...(description ? { description } : {}) });

export const searchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 100, description: 'words, a prefix or a number' }),
    types: Type.Optional(
      Type.Unsafe<string[]>(listParamSchema(`types to search (${typeNames}); all by default`, MAX_TYPES_LENGTH)),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);

const resultSchema = Type.Object(
  {
    type: typeSchema(),
    id: Type.String(),
    number: Type.Integer(),
    title: Type.String(),
    subtitle: Type.Union([Type.String(), Type.Null()], { description: 'place, object and day, state…' }),
    path: Type.String({ description: 'the record in the API, e.g. /v2/customers/<id>' }),
    match: Type.Union([Type.Literal('exact'), Type.Literal('prefix'), Type.Literal('words'), Type.Literal('similar')], {
      description:
        'exact: the title or number is the query; prefix: it starts with it; words: every word is in the record; similar: a near miss (a typo)',
    }),
  },
  { additionalProperties: false },
);

export const searchResponse = Type.Object(
  {
    types: Type.Array(typeSchema(), {
      description: 'the types searched: those asked for that the caller may read',
    }),
    results: Type.Array(resultSchema, { description: 'best first, at most `limit`' }),
  },
  { additionalProperties: false },
);

/** The `types` parameter: known types only (400 naming the unknown one), each once. */
function parseTypes(value: string[] | undefined): SearchType[] | undefined {
  if (value === undefined) return undefined;
  const names = commaList(value)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw fieldError('types', `must name at least one of ${typeNames}`);
  for (const name of names) {
    if (!(SEARCH_TYPES as readonly string[]).includes(name))
      throw fieldError('types', `unknown type "${name}" (known: ${typeNames})`);
  }
  return [...new Set(names as SearchType[])];
}

export function registerSearchRoutes(app: FastifyInstance, deps: { database: Database }) {
  const service = searchService(deps);
  typedRoutes(app).get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Find customers, objects, users, jobs, tasks, invoices and documents',
        description:
          'Finds records by words (in any order), word beginnings, numbers (record numbers and invoice numbers, exactly or by their first digits) and near misses (one typo in a name), case and accents ignored. Searched: customers (name, contact person, street, city), objects (name, street, city), users (first and last name), jobs (title, and the upcoming jobs of a matching object), tasks (title), invoices (document number, title) and documents (name). Ranked: exact matches of the title or number first, then prefixes, records containing every word, and similar ones. Only the types the caller may read are searched; where their level is `own` (an employee) only their own records (their jobs, tasks, documents, their user). 403 when the caller may read none of the types asked for.',
        security: SECURITY,
        querystring: searchQuery,
        response: { 200: searchResponse, ...errorResponses() },
      },
    },
    async (request) =>
      service.search(contextOf(request), {
        q: request.query.q,
        types: parseTypes(request.query.types),
        limit: request.query.limit ?? 20,
      }),
  );
}
