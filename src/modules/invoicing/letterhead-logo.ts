// The company's logo on its printed documents: PUT the image as the raw body (image/png or
// image/jpeg, at most 256 KiB), GET it back, DELETE it. Stored in companies.settings.invoicingLogo as
// {contentType, base64}; the renderings read it with loadLogo. The type is taken from the bytes, not
// from the header alone, and the image is checked to be printable, and at most LOGO_MAX_PIXELS large,
// before it is stored.
import type { FastifyInstance } from 'fastify';
import { loadSettingsSection, saveSettingsSection } from '../../platform/db/companies.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { BadRequest, HttpError, NotFound } from '../../platform/http/errors.js';
import { contextOf, requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { DELETED_RESPONSE, SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { pngProblem, pngSize, sniffLogoType, type LogoType } from './pdf/logo-image.js';

export const LOGO_MAX_BYTES = 256 * 1024;
/** Width × height: a few bytes of PNG or JPEG can declare an image whose decoding takes gigabytes. */
export const LOGO_MAX_PIXELS = 4_000_000;
const TYPES: LogoType[] = ['image/png', 'image/jpeg'];
const URL = '/company/invoicingSettings/logo';
const tags = ['company'];

const unsupported = (detail: string) => new HttpError(415, 'Unsupported Media Type', detail);

/** The stored logo's bytes, or undefined when the company has none. */
export async function loadLogo(tx: TenantTx): Promise<Uint8Array | undefined> {
  const stored = await storedLogo(tx);
  return stored ? Buffer.from(stored.base64, 'base64') : undefined;
}

interface StoredLogo {
  contentType: LogoType;
  base64: string;
}

const storedLogo = (tx: TenantTx) => loadSettingsSection<StoredLogo>(tx, 'invoicingLogo');

/** The image type of an upload, or the 4xx that says why it cannot be a logo. */
function checkLogo(body: unknown, declared: string | undefined): { type: LogoType; image: Buffer } {
  if (!Buffer.isBuffer(body)) throw unsupported(`The body must be the image itself, as ${TYPES.join(' or ')}`);
  if (!body.length) throw BadRequest('The body is empty; send the image');
  const type = sniffLogoType(body);
  if (!type) throw unsupported(`The body is not a PNG or JPEG image; allowed: ${TYPES.join(', ')}`);
  if (declared !== type)
    throw BadRequest(`The body is ${type === 'image/png' ? 'a PNG' : 'a JPEG'} but was sent as ${declared}`);
  if (type === 'image/png') {
    const size = pngSize(body);
    if (!size) throw BadRequest('The PNG cannot be printed: it does not start with its image header (IHDR)');
    tooManyPixels(size);
    const problem = pngProblem(body);
    if (problem) throw BadRequest(`The PNG cannot be printed: ${problem}`);
  } else {
    const frame = jpegFrame(body);
    if (frame === undefined) throw BadRequest('The JPEG cannot be printed: it has no frame header');
    tooManyPixels(frame);
    // A CMYK image would need a CMYK output intent in the PDF/A (ZUGFeRD) file; ours is sRGB.
    if (frame.channels === 4) throw BadRequest('The JPEG is in CMYK; save it as RGB');
  }
  return { type, image: body };
}

/** Refuses an image without pixels or with more than LOGO_MAX_PIXELS, before anything decodes it. */
function tooManyPixels({ width, height }: { width: number; height: number }) {
  if (!width || !height) throw BadRequest('The image has no pixels (its width or height is 0)');
  if (width * height > LOGO_MAX_PIXELS)
    throw BadRequest(
      `The image has ${width} × ${height} pixels; at most ${LOGO_MAX_PIXELS} (for example 2000 × 2000) are accepted`,
    );
}

/** Width, height and colour channels from a JPEG's frame header (SOF), or undefined when there is none. */
function jpegFrame(bytes: Buffer): { width: number; height: number; channels: number } | undefined {
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) {
      pos++;
      continue;
    }
    const marker = bytes[pos + 1]!;
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = bytes.readUInt16BE(pos + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame)
      return pos + 9 < bytes.length
        ? { height: bytes.readUInt16BE(pos + 5), width: bytes.readUInt16BE(pos + 7), channels: bytes[pos + 9]! }
        : undefined;
    if (marker === 0xda) return undefined; // image data before any frame header
    pos += 2 + length;
  }
  return undefined;
}

/** Uploading, reading and removing the logo (company settings: read to see it, write to change it). */
export function letterheadLogo(deps: { database: Database }) {
  async function upload(ctx: RequestContext, body: unknown, declaredType: string | undefined) {
    requireLevel(ctx, 'company', 'write');
    const { type, image } = checkLogo(body, declaredType);
    const logo: StoredLogo = { contentType: type, base64: image.toString('base64') };
    await inTenant(deps.database, ctx.companyId, (tx) => saveSettingsSection(tx, 'invoicingLogo', logo));
    return { contentType: type, bytes: image.length };
  }

  async function read(ctx: RequestContext): Promise<{ contentType: LogoType; bytes: Buffer }> {
    requireLevel(ctx, 'company', 'read');
    const stored = await inTenant(deps.database, ctx.companyId, (tx) => storedLogo(tx));
    if (!stored) throw NotFound('logo');
    return { contentType: stored.contentType, bytes: Buffer.from(stored.base64, 'base64') };
  }

  async function remove(ctx: RequestContext) {
    requireLevel(ctx, 'company', 'write');
    await inTenant(deps.database, ctx.companyId, (tx) => saveSettingsSection(tx, 'invoicingLogo', undefined));
  }

  return { upload, read, remove };
}

export function registerLogoRoutes(app: FastifyInstance, deps: { database: Database }) {
  const logo = letterheadLogo(deps);
  // The raw image parsers live in a scope of their own: no other route accepts an image body.
  void app.register(async (scope) => {
    scope.addContentTypeParser(TYPES, { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    scope.put(
      URL,
      {
        bodyLimit: LOGO_MAX_BYTES,
        schema: {
          tags,
          summary: 'Upload the logo printed on documents (raw body: image/png or image/jpeg)',
          security: SECURITY,
          consumes: TYPES,
          description: `The image itself as the body, at most ${LOGO_MAX_BYTES} bytes (413) and ${LOGO_MAX_PIXELS} pixels (400); the type must be PNG or JPEG by its content (415). Printed top right in a 160 × 60 pt box.`,
          response: {
            200: { type: 'object', properties: { contentType: { type: 'string' }, bytes: { type: 'integer' } } },
            ...errorResponses([413, 415]),
          },
        },
      },
      async (request) =>
        logo.upload(
          contextOf(request),
          request.body,
          request.headers['content-type']?.split(';')[0]?.trim().toLowerCase(),
        ),
    );

    scope.get(
      URL,
      {
        schema: {
          tags,
          summary: 'The logo printed on documents',
          security: SECURITY,
          response: { 200: { type: 'string', format: 'binary' }, ...errorResponses([404]) },
        },
      },
      async (request, reply) => {
        const { contentType, bytes } = await logo.read(contextOf(request));
        return reply.type(contentType).send(bytes);
      },
    );

    scope.delete(
      URL,
      {
        schema: {
          tags,
          summary: 'Remove the logo from documents',
          security: SECURITY,
          response: { 200: DELETED_RESPONSE, ...errorResponses() },
        },
      },
      async (request) => {
        await logo.remove(contextOf(request));
        return { deleted: true };
      },
    );
  });
}
