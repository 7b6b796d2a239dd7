// Request shorthands over call() and the problem+json check the HTTP suites share.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { call, type Json } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
export type Headers = Record<string, string>;
export interface Reply {
  status: number;
  body: Json;
}

/**
 * `req` and `ok` for one app, read through getters because suites create the app and sign up in
 * before(). `headers` defaults to `defaultHeaders()` at the time of the call.
 */
export function requester(app: () => FastifyInstance, defaultHeaders: () => Headers = () => ({})) {
  const req = (method: Method, url: string, body?: unknown, headers: Headers = defaultHeaders()) =>
    call(app(), method, url, headers, body);
  /** The request must answer `status`; returns the body. */
  async function ok(method: Method, url: string, body?: unknown, status = 200, headers: Headers = defaultHeaders()) {
    const res = await req(method, url, body, headers);
    assert.equal(res.status, status, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  return { req, ok };
}

/**
 * A problem+json answer with this status (in the reply and in its body) and, when given, an error
 * naming `path` (or one of several accepted spellings of it).
 */
export function assertProblem(res: Reply, status: number, path?: string | readonly string[]) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.status, status, JSON.stringify(res.body));
  if (path !== undefined && path.length > 0) {
    const paths: readonly string[] = typeof path === 'string' ? [path] : path;
    assert.ok(
      res.body.errors?.some((e: { path: string }) => paths.includes(e.path)),
      `an error naming ${paths.join(' or ')}: ${JSON.stringify(res.body)}`,
    );
  }
}
