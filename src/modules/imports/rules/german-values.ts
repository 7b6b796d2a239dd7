// Cell text to API values: German and international numbers, German and ISO dates, yes/no.

/**
 * A number: with a comma, German (`1.234,56`: dots group thousands, the comma is the decimal
 * separator); without one, a dot is the decimal point, except in `;` files where dots grouping
 * exactly three digits (`1.234`, `1.234.567`) are thousands separators. Undefined when not a number.
 */
export function parseNumber(text: string, germanFile: boolean): number | undefined {
  const value = text.trim().replace(/\s/g, '');
  let normalised: string;
  if (/^[+-]?(\d+|\d{1,3}(\.\d{3})+),\d+$/.test(value)) normalised = value.replace(/\./g, '').replace(',', '.');
  else if (germanFile && /^[+-]?\d{1,3}(\.\d{3})+$/.test(value)) normalised = value.replace(/\./g, '');
  else if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value)) normalised = value;
  else return undefined;
  const number = Number(normalised);
  return Number.isFinite(number) ? number : undefined;
}

function isDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A German day `31.12.2026` (also `1.2.2026`) as `2026-12-31`, with a time `31.12.2026 14:30` as a
 * local date-time without offset (`2026-12-31T14:30:00`); any other text is returned unchanged, so
 * ISO values pass and the field's schema judges them. Undefined for a German date that is no day.
 */
export function germanDate(text: string): string | undefined {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return text;
  const [, d, m, y, hh, mm, ss] = match;
  if (!isDay(Number(y), Number(m), Number(d))) return undefined;
  const day = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  if (hh === undefined) return day;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return undefined;
  return `${day}T${hh.padStart(2, '0')}:${mm}:${ss ?? '00'}`;
}

const TRUE = new Set(['true', 'ja', 'yes', 'wahr', '1', 'x']);
const FALSE = new Set(['false', 'nein', 'no', 'falsch', '0']);

/** true/false, ja/nein, yes/no, wahr/falsch, 1/0, x; undefined for anything else. */
export function parseBoolean(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return undefined;
}
