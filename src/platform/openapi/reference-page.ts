// The interactive API reference at /v2/docs, drawn from /v2/openapi.json. It must work offline and
// without third parties (GDPR): the script is served by this server, fonts are the system's, and
// every vendor button that links to or calls the library maker's services is off.
// The vendor's plugin is loaded at the first request of the page, not at every start (its 4 MB script and
// OpenAPI parser cost each start about half a second of CPU): it runs in a Fastify instance of its own, to
// which this server's two routes hand their requests, answering what the plugin answers.
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { PAGE_ROUTE } from '../http/page-routes.js';

// Our look: system fonts (no web fonts to fetch), Crewbase's accent colour, and no "powered by"
// link in the sidebar footer (the dark-mode toggle beside it stays).
const CUSTOM_CSS = `
:root {
  --scalar-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace;
}
.light-mode { --scalar-color-accent: #0b6e4f; }
.dark-mode { --scalar-color-accent: #3ccf91; }
.darklight-reference a[href*="scalar.com"] { display: none; }
`;

// Inline, so the tab shows our mark and the browser asks no one (not even us: no /favicon.ico 404).
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<rect width="32" height="32" rx="6" fill="#0b6e4f"/><text x="16" y="23" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">C</text></svg>',
)}`;

/**
 * The page's policy: scripts only from this server plus the page's own inline start-up script (by its hash,
 * so no injected script runs); styles inline too, as the reference's components add theirs at run time;
 * nothing from another host, and no framing.
 */
function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1]!)
    .filter((body) => body.trim())
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers of the plugin's answer not passed on: the connection's own (this server sets them for its answer). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

export async function registerReferencePage(app: FastifyInstance, prefix: `/${string}`): Promise<void> {
  const routePrefix: `/${string}` = `${prefix}/docs`;
  let loading: Promise<FastifyInstance> | undefined;
  const plugin = () =>
    (loading ??= (async () => {
      const { default: apiReference } = await import('@scalar/fastify-api-reference');
      // As this server routes: `${prefix}/docs` is its page too (the plugin then redirects to the trailing slash).
      const page = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
      await page.register(apiReference, {
        routePrefix,
        configuration: {
          url: `${prefix}/openapi.json`,
          pageTitle: 'Crewbase API reference',
          title: 'Crewbase API',
          withDefaultFonts: false, // the default loads Inter and JetBrains Mono from the vendor's font host
          customCss: CUSTOM_CSS,
          favicon: FAVICON,
          hideClientButton: true, // "Open API Client": the vendor's hosted client
          showDeveloperTools: 'never', // the vendor toolbar shown on localhost (share, deploy, register)
          telemetry: false,
          agent: { disabled: true }, // "Ask AI" calls the vendor's service
          mcp: { disabled: true },
          documentDownloadType: 'json',
          defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
        },
      });
      await page.ready();
      return page;
    })().catch((error) => {
      loading = undefined; // tried again at the next request
      throw error;
    }));
  app.addHook('onClose', async () => {
    await loading?.then(
      (page) => page.close(),
      () => {},
    );
  });
  // The plugin's routes (with ignoreTrailingSlash it adds no redirect route of its own); HEAD as Fastify derives it.
  for (const path of [`${routePrefix}/`, `${routePrefix}/js/scalar.js`]) {
    app.get(path, PAGE_ROUTE, async (request, reply) => {
      const answer = await (await plugin()).inject({ method: 'GET', url: request.url, headers: request.headers });
      reply.code(answer.statusCode);
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !CONNECTION_HEADERS.has(name)) reply.header(name, value);
      if (String(answer.headers['content-type'] ?? '').startsWith('text/html'))
        reply.header('content-security-policy', pagePolicy(answer.body));
      return reply.send(answer.rawPayload);
    });
  }
}
