// The interactive API reference at /v2/docs, drawn from /v2/openapi.json. It must work offline and
// without third parties (GDPR): the script is served by this server, fonts are the system's, and
// every vendor button that links to or calls the library maker's services is off.
// The page is Scalar's prebuilt standalone bundle (vendor/scalar-api-reference/, MIT), kept in the repository
// brotli-compressed (0.94 MB of 4.35 MB): its npm packages want Node 22 (the install warned 55 times), and this
// page needs nothing of them but the bundle. Browsers taking br get the stored bytes as they are; the plain
// and gzip forms are made once per process, at their first request (docs/decisions.md, "API reference page").
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, type Precompressed, precompressed, varyOnEncoding } from '../http/compression.js';
import { PAGE_ROUTE } from '../http/page-routes.js';

/** The vendor's standalone bundle (@scalar/api-reference as @scalar/fastify-api-reference 1.72.1 embeds it). */
export const VENDOR_SCRIPT = new URL('../../../vendor/scalar-api-reference/standalone.js.br', import.meta.url);

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

/** The page's settings for the bundle: vendor fonts, buttons, toolbar, AI and telemetry off. */
function configuration(prefix: string) {
  return {
    url: `${prefix}/openapi.json`,
    title: 'Crewbase API',
    withDefaultFonts: false, // the default loads Inter and JetBrains Mono from the vendor's font host
    favicon: FAVICON,
    hideClientButton: true, // "Open API Client": the vendor's hosted client
    showDeveloperTools: 'never', // the vendor toolbar shown on localhost (share, deploy, register)
    telemetry: false,
    agent: { disabled: true }, // "Ask AI" calls the vendor's service
    mcp: { disabled: true },
    documentDownloadType: 'json',
    defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  };
}

/** The page, as the vendor's own integrations write it for the standalone bundle (script, then start-up call). */
function pageHtml(prefix: string, scriptUrl: string): string {
  // `<` escaped, so no value can close the inline script.
  const config = JSON.stringify(configuration(prefix), null, 2).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html>
  <head>
    <title>Crewbase API reference</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <style type="text/css">${CUSTOM_CSS}</style>
  </head>
  <body>
    <div id="app"></div>
    <script src="${scriptUrl}"></script>
    <script type="text/javascript">
      Scalar.createApiReference('#app', ${config})
    </script>
  </body>
</html>`;
}

/** The bundle in its three forms: the stored brotli bytes, and the plain and gzip ones made from them once. */
interface Script {
  brotli: Buffer;
  plain: Precompressed;
}

export async function registerReferencePage(app: FastifyInstance, prefix: `/${string}`): Promise<void> {
  const routePrefix = `${prefix}/docs`;
  const scriptUrl = `${routePrefix}/js/scalar.js`;
  const html = pageHtml(prefix, scriptUrl);
  const policy = pagePolicy(html);

  let script: Promise<Script> | undefined;
  const loadScript = () =>
    (script ??= (async () => {
      const brotli = await readFile(VENDOR_SCRIPT);
      return { brotli, plain: precompressed(await promisify(brotliDecompress)(brotli)) };
    })().catch((error) => {
      script = undefined; // tried again at the next request
      throw error;
    }));

  // `${prefix}/docs` is the page too (the server ignores trailing slashes); the script's address is absolute.
  app.get(`${routePrefix}/`, PAGE_ROUTE, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', policy).send(html),
  );
  app.get(scriptUrl, PAGE_ROUTE, async (request: FastifyRequest, reply: FastifyReply) => {
    const { brotli, plain } = await loadScript();
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600');
    varyOnEncoding(reply);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotli);
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await plain.encoded('gzip'));
    return reply.send(plain.body);
  });
}
