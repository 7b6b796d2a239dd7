// The OpenAPI document: collected from the route schemas by @fastify/swagger, served at /v2/openapi.json.
// Per route (transform): operationId, readable tag, central description, `security: []` on public
// routes, named schemas marked, a body the route parses itself (DOCUMENTED_BODY) shown as its body.
// On the finished document (transformObject): named schemas hoisted into components, the errors of
// how a request arrives (common-errors.ts), responses described by status, examples, top-level tags
// with their groups.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { type Precompressed, precompressed, sendPrecompressed } from '../http/compression.js';
import { DOCUMENTED_BODY, SECURITY } from '../http/route-docs.js';
import { declareCommonErrors, RATE_LIMITED, type OpenApiJson } from './common-errors.js';
import { GETTING_STARTED } from './getting-started.js';
import { OPERATION_DOCS } from './operation-docs.js';
import { operationIdOf } from './operation-ids.js';
import { hoistNamedSchemas, markNamedSchemas, nameByShape } from './schema-names.js';
import { SHAPE_NAMES } from './shape-names.js';
import { tagName, tagSections } from './tags.js';

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  206: 'Partial content (a Range request)',
  304: 'Not modified',
  400: 'Invalid input',
  401: 'Missing, invalid or expired credentials',
  403: 'Not permitted',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported content type',
  422: 'Unprocessable',
  429: 'Rate limited',
};

const DESCRIPTION = [
  'The service-management API of Crewbase: customers and their objects, assignments and the jobs planned from them, time tracking, pay, absences, tasks, invoicing and webhooks.',
  '',
  '**Authentication.** Send `Authorization: Bearer <accessToken>` (from `POST /v2/auth/login` or `POST /v2/company/signup`) or `x-API-Key: <key>` (from `POST /v2/apiKeys`, shown once). Operations marked without security need neither.',
  '',
  '**Lists** take `limit` (default 100, at most 1000), `offset`, `sort=field:1,other:-1`, filters named after fields, `<field>From`/`<field>To` for dates and numbers, and `filter=[{field,type,op,value}]`; the total is in the `X-Total-Count` header.',
  '',
  '**Writes** take JSON (`Content-Type: application/json`); PATCH is a JSON Merge Patch (only supplied fields change; `null` removes one). Fields the server owns (`_id`, `companyId`, `status`, `chatId`…) may be sent back as read and are ignored. Every POST takes an `Idempotency-Key` header: a retry with the same key and body gets the first answer (kept 24 hours); the same key with another body is 422.',
  '',
  '**Errors** are `application/problem+json` (RFC 9457): `type`, `title`, `status`, `detail`, and `errors[]` naming the fields.',
  '',
  '**Times** are ISO 8601 date-times in UTC unless a field says otherwise; `jobsInTimeFrame` also takes epoch milliseconds.',
].join('\n');

type Json = OpenApiJson;

export async function registerOpenApi(app: FastifyInstance, options: { publicUrl?: string } = {}): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crewbase: Workforce Service-Management API',
        version: '2',
        description: `${DESCRIPTION}\n\n${GETTING_STARTED}`,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // PUBLIC_URL where set (behind a proxy); else relative: the server that serves the document,
      // whatever its host. Paths carry /v2.
      servers: [
        options.publicUrl
          ? { url: options.publicUrl, description: 'Crewbase API' }
          : { url: '/', description: 'This server' },
      ],
      security: SECURITY,
      components: {
        securitySchemes: {
          'Bearer-Auth': {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from log-in or sign-up',
          },
          'API-Key': { type: 'apiKey', in: 'header', name: 'x-API-Key', description: 'API key from POST /v2/apiKeys' },
        },
      },
    },
    // Shared schemas (app.addSchema) are named by their $id (`Problem`), not `def-0`.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transform: ({ schema, url, route }) => {
      if (!schema || (schema as Json).hide) return { schema, url };
      const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
      const { [DOCUMENTED_BODY]: documentedBody, ...own } = schema as Json;
      const operationId: string = own.operationId ?? operationIdOf(method, url);
      const doc = OPERATION_DOCS[operationId];
      const config = route.config as { isPublic?: boolean; rateLimit?: unknown } | undefined;
      return {
        url,
        schema: {
          ...markNamedSchemas(documentedBody ? { ...own, body: documentedBody } : own),
          ...(config?.rateLimit ? { [RATE_LIMITED]: true } : {}),
          operationId,
          tags: ((own.tags as string[] | undefined) ?? []).map(tagName),
          ...(doc?.summary ? { summary: doc.summary } : {}),
          // Every operation has a description; the summary stands in where nothing more needs saying.
          description: doc?.description ?? own.description ?? `${doc?.summary ?? own.summary ?? operationId}.`,
          ...(config?.isPublic ? { security: [] } : {}),
        },
      };
    },
    transformObject: (documentObject) => finishDocument((documentObject as { openapiObject: Json }).openapiObject),
  });
}

function finishDocument(document: Json): Json {
  hoistNamedSchemas(document);
  nameByShape(document, SHAPE_NAMES);
  const used = new Set<string>();
  for (const item of Object.values<Json>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      declareCommonErrors(method, operation);
      for (const tag of operation.tags ?? []) used.add(tag);
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        if (!response.description || response.description === 'Default Response')
          response.description = STATUS_TEXT[status] ?? 'Response';
      }
      describeTotalCount(operation);
      addExamples(operation);
    }
  }
  Object.assign(document, tagSections(used));
  return document;
}

// Lists of module routes that answer X-Total-Count (the engine's lists say so with `x-paged`).
const PAGED = new Set([
  'jobs.list',
  'users.filter',
  'apiKeys.list',
  'chats.listMessages',
  'absences.listOwn',
  'documents.list',
]);

function describeTotalCount(operation: Json): void {
  const paged = operation['x-paged'] || PAGED.has(operation.operationId);
  delete operation['x-paged'];
  const ok = operation.responses?.['200'];
  if (!paged || !ok) return;
  ok.headers = {
    'X-Total-Count': {
      description: 'How many records match the filters, whatever the page',
      schema: { type: 'integer', minimum: 0 },
    },
    ...ok.headers,
  };
}

function addExamples(operation: Json): void {
  const doc = OPERATION_DOCS[operation.operationId];
  if (!doc) return;
  const json = (content: Json | undefined) => content?.['application/json'] ?? content?.['multipart/form-data'];
  if (doc.request !== undefined) {
    const media = json(operation.requestBody?.content);
    if (media) media.example = doc.request;
  }
  const responses: Record<string, unknown> = { ...doc.responses };
  if (doc.response !== undefined) {
    const success = Object.keys(operation.responses ?? {}).find((status) => status.startsWith('2'));
    if (success) responses[success] = doc.response;
  }
  for (const [status, example] of Object.entries(responses)) {
    const media =
      json(operation.responses?.[status]?.content) ??
      operation.responses?.[status]?.content?.['application/problem+json'];
    if (media) media.example = example;
  }
}

/**
 * Serves the document; registered after every route, so that it holds them all. The document is fixed once the
 * server is ready: its text (over a megabyte) is written and compressed once, at its first request.
 */
export function serveOpenApiDocument(app: FastifyInstance, prefix: string): void {
  let document: Precompressed | undefined;
  app.get(`${prefix}/openapi.json`, { schema: { hide: true }, config: { isPublic: true } }, async (request, reply) => {
    document ??= precompressed(Buffer.from(JSON.stringify(app.swagger())));
    reply.type('application/json; charset=utf-8');
    return sendPrecompressed(request, reply, document);
  });
}
