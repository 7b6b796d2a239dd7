// Routes of documents: the spec's multipart upload and per-record lists, the file itself (with
// Range requests), the records (list, read, rename, access group) and the spec's delete.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { HttpError } from '../../platform/http/errors.js';
import { listQuerySchema } from '../../platform/http/list-query.js';
import { contextOf } from '../../platform/http/request-context.js';
import {
  DELETED_RESPONSE,
  DOCUMENTED_BODY,
  SECURITY,
  errorResponses,
  fileResponse,
  idParams,
} from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { customers } from '../../resources/customers.js';
import { objects } from '../../resources/objects.js';
import { jobs } from '../scheduling/index.js';
import { users } from '../users/index.js';
import { documents } from './documents-resource.js';
import { documentsService } from './documents-service.js';
import { localStorage, parseS3Url, s3Storage, type DocumentStorage } from './storage.js';

const tags = ['documents'];
const documentArray = { type: 'array', items: documents.response };

const idPart = (owner: string) => ({
  type: 'string',
  pattern: '^[0-9a-f]{24}$',
  description: `the ${owner} it belongs to`,
});
/** The upload's parts, for the document (the route reads them itself, documents-service.ts). */
const uploadParts = {
  type: 'object',
  properties: {
    file: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: 'one part per file (repeat the part for several)',
    },
    name: { type: 'string', description: 'display name; else the file name' },
    objectId: idPart('object'),
    userId: idPart('user'),
    jobId: idPart('job'),
    customerId: idPart('customer'),
    absenceId: idPart('absence'),
    complaintId: idPart('complaint'),
    accessGroup: { type: 'string', description: 'who may see it besides the office' },
  },
  required: ['file'],
};

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range); undefined for a header we do not serve partially. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

export function registerDocumentRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; storage?: DocumentStorage },
) {
  const { config } = deps;
  const storage =
    deps.storage ??
    (config.documentStorage === 'local'
      ? localStorage(join(config.dataDir, 'documents'))
      : s3Storage({ ...parseS3Url(config.documentStorage), ...config.s3 }));
  const engine = registerResource(app, deps, documents, { except: ['create', 'delete', 'list', 'get'] });
  const service = documentsService({
    database: deps.database,
    storage,
    engine,
    limits: {
      tempDir: join(config.dataDir, 'uploads'),
      maxBytes: config.documentMaxBytes,
      types: config.documentTypes,
    },
  });
  const routes = typedRoutes(app);
  void app.register(multipart, {
    limits: {
      fileSize: config.documentMaxBytes,
      files: config.documentMaxFiles,
      fields: 20,
      fieldSize: 2000,
      parts: config.documentMaxFiles + 20,
    },
  });

  routes.post(
    '/documents/',
    {
      schema: {
        tags,
        summary: 'Upload documents (multipart/form-data)',
        security: SECURITY,
        consumes: ['multipart/form-data'],
        [DOCUMENTED_BODY]: uploadParts,
        description: `Parts: one or more \`file\`, and name, objectId, userId, jobId, customerId (at least one of these four), absenceId, complaintId, accessGroup. Each file at most DOCUMENT_MAX_BYTES (${config.documentMaxBytes}) bytes (413), at most ${config.documentMaxFiles} files; the type is sniffed from the content and must be one of DOCUMENT_TYPES (415).`,
        response: {
          201: {
            type: 'object',
            properties: { _id: { type: 'string' }, ids: { type: 'array', items: { type: 'string' } } },
            required: ['_id', 'ids'],
          },
          ...errorResponses([404, 413]),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.upload(contextOf(request), request)),
  );

  routes.get(
    '/documents/',
    {
      schema: {
        tags,
        summary: 'List documents',
        security: SECURITY,
        querystring: Type.Unsafe<Record<string, unknown>>(listQuerySchema(documents.fields, documents.listOptions)),
        response: { 200: documentArray, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  routes.get(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Read a document record',
        security: SECURITY,
        params: idParams(),
        response: { 200: documents.response, ...errorResponses([404]) },
      },
    },
    async (request) => service.get(contextOf(request), request.params.id),
  );

  routes.get(
    '/documents/:id/file',
    {
      schema: {
        tags,
        summary: 'The file (Range requests supported)',
        security: SECURITY,
        params: idParams(),
        response: {
          // Sent as a stream, in the type sniffed at upload (one of DOCUMENT_TYPES): typed unknown, so the
          // reply takes the storage's stream.
          200: Type.Unsafe<unknown>(fileResponse(config.documentTypes, 'The file')),
          206: Type.Unsafe<unknown>(fileResponse(config.documentTypes, 'Part of the file (a Range request)')),
          ...errorResponses([404, 416]),
        },
      },
    },
    async (request, reply) => {
      const { record } = await service.file(contextOf(request), request.params.id);
      const key = record.storage_key as string;
      const size = await storage.size(key);
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable')
        throw new HttpError(416, 'Range Not Satisfiable', `the file has ${size} bytes`, undefined, {
          'content-range': `bytes */${size}`,
        });
      reply
        .header('content-type', record.content_type as string)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', contentDisposition(String(record.doc.fileName ?? 'file')))
        .header('x-content-type-options', 'nosniff');
      if (!range) return reply.header('content-length', String(size)).send(await storage.read(key));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(await storage.read(key, range));
    },
  );

  routes.delete(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Delete a document and its file',
        security: SECURITY,
        params: idParams(),
        response: { 200: DELETED_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request) => {
      await service.remove(contextOf(request), request.params.id);
      return { deleted: true };
    },
  );

  const owners: Resource[] = [objects, users, jobs, customers];
  const jobFlag = {
    flag: Type.Optional(Type.Boolean({ description: "true: also the documents of the job's object" })),
  };
  for (const owner of owners) {
    routes.get(
      `/${owner.collection}/:id/documents`,
      {
        schema: {
          tags,
          summary: `Documents of a ${owner.name}`,
          security: SECURITY,
          params: idParams(),
          // An unknown parameter is a 400 here as on every list, so a misspelt one is never ignored.
          querystring: Type.Object(owner === jobs ? jobFlag : {}, { additionalProperties: false }),
          response: { 200: documentArray, ...errorResponses([404]) },
        },
      },
      async (request) => {
        // Only the job's query has `flag`; the others' schema admits no parameter.
        const query: { flag?: boolean } = request.query;
        return service.of(contextOf(request), owner, request.params.id, Boolean(query.flag));
      },
    );
  }
}
