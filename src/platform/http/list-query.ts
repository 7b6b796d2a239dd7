// List conventions shared by every collection: limit/offset, sort=field:1,other:-1,
// filters named after fields (comma lists), <field>From/<field>To, and the dynamic filter.
// A list parameter takes a comma list, the parameter repeated (`ids=a&ids=b`), or both.
import { sql, type RawBuilder } from 'kysely';
import { regionForms } from '../regions.js';
import { BadRequest, fieldError } from './errors.js';
import type { FieldIndex, FieldType, IndexedField } from './field-index.js';

export interface ListOptions {
  defaultLimit: number;
  maxLimit: number;
  /** Name of the offset parameter (`offset`, or `skip` where the spec says so). */
  offsetParam: string;
  /** `sort=field:1` (default) or the payment terms' `sortKey` + `sortDirection`. */
  sortStyle: 'sort' | 'sortKey';
  defaultSort: string;
  /** Filters the spec names apart from the fields (e.g. `ids`, `objectIds`), each its own SQL. */
  namedFilters?: Record<string, NamedFilter>;
}

export interface NamedFilter {
  description: string;
  /** Takes several values (ids, states): a comma list or the parameter repeated, joined by commas for toSql. */
  list?: boolean;
  /** The condition for the parameter's raw value; throws fieldError on a bad value. */
  toSql(value: string, param: string): RawBuilder<boolean>;
}

export const DEFAULT_LIST: ListOptions = {
  defaultLimit: 100,
  maxLimit: 1000,
  offsetParam: 'offset',
  sortStyle: 'sort',
  defaultSort: 'number:1',
};

export interface SortTerm {
  field: IndexedField;
  descending: boolean;
}

export interface ListQuery {
  limit: number;
  offset: number;
  sort: SortTerm[];
  where: RawBuilder<boolean>[];
}

export interface DynamicFilter {
  field: string;
  type: string;
  op: string;
  value: unknown;
}

const OPERATORS: Record<FieldType, readonly string[]> = {
  string: ['eq', 'ne', 'in', 'contains', 'startsWith'],
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between'],
  date: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between'],
  boolean: ['eq'],
  objectid: ['eq', 'in'],
  'string[]': ['eq', 'in'],
};
const MAX_FILTERS = 20;
const MAX_LIST_VALUES = 100;
const RESERVED = new Set(['limit', 'offset', 'skip', 'sort', 'sortKey', 'sortDirection', 'filter']);

function coerce(field: IndexedField, raw: unknown, path: string): unknown {
  switch (field.type) {
    case 'number': {
      const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      if (!Number.isFinite(value)) throw fieldError(path, 'must be a number');
      return value;
    }
    case 'date': {
      const value =
        typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw))
          ? new Date(Number(raw))
          : typeof raw === 'string'
            ? new Date(raw)
            : new Date(NaN);
      const year = value.getUTCFullYear();
      if (Number.isNaN(value.getTime()) || year < 1 || year > 9999)
        throw fieldError(path, 'must be epoch milliseconds or an ISO 8601 date-time from year 1 to 9999');
      return value.toISOString();
    }
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      throw fieldError(path, 'must be true or false');
    case 'objectid':
      if (typeof raw !== 'string' || !/^[0-9a-f]{24}$/.test(raw))
        throw fieldError(path, 'must be a 24-character hex id');
      return raw;
    default:
      if (typeof raw !== 'string' && typeof raw !== 'number') throw fieldError(path, 'must be a string');
      if (String(raw).length > 500) throw fieldError(path, 'is longer than 500 characters');
      return String(raw);
  }
}

/**
 * The query-string schema of a parameter that takes several values: one value, a comma list or the
 * parameter repeated. The validator coerces a single value to a one-item array; `commaList` joins.
 */
export function listParamSchema(description: string, maxLength = 5000) {
  return {
    type: 'array',
    items: { type: 'string', maxLength },
    maxItems: MAX_LIST_VALUES,
    description: `${description}; a comma list or the parameter repeated`,
  };
}

/** A list parameter's value as one comma list (`['a,b', 'c']` → `a,b,c`). */
export function commaList(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// sql: the conditions are fragments over a document path or promoted column of any resource's table
// (field.sql), composed into whichever query lists it; the typed builder needs the table at compile time.
function condition(field: IndexedField, op: string, value: unknown, path: string): RawBuilder<boolean> {
  const expr = field.sql;
  const one = (v: unknown) => coerce(field, v, path);
  const list = (v: unknown) => {
    const values = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
    if (values.length === 0 || values.length > MAX_LIST_VALUES)
      throw fieldError(path, `takes 1 to ${MAX_LIST_VALUES} values`);
    return values.map(one);
  };
  if (field.type === 'string[]') {
    const values = op === 'in' ? list(value) : [coerce({ ...field, type: 'string' }, value, path)];
    return sql<boolean>`${expr} ?| ${sql.val(values.map(String))}::text[]`;
  }
  if (field.isRegion && (op === 'eq' || op === 'ne' || op === 'in')) {
    // Stored as sent (BY, DE-BY, Bayern, any case): compare every form of the wanted regions.
    const forms = (op === 'in' ? list(value) : [one(value)]).flatMap((v) => regionForms(String(v)));
    const matches = sql<boolean>`lower(${expr}) = ANY(${sql.val(forms)})`;
    return op === 'ne' ? sql<boolean>`(${expr} IS NULL OR NOT ${matches})` : matches;
  }
  switch (op) {
    case 'eq':
      return sql<boolean>`${expr} = ${one(value)}`;
    case 'ne':
      return sql<boolean>`${expr} IS DISTINCT FROM ${one(value)}`;
    case 'gt':
      return sql<boolean>`${expr} > ${one(value)}`;
    case 'gte':
      return sql<boolean>`${expr} >= ${one(value)}`;
    case 'lt':
      return sql<boolean>`${expr} < ${one(value)}`;
    case 'lte':
      return sql<boolean>`${expr} <= ${one(value)}`;
    case 'in':
      return sql<boolean>`${expr} = ANY(${sql.val(list(value))})`;
    case 'contains':
      return sql<boolean>`${expr} ILIKE ${`%${escapeLike(String(one(value)))}%`}`;
    case 'startsWith':
      return sql<boolean>`${expr} ILIKE ${`${escapeLike(String(one(value)))}%`}`;
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2) throw fieldError(path, 'between takes [from, to]');
      return sql<boolean>`${expr} BETWEEN ${one(value[0])} AND ${one(value[1])}`;
    }
    default:
      throw fieldError(path, `unknown operator ${op}`);
  }
}

function lookup(index: FieldIndex, name: string, path: string): IndexedField {
  const field = index.get(name);
  if (!field) throw fieldError(path, `unknown field ${name}`);
  return field;
}

export function parseSort(raw: string, index: FieldIndex, param = 'sort'): SortTerm[] {
  const terms = raw.split(',').filter(Boolean);
  if (terms.length > 5) throw fieldError(param, 'takes at most 5 fields');
  return terms.map((term) => {
    const [name = '', direction = '1'] = term.split(':');
    const field = lookup(index, name.trim(), param);
    if (!field.sortable) throw fieldError(param, `${name} cannot be sorted`);
    if (!['1', '-1', 'asc', 'desc'].includes(direction.trim()))
      throw fieldError(param, `direction of ${name} must be 1 or -1`);
    return { field, descending: ['-1', 'desc'].includes(direction.trim()) };
  });
}

export function parseDynamicFilter(raw: unknown, index: FieldIndex, param = 'filter'): RawBuilder<boolean>[] {
  let filters: unknown = raw;
  if (typeof raw === 'string') {
    try {
      filters = JSON.parse(raw);
    } catch {
      throw fieldError(param, 'must be a JSON array');
    }
  }
  if (!Array.isArray(filters)) throw fieldError(param, 'must be a JSON array of {field, type, op, value}');
  if (filters.length > MAX_FILTERS) throw fieldError(param, `takes at most ${MAX_FILTERS} conditions`);
  return filters.map((item, i) => {
    const path = `${param}[${i}]`;
    if (typeof item !== 'object' || item === null) throw fieldError(path, 'must be an object {field, type, op, value}');
    const { field: name, type, op, value } = item as DynamicFilter;
    if (typeof name !== 'string') throw fieldError(`${path}.field`, 'is required');
    const field = lookup(index, name, `${path}.field`);
    const declared = field.type === 'string[]' ? 'string' : field.type;
    if (type !== undefined && type !== declared) throw fieldError(`${path}.type`, `${name} is of type ${declared}`);
    if (!OPERATORS[field.type].includes(op)) {
      throw fieldError(`${path}.op`, `must be one of ${OPERATORS[field.type].join(', ')} for ${name}`);
    }
    return condition(field, op, value, `${path}.value`);
  });
}

const isListField = (field: IndexedField) => field.isEnum || ['objectid', 'number', 'string[]'].includes(field.type);

/** Query parameters named after fields: `field=value` (comma list for ids, numbers, enums), `<field>From` / `<field>To`. */
export function parseFieldFilters(
  query: Record<string, unknown>,
  index: FieldIndex,
  named: Record<string, NamedFilter> = {},
): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [];
  for (const [param, value] of Object.entries(query)) {
    if (RESERVED.has(param) || value === undefined) continue;
    const filter = Object.hasOwn(named, param) ? named[param] : undefined;
    if (filter) {
      where.push(filter.toSql(commaList(value), param));
      continue;
    }
    const range = /^(.*)(From|To)$/.exec(param);
    const field = index.get(param) ?? (range ? index.get(range[1]!) : undefined);
    if (!field) throw fieldError(param, 'is not a known query parameter');
    if (!index.has(param) && range) {
      if (field.type !== 'date' && field.type !== 'number')
        throw fieldError(param, 'ranges apply to dates and numbers');
      where.push(condition(field, range[2] === 'From' ? 'gte' : 'lte', value, param));
    } else {
      const text = isListField(field) ? commaList(value) : value;
      where.push(condition(field, isListField(field) && String(text).includes(',') ? 'in' : 'eq', text, param));
    }
  }
  return where;
}

export function parseListQuery(query: Record<string, unknown>, index: FieldIndex, options: ListOptions): ListQuery {
  const limit = query.limit === undefined ? options.defaultLimit : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > options.maxLimit)
    throw fieldError('limit', `must be an integer from 1 to ${options.maxLimit}`);
  const offsetRaw = query[options.offsetParam];
  const offset = offsetRaw === undefined ? 0 : Number(offsetRaw);
  if (!Number.isInteger(offset) || offset < 0)
    throw fieldError(options.offsetParam, 'must be an integer of at least 0');
  let sortText = options.defaultSort;
  if (options.sortStyle === 'sortKey' && query.sortKey !== undefined) {
    sortText = `${query.sortKey}:${query.sortDirection ?? '1'}`;
  } else if (options.sortStyle === 'sort' && query.sort !== undefined) {
    sortText = commaList(query.sort);
  }
  const sort = parseSort(sortText, index, options.sortStyle === 'sortKey' ? 'sortKey' : 'sort');
  const where = parseFieldFilters(query, index, options.namedFilters);
  if (query.filter !== undefined) where.push(...parseDynamicFilter(query.filter, index));
  return { limit, offset, sort, where };
}

/** The query-string schema of a list route: documents every parameter and rejects unknown ones. */
export function listQuerySchema(index: FieldIndex, options: ListOptions) {
  const properties: Record<string, object> = {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: options.maxLimit,
      default: options.defaultLimit,
      description: 'page size',
    },
    [options.offsetParam]: { type: 'integer', minimum: 0, default: 0, description: 'records to skip' },
  };
  if (options.sortStyle === 'sort') {
    properties.sort = { ...listParamSchema('field:1 or field:-1, dot notation for nested fields', 300), maxItems: 5 };
    properties.filter = { type: 'string', maxLength: 10000, description: 'JSON array of {field, type, op, value}' };
  } else {
    properties.sortKey = { type: 'string', maxLength: 100 };
    properties.sortDirection = { type: 'string', enum: ['1', '-1', 'asc', 'desc'] };
  }
  for (const field of index.values()) {
    const description = `filter on ${field.path} (${field.type})`;
    properties[field.path] = isListField(field)
      ? listParamSchema(description)
      : { type: 'string', maxLength: 5000, description };
    if (field.type === 'date' || field.type === 'number') {
      properties[`${field.path}From`] = { type: 'string', maxLength: 40, description: `${field.path} at or after` };
      properties[`${field.path}To`] = { type: 'string', maxLength: 40, description: `${field.path} at or before` };
    }
  }
  for (const [param, filter] of Object.entries(options.namedFilters ?? {})) {
    properties[param] = filter.list
      ? listParamSchema(filter.description)
      : { type: 'string', maxLength: 5000, description: filter.description };
  }
  return { type: 'object', properties, additionalProperties: false };
}

export { BadRequest };
