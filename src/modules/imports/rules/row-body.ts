// One CSV record as an API body: each mapped cell converted by its field's kind and set at its
// dotted path. An empty cell sets nothing (a re-import leaves that field as it is).
import type { Column, ColumnMapping } from './columns.js';
import { germanDate, parseBoolean, parseNumber, withoutFormulaGuard } from './german-values.js';

export interface CellError {
  field: string;
  message: string;
}

function convert(column: Column, text: string, germanFile: boolean): { value?: unknown; error?: string } {
  switch (column.kind) {
    case 'number':
    case 'integer': {
      const value = parseNumber(text, germanFile);
      if (value === undefined) return { error: `"${text}" is not a number` };
      if (column.kind === 'integer' && !Number.isInteger(value)) return { error: `"${text}" is not a whole number` };
      return { value };
    }
    case 'boolean': {
      const value = parseBoolean(text);
      return value === undefined ? { error: `"${text}" is not yes/no (true/false, ja/nein, 1/0)` } : { value };
    }
    case 'date':
    case 'date-time': {
      const value = germanDate(text.trim());
      if (value === undefined) return { error: `"${text}" is not a date` };
      // A bare day in a date-time field is its midnight UTC, as the API stores days.
      if (column.kind === 'date-time' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { value: `${value}T00:00:00.000Z` };
      if (column.kind === 'date-time' && /T\d{2}:\d{2}:\d{2}$/.test(value)) return { value: `${value}Z` };
      return { value };
    }
    case 'list':
      return {
        value: text
          .split('|')
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
    const { value, error } = convert(column, column.kind === 'string' ? text : text.trim(), germanFile);
    if (error) errors.push({ field: header[index]!, message: error });
    else setAt(body, column.path, value);
  });
  return { body, errors };
}
