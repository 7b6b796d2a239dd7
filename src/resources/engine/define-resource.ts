// A resource is declared once; the engine derives its routes, schemas, filters and storage.
import type { RawBuilder } from 'kysely';
import type { Static, TObject, TSchema, TUnsafe } from 'typebox';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { assertArea, type Area } from '../../platform/http/permissions.js';
import { buildFieldIndex, type FieldIndex } from '../../platform/http/field-index.js';
import { DEFAULT_LIST, type ListOptions } from '../../platform/http/list-query.js';
import { acceptIgnored, ignoredFields, optionalNullable, type IgnoredTree, type WriteMode } from './common-fields.js';
import { closed, entityResponse, mergePatch, type JsonSchema } from './schema-shapes.js';
import type { EntityTableName } from './entity-table.js';

/**
 * A stored document where the code does not know its resource: every field unknown until the reader
 * checks it (a resource's own code reads it as its DocOf).
 */
export type AnyDoc = Record<string, unknown>;

/** A record as the API answers it (toApi, GET, lists): JSON fields, unknown until the reader checks them. */
export type ApiDoc = { readonly [field: string]: unknown };

// Only TypeBox schemas (a kind, or Type.Unsafe's type) have a static type; Static would guess at a plain one.
type StaticOf<F> = F extends { '~kind': string } | { '~unsafe': unknown } ? Static<F & TSchema> : unknown;
/**
 * Read-only fields (set by actions, e.g. an absence's state): typed where declared with TypeBox
 * (or TypedFields), else unknown; required where their type excludes undefined (always set).
 */
export type ReadOnlyDoc<R> = {
  [K in keyof R as undefined extends StaticOf<R[K]> ? never : K]: StaticOf<R[K]>;
} & { [K in keyof R as undefined extends StaticOf<R[K]> ? K : never]?: StaticOf<R[K]> };

/**
 * The document of a resource declared with `schema` (and `readOnly`): its fields as the schemas type
 * them; any other stored field is unknown until the reader checks it.
 */
export type DocOf<S extends TObject, R = NoReadOnly> = Static<S> & ReadOnlyDoc<R> & Record<string, unknown>;

/** Read-only fields by name: TypeBox schemas, or plain JSON schemas (read as unknown). */
export type ReadOnlyFields = Record<string, object>;
/** A resource without read-only fields. */
export type NoReadOnly = Record<never, never>;

/** Plain JSON schemas of read-only fields, typed by a declared interface (`satisfies` checks the names). */
// keyof Required<T>: every field present, an optional one's type keeps its undefined (ReadOnlyDoc's cue).
export type TypedFields<T> = { [K in keyof Required<T>]: TUnsafe<T[K]> };

/** A row of an entity table: the common columns, the document, and the table's own columns. */
export interface StoredRecord<D extends object = AnyDoc> {
  company_id: string;
  id: string;
  number: number;
  doc: D;
  status_code: number;
  created_at: Date;
  created_by: string | null;
  modified_at: Date;
  modified_by: string | null;
  chat_id: string | null;
  [column: string]: unknown;
}

/**
 * A row of the resource's table as its record: every write validated the document against the
 * resource's schema (the one place the engine trusts the database for a document's type).
 */
export function recordOf<S extends TObject, R extends ReadOnlyFields>(
  _resource: Resource<S, R>,
  row: object,
): StoredRecord<DocOf<S, R>> {
  return row as StoredRecord<DocOf<S, R>>;
}

/** A document before a write is prepared: a create body has none of the read-only fields yet. */
export type DraftOf<S extends TObject, R = NoReadOnly> = Static<S> & Partial<ReadOnlyDoc<R>> & Record<string, unknown>;

export interface PrepareInput<D extends object = AnyDoc, P extends object = D> {
  /** The document to be stored: the body on create, the merged document on update. */
  doc: P;
  /** The record before the change (update only). */
  previous?: StoredRecord<D>;
}

export interface Prepared<D extends object = AnyDoc> {
  doc: D;
  /** Extra columns of the resource's table (credentials, promoted fields). */
  columns?: Record<string, unknown>;
}

/** Hooks get the resource's document type; declared as methods, so hooks written for any document fit. */
export interface ResourceHooks<D extends object = AnyDoc, P extends object = D> {
  /**
   * Checks and completes a document inside the write's transaction. What it returns is stored as the
   * resource's document; loosely typed, as hooks build it from parts.
   */
  prepare?(tx: TenantTx, ctx: RequestContext, input: PrepareInput<D, P>): Promise<Prepared>;
  /** Work that follows a create or update in the same transaction (e.g. re-planning jobs). */
  afterWrite?(
    tx: TenantTx,
    ctx: RequestContext,
    change: { id: string; doc: D; previous?: StoredRecord<D> },
  ): Promise<void>;
  /** Work that follows a delete in the same transaction. */
  afterDelete?(tx: TenantTx, ctx: RequestContext, record: StoredRecord<D>): Promise<void>;
  /** Refuses a delete (e.g. still referenced) inside the delete's transaction. */
  beforeDelete?(tx: TenantTx, ctx: RequestContext, record: StoredRecord<D>): Promise<void>;
  /** Adds read-only fields kept in columns to the API shape. */
  toApi?(record: StoredRecord<D>, api: ApiDoc): ApiDoc;
}

export interface ResourceDeclaration<S extends TObject = TObject, R extends ReadOnlyFields = ReadOnlyFields> {
  /** Singular name for messages, e.g. `customer`. */
  name: string;
  /** Path segment under /v2, e.g. `customers`. */
  collection: string;
  table: EntityTableName;
  /** Permission area checked for read and write. */
  area: Area;
  /** The writable fields (without the common entity fields). */
  schema: S;
  description?: string;
  /** Webhook entity name (spec: Webhook.entity), for the event outbox. */
  webhookEntity?: string;
  /** Field holding the owning user's id, for `own` permission levels; `_id` for users. */
  ownerField?: string;
  /**
   * A further rule on which records a caller may read beyond the area's level (a document's
   * accessGroup): a condition over the table's columns, unqualified, or undefined for every record.
   * GET, lists and search apply it through readConditions (read-rule.ts).
   */
  visibleTo?(tx: TenantTx, ctx: RequestContext): Promise<RawBuilder<boolean> | undefined>;
  /**
   * Hot filter and sort fields kept in real (indexed) columns besides the document:
   * field path -> column. The engine writes them on every insert and update.
   */
  columns?: Record<string, string>;
  /** The client may choose `number` on create (auto-generated when absent). */
  acceptsNumber?: boolean;
  list?: Partial<ListOptions>;
  /** Extra read-only response fields. */
  readOnly?: R;
  /**
   * Why a stored record no longer changes for callers below `all` write level (e.g. a manager
   * approved it): the 409's text, or undefined while it may. Checked on PATCH and DELETE.
   */
  lockedWhen?(doc: DocOf<S, R>): string | undefined;
  hooks?: ResourceHooks<DocOf<S, R>, DraftOf<S, R>>;
}

/**
 * A write body's JSON schema (derived from the declaration), typed for routes declared on
 * typedRoutes(): their handlers get the body as an object of fields. The object itself is the plain
 * JSON schema the route serves.
 */
export type BodySchema = TUnsafe<Record<string, unknown>>;
const bodySchema = (schema: object) => schema as BodySchema;

/** A declared resource; `S`, its schema, types the documents its hooks get. */
export interface Resource<S extends TObject = TObject, R extends ReadOnlyFields = ReadOnlyFields>
  extends ResourceDeclaration<S, R> {
  readonly fields: FieldIndex;
  readonly listOptions: ListOptions;
  readonly createBody: BodySchema;
  readonly patchBody: BodySchema;
  /** What create and PATCH bodies may carry that the server ignores (common-fields.ts). */
  readonly ignored: Record<WriteMode, IgnoredTree>;
  readonly response: object;
}

const defined = new Map<string, Resource>();

/** Every resource declared so far, by collection: once the app is built, all of the app's resources. */
export function definedResources(): Resource[] {
  return [...defined.values()];
}

export function defineResource<S extends TObject, R extends ReadOnlyFields = NoReadOnly>(
  declaration: ResourceDeclaration<S, R>,
): Resource<S, R> {
  assertArea(declaration.area, `resource ${declaration.collection}`);
  const schema: JsonSchema = declaration.schema;
  const ignored = { create: ignoredFields(declaration, 'create'), patch: ignoredFields(declaration, 'patch') };
  const createBody = bodySchema(
    optionalNullable(
      closed(
        acceptIgnored(
          declaration.acceptsNumber
            ? {
                ...schema,
                properties: { ...schema.properties, number: { type: 'integer', minimum: 1, maximum: 2 ** 52 } },
              }
            : schema,
          ignored.create,
        ),
      ),
    ),
  );
  const resource: Resource<S, R> = {
    ...declaration,
    fields: buildFieldIndex(
      { ...schema, properties: { ...declaration.readOnly, ...schema.properties } },
      declaration.columns,
    ),
    listOptions: { ...DEFAULT_LIST, ...declaration.list },
    createBody,
    patchBody: bodySchema(mergePatch(acceptIgnored(schema, ignored.patch))),
    ignored,
    response: entityResponse(schema, declaration.readOnly),
  };
  defined.set(resource.collection, resource);
  return resource;
}

/**
 * The resource with hooks that need what its module receives when it is registered (another
 * module's function, given by the app's wiring): a hook named here replaces the declared one. The
 * declaration stays the resource's identity (definedResources, reads); writes go through this one.
 */
export function withHooks<S extends TObject>(resource: Resource<S>, hooks: ResourceHooks<DocOf<S>>): Resource<S> {
  return { ...resource, hooks: { ...resource.hooks, ...hooks } };
}

/**
 * A hook's dependency not given (the declaration used for a write that needs it): a programming
 * error, never a silent skip.
 */
export function notGiven(what: string, where: string): never {
  throw new Error(`${what} is given when the module is registered: write through ${where}`);
}
