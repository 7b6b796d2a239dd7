// The CSV columns of a collection, derived from its resource schema: every scalar field (dotted for
// nested objects, `address.street`) and every list of strings (`tags`, one cell, items split at `|`).
// Free-form objects and lists of objects have no column. The record's `number` comes first: it is
// the external key that makes a re-import update the record instead of adding another.

export type ColumnKind = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'date-time' | 'list';

export interface Column {
  /** The API field path, also the default header. */
  path: string;
  kind: ColumnKind;
  /** Written but never read back (passwords): imported, not exported. */
  writeOnly: boolean;
}

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  writeOnly?: boolean;
  'x-dateOrDateTime'?: boolean;
}

function kindOf(schema: JsonSchema): ColumnKind | undefined {
  if (schema.anyOf?.every((option) => typeof option.const === 'string')) return 'string';
  if (schema.type === 'string') {
    if (schema['x-dateOrDateTime'] || schema.format === 'date') return 'date';
    return schema.format === 'date-time' ? 'date-time' : 'string';
  }
  if (schema.type === 'number' || schema.type === 'integer' || schema.type === 'boolean') return schema.type;
  if (schema.type === 'array' && schema.items && kindOf(schema.items) === 'string') return 'list';
  return undefined;
}

export function columnsOf(schema: object, options: { withNumber: boolean }): Column[] {
  const columns: Column[] = options.withNumber ? [{ path: 'number', kind: 'integer', writeOnly: false }] : [];
  const walk = (properties: Record<string, JsonSchema>, prefix: string) => {
    for (const [name, field] of Object.entries(properties)) {
      const path = prefix + name;
      const kind = kindOf(field);
      if (kind) columns.push({ path, kind, writeOnly: Boolean(field.writeOnly) });
      else if (field.type === 'object' && field.properties && field.additionalProperties !== true)
        walk(field.properties, `${path}.`);
    }
  };
  walk((schema as JsonSchema).properties ?? {}, '');
  return columns;
}

export interface ColumnMapping {
  /** Per CSV column (by position): the API column it fills, or undefined when the column is ignored. */
  targets: Array<Column | undefined>;
}

/**
 * Which API field each CSV column fills: the mapping's entry for its header (null: ignore the
 * column), else the field whose path equals the header ignoring case. Errors (for a 400) name
 * unknown headers and fields and fields filled twice.
 */
export function mapColumns(
  header: string[],
  columns: Column[],
  mapping: Record<string, string | null> | undefined,
): { mapping: ColumnMapping; errors: Array<{ path: string; message: string }> } {
  const byPath = new Map(columns.map((column) => [column.path.toLowerCase(), column]));
  const errors: Array<{ path: string; message: string }> = [];
  const headers = new Set(header);
  for (const key of Object.keys(mapping ?? {}))
    if (!headers.has(key)) errors.push({ path: `mapping.${key}`, message: 'is not a column of the file' });
  const filled = new Map<string, string>();
  const targets = header.map((name) => {
    const given = mapping && Object.hasOwn(mapping, name) ? mapping[name] : name;
    if (given === null || given === '') return undefined;
    const column = byPath.get(String(given).toLowerCase());
    if (!column) {
      errors.push(
        mapping && Object.hasOwn(mapping, name)
          ? { path: `mapping.${name}`, message: `${given} is not a field that can be imported` }
          : { path: name, message: 'is not a field that can be imported; map it (or map it to null to skip it)' },
      );
      return undefined;
    }
    const other = filled.get(column.path);
    if (other !== undefined) errors.push({ path: name, message: `fills ${column.path}, as ${other} does` });
    filled.set(column.path, name);
    return column;
  });
  return { mapping: { targets }, errors };
}
