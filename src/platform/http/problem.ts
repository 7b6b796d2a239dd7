// Turns every error into application/problem+json. Bad input is 4xx; only our own faults are 5xx,
// and their details stay in the log.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, type FieldError } from './errors.js';

const PG_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  '23505': { status: 409, title: 'Conflict', detail: 'A record with this unique value already exists' },
  '23503': { status: 409, title: 'Conflict', detail: 'The record is referenced by or refers to another record' },
  '22P02': { status: 400, title: 'Bad Request', detail: 'A value has the wrong format' },
  '22003': { status: 400, title: 'Bad Request', detail: 'A number is out of range' },
  '22007': { status: 400, title: 'Bad Request', detail: 'A date or time has the wrong format' },
  '22008': { status: 400, title: 'Bad Request', detail: 'A date or time is out of range' },
  '54000': { status: 400, title: 'Bad Request', detail: 'A value is too large' },
};

export function sendProblem(reply: FastifyReply, status: number, title: string, detail: string, errors?: FieldError[]) {
  const body: Record<string, unknown> = { type: 'about:blank', title, status, detail };
  if (errors?.length) body.errors = errors;
  return reply.code(status).type('application/problem+json').send(body);
}

function validationErrors(error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((item) => {
    const base = item.instancePath ? item.instancePath.slice(1).replaceAll('/', '.') : '';
    const extra = (item.params as { additionalProperty?: string; missingProperty?: string }) ?? {};
    const leaf = extra.additionalProperty ?? extra.missingProperty;
    const path = [context === 'body' ? '' : context, base, leaf].filter(Boolean).join('.');
    const message = extra.additionalProperty ? 'is not a known field' : item.message ?? 'is invalid';
    return { path: path || context, message };
  });
}

export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, error.status, error.title, error.message, error.errors);
    }
    if (error.validation) {
      const errors = validationErrors(error);
      return sendProblem(reply, 400, 'Bad Request', errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
    }
    // Any other data exception (class 22) is still the input's fault.
    const pg = error.code ? PG_ERRORS[error.code] ?? (/^22[0-9A-Z]{3}$/.test(error.code) ? { status: 400, title: 'Bad Request', detail: 'A value is out of range or malformed' } : undefined) : undefined;
    if (pg) return sendProblem(reply, pg.status, pg.title, pg.detail);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && reply.getHeader('retry-after') === undefined && error.message) {
        reply.header('retry-after', '60');
      }
      return sendProblem(reply, status, titleFor(status), error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, 500, 'Internal Server Error', 'An unexpected error occurred; it has been logged');
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, 404, 'Not Found', `No route ${request.method} ${request.url.split('?')[0]}`));
}

function titleFor(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
    406: 'Not Acceptable', 409: 'Conflict', 413: 'Content Too Large', 415: 'Unsupported Media Type',
    422: 'Unprocessable Content', 429: 'Too Many Requests',
  };
  return titles[status] ?? 'Error';
}
