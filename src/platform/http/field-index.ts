// Which fields of a resource can be filtered and sorted, with their type and SQL expression.
// Derived from the resource's schema, so a new field is filterable without extra code.
import { sql, type RawBuilder } from 'kysely';

export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'objectid' | 'string[]';

export interface IndexedField {
  readonly path: string;
  readonly type: FieldType;
  readonly sql: RawBuilder<unknown>;
  readonly sortable: boolean;
  /** A string field with fixed values: query parameters take a comma list. */
  readonly isEnum: boolean;
  /** A region field (`x-region`): a filter on one form (`BE`) finds the others (`DE-BE`, `Berlin`). */
  readonly isRegion?: boolean;
  /**
   * A column every record fills (a common column, or the column of a required top-level field): sorted without a
   * nulls clause, so the sort can follow the column's index (`DESC NULLS LAST` is no order a btree index reads in).
   */
  readonly neverNull?: boolean;
}

export type FieldIndex = ReadonlyMap<string, IndexedField>;

interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  writeOnly?: boolean;
  /** A day or a date-time (date-input.ts): filtered and sorted as a date. */
  'x-dateOrDateTime'?: boolean;
  /** A region field (region-fields.ts). */
  'x-region'?: unknown;
}

const SAFE_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_DEPTH = 4;

function leafType(schema: JsonSchema): FieldType | undefined {
  if (schema.anyOf) {
    const enums = schema.anyOf.filter((s) => s.enum || (s as { const?: unknown }).const !== undefined);
    if (enums.length === schema.anyOf.length) return 'string';
    return undefined;
  }
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date-time' || schema.format === 'date' || schema['x-dateOrDateTime']) return 'date';
      if (schema.pattern === '^[0-9a-f]{24}$') return 'objectid';
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return schema.items?.type === 'string' ? 'string[]' : undefined;
    default:
      return undefined;
  }
}

function docExpression(segments: string[], type: FieldType): RawBuilder<unknown> {
  const path = `'{${segments.join(',')}}'`;
  switch (type) {
    case 'number':
      return sql.raw(`(doc #>> ${path})::numeric`);
    case 'date':
      return sql.raw(`(doc #>> ${path})::timestamptz`);
    case 'boolean':
      return sql.raw(`(doc #>> ${path})::boolean`);
    case 'string[]':
      return sql.raw(`(doc #> ${path})`);
    default:
      return sql.raw(`(doc #>> ${path})`);
  }
}

function column(name: string): RawBuilder<unknown> {
  return sql.raw(name);
}

/** The common entity fields, stored in columns. */
const COMMON_FIELDS: IndexedField[] = [
  { path: '_id', type: 'objectid', sql: column('id'), sortable: true, isEnum: false, neverNull: true },
  { path: 'number', type: 'number', sql: column('number'), sortable: true, isEnum: false, neverNull: true },
  { path: 'status.status', type: 'number', sql: column('status_code'), sortable: true, isEnum: false, neverNull: true },
  { path: 'status.createdAt', type: 'date', sql: column('created_at'), sortable: true, isEnum: false, neverNull: true },
  { path: 'status.createdBy', type: 'objectid', sql: column('created_by'), sortable: true, isEnum: false },
  {
    path: 'status.lastModifiedAt',
    type: 'date',
    sql: column('modified_at'),
    sortable: true,
    isEnum: false,
    neverNull: true,
  },
  { path: 'status.lastModifiedBy', type: 'objectid', sql: column('modified_by'), sortable: true, isEnum: false },
  { path: 'chatId', type: 'objectid', sql: column('chat_id'), sortable: true, isEnum: false },
];

/** `columns`: fields kept in real columns as well as in the document (indexed filter and sort fields). */
export function buildFieldIndex(schema: JsonSchema, columns: Record<string, string> = {}): FieldIndex {
  const index = new Map<string, IndexedField>(COMMON_FIELDS.map((field) => [field.path, field]));
  const walk = (node: JsonSchema, segments: string[]) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (!SAFE_SEGMENT.test(name) || child.writeOnly) continue;
      const path = [...segments, name];
      if (child.type === 'object' && child.properties && path.length < MAX_DEPTH) {
        walk(child, path);
        continue;
      }
      const type = leafType(child);
      if (!type) continue;
      const isEnum = Boolean(child.enum || child.anyOf);
      const key = path.join('.');
      const expression = columns[key] ? column(columns[key]!) : docExpression(path, type);
      const isRegion = child['x-region'] !== undefined;
      const neverNull = Boolean(columns[key]) && segments.length === 0 && (schema.required ?? []).includes(name);
      index.set(key, { path: key, type, sql: expression, sortable: type !== 'string[]', isEnum, isRegion, neverNull });
    }
  };
  walk(schema, []);
  return index;
}
