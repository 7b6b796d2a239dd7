// The engine works on any resource's table by name. Every such table has the common entity columns
// (the migrations create them alike); the rest (promoted fields, credentials) varies per table.
import type { Kysely } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { DB } from '../../platform/db/schema.generated.js';

/** A table name of the schema whose rows are entity records (checked by the compiler per declaration). */
export type EntityTableName = {
  [K in keyof DB]: DB[K] extends { company_id: string; id: string; number: number; doc: unknown; chat_id: unknown }
    ? K
    : never;
}[keyof DB];

/**
 * The common entity columns besides the document, in the order the SQL function
 * crewbase_entity_json (migrations 0002, 0012) takes them. The API shape's common fields are built
 * from these, in TypeScript (to-api.ts entityFields) and in SQL (resource-store.ts recordJson).
 */
export const ENTITY_COLUMNS = [
  'company_id',
  'id',
  'number',
  'status_code',
  'created_at',
  'created_by',
  'modified_at',
  'modified_by',
  'chat_id',
] as const;

export type EntityColumn = (typeof ENTITY_COLUMNS)[number];

/** The engine's view of one entity table: the common columns typed, the table's own columns by name. */
export interface EntityColumns extends Record<EntityColumn, unknown> {
  company_id: string;
  id: string;
  number: number;
  doc: unknown;
  status_code: number;
  chat_id: string | null;
  created_at: Date | string;
  created_by: string | null;
  modified_at: Date | string;
  modified_by: string | null;
  [column: string]: unknown;
}

/** The transaction seen through the engine's view: one entity table per resource, chosen at run time. */
export function entityDb(tx: TenantTx): Kysely<Record<EntityTableName, EntityColumns>> {
  return tx.db as unknown as Kysely<Record<EntityTableName, EntityColumns>>;
}
