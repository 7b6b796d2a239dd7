// Headers every answer of the server carries, unless its route set its own: no content sniffing (a JSON or
// a download is never run as a page or script), no caching of API answers (they hold a company's data or
// tokens), and a restrictive Content-Security-Policy on any HTML, which also forbids framing (clickjacking).
// The console (console-app.ts) and the API reference (reference-page.ts) set their own policies.
import type { FastifyInstance } from 'fastify';

/** HTML nobody gave a policy: nothing loads, nothing runs, nothing frames it. */
export const DEFAULT_HTML_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance, apiPrefix: string, pagePrefixes: string[]) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^text\/html\b/i.test(type) && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', DEFAULT_HTML_CSP);
    const path = request.url;
    const isApi = path.startsWith(`${apiPrefix}/`) && !pagePrefixes.some((prefix) => path.startsWith(prefix));
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
