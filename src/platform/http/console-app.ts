// The web console at /app: the files that scripts/build-console.mjs wrote to dist/app/ (a hashed script and
// stylesheet, index.html, the service worker, manifest and icons). Every other path under /app is a screen of
// the console and gets index.html (the console routes in the browser). Only names of the build's shape are
// read from disk, so no path leaves the folder. Pages are public (the console signs in through /v2/auth).
// Text files go gzipped to clients that take it (the build wrote a .gz beside each).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_ROUTE } from './page-routes.js';
import { sendProblem } from './problem.js';

/** dist/app/ of the checkout (this file's URL names the source file, compiled or not). */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../dist/app/', import.meta.url));

// Only our own origin: no inline script or style, no other host for anything (GDPR, and no injected code).
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // blob: for the crew view's photos, fetched with the Authorization header and shown from Blob URLs.
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A built file's name: a hashed asset, or a top-level file (sw.js, manifest, icons). */
const FILE_NAME = /^(assets\/[A-Za-z0-9_-]{1,100}\.(js|css)|[a-z0-9-]{1,50}\.(js|webmanifest|svg|png))$/;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  webmanifest: 'application/manifest+json',
  svg: 'image/svg+xml',
  png: 'image/png',
};
/** Hashed names never change content; the rest may change with any build. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const A_DAY = 'public, max-age=86400';

export function registerConsoleApp(app: FastifyInstance, dir = DEFAULT_CONSOLE_DIR): void {
  const send = (reply: FastifyReply, body: Buffer, type: string, cacheControl: string, gzipped: boolean) =>
    reply
      .headers(gzipped ? { 'content-encoding': 'gzip' } : {})
      .header('vary', 'accept-encoding')
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', cacheControl)
      .type(type)
      .send(body);

  const read = async (name: string) => {
    try {
      return await readFile(join(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };

  /** The file, gzipped when the build made a .gz of it and the client takes gzip. */
  const readFor = async (request: FastifyRequest, name: string) => {
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      const gzipped = await read(`${name}.gz`);
      if (gzipped) return { body: gzipped, gzipped: true };
    }
    const body = await read(name);
    return body && { body, gzipped: false };
  };

  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await readFor(request, 'index.html');
    if (!html)
      return sendProblem(
        reply,
        503,
        'Service Unavailable',
        'The web console is not built: run `npm run build` (npm install does it too)',
      );
    return send(reply, html.body, 'text/html; charset=utf-8', REVALIDATE, html.gzipped);
  };

  app.get('/app', PAGE_ROUTE, async (request, reply) => index(request, reply));
  app.get<{ Params: { '*': string } }>('/app/*', PAGE_ROUTE, async (request, reply) => {
    const path = request.params['*'];
    const match = FILE_NAME.exec(path);
    if (!match) {
      // A screen of the console (letters, digits, dashes and slashes); anything like a file is not one.
      if (path.startsWith('assets/') || !/^[A-Za-z0-9/-]{0,200}$/.test(path)) return notFound(reply);
      return index(request, reply);
    }
    const file = await readFor(request, path);
    if (!file) return (await read('index.html')) ? notFound(reply) : index(request, reply);
    const extension = path.slice(path.lastIndexOf('.') + 1);
    const cacheControl = match[2] ? IMMUTABLE : path === 'sw.js' ? REVALIDATE : A_DAY;
    return send(reply, file.body, TYPES[extension]!, cacheControl, file.gzipped);
  });
}

const notFound = (reply: FastifyReply) =>
  sendProblem(reply.header('cache-control', REVALIDATE), 404, 'Not Found', 'No such file of the web console');
