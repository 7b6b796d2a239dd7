// Fields that are a day by nature (a contract's start and end) are date-times in the spec. People write
// the day: such a field takes `YYYY-MM-DD` besides a full date-time, and the day is stored (and
// returned) as its midnight UTC, `2026-03-01T00:00:00.000Z`: one shape for readers, and the first ten
// characters are the day written in every time zone (docs/decisions.md).
import type { KeywordDefinition } from 'ajv';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// The date-time fields.ts accepts: seconds and an offset (or Z) are required.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-](0\d|1[0-5]):?[0-5]\d)$/;
const MESSAGE = 'must be a date YYYY-MM-DD or a date-time with an offset, e.g. 2026-03-01T08:00:00Z';

export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The stored form of a value, or undefined when it is neither a day nor a date-time. */
export function normalizeDateOrDateTime(value: string): string | undefined {
  const day = DATE_ONLY.exec(value);
  if (day) return isCalendarDay(Number(day[1]), Number(day[2]), Number(day[3])) ? `${value}T00:00:00.000Z` : undefined;
  const time = DATE_TIME.exec(value);
  if (time && isCalendarDay(Number(time[1]), Number(time[2]), Number(time[3])) && !Number.isNaN(Date.parse(value)))
    return value;
  return undefined;
}

/**
 * ajv keyword `x-dateOrDateTime: true`: checks the value and rewrites a day to its midnight UTC in
 * place, so the create, the PATCH and the merged result all see (and store) the same date-time.
 */
export const dateOrDateTimeKeyword: KeywordDefinition = {
  keyword: 'x-dateOrDateTime',
  schemaType: 'boolean',
  modifying: true,
  errors: true,
  validate: function validate(
    enabled: boolean,
    data: unknown,
    _schema?: unknown,
    context?: { parentData?: Record<string | number, unknown>; parentDataProperty?: string | number },
  ) {
    if (!enabled || typeof data !== 'string') return true;
    const stored = normalizeDateOrDateTime(data);
    if (stored === undefined) {
      (validate as unknown as { errors: object[] }).errors = [
        { keyword: 'x-dateOrDateTime', message: MESSAGE, params: {} },
      ];
      return false;
    }
    if (stored !== data && context?.parentData !== undefined && context.parentDataProperty !== undefined) {
      context.parentData[context.parentDataProperty] = stored;
    }
    return true;
  },
};

/** Schema of a field that takes a day or a date-time (returned as a date-time). */
export function dateOrDateTimeSchema(description = '') {
  return {
    type: 'string' as const,
    maxLength: 40,
    'x-dateOrDateTime': true,
    description: `${description ? `${description}; ` : ''}a date-time, or a day YYYY-MM-DD (stored and returned as its midnight UTC)`,
    examples: ['2026-03-01', '2026-03-01T00:00:00.000Z'],
  };
}
