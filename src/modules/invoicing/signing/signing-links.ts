// Signing through a link that needs no account: single use, expiring, stored only as its hash
// (client_links). One mechanism for every signable record (service reports, offers, assignment
// confirmations); each kind says when it may be signed, what the customer sees and what signing
// does to it. Creating a link needs write access to the record's area; reading and signing need
// only the token. A used, expired or unknown token is 404 alike.
import { createHash, randomBytes } from 'node:crypto';
import { Type, type Static, type TObject } from 'typebox';
import type { Database } from '../../../platform/db/database.js';
import { inAuthLookup, inTenant, type TenantTx } from '../../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import type { DocOf, ReadOnlyFields, Resource, StoredRecord } from '../../../resources/engine/define-resource.js';
import { findRecord, updateRecord } from '../../../resources/engine/resource-store.js';
import { cleanImage } from '../../../platform/images/clean-image.js';
import { sniffImageType } from '../../../platform/images/formats.js';
import { ImageRefused } from '../../../platform/images/refusal.js';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A drawn signature is small: at most 200,000 characters of base64 and 1,000,000 pixels. */
const MAX_IMAGE_CHARS = 200_000;
const MAX_IMAGE_PIXELS = 1_000_000;
const PNG_DATA_URL = 'data:image/png;base64,';

export const signBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: "the signer's name" }),
    image: Type.Optional(
      Type.String({
        maxLength: MAX_IMAGE_CHARS,
        pattern: '^data:image/png;base64,[A-Za-z0-9+/]+={0,2}$',
        description: 'the drawn signature as a PNG data URL (printed on the document)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SignBody = Static<typeof signBody>;

/** What signing stores on the record. */
export interface Signature {
  name: string;
  signedAt: string;
  image?: string;
}

/** A kind of record the customer can sign, typed by its resource's document. */
export interface SigningTarget<S extends TObject = TObject, R extends ReadOnlyFields = ReadOnlyFields> {
  resource: Resource<S, R>;
  /** Why the record cannot be signed (409), or undefined when it can. */
  refusal(doc: DocOf<S, R>): string | undefined;
  /** The record as the customer sees it (no internal ids). */
  view(record: StoredRecord<DocOf<S, R>>): Record<string, unknown>;
  /** The record's document once signed (state, signature). */
  signed(tx: TenantTx, doc: DocOf<S, R>, signature: Signature): Promise<DocOf<S, R>>;
}

/** The image is a PNG that prints (400 on `image` otherwise): the data URL of it re-encoded, as it is stored. */
export async function checkSignatureImage(image: string | undefined): Promise<string | undefined> {
  if (image === undefined) return undefined;
  const bytes = Buffer.from(image.slice(PNG_DATA_URL.length), 'base64');
  if (sniffImageType(bytes) !== 'image/png') throw fieldError('image', 'is not a PNG image');
  try {
    const clean = await cleanImage(bytes, { maxPixels: MAX_IMAGE_PIXELS, printable: true });
    return `${PNG_DATA_URL}${clean.bytes.toString('base64')}`;
  } catch (error) {
    if (error instanceof ImageRefused) throw fieldError('image', error.reason);
    throw error;
  }
}

export function signingLinks<S extends TObject, R extends ReadOnlyFields>(
  deps: { database: Database },
  target: SigningTarget<S, R>,
) {
  const { resource } = target;

  /** A new link to the record (the token is shown once; only its hash is kept). */
  async function createLink(ctx: RequestContext, id: string, hours: number) {
    requireLevel(ctx, resource.area, 'write');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await findRecord(tx, resource, id);
      if (!record) throw NotFound(resource.name, id);
      const refusal = target.refusal(record.doc);
      if (refusal) throw Conflict(refusal);
      await tx.db
        .insertInto('client_links')
        .values({
          token_hash: hash(token),
          company_id: tx.companyId,
          resource: resource.collection,
          record_id: id,
          expires_at: expiresAt,
        })
        .execute();
    });
    return { token, path: `/v2/client/${resource.collection}/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The link, if the token is valid, unused, not expired and of this kind (the same answer otherwise: 404). */
  async function linked(token: string) {
    const link = await inAuthLookup(deps.database, (db) =>
      db.selectFrom('client_links').selectAll().where('token_hash', '=', hash(token)).executeTakeFirst(),
    );
    if (!link || link.used_at || new Date(link.expires_at) <= new Date() || link.resource !== resource.collection)
      throw NotFound('link', 'given');
    return link;
  }

  /** The linked record as the customer sees it. */
  async function linkedView(token: string) {
    const link = await linked(token);
    const record = await inTenant(deps.database, link.company_id, (tx) => findRecord(tx, resource, link.record_id));
    if (!record) throw NotFound('link', 'given');
    return target.view(record);
  }

  async function sign(token: string, body: SignBody) {
    const image = await checkSignatureImage(body.image);
    const link = await linked(token);
    await inTenant(deps.database, link.company_id, async (tx) => {
      // Using the link up and signing happen together: a second use finds it used.
      const used = await tx.db
        .updateTable('client_links')
        .set({ used_at: new Date() })
        .where('token_hash', '=', link.token_hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw NotFound('link', 'given');
      const record = await findRecord(tx, resource, link.record_id, { forUpdate: true });
      if (!record) throw NotFound('link', 'given');
      const refusal = target.refusal(record.doc);
      if (refusal) throw Conflict(refusal);
      const signature = {
        name: body.name,
        signedAt: new Date().toISOString(),
        ...(image ? { image } : {}),
      };
      await updateRecord(tx, resource, record.id, {
        doc: await target.signed(tx, record.doc, signature),
        userId: 'client',
      });
    });
    return { signed: true };
  }

  return { createLink, linkedView, sign };
}
