// Building blocks for the filters the spec names apart from fields (`ids`, `objectIds`, a date
// range given as two timestamps, a time-frame object): value parsing with clear 400s.
// sql: each filter is a condition fragment on a column named at run time (the resource's table is
// not known here), composed into the list query by the engine.
import { sql, type RawBuilder } from 'kysely';
import { isObjectId } from '../ids.js';
import { fieldError } from './errors.js';
import type { NamedFilter } from './list-query.js';

const MAX_IDS = 100;

export function parseIds(value: string, param: string): string[] {
  const ids = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.length === 0 || ids.length > MAX_IDS) throw fieldError(param, `takes 1 to ${MAX_IDS} ids`);
  for (const id of ids) if (!isObjectId(id)) throw fieldError(param, `${id} is not a 24-character hex id`);
  return ids;
}

export function parseTimestamp(value: unknown, param: string): Date {
  const date =
    typeof value === 'number' || (typeof value === 'string' && /^\d{1,15}$/.test(value))
      ? new Date(Number(value))
      : typeof value === 'string'
        ? new Date(value)
        : new Date(NaN);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999)
    throw fieldError(param, 'must be epoch milliseconds or an ISO 8601 date-time');
  return date;
}

/** `param=a,b,c` → column is one of the ids. */
export function idsFilter(column: string, description: string): NamedFilter {
  return {
    description,
    list: true,
    toSql: (value, param) => sql<boolean>`${sql.ref(column)} = ANY(${sql.val(parseIds(value, param))}::text[])`,
  };
}

/** `param=<timestamp>` → column at or after (`gte`) or at or before (`lte`) it. */
export function timestampBound(column: string, op: 'gte' | 'lte', description: string): NamedFilter {
  return {
    description,
    toSql: (value, param) =>
      sql<boolean>`${sql.ref(column)} ${sql.raw(op === 'gte' ? '>=' : '<=')} ${parseTimestamp(value, param)}`,
  };
}

/** `param=from,to` (two timestamps, or a JSON array of two) → column within [from, to]. */
export function dateRangeFilter(column: string, description: string): NamedFilter {
  return {
    description,
    toSql(value, param) {
      let parts: unknown[];
      try {
        parts = value.trim().startsWith('[') ? JSON.parse(value) : value.split(',');
      } catch {
        throw fieldError(param, 'must be two timestamps: from,to');
      }
      if (!Array.isArray(parts) || parts.length !== 2) throw fieldError(param, 'must be two timestamps: from,to');
      return sql<boolean>`${sql.ref(column)} BETWEEN ${parseTimestamp(parts[0], param)} AND ${parseTimestamp(parts[1], param)}`;
    },
  };
}

/** `param={"from":…,"to":…}` (either may be left out) → column within the frame. */
export function timeFrameFilter(column: string, description: string): NamedFilter {
  return {
    description,
    toSql(value, param) {
      let frame: { from?: unknown; to?: unknown };
      try {
        frame = JSON.parse(value);
      } catch {
        throw fieldError(param, 'must be a JSON object {from, to}');
      }
      if (
        typeof frame !== 'object' ||
        frame === null ||
        Array.isArray(frame) ||
        (frame.from === undefined && frame.to === undefined)
      ) {
        throw fieldError(param, 'must be a JSON object {from, to}');
      }
      const conditions: RawBuilder<boolean>[] = [];
      if (frame.from !== undefined)
        conditions.push(sql<boolean>`${sql.ref(column)} >= ${parseTimestamp(frame.from, `${param}.from`)}`);
      if (frame.to !== undefined)
        conditions.push(sql<boolean>`${sql.ref(column)} <= ${parseTimestamp(frame.to, `${param}.to`)}`);
      return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
    },
  };
}

/** `param=a,b` → column is one of a fixed set of values. */
export function valuesFilter(
  allowed: readonly string[],
  toSql: (values: string[]) => RawBuilder<boolean>,
  description: string,
): NamedFilter {
  return {
    description,
    list: true,
    toSql(value, param) {
      const values = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      for (const v of values)
        if (!allowed.includes(v)) throw fieldError(param, `${v} is not one of ${allowed.join(', ')}`);
      if (values.length === 0) throw fieldError(param, `takes one of ${allowed.join(', ')}`);
      return toSql(values);
    },
  };
}

/** `param=true|false` → a boolean column. */
export function booleanFilter(column: string, description: string): NamedFilter {
  return {
    description,
    toSql(value, param) {
      if (value !== 'true' && value !== 'false') throw fieldError(param, 'must be true or false');
      return sql<boolean>`${sql.ref(column)} = ${value === 'true'}`;
    },
  };
}
