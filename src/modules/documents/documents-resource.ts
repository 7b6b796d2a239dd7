// Documents: files filed with an object, user, job or customer. The record holds what the API
// shows; the bytes are in the storage (storage.ts) under a key the server makes.
import { sql } from 'kysely';
import { Type } from 'typebox';
import { levelOf } from '../../platform/http/request-context.js';
import { findGroup } from '../../resources/access-groups.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { opt, text } from '../../resources/engine/fields.js';
import { userAccessGroupId } from '../users/index.js';

const ref = { type: 'string', pattern: '^[0-9a-f]{24}$' };

export const documents = defineResource({
  name: 'document',
  collection: 'documents',
  table: 'documents',
  area: 'documents',
  ownerField: 'userId',
  // A document naming an access group is seen by that group's members and by managers (documents
  // write level all); its GET, the lists and the search all apply this (engine/read-rule.ts).
  // sql: a condition on the document's JSON, as the engine's list conditions are.
  async visibleTo(tx, ctx) {
    if (levelOf(ctx.permissions, 'documents', 'write') === 'all') return undefined;
    const group = ctx.kind === 'user' ? await findGroup(tx, await userAccessGroupId(tx, ctx.userId)) : undefined;
    return sql<boolean>`(doc->>'accessGroup' IS NULL OR doc->>'accessGroup' = ${group?.name ?? null})`;
  },
  // Only these change after the upload; the file and its associations are fixed.
  schema: Type.Object({
    name: opt(text(300, { description: 'display name' })),
    accessGroup: opt(
      text(100, { description: 'name of the access group whose members see the document (managers always do)' }),
    ),
  }),
  readOnly: {
    fileName: { type: 'string', description: 'the original file name, for display only' },
    url: { type: 'string', description: 'where the file is served' },
    objectId: ref,
    userId: ref,
    jobId: ref,
    customerId: ref,
    absenceId: ref,
    complaintId: ref,
    uploadId: { type: 'string' },
    contentType: { type: 'string', description: 'sniffed from the content' },
    size: { type: 'integer' },
    sha256: { type: 'string' },
  },
  columns: { objectId: 'object_id', userId: 'user_id', jobId: 'job_id', customerId: 'customer_id' },
});
