// POST /imports/{collection} (a CSV as the raw body or a multipart `file` part), GET /imports/{id}
// (state, progress and report) and GET /{collection}/export.csv for the importable collections.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { BadRequest, HttpError } from '../../platform/http/errors.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { IMPORT_COLLECTIONS } from './collections.js';
import { exportCsv } from './csv-export.js';
import { IMPORT_LIMITS, importService } from './import-service.js';

const tags = ['imports'];
const CSV_TYPES = ['text/csv'];

const problemRow = Type.Object({ row: Type.Integer(), field: Type.String(), message: Type.String() });
export const importReportSchema = Type.Object({
  _id: Type.String(),
  collection: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')], {
    description:
      'running; done (every row valid, and written unless a dry run); failed (nothing written, unless writtenRows says otherwise)',
  }),
  phase: Type.Union([Type.Literal('checking'), Type.Literal('writing')], {
    description:
      'the phase running, or the last one reached: checking (every row tried, nothing kept), writing (only after every row passed)',
  }),
  dryRun: Type.Boolean(),
  fileName: Type.Optional(Type.String()),
  totalRows: Type.Integer(),
  processedRows: Type.Integer({ description: 'rows done in the current phase (of totalRows)' }),
  writtenRows: Type.Integer({
    description:
      'rows written for good: the first writtenRows rows of the file. 0 unless writing; when a failure stopped the writing, the rows before it',
  }),
  lastWrittenRow: Type.Optional(Type.Integer({ description: 'the row (header = row 1) of the last row written' })),
  created: Type.Integer({ description: 'records created (or that would be, in a dry run)' }),
  updated: Type.Integer({ description: 'records updated by their number (or that would be)' }),
  errorCount: Type.Integer(),
  errors: Type.Array(problemRow, {
    description: 'the first 1000 problems: row (the header is row 1), field (the CSV column), message',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Optional(Type.String({ format: 'date-time' })),
});

/** The mapping parameter: a JSON object {csvHeader: apiField or null}. */
function parseMapping(raw: string | undefined): Record<string, string | null> | undefined {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw BadRequest('mapping: is not JSON', [{ path: 'mapping', message: 'is not JSON' }]);
  }
  const ok =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length <= IMPORT_LIMITS.maxColumns &&
    Object.entries(value).every(
      ([k, v]) => k.length <= 200 && (v === null || (typeof v === 'string' && v.length <= 200)),
    );
  if (!ok) {
    const message = 'must be an object {csvHeader: apiField or null}';
    throw BadRequest(`mapping: ${message}`, [{ path: 'mapping', message }]);
  }
  return value as Record<string, string | null>;
}

const UPLOAD_LIMITS = { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 20_000 };

/** The CSV bytes and the form fields of a multipart upload (one `file` part). */
async function receiveMultipart(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fields: Record<string, string>; fileName?: string }> {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName?: string } | undefined;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'mapping' && part.fieldname !== 'dryRun')
          throw BadRequest(`unknown form field ${part.fieldname}`, [
            { path: part.fieldname, message: 'is not a known field' },
          ]);
        fields[part.fieldname] = String(part.value);
      } else {
        if (part.fieldname !== 'file') throw BadRequest(`the file part must be named "file", not ${part.fieldname}`);
        const bytes = await part.toBuffer();
        const fileName = part.filename?.split(/[\\/]/).pop()?.slice(0, 255);
        file = { bytes, ...(fileName ? { fileName } : {}) };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    )
      throw new HttpError(
        413,
        'Payload Too Large',
        `the upload exceeds a limit (one file of at most ${IMPORT_LIMITS.maxBytes} bytes)`,
      );
    throw error;
  }
  if (!file) throw BadRequest('the upload has no "file" part', [{ path: 'file', message: 'is required' }]);
  return { ...file, fields };
}

const sendCsv = (reply: FastifyReply, name: string, stream: Readable) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', contentDisposition(name)).send(stream);

/** users: the users resource as registered (usersWith). */
export function registerImportRoutes(app: FastifyInstance, deps: { database: Database; users: Resource }) {
  const service = importService({ database: deps.database, users: deps.users, log: app.log });
  // Imports a stopped process left running are failed before this one serves; this one's stop between slices.
  app.addHook('onReady', async () => {
    const failed = await service.failAbandonedAtStart();
    if (failed) app.log.warn({ failed }, 'imports interrupted by a stopped server marked failed');
  });
  app.addHook('onClose', () => service.close());

  // The raw CSV parser lives in a scope of its own: no other route takes a CSV body.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxBytes },
      (_request, body, done) => done(null, body),
    );
    const routes = typedRoutes(scope);

    // One route per collection (an unknown one is the router's 404).
    for (const collection of IMPORT_COLLECTIONS) {
      routes.post(
        `/imports/${collection}`,
        {
          bodyLimit: IMPORT_LIMITS.maxBytes,
          schema: {
            tags,
            summary: `Import ${collection} from a CSV file`,
            operationId: `imports.import${collection[0]!.toUpperCase()}${collection.slice(1)}`,
            security: SECURITY,
            consumes: ['text/csv', 'multipart/form-data'],
            body: Type.Unknown({
              description: 'the CSV file: the raw body (text/csv), or the part `file` of multipart/form-data',
            }),
            description: `The CSV as the raw body (text/csv) or as the \`file\` part of multipart/form-data (with optional parts \`mapping\` and \`dryRun\`). UTF-8 (with or without BOM) or Windows-1252; \`;\` or \`,\` as the header line shows; quotes per RFC 4180; numbers \`1.234,56\` or \`1234.56\`, dates \`31.12.2026\` or ISO; yes/no as true/false, ja/nein, 1/0. Columns are API field names (dotted for nested fields, \`address.street\`; lists of strings split at \`|\`) unless \`mapping\` maps headers to fields (null skips a column); an unknown column is 400. A row whose \`number\` names an existing record updates it (empty cells leave its fields unchanged); other rows create records, through the same validation, hooks, numbering and events as POST and PATCH. Every row is checked first (phase \`checking\`, in short transactions that are undone): \`dryRun=true\` answers the report (row, field, message) and writes nothing; otherwise any failing row means nothing is written (422, the report at GET /v2/imports/{id}), else the rows are written in short transactions, in file order (phase \`writing\`, 200). Should writing fail after all (a change made meanwhile, the server stopped), the rows before it stay written: \`writtenRows\` and \`lastWrittenRow\` say which (importing the file again updates the rows that carry a number instead of adding them twice). Files of more than ${IMPORT_LIMITS.inlineRows} rows are answered 202 at once and run on; GET /v2/imports/{id} shows their phase and progress. An import whose server stopped is \`failed\` (interrupted), never left \`running\`. At most ${IMPORT_LIMITS.maxBytes} bytes and ${IMPORT_LIMITS.maxRows} rows (413), ${IMPORT_LIMITS.maxColumns} columns and ${IMPORT_LIMITS.maxFieldLength} characters a field (400). Needs write level \`all\` on the collection's area. Other collections have no import (404).`,
            querystring: Type.Object(
              {
                dryRun: Type.Optional(Type.Boolean({ description: 'check every row, write nothing' })),
                mapping: Type.Optional(
                  Type.String({ maxLength: 20_000, description: 'JSON object {csvHeader: apiField or null}' }),
                ),
                fileName: Type.Optional(Type.String({ maxLength: 255, description: 'shown in the report' })),
              },
              { additionalProperties: false },
            ),
            response: {
              200: importReportSchema,
              202: importReportSchema,
              ...errorResponses([404, 413, 415, 422]),
              503: {
                ...errorResponses([503])[503],
                description: 'The server is stopping: no import is started (try again once it is back)',
              },
            },
          },
        },
        async (request, reply) => {
          const ctx = contextOf(request);
          service.assertMayImport(ctx, collection); // before the body is looked at: a 403 is a 403 whatever was sent
          const query = request.query;
          let bytes: Buffer;
          let fields: Record<string, string> = {};
          let fileName = query.fileName;
          if (Buffer.isBuffer(request.body)) bytes = request.body;
          else if (typeof request.isMultipart === 'function' && request.isMultipart()) {
            const upload = await receiveMultipart(request);
            bytes = upload.bytes;
            fields = upload.fields;
            fileName ??= upload.fileName;
          } else throw new HttpError(415, 'Unsupported Media Type', 'send the CSV as text/csv or multipart/form-data');
          const dryRun = query.dryRun ?? (fields.dryRun === undefined ? false : fields.dryRun === 'true');
          const { report, background } = await service.start(ctx, collection, bytes, {
            dryRun,
            mapping: parseMapping(fields.mapping ?? query.mapping),
            ...(fileName ? { fileName } : {}),
          });
          if (background) return reply.code(202).header('location', `/v2/imports/${report._id}`).send(report);
          if (report.state === 'failed' && !dryRun) {
            const shown = report.errors
              .slice(0, 100)
              .map((e) => ({ path: `row ${e.row}: ${e.field}`, message: e.message }));
            const written = report.writtenRows
              ? `the first ${report.writtenRows} row(s), through row ${report.lastWrittenRow}, were written, the rest not`
              : 'nothing was imported';
            throw new HttpError(
              422,
              'Unprocessable Content',
              `${report.errorCount} problem(s) in the file; ${written}. The report: GET /v2/imports/${report._id}`,
              shown,
            );
          }
          return report;
        },
      );
    }

    routes.get(
      '/imports/:id',
      {
        schema: {
          tags,
          summary: 'State, progress and report of an import',
          security: SECURITY,
          description:
            'processedRows of totalRows while running; the counts and the problems when done. Needs write level `all` on the collection it imports into.',
          params: idParams(),
          response: { 200: importReportSchema, ...errorResponses([404]) },
        },
      },
      async (request) => service.get(contextOf(request), request.params.id),
    );

    for (const collection of IMPORT_COLLECTIONS) {
      routes.get(
        `/${collection}/export.csv`,
        {
          schema: {
            tags: [collection],
            summary: `Export ${collection} as CSV`,
            operationId: `${collection}.exportCsv`,
            security: SECURITY,
            description:
              'Every record you may read, by number, with the columns POST /v2/imports takes by default (write-only fields such as passwords left out): UTF-8 with BOM, `;` between fields, decimal comma, CRLF; text starting with = + - @ gets a leading apostrophe (the import removes it).',
            response: {
              200: { description: 'the CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
              ...errorResponses(),
            },
          },
        },
        async (request, reply) => sendCsv(reply, `${collection}.csv`, exportCsv(deps, contextOf(request), collection)),
      );
    }
  });
}
