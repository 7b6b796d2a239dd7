// A stored record as the API shows it: every field (schema-shapes.ts presentFields), the document
// over the unset fields' defaults, plus the common entity fields. Events carry the same shape.
import type { Resource, StoredRecord } from './define-resource.js';
import { responseDefaults } from './schema-shapes.js';

const defaults = new WeakMap<Resource, Record<string, unknown>>();

/** What each field of the resource's answer is while the record does not hold it (null, [], a default). */
export function unsetFields(resource: Resource): Record<string, unknown> {
  let unset = defaults.get(resource);
  if (!unset) defaults.set(resource, (unset = responseDefaults(resource.response as Record<string, any>)));
  return unset;
}

export function toApi(resource: Resource, record: StoredRecord): Record<string, any> {
  const api: Record<string, any> = {
    ...unsetFields(resource),
    ...record.doc,
    _id: record.id,
    number: Number(record.number),
    companyId: record.company_id,
    status: {
      status: record.status_code,
      createdAt: new Date(record.created_at).toISOString(),
      createdBy: record.created_by ?? null,
      lastModifiedAt: new Date(record.modified_at).toISOString(),
      lastModifiedBy: record.modified_by ?? null,
    },
    chatId: record.chat_id ?? null,
  };
  return resource.hooks?.toApi ? resource.hooks.toApi(record, api) : api;
}
