// A stored record as the API shows it: every field (schema-shapes.ts presentFields), the document
// over the unset fields' defaults, plus the common entity fields. Events carry the same shape.
// resource-store.ts recordJson builds the same in SQL (test/resources/api-shape-agreement.test.ts).
import type { TObject } from 'typebox';
import type { EntityColumn } from './entity-table.js';
import { recordOf, type LooseDoc, type Resource, type StoredRecord } from './define-resource.js';
import { responseDefaults } from './schema-shapes.js';

const defaults = new WeakMap<Resource, Record<string, unknown>>();

/** What each field of the resource's answer is while the record does not hold it (null, [], a default). */
export function unsetFields(resource: Resource): Record<string, unknown> {
  let unset = defaults.get(resource);
  if (!unset) defaults.set(resource, (unset = responseDefaults(resource.response)));
  return unset;
}

const isoTime = (value: Date | string) => new Date(value).toISOString();

/**
 * The common entity fields of a row, from its ENTITY_COLUMNS: what crewbase_entity_json builds in
 * SQL (migrations 0002, 0012).
 */
export function entityFields(row: Pick<StoredRecord, EntityColumn>) {
  return {
    _id: row.id,
    number: Number(row.number),
    companyId: row.company_id,
    status: {
      status: row.status_code,
      createdAt: isoTime(row.created_at),
      createdBy: row.created_by ?? null,
      lastModifiedAt: isoTime(row.modified_at),
      lastModifiedBy: row.modified_by ?? null,
    },
    chatId: row.chat_id ?? null,
  };
}

/** The record as the API shows it, before the resource's toApi hook: what recordJson() builds in SQL. */
export function storedShape<S extends TObject>(resource: Resource<S>, record: StoredRecord<object>): LooseDoc {
  return { ...unsetFields(resource), ...record.doc, ...entityFields(record) };
}

export function toApi<S extends TObject>(resource: Resource<S>, record: StoredRecord<object>): LooseDoc {
  const api = storedShape(resource, record);
  return resource.hooks?.toApi ? resource.hooks.toApi(recordOf(resource, record), api) : api;
}
