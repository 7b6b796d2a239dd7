// Request ids: the caller's X-Request-Id when it is a plain bounded token, otherwise a random one.
// Fastify logs it as `reqId` on every line of the request; every answer carries it back. Beside it, on request,
// how long the server took (Server-Timing).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** At most 128 characters of letters, digits and `._:-`: safe to log and to echo as a header. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's id when acceptable (a repeated header arrives joined by ", ": not), else a UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id in `X-Request-Id` on every answer that passes through Fastify's hooks (unknown routes too). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * `Server-Timing: app;dur=<ms>` on every answer: from the request's first hook until its answer is handed over
 * (before compression), so a client can tell time spent in the server from time spent waiting to reach it
 * (bench:capacity reads it).
 * Off unless SERVER_TIMING is on: precise server times make timing attacks on credentials cheaper to run.
 */
export function registerServerTiming(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, performance.now());
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const started = startedAt.get(request);
    if (started !== undefined) reply.header('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    done(null, payload);
  });
}

const startedAt = new WeakMap<object, number>();
