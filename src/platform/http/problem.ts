// Turns every error into application/problem+json. Bad input is 4xx; only our own faults are 5xx,
// and their details stay in the log.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { isConnectionLoss, RETRY_AFTER_LOSS_SECONDS } from '../db/connection-loss.js';
import { HttpError, type FieldError } from './errors.js';
import { fieldErrorsOf } from './field-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body names of stored fields where the route's body differs (signup: `id` is `username`). */
    uniqueFields?: Record<string, string>;
  }
}

const PG_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  '23505': { status: 409, title: 'Conflict', detail: 'A record with this unique value already exists' },
  '23503': { status: 409, title: 'Conflict', detail: 'The record is referenced by or refers to another record' },
  '22P02': { status: 400, title: 'Bad Request', detail: 'A value has the wrong format' },
  '22003': { status: 400, title: 'Bad Request', detail: 'A number is out of range' },
  '22007': { status: 400, title: 'Bad Request', detail: 'A date or time has the wrong format' },
  '22008': { status: 400, title: 'Bad Request', detail: 'A date or time is out of range' },
  '54000': { status: 400, title: 'Bad Request', detail: 'A value is too large' },
};

/**
 * The API field of each unique constraint or index (migrations/), so a conflict names what is taken.
 * Constraints of internal columns (occurrence keys, token hashes, fingerprints) are not fields: their
 * conflicts keep the general text.
 */
const UNIQUE_FIELDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^users_login_key$/, 'id'],
  [/^users_login_email_key$/, 'access.email'],
  [/^(invoices|offers|credits|invoice_stornos)_number_key$/, 'documentNumber'],
  [/_company_id_number_key$/, 'number'],
  [/^time_trackings_client_key$/, 'clientId'],
  [/^salaries_time_tracking_key$/, 'timeTrackingId'],
  [/_pkey$/, '_id'],
];

/** The field a unique violation (23505) is about, from the constraint PostgreSQL names. */
export function uniqueField(constraint: string | undefined): string | undefined {
  return constraint ? UNIQUE_FIELDS.find(([pattern]) => pattern.test(constraint))?.[1] : undefined;
}

/** The media types a route reads: its `consumes`, else JSON. */
function expectedTypes(request: FastifyRequest): string[] {
  const consumes = (request.routeOptions?.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.length ? consumes : ['application/json'];
}

const unsupportedType = (request: FastifyRequest) =>
  new HttpError(415, 'Unsupported Media Type', `Content-Type must be ${expectedTypes(request).join(' or ')}`);

/** A body (not its absence) in a type the route does not read. */
function hasUnexpectedBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.routeOptions?.url === undefined) return false;
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0))
    return false;
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return !expectedTypes(request).includes(type);
}

function problem(status: number, title: string, detail: string, errors?: FieldError[]): Record<string, unknown> {
  const body: Record<string, unknown> = { type: 'about:blank', title, status, detail };
  if (errors?.length) body.errors = errors;
  return body;
}

export function sendProblem(reply: FastifyReply, status: number, title: string, detail: string, errors?: FieldError[]) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problem(status, title, detail, errors));
}

/**
 * Requests Node's parser rejects before Fastify sees them (over-long URL or headers: 431, a malformed
 * request line or header: 400, too slow: 408). There is no reply here, only the socket: the answer is
 * written raw, then the connection closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request line or headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT'
        ? [408, 'The request was not received in time']
        : [400, 'The request is not valid HTTP'];
  this.log.debug({ err: error }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(problem(status, titleFor(status), detail));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** The router's own errors: a malformed percent-encoding (400), an over-long path parameter (414). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return sendProblem(reply, status, titleFor(status), error.message);
}

function validationErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return fieldErrorsOf((error.validation ?? []) as ErrorObject[], context === 'body' ? '' : context, context);
}

export function registerProblemHandlers(app: FastifyInstance) {
  // Before any parser runs: text/plain would otherwise be read as a string and fail the schema with
  // a 400 that says nothing about the type.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (hasUnexpectedBody(request)) done(unsupportedType(request));
    else done(null, payload);
  });
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, error.status, error.title, error.message, error.errors);
    }
    if (error.validation) {
      const errors = validationErrors(error);
      return sendProblem(reply, 400, 'Bad Request', errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const unsupported = unsupportedType(request);
      return sendProblem(reply, unsupported.status, unsupported.title, unsupported.message);
    }
    if (error.code === '23505') {
      const stored = uniqueField((error as { constraint?: string }).constraint);
      // A route whose body names the field otherwise (signup's `username`) says so in its config.
      const names = request.routeOptions?.config?.uniqueFields;
      const field = stored && (names?.[stored] ?? stored);
      if (field)
        return sendProblem(reply, 409, 'Conflict', `${field} already taken`, [
          { path: field, message: 'already taken' },
        ]);
    }
    // Any other data exception (class 22) is still the input's fault.
    const pg = error.code
      ? (PG_ERRORS[error.code] ??
        (/^22[0-9A-Z]{3}$/.test(error.code)
          ? { status: 400, title: 'Bad Request', detail: 'A value is out of range or malformed' }
          : undefined))
      : undefined;
    if (pg) return sendProblem(reply, pg.status, pg.title, pg.detail);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && reply.getHeader('retry-after') === undefined && error.message) {
        reply.header('retry-after', '60');
      }
      return sendProblem(reply, status, titleFor(status), error.message);
    }
    // The database went away (a failover, a restart): nothing the client did; retrying soon may succeed.
    if (isConnectionLoss(error)) {
      request.log.warn({ err: error }, 'database connection lost');
      reply.header('retry-after', String(RETRY_AFTER_LOSS_SECONDS));
      return sendProblem(reply, 503, 'Service Unavailable', 'The database is not reachable now; retry shortly');
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, 500, 'Internal Server Error', 'An unexpected error occurred; it has been logged');
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, 404, 'Not Found', `No route ${request.method} ${request.url.split('?')[0]}`),
  );
}

function titleFor(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Content Too Large',
    414: 'URI Too Long',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
    429: 'Too Many Requests',
    431: 'Request Header Fields Too Large',
    503: 'Service Unavailable',
  };
  return titles[status] ?? 'Error';
}
