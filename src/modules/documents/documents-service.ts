// Filing, finding, serving and removing documents. Visibility: the documents area's level (an
// employee sees their own) and the resource's accessGroup rule (documents-resource.ts), both
// applied by the engine's reads.
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { BadRequest, Forbidden, NotFound, fieldError } from '../../platform/http/errors.js';
import { parseListQuery, type ListQuery } from '../../platform/http/list-query.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import type { Resource, StoredRecord } from '../../resources/engine/define-resource.js';
import { ownerOf, type ResourceService } from '../../resources/engine/resource-service.js';
import { findRecord, insertRecord, nextNumber, deleteRecord } from '../../resources/engine/resource-store.js';
import { toApi } from '../../resources/engine/to-api.js';
import { customers } from '../../resources/customers.js';
import { objects } from '../../resources/objects.js';
import { jobs } from '../scheduling/index.js';
import { users } from '../users/index.js';
import { absences } from '../absences/index.js';
import { complaints } from '../tasks/index.js';
import { documents } from './documents-resource.js';
import type { DocumentStorage } from './storage.js';
import { discard, receiveUpload, type Upload } from './upload.js';

/** The four associations the spec requires one of, and two more a document may carry. */
const OWNERS: Array<[string, Resource, boolean]> = [
  ['objectId', objects, true],
  ['userId', users, true],
  ['jobId', jobs, true],
  ['customerId', customers, true],
  ['absenceId', absences, false],
  ['complaintId', complaints, false],
];

export interface DocumentLimits {
  tempDir: string;
  maxBytes: number;
  types: string[];
}

export function documentsService(deps: {
  database: Database;
  storage: DocumentStorage;
  limits: DocumentLimits;
  engine: ResourceService;
}) {
  const { database, storage } = deps;

  async function upload(ctx: RequestContext, request: FastifyRequest): Promise<{ _id: string; ids: string[] }> {
    const level = requireLevel(ctx, documents.area, 'write');
    const received: Upload = await receiveUpload(request, deps.limits);
    const stored: string[] = [];
    try {
      const { fields, files } = received;
      if (!OWNERS.some(([field, , required]) => required && fields[field])) {
        throw BadRequest(
          'A document needs at least one of objectId, userId, jobId, customerId',
          OWNERS.filter(([, , r]) => r).map(([path]) => ({ path, message: 'one of these is required' })),
        );
      }
      if (files.length === 0) throw fieldError('file', 'at least one file part is required');
      if (level === 'own' && !fields.userId) throw fieldError('userId', 'your own user id is required');
      if (level === 'own' && fields.userId !== ctx.userId)
        throw Forbidden('You may only upload documents of your own (userId: your id)');
      const ids = await inTenant(database, ctx.companyId, async (tx) => {
        for (const [field, resource] of OWNERS) {
          const value = fields[field];
          if (value === undefined) continue;
          if (!/^[0-9a-f]{24}$/.test(value)) throw fieldError(field, 'must be a 24-character hex id');
          if (!(await findRecord(tx, resource, value))) throw NotFound(resource.name, value);
        }
        const created: string[] = [];
        for (const file of files) {
          const id = newObjectId();
          const key = `${tx.companyId}/${id}`;
          const doc = {
            fileName: file.fileName,
            name: fields.name ?? file.fileName,
            ...(fields.accessGroup ? { accessGroup: fields.accessGroup } : {}),
            ...Object.fromEntries(OWNERS.filter(([f]) => fields[f]).map(([f]) => [f, fields[f]])),
            url: `/v2/documents/${id}/file`,
            contentType: file.contentType,
            size: file.size,
            sha256: file.sha256,
          };
          await insertRecord(tx, documents, {
            id,
            number: await nextNumber(tx, documents.collection),
            doc,
            userId: ctx.userId,
            chatId: newObjectId(),
            columns: { storage_key: key, size_bytes: file.size, content_type: file.contentType },
          });
          await storage.put(key, file.tempPath);
          stored.push(key);
          created.push(id);
        }
        return created;
      });
      return { _id: ids[0]!, ids };
    } catch (error) {
      await Promise.all(stored.map((key) => storage.remove(key)));
      throw error;
    } finally {
      await discard(received);
    }
  }

  async function list(ctx: RequestContext, query: Record<string, unknown>, extra: RawBuilder<boolean>[] = []) {
    const listQuery: ListQuery = parseListQuery(query, documents.fields, documents.listOptions);
    listQuery.where.push(...extra); // the engine adds who may see which (documents-resource.ts, visibleTo)
    return deps.engine.search(ctx, listQuery);
  }

  // sql: the list query's conditions are sql fragments (the engine's ListQuery.where)
  async function get(ctx: RequestContext, id: string) {
    const { items } = await list(ctx, {}, [sql<boolean>`id = ${id}`]);
    if (!items[0]) throw NotFound('document', id);
    return items[0];
  }

  /**
   * The documents of an object, user, job or customer; for a job with includeObject also its object's.
   * sql: the owner's column is chosen at run time, a condition of the engine's list query.
   */
  async function of(ctx: RequestContext, owner: Resource, ownerId: string, includeObject: boolean) {
    const level = requireLevel(ctx, owner.area, 'read');
    const record = await inTenant(database, ctx.companyId, (tx) => findRecord(tx, owner, ownerId));
    // `own` readers reach only their own records (a user themselves, their jobs), as on the record's own route.
    if (!record || (level === 'own' && ownerOf(owner, record.id, record.doc) !== ctx.userId))
      throw NotFound(owner.name, ownerId);
    const column = { objects: 'object_id', users: 'user_id', jobs: 'job_id', customers: 'customer_id' }[
      owner.collection
    ]!;
    const objectId = owner === jobs && includeObject ? record.doc.objectId : undefined;
    const match = objectId
      ? sql<boolean>`(${sql.ref(column)} = ${ownerId} OR object_id = ${objectId})`
      : sql<boolean>`${sql.ref(column)} = ${ownerId}`;
    return (await list(ctx, { limit: 1000 }, [match])).items;
  }

  /** The stored record and how to read its bytes, for a caller allowed to see it. */
  async function file(
    ctx: RequestContext,
    id: string,
  ): Promise<{ record: StoredRecord; api: Record<string, unknown> }> {
    const api = await get(ctx, id);
    const record = await inTenant(database, ctx.companyId, (tx) => findRecord(tx, documents, id));
    if (!record) throw NotFound('document', id);
    return { record, api };
  }

  async function remove(ctx: RequestContext, id: string) {
    const level = requireLevel(ctx, documents.area, 'write');
    const key = await inTenant(database, ctx.companyId, async (tx) => {
      const record = await findRecord(tx, documents, id, { forUpdate: true });
      if (!record || (level === 'own' && record.doc.userId !== ctx.userId)) throw NotFound('document', id);
      await deleteRecord(tx, documents, record, ctx.userId);
      return record.storage_key as string;
    });
    await storage.remove(key); // after the commit: a rolled-back delete keeps its file
  }

  return { upload, list, get, of, file, remove, toApi: (r: StoredRecord) => toApi(documents, r) };
}

export type DocumentsService = ReturnType<typeof documentsService>;
