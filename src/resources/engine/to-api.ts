// A stored record as the API shows it: the document plus the common entity fields (unset ones
// null). Unset fields of the document are filled by the response serializer (schema-shapes.ts).
import type { Resource, StoredRecord } from './define-resource.js';

export function toApi(resource: Resource, record: StoredRecord): Record<string, any> {
  const api: Record<string, any> = {
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
