// The asset routes: PUT the image as the raw body (image/png or image/jpeg), GET it back, DELETE it.
// The company's logo and letterhead band under /company/invoicingSettings/{kind}; a user's
// signature under /users/{id}/signatureImage (their own, or any user's for managers of users).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../platform/db/database.js';
import { contextOf } from '../../../platform/http/request-context.js';
import {
  DELETED_RESPONSE,
  DOCUMENTED_BODY,
  SECURITY,
  errorResponses,
  fileResponse,
} from '../../../platform/http/route-docs.js';
import { ASSET_LIMITS, ASSET_TYPES, assetService, type AssetKind } from './assets.js';

const PLACEMENT: Record<AssetKind, string> = {
  logo: 'Printed top right of every letter in a 160 × 60 pt box.',
  letterhead:
    'A band across the top of the first page of every letter (the width between the margins, at most 100 pt high), printed instead of the sender block and the logo.',
  signature:
    "Printed under the closing text of the offers the user created, at most 160 × 50 pt, over the user's name.",
};

interface Target {
  kind: AssetKind;
  url: string;
  tag: string;
  what: string;
  userOf: (request: FastifyRequest) => string;
}

const TARGETS: Target[] = [
  { kind: 'logo', url: '/company/invoicingSettings/logo', tag: 'company', what: 'the logo', userOf: () => '' },
  {
    kind: 'letterhead',
    url: '/company/invoicingSettings/letterhead',
    tag: 'company',
    what: 'the letterhead band',
    userOf: () => '',
  },
  {
    kind: 'signature',
    url: '/users/:id/signatureImage',
    tag: 'users',
    what: "the user's signature image",
    userOf: (request) => (request.params as { id: string }).id,
  },
];

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{24}$' } },
  required: ['id'],
} as const;

export function registerAssetRoutes(app: FastifyInstance, deps: { database: Database }) {
  const assets = assetService(deps);
  const largest = Math.max(...Object.values(ASSET_LIMITS).map((l) => l.bytes));
  // The raw image parsers live in a scope of their own: no other route accepts an image body.
  void app.register(async (scope) => {
    scope.addContentTypeParser(ASSET_TYPES, { parseAs: 'buffer', bodyLimit: largest }, (_request, body, done) =>
      done(null, body),
    );

    for (const { kind, url, tag, what, userOf } of TARGETS) {
      const limit = ASSET_LIMITS[kind];
      const params = kind === 'signature' ? { params: idParams } : {};
      scope.put(
        url,
        {
          bodyLimit: limit.bytes,
          schema: {
            tags: [tag],
            summary: `Upload ${what} (raw body: image/png or image/jpeg)`,
            security: SECURITY,
            consumes: ASSET_TYPES,
            [DOCUMENTED_BODY]: { type: 'string', format: 'binary', description: 'the image' },
            ...params,
            description: `The image itself as the body, at most ${limit.bytes} bytes (413) and ${limit.pixels} pixels (400); the type must be PNG or JPEG by its content (415). A new upload replaces the old. ${PLACEMENT[kind]}`,
            response: {
              200: {
                type: 'object',
                properties: { contentType: { type: 'string' }, bytes: { type: 'integer' } },
                required: ['contentType', 'bytes'],
              },
              ...errorResponses([413, 415]),
            },
          },
        },
        async (request) =>
          assets.upload(
            contextOf(request),
            kind,
            userOf(request),
            request.body,
            request.headers['content-type']?.split(';')[0]?.trim().toLowerCase(),
          ),
      );

      scope.get(
        url,
        {
          schema: {
            tags: [tag],
            summary: `${what[0]!.toUpperCase()}${what.slice(1)} as uploaded`,
            security: SECURITY,
            ...params,
            response: { 200: fileResponse(ASSET_TYPES, 'The image as uploaded'), ...errorResponses([404]) },
          },
        },
        async (request, reply) => {
          const { contentType, bytes } = await assets.read(contextOf(request), kind, userOf(request));
          return reply.type(contentType).send(bytes);
        },
      );

      scope.delete(
        url,
        {
          schema: {
            tags: [tag],
            summary: `Remove ${what} (documents rendered afterwards have none)`,
            security: SECURITY,
            ...params,
            response: { 200: DELETED_RESPONSE, ...errorResponses() },
          },
        },
        async (request) => {
          await assets.remove(contextOf(request), kind, userOf(request));
          return { deleted: true };
        },
      );
    }
  });
}
