// A stored record as the API shows it: the document plus the common entity fields.
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
      ...(record.created_by ? { createdBy: record.created_by } : {}),
      lastModifiedAt: new Date(record.modified_at).toISOString(),
      ...(record.modified_by ? { lastModifiedBy: record.modified_by } : {}),
    },
    ...(record.chat_id ? { chatId: record.chat_id } : {}),
  };
  return resource.hooks?.toApi ? resource.hooks.toApi(record, api) : api;
}
