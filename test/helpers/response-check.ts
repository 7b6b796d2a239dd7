// Opt-in (VALIDATE_RESPONSES=1): every JSON answer a test app gives is checked against its route's
// response schema for the status code, so the OpenAPI document's promises hold for what the
// suite sees. A mismatch turns the answer into a 500 naming the field (the test then fails), and
// is written, with the count of answers checked, to a file per process that the runner sums.
import type { Json } from './test-app.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export const responseCheckEnabled = () => process.env.VALIDATE_RESPONSES === '1';

interface Mismatch {
  method: string;
  url: string;
  status: number;
  errors: string[];
}

const tally = { checked: 0, withoutSchema: 0, mismatches: [] as Mismatch[], routesWithoutSchema: new Set<string>() };
let reportHooked = false;

function writeReport() {
  const dir = process.env.RESPONSE_CHECK_DIR;
  if (!dir) return;
  writeFileSync(
    join(dir, `responses-${process.pid}.json`),
    JSON.stringify({
      checked: tally.checked,
      withoutSchema: tally.withoutSchema,
      mismatches: tally.mismatches,
      routesWithoutSchema: [...tally.routesWithoutSchema],
    }),
  );
}

/** The schema of a response entry: a plain schema, or OpenAPI's `{content: {type: {schema}}}` for the answer's media type. */
function schemaOf(entry: Json, mediaType: string): object | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  if (entry.content) return (entry.content as Record<string, { schema?: object }>)[mediaType]?.schema;
  return entry;
}

function responseEntry(responses: Record<string, unknown> | undefined, status: number): unknown {
  if (!responses) return undefined;
  return (
    responses[String(status)] ??
    responses[`${String(status)[0]}xx`] ??
    responses[`${String(status)[0]}XX`] ??
    responses.default
  );
}

export function checkResponses(app: FastifyInstance) {
  // What a client receives: no defaults filled, no coercion (unlike the request validators).
  const ajv = new Ajv.default({ allErrors: true, strict: false, useDefaults: false, coerceTypes: false });
  addFormats.default(ajv);
  let schemasAdded = false;
  const validators = new WeakMap<object, ValidateFunction>();
  if (!reportHooked) {
    reportHooked = true;
    process.on('exit', writeReport);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const status = reply.statusCode;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const mediaType = type.split(';')[0]!.trim();
    const schema = schemaOf(
      responseEntry(
        (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response,
        status,
      ),
      mediaType,
    );
    if (!schema) {
      tally.withoutSchema += 1;
      tally.routesWithoutSchema.add(`${route} ${status}`);
      return payload;
    }
    if (!schemasAdded) {
      schemasAdded = true;
      for (const shared of Object.values(app.getSchemas()))
        if (!ajv.getSchema((shared as { $id: string }).$id)) ajv.addSchema(shared as object);
    }
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    tally.checked += 1;
    // A compressed answer (platform/http/compression.ts) is checked as the client reads it, decompressed.
    const encoding = reply.getHeader('content-encoding');
    const raw = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
    const body = text.length ? JSON.parse(text.toString()) : undefined;
    if (validate(body)) return payload;
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    );
    tally.mismatches.push({ method: request.method, url: request.url, status, errors });
    const message = `response does not match its schema: ${request.method} ${request.url} ${status}: ${errors.slice(0, 5).join('; ')}`;
    process.stderr.write(`${message}\n`);
    // Fastify turns the hook's error into a 500; a 5xx answer is not checked again, so no loop.
    if (status >= 500) return payload;
    throw new Error(message);
  });
}
