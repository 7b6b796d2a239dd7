// The engine's service: permission checks, one transaction per write, numbering, audit.
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inTenant, readInTenant, type TenantTx } from '../../platform/db/tenant.js';
import { BadRequest, Conflict, Forbidden, NotFound, type FieldError } from '../../platform/http/errors.js';
import { parseListQuery, type ListQuery } from '../../platform/http/list-query.js';
import { requireLevel, type Level, type RequestContext } from '../../platform/http/request-context.js';
import { compileValidator } from '../../platform/http/validation.js';
import { recordAnswerInTransaction, type IdempotencyClaim } from '../../platform/http/idempotency.js';
import { newObjectId } from '../../platform/ids.js';
import type { AnyDoc, ApiDoc, Prepared, Resource, StoredRecord } from './define-resource.js';
import { createdFields, withoutIgnored } from './common-fields.js';
import { applyMergePatch } from './merge-patch.js';
import { assertReferencesExist } from './references.js';
import { normaliseRegions } from './region-fields.js';
import * as store from './resource-store.js';
import { closed } from './schema-shapes.js';
import { allOf, ownerConditionOf, readConditions } from './read-rule.js';
import { toApi } from './to-api.js';

export interface EngineDeps {
  database: Database;
}

export { toApi };

/** A document's value at a dotted path (`assignee.entityId`). */
export function valueAt(doc: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), doc);
}

/** The user a record belongs to, for `own` permission levels (undefined when the resource has no owner). */
export function ownerOf(resource: Resource, id: string, doc: object): unknown {
  if (!resource.ownerField) return undefined;
  return resource.ownerField === '_id' ? id : valueAt(doc, resource.ownerField);
}

function assertOwnDoc(ctx: RequestContext, resource: Resource, level: Level, doc: object) {
  if (level === 'all') return;
  if (!resource.ownerField || resource.ownerField === '_id' || valueAt(doc, resource.ownerField) !== ctx.userId) {
    throw Forbidden(`You may only write your own ${resource.collection}`);
  }
}

/** A record a manager settled (approved...) is no longer the author's to change or delete. */
function assertUnlocked(resource: Resource, level: Level, record: StoredRecord) {
  const reason = level === 'all' ? undefined : resource.lockedWhen?.(record.doc);
  if (reason) throw Conflict(reason);
}

async function prepare(
  tx: TenantTx,
  ctx: RequestContext,
  resource: Resource,
  doc: AnyDoc,
  previous?: StoredRecord,
): Promise<Prepared> {
  return resource.hooks?.prepare ? resource.hooks.prepare(tx, ctx, { doc, previous }) : { doc };
}

/** Creates a record inside a caller's transaction (also used by modules that create records of other resources). */
export async function createRecord(
  tx: TenantTx,
  ctx: RequestContext,
  resource: Resource,
  body: Record<string, unknown>,
): Promise<{ _id: string; number: number }> {
  const level = requireLevel(ctx, resource.area, 'write');
  // The create body's schema makes `number`, where the resource accepts one, an integer.
  const { number: supplied, ...doc } = body as { number?: number };
  assertOwnDoc(ctx, resource, level, doc);
  if (supplied !== undefined && (await store.numberTaken(tx, resource, supplied))) {
    throw Conflict(`${resource.name} number ${supplied} is already used`);
  }
  await assertReferencesExist(tx, resource.schema, doc);
  const prepared = await prepare(tx, ctx, resource, normaliseRegions(resource.schema, doc));
  const id = newObjectId();
  // A supplied number moves the sequence past it; otherwise the insert takes the next itself.
  const given = supplied === undefined ? undefined : await store.nextNumber(tx, resource.collection, supplied);
  const number = await store.insertRecord(tx, resource, {
    id,
    number: given,
    doc: prepared.doc,
    userId: ctx.userId,
    chatId: newObjectId(),
    columns: prepared.columns,
  });
  await resource.hooks?.afterWrite?.(tx, ctx, { id, doc: prepared.doc });
  return { _id: id, number };
}

/**
 * Creates a record from a client's body (a route of a module that validated it against the
 * resource's createBody): the common entity and read-only fields it may echo are dropped first, and
 * top-level nulls (unset fields of a record read back).
 */
export async function createFromBody(
  tx: TenantTx,
  ctx: RequestContext,
  resource: Resource,
  body: Record<string, unknown>,
): Promise<{ _id: string; number: number }> {
  return createRecord(tx, ctx, resource, createdFields(body, resource.ignored.create));
}

// A stored document may also hold read-only fields that actions set (a job's teamId).
const docValidators = new WeakMap<Resource, (value: unknown) => FieldError[]>();
function docValidatorOf(resource: Resource): (value: unknown) => FieldError[] {
  let validate = docValidators.get(resource);
  if (!validate) {
    const docSchema = closed(resource.schema);
    validate = compileValidator({ ...docSchema, properties: { ...resource.readOnly, ...docSchema.properties } });
    docValidators.set(resource, validate);
  }
  return validate;
}

/**
 * Applies a client's merge patch inside a caller's transaction (PATCH, and modules that update
 * records of other resources, e.g. a CSV import): its common entity and read-only fields dropped
 * first; `serverSet` are fields the calling route sets itself, which may be read-only ones.
 */
export async function updateRecord(
  tx: TenantTx,
  ctx: RequestContext,
  resource: Resource,
  id: string,
  body: Record<string, unknown>,
  serverSet: Record<string, unknown> = {},
): Promise<void> {
  const patch = { ...withoutIgnored(body, resource.ignored.patch), ...serverSet };
  const level = requireLevel(ctx, resource.area, 'write');
  const owner = ownerConditionOf(ctx, resource, level);
  const previous = await store.findRecord(tx, resource, id, { owner, forUpdate: true });
  if (!previous) throw NotFound(resource.name, id);
  assertUnlocked(resource, level, previous);
  const merged = applyMergePatch(previous.doc, patch) as Record<string, unknown>;
  assertOwnDoc(ctx, resource, level, merged);
  // A patch that changes no field (a GET answer sent back) skips the hooks: nothing marks the
  // record edited or re-plans, an issued document is not refused. Only the status stamp and the
  // UPDATE event record that it was written.
  if (isDeepStrictEqual(withoutEmptyArrays(merged), withoutEmptyArrays(previous.doc))) {
    await store.updateRecord(tx, resource, id, { doc: previous.doc, userId: ctx.userId });
    return;
  }
  // The merged document must still be a valid record (required fields, types). Fields the
  // server set (a user's access.passwordChangeDate) are not the client's to answer for.
  const errors = docValidatorOf(resource)(withoutIgnored(merged, resource.ignored.patch));
  if (errors.length) throw BadRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
  await assertReferencesExist(tx, resource.schema, merged, previous.doc);
  const prepared = await prepare(tx, ctx, resource, normaliseRegions(resource.schema, merged, previous.doc), previous);
  await store.updateRecord(tx, resource, id, { doc: prepared.doc, userId: ctx.userId, columns: prepared.columns });
  await resource.hooks?.afterWrite?.(tx, ctx, { id, doc: prepared.doc, previous });
}

/** A document without its empty arrays: answers show an unset array as `[]` (schema-shapes.ts). */
function withoutEmptyArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyArrays);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => !(Array.isArray(item) && item.length === 0))
      .map(([key, item]) => [key, withoutEmptyArrays(item)]),
  );
}

export type ResourceService = ReturnType<typeof resourceService>;

export function resourceService(deps: EngineDeps, resource: Resource) {
  const ownerCondition = (ctx: RequestContext, level: Level) => ownerConditionOf(ctx, resource, level);

  /** Creates a record; with an Idempotency-Key claim, its answer is stored in the same transaction. */
  async function create(
    ctx: RequestContext,
    body: Record<string, unknown>,
    claim?: IdempotencyClaim,
  ): Promise<{ _id: string; number: number }> {
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const created = await createFromBody(tx, ctx, resource, body);
      await recordAnswerInTransaction(tx, claim, 201, { _id: created._id });
      return created;
    });
  }

  async function get(ctx: RequestContext, id: string): Promise<ApiDoc> {
    // Reads run READ ONLY (docs/architecture.md): a write slipping into a read fails.
    const record = await readInTenant(deps.database, ctx.companyId, async (tx) =>
      store.findRecord(tx, resource, id, { owner: allOf(await readConditions(tx, ctx, resource)) }),
    );
    if (!record) throw NotFound(resource.name, id);
    return toApi(resource, record);
  }

  async function list(
    ctx: RequestContext,
    query: Record<string, unknown>,
  ): Promise<{ items: ApiDoc[]; total: number }> {
    return search(ctx, parseListQuery(query, resource.fields, resource.listOptions));
  }

  async function search(ctx: RequestContext, listQuery: ListQuery): Promise<{ items: ApiDoc[]; total: number }> {
    const { rows, total } = await readInTenant(deps.database, ctx.companyId, async (tx) => {
      listQuery.where.push(...(await readConditions(tx, ctx, resource)));
      return store.listRecords(tx, resource, listQuery);
    });
    return { items: rows.map((row) => toApi(resource, row)), total };
  }

  async function getByNumber(ctx: RequestContext, number: number): Promise<ApiDoc> {
    const rows = await readInTenant(deps.database, ctx.companyId, async (tx) => {
      // sql: the list query's conditions are sql fragments
      const where = [sql<boolean>`number = ${number}`, ...(await readConditions(tx, ctx, resource))];
      return store.listPage(tx, resource, { limit: 1, offset: 0, sort: [], where });
    });
    if (!rows[0]) throw NotFound(resource.name, number);
    return toApi(resource, rows[0]);
  }

  /** PATCH: updateRecord in a transaction of its own. */
  async function update(
    ctx: RequestContext,
    id: string,
    body: Record<string, unknown>,
    serverSet: Record<string, unknown> = {},
  ): Promise<void> {
    await inTenant(deps.database, ctx.companyId, (tx) => updateRecord(tx, ctx, resource, id, body, serverSet));
  }

  async function remove(ctx: RequestContext, id: string): Promise<void> {
    const level = requireLevel(ctx, resource.area, 'write');
    const owner = ownerCondition(ctx, level);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await store.findRecord(tx, resource, id, { owner, forUpdate: true });
      if (!record) throw NotFound(resource.name, id);
      assertUnlocked(resource, level, record);
      await resource.hooks?.beforeDelete?.(tx, ctx, record);
      await store.deleteRecord(tx, resource, record, ctx.userId);
      await resource.hooks?.afterDelete?.(tx, ctx, record);
    });
  }

  return { resource, create, get, getByNumber, list, search, update, remove };
}
