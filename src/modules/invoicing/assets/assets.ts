// Assets: the images the system itself prints. One component for every kind: the company's logo
// (top right of every letter), its letterhead band (a full-width image across the top of the first
// page, in place of the printed sender block and the logo) and each user's signature (under the
// offers that user created). One current file per kind (and user), in company_assets; a new upload
// replaces it. The type is taken from the bytes, and the image is checked to be printable, and
// within the kind's size and pixel limits, and re-encoded (platform/images) before it is stored.
import type { Database } from '../../../platform/db/database.js';
import { inTenant, readInTenant, type TenantTx } from '../../../platform/db/tenant.js';
import { BadRequest, Forbidden, HttpError, NotFound } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import { findRecord } from '../../../resources/engine/resource-store.js';
import { users } from '../../users/index.js';
import { cleanImage } from '../../../platform/images/clean-image.js';
import { sniffImageType, type ImageType } from '../../../platform/images/formats.js';
import { asHttpError, ImageRefused } from '../../../platform/images/refusal.js';

export type AssetKind = 'logo' | 'letterhead' | 'signature';

export const ASSET_TYPES: ImageType[] = ['image/png', 'image/jpeg'];

/** Per kind: at most this many bytes, and width × height (a few bytes can declare an image whose decoding takes gigabytes). */
export const ASSET_LIMITS: Record<AssetKind, { bytes: number; pixels: number }> = {
  logo: { bytes: 256 * 1024, pixels: 4_000_000 },
  // A band across an A4 page at 300 dpi is about 2480 × 600 pixels.
  letterhead: { bytes: 512 * 1024, pixels: 4_000_000 },
  signature: { bytes: 128 * 1024, pixels: 1_000_000 },
};

const unsupported = (detail: string) => new HttpError(415, 'Unsupported Media Type', detail);

/** The image of an upload, re-encoded, with its type and size, or the 4xx that says why it cannot be printed. */
export async function checkImage(kind: AssetKind, body: unknown, declared: string | undefined) {
  if (!Buffer.isBuffer(body)) throw unsupported(`The body must be the image itself, as ${ASSET_TYPES.join(' or ')}`);
  if (!body.length) throw BadRequest('The body is empty; send the image');
  const type = sniffImageType(body);
  if (!type) throw unsupported(`The body is not a PNG or JPEG image; allowed: ${ASSET_TYPES.join(', ')}`);
  if (declared !== type)
    throw BadRequest(`The body is ${type === 'image/png' ? 'a PNG' : 'a JPEG'} but was sent as ${declared}`);
  try {
    return await cleanImage(body, { maxPixels: ASSET_LIMITS[kind].pixels, printable: true });
  } catch (error) {
    throw error instanceof ImageRefused ? asHttpError(error, SUBJECTS[kind]) : error;
  }
}

const SUBJECTS: Record<AssetKind, string> = {
  logo: 'The logo',
  letterhead: 'The letterhead',
  signature: 'The signature image',
};

/** The stored image of a kind (and, for a signature, its user), or undefined. */
export async function loadAsset(
  tx: TenantTx,
  kind: AssetKind,
  userId = '',
): Promise<{ contentType: ImageType; bytes: Buffer } | undefined> {
  const row = await tx.db
    .selectFrom('company_assets')
    .select(['content_type', 'content'])
    .where('company_id', '=', tx.companyId)
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { contentType: row.content_type as ImageType, bytes: Buffer.from(row.content) } : undefined;
}

/** The images a rendering prints: logo, letterhead band and (when a signer is named) the signature. */
export async function loadPrintAssets(
  tx: TenantTx,
  signerId?: string | null,
): Promise<{ logo?: Uint8Array; letterhead?: Uint8Array; signature?: Uint8Array }> {
  const rows = await tx.db
    .selectFrom('company_assets')
    .select(['kind', 'content'])
    .where('company_id', '=', tx.companyId)
    .where((w) =>
      w.or([
        w('user_id', '=', ''),
        ...(signerId ? [w.and([w('kind', '=', 'signature'), w('user_id', '=', signerId)])] : []),
      ]),
    )
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Buffer.from(r.content)]));
}

/** Who may see or change an asset: company settings for the company's images; a signature is its user's own, or any for managers of users. */
function requireAccess(ctx: RequestContext, kind: AssetKind, userId: string, action: 'read' | 'write') {
  if (kind !== 'signature') {
    requireLevel(ctx, 'company', action);
    return;
  }
  if (userId === ctx.userId) return;
  if (requireLevel(ctx, 'users', action) !== 'all')
    throw Forbidden(`Only managers of users ${action === 'read' ? 'see' : 'change'} another user's signature`);
}

/** Uploading, reading and removing an asset; `userId` names the signer of a signature ('' otherwise). */
export function assetService(deps: { database: Database }) {
  async function requireSigner(tx: TenantTx, kind: AssetKind, userId: string) {
    if (kind === 'signature' && !(await findRecord(tx, users, userId))) throw NotFound('user', userId);
  }

  async function upload(ctx: RequestContext, kind: AssetKind, userId: string, body: unknown, declared?: string) {
    requireAccess(ctx, kind, userId, 'write');
    // Another company's user is a 404 whatever the body; the image is checked outside a transaction.
    if (kind === 'signature') await readInTenant(deps.database, ctx.companyId, (tx) => requireSigner(tx, kind, userId));
    const { type, bytes: image } = await checkImage(kind, body, declared);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const row = { content_type: type, content: image, uploaded_at: new Date(), uploaded_by: ctx.userId };
      await tx.db
        .insertInto('company_assets')
        .values({ company_id: tx.companyId, kind, user_id: userId, ...row })
        .onConflict((c) => c.columns(['company_id', 'kind', 'user_id']).doUpdateSet(row))
        .execute();
    });
    return { contentType: type, bytes: image.length };
  }

  async function read(ctx: RequestContext, kind: AssetKind, userId: string) {
    requireAccess(ctx, kind, userId, 'read');
    const stored = await readInTenant(deps.database, ctx.companyId, (tx) => loadAsset(tx, kind, userId));
    if (!stored) throw NotFound(kind === 'signature' ? 'signature image' : kind);
    return stored;
  }

  async function remove(ctx: RequestContext, kind: AssetKind, userId: string) {
    requireAccess(ctx, kind, userId, 'write');
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      await requireSigner(tx, kind, userId);
      await tx.db
        .deleteFrom('company_assets')
        .where('company_id', '=', tx.companyId)
        .where('kind', '=', kind)
        .where('user_id', '=', userId)
        .execute();
    });
  }

  return { upload, read, remove };
}
