// A resource is declared once; the engine derives its routes, schemas, filters and storage.
import type { TObject } from 'typebox';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { assertArea, type Area } from '../../platform/http/permissions.js';
import { buildFieldIndex, type FieldIndex } from '../../platform/http/field-index.js';
import { DEFAULT_LIST, type ListOptions } from '../../platform/http/list-query.js';
import { acceptIgnored, ignoredFields, optionalNullable, type IgnoredTree, type WriteMode } from './common-fields.js';
import { closed, entityResponse, mergePatch } from './schema-shapes.js';
import type { EntityTableName } from './entity-table.js';

export interface StoredRecord {
  company_id: string;
  id: string;
  number: number;
  doc: Record<string, any>;
  status_code: number;
  created_at: Date;
  created_by: string | null;
  modified_at: Date;
  modified_by: string | null;
  chat_id: string | null;
  [column: string]: unknown;
}

export interface PrepareInput {
  /** The document to be stored: the body on create, the merged document on update. */
  doc: Record<string, any>;
  /** The record before the change (update only). */
  previous?: StoredRecord;
}

export interface Prepared {
  doc: Record<string, any>;
  /** Extra columns of the resource's table (credentials, promoted fields). */
  columns?: Record<string, unknown>;
}

export interface ResourceHooks {
  /** Checks and completes a document inside the write's transaction. */
  prepare?(tx: TenantTx, ctx: RequestContext, input: PrepareInput): Promise<Prepared>;
  /** Work that follows a create or update in the same transaction (e.g. re-planning jobs). */
  afterWrite?(
    tx: TenantTx,
    ctx: RequestContext,
    change: { id: string; doc: Record<string, any>; previous?: StoredRecord },
  ): Promise<void>;
  /** Work that follows a delete in the same transaction. */
  afterDelete?(tx: TenantTx, ctx: RequestContext, record: StoredRecord): Promise<void>;
  /** Refuses a delete (e.g. still referenced) inside the delete's transaction. */
  beforeDelete?(tx: TenantTx, ctx: RequestContext, record: StoredRecord): Promise<void>;
  /** Adds read-only fields kept in columns to the API shape. */
  toApi?(record: StoredRecord, api: Record<string, any>): Record<string, any>;
}

export interface ResourceDeclaration {
  /** Singular name for messages, e.g. `customer`. */
  name: string;
  /** Path segment under /v2, e.g. `customers`. */
  collection: string;
  table: EntityTableName;
  /** Permission area checked for read and write. */
  area: Area;
  /** The writable fields (without the common entity fields). */
  schema: TObject;
  description?: string;
  /** Webhook entity name (spec: Webhook.entity), for the event outbox. */
  webhookEntity?: string;
  /** Field holding the owning user's id, for `own` permission levels; `_id` for users. */
  ownerField?: string;
  /**
   * Hot filter and sort fields kept in real (indexed) columns besides the document:
   * field path -> column. The engine writes them on every insert and update.
   */
  columns?: Record<string, string>;
  /** The client may choose `number` on create (auto-generated when absent). */
  acceptsNumber?: boolean;
  list?: Partial<ListOptions>;
  /** Extra read-only response fields. */
  readOnly?: Record<string, object>;
  /**
   * Why a stored record no longer changes for callers below `all` write level (e.g. a manager
   * approved it): the 409's text, or undefined while it may. Checked on PATCH and DELETE.
   */
  lockedWhen?(doc: Record<string, any>): string | undefined;
  hooks?: ResourceHooks;
}

export interface Resource extends ResourceDeclaration {
  readonly fields: FieldIndex;
  readonly listOptions: ListOptions;
  readonly createBody: object;
  readonly patchBody: object;
  /** What create and PATCH bodies may carry that the server ignores (common-fields.ts). */
  readonly ignored: Record<WriteMode, IgnoredTree>;
  readonly response: object;
}

export function defineResource(declaration: ResourceDeclaration): Resource {
  assertArea(declaration.area, `resource ${declaration.collection}`);
  const schema = declaration.schema as unknown as Record<string, any>;
  const ignored = { create: ignoredFields(declaration, 'create'), patch: ignoredFields(declaration, 'patch') };
  const createBody = optionalNullable(
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
  );
  return {
    ...declaration,
    fields: buildFieldIndex(
      { ...schema, properties: { ...declaration.readOnly, ...schema.properties } },
      declaration.columns,
    ),
    listOptions: { ...DEFAULT_LIST, ...declaration.list },
    createBody,
    patchBody: mergePatch(acceptIgnored(schema, ignored.patch)),
    ignored,
    response: entityResponse(schema, declaration.readOnly),
  };
}
