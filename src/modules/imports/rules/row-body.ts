// One CSV record as an API body: each mapped cell converted by its field's kind and set at its
// dotted path. An empty cell sets nothing (a re-import leaves that field as it is).
import type { Column, ColumnMapping } from './columns.js';
import { withoutFormulaGuard } from '../../../platform/csv/csv-writer.js';
import { germanDate, parseBoolean, parseNumber } from './german-values.js';

export interface CellError {
  field: string;
  message: string;
}

/** A cell shown in a message: long ones cut, so a report entry stays small. */
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Where a list cell is split: at every `|`, except the one of an item the export guarded (`'|x`,
 * an apostrophe at the item's start), which is the item's own first character.
 */
const LIST_ITEM_BREAK = /(?<!(?:^|\|)\s*')\|/;

function convert(column: Column, text: string, germanFile: boolean): { value?: unknown; error?: string } {
  switch (column.kind) {
    case 'number':
    case 'integer': {
      const value = parseNumber(text, germanFile);
      if (value === undefined) {
        // 1e400 is a number, just not one a double holds
        const tooBig = parseNumber(text.replace(/[eE][+-]?\d+$/, ''), germanFile) !== undefined;
        return { error: tooBig ? `"${shown(text)}" is out of range` : `"${shown(text)}" is not a number` };
      }
      if (column.kind === 'integer' && !Number.isInteger(value))
        return { error: `"${shown(text)}" is not a whole number` };
      // Beyond 2^53 a whole number is no longer exact, and beyond 2^63 the database refuses it.
      if (column.kind === 'integer' && !Number.isSafeInteger(value))
        return { error: `"${shown(text)}" is out of range (at most ${Number.MAX_SAFE_INTEGER} in absolute value)` };
      return { value };
    }
    case 'boolean': {
      const value = parseBoolean(text);
      return value === undefined ? { error: `"${shown(text)}" is not yes/no (true/false, ja/nein, 1/0)` } : { value };
    }
    case 'date':
    case 'date-time': {
      const value = germanDate(text.trim());
      if (value === undefined) return { error: `"${shown(text)}" is not a date` };
      // A bare day in a date-time field is its midnight UTC, as the API stores days.
      if (column.kind === 'date-time' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { value: `${value}T00:00:00.000Z` };
      if (column.kind === 'date-time' && /T\d{2}:\d{2}:\d{2}$/.test(value)) return { value: `${value}Z` };
      return { value };
    }
    case 'list':
      return {
        value: text
          .split(LIST_ITEM_BREAK)
          .map((item) => withoutFormulaGuard(item.trim()))
          .filter(Boolean),
      };
    default:
      return { value: withoutFormulaGuard(text) };
  }
}

function setAt(body: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let target = body;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys[keys.length - 1]!] = value;
}

export function rowBody(
  header: string[],
  cells: string[],
  mapping: ColumnMapping,
  germanFile: boolean,
): { body: Record<string, unknown>; errors: CellError[] } {
  const body: Record<string, unknown> = {};
  const errors: CellError[] = [];
  if (cells.length > header.length)
    errors.push({ field: '(row)', message: `${cells.length} cells, but the header has ${header.length} columns` });
  mapping.targets.forEach((column, index) => {
    const text = cells[index] ?? '';
    if (!column || text.trim() === '') return;
    // The database stores no NUL character in text or JSON: named here, not refused by it later.
    if (text.includes('\u0000')) {
      errors.push({ field: header[index]!, message: 'contains a NUL character (byte 0), which cannot be stored' });
      return;
    }
    const { value, error } = convert(column, column.kind === 'string' ? text : text.trim(), germanFile);
    if (error) errors.push({ field: header[index]!, message: error });
    else setAt(body, column.path, value);
  });
  return { body, errors };
}
