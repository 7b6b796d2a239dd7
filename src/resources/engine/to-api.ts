// A stored record as the API shows it (schema-shapes.ts presentFields): the document over the
// declared defaults of unset fields, plus the common entity fields; no null for an unset field.
// Events carry the same shape.
// resource-store.ts recordJson builds the same in SQL (test/resources/api-shape-agreement.test.ts).
import type { TObject } from 'typebox';
import type { EntityColumn } from './entity-table.js';
import { recordOf, type ApiDoc, type Resource, type StoredRecord } from './define-resource.js';
import { responseDefaults } from './schema-shapes.js';

const defaults = new WeakMap<Resource, Record<string, unknown>>();

/** What a field of the resource's answer is while the record does not hold it ([], a declared default). */
export function unsetFields(resource: Resource): Record<string, unknown> {
  let unset = defaults.get(resource);
  if (!unset) defaults.set(resource, (unset = responseDefaults(resource.response)));
  return unset;
}

const isoTime = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A row's common columns but company_id, its timestamps as Dates or as the database's text of them. */
export type EntityColumns = Omit<
  Pick<StoredRecord, Exclude<EntityColumn, 'company_id'>>,
  'created_at' | 'modified_at'
> & {
  created_at: Date | string;
  modified_at: Date | string;
};

/**
 * The common entity fields of a row, from its ENTITY_COLUMNS: what crewbase_entity_json builds in
 * SQL (migrations 0002, 0012), with null where a column is null (entityFields leaves them out).
 * `writeTime` writes a timestamp (a read that selected them as text passes its own writer).
 */
export function entityValue(
  row: EntityColumns,
  companyId: string | null = (row as StoredRecord).company_id,
  writeTime: (value: Date | string) => string = isoTime,
) {
  return {
    _id: row.id,
    number: Number(row.number),
    companyId,
    status: {
      status: row.status_code,
      createdAt: writeTime(row.created_at),
      createdBy: row.created_by,
      lastModifiedAt: writeTime(row.modified_at),
      lastModifiedBy: row.modified_by,
    },
    chatId: row.chat_id,
  };
}

/** The common entity fields of a row without its unset ones. */
export function entityFields(row: Pick<StoredRecord, EntityColumn>) {
  return withoutNulls(entityValue(row));
}

/**
 * The value without object members that are null, at every depth (what jsonb_strip_nulls does in
 * SQL): an unset field is absent, never null. The serializer would otherwise write a null as ""
 * or 0 where the schema says string or number.
 */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const kept: Record<string, unknown> = {};
  // Keys, not entries: no pair array per member (a list of 100 records made thousands).
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== null) kept[key] = withoutNulls(member);
  }
  return kept as T;
}

/** The record as the API shows it, before the resource's toApi hook: what recordJson() builds in SQL. */
export function storedShape<S extends TObject>(resource: Resource<S>, record: StoredRecord<object>): ApiDoc {
  // Object.assign, not spreads: on Node 20, `{ ...a, ...b }` took 35-45 µs per record with a document of
  // 19 fields (2, 13 and 118 µs for 2, 10 and 40 fields), Object.assign about 3 µs.
  return Object.assign({}, unsetFields(resource), withoutNulls(record.doc), entityFields(record));
}

export function toApi<S extends TObject>(resource: Resource<S>, record: StoredRecord<object>): ApiDoc {
  const api = storedShape(resource, record);
  return resource.hooks?.toApi ? withoutNulls(resource.hooks.toApi(recordOf(resource, record), api)) : api;
}
