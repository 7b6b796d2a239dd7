// Compressed answers for clients that ask (Accept-Encoding: br or gzip). A Q2 day of a big company is
// hundreds of kB of JSON and the OpenAPI document over a megabyte; sent as is they take seconds on a slow link.
// - JSON answers over MIN_BYTES are compressed per request, at a level cheap in CPU (brotli 4, gzip 6),
//   in zlib's thread pool so the event loop goes on meanwhile. Smaller ones go as they are: the header
//   and the CPU would cost more than they save.
// - Fixed bodies (the OpenAPI document, the reference page's script) are compressed once per process and
//   the bytes kept (precompressed), so a 4 MB script is not compressed per request.
// Every answer whose bytes depend on the header says so (Vary: Accept-Encoding), for caches in between.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this, an answer goes uncompressed (a header and a round of zlib cost more than they save). */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Per-request levels: cheap in CPU, most of the gain (brotli 11 takes about 40 ms per 100 kB). */
const DYNAMIC_BROTLI_QUALITY = 4;
const DYNAMIC_GZIP_LEVEL = 6;
/** Once-per-process levels: brotli 5 of the 3.5 MB reference script takes about 0.3 s, gzip 9 a tenth of that. */
const FIXED_BROTLI_QUALITY = 5;
const FIXED_GZIP_LEVEL = 9;

/**
 * The encoding to answer with: br before gzip when both are taken (smaller at the same CPU), none when the
 * client names neither (or refuses them with q=0). `*` counts as br.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined; // most API clients ask for none
  const taken = new Set<string>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name);
  }
  if (taken.has('br') || taken.has('*')) return 'br';
  if (taken.has('gzip') || taken.has('x-gzip')) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: Encoding, fixed: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: fixed ? FIXED_GZIP_LEVEL : DYNAMIC_GZIP_LEVEL });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: fixed ? FIXED_BROTLI_QUALITY : DYNAMIC_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Adds Accept-Encoding to the answer's Vary header (keeping what is there). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;

/**
 * Compresses the JSON answers of `app`'s routes over MIN_BYTES. Register it after hooks that read the
 * payload as text (idempotency stores the answer): onSend hooks run in the order they were added.
 */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook, not an async one: most answers pass unchanged, without a promise and a turn of the event loop each.
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = encodingOf(request, reply, payload);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
    compress(bytes, encoding, false).then((body) => done(null, body), done);
  });
}

/** The encoding the answer is sent in: none for streams, framed bodies, other types, small answers, or a client that takes none. */
function encodingOf(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined; // streams, empty answers
  // A route that frames its own body (a stored document with its length or a range) is left as it is.
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-length')) return undefined;
  if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return undefined;
  // Measured, not copied: most answers go as they are, and copying each into a buffer costs as much.
  if ((typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length) <= MIN_BYTES) return undefined;
  varyOnEncoding(reply);
  return acceptedEncoding(request.headers['accept-encoding']);
}

/** A fixed body and its compressed forms, each made at its first use and then kept. */
export interface Precompressed {
  readonly body: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function precompressed(body: Buffer): Precompressed {
  const made = new Map<Encoding, Promise<Buffer>>();
  return {
    body,
    encoded(encoding) {
      let bytes = made.get(encoding);
      if (!bytes) {
        bytes = compress(body, encoding, true);
        bytes.catch(() => made.delete(encoding)); // tried again at the next request
        made.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/** Sends a fixed body in the encoding the client takes (the caller sets its type and other headers). */
export async function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, fixed: Precompressed) {
  varyOnEncoding(reply);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || fixed.body.length <= MIN_BYTES) return reply.send(fixed.body);
  const bytes = await fixed.encoded(encoding);
  return reply.header('content-encoding', encoding).send(bytes);
}
