// The one CSV writer of the server's exports, for spreadsheets as German users open them: `;`
// between fields, decimal comma, CRLF, UTF-8 with a BOM (Excel reads UTF-8 only with it).
//
// Formula injection (OWASP, "CSV Injection"): a text cell starting with = + - @ | tab, CR or LF,
// or their full-width forms (＝ ＋ － ＠ ｜), gets a leading apostrophe, so a spreadsheet shows it
// as text instead of running it. Whether a cell is a number is decided by its value's type, never
// by how the text looks: a JavaScript number, or a `FormattedNumber` (an amount the caller
// formatted, `-12,50`), is written as is; every string is text, `-12,50` as a string included.
// Quoting per RFC 4180: a field holding `;`, `"`, CR or LF is quoted, `"` doubled.

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A number the caller formatted for the file (decimal comma, sign): a number cell, not text. */
export interface FormattedNumber {
  readonly formatted: string;
}

export const formattedNumber = (formatted: string): FormattedNumber => ({ formatted });

/** A cell: text, a number, a yes/no, a list of texts (tags), or empty. */
export type CsvValue = string | number | boolean | null | undefined | readonly string[] | FormattedNumber;

/** What a list's items are joined with; the import splits at `|` again. */
export const LIST_SEPARATOR = ' | ';

/** The first characters a spreadsheet may take for a formula: the guard's one definition (the import undoes it). */
export const FORMULA_START = /^[=+\-@|\t\r\n＝＋－＠｜]/u;
const GUARDED = new RegExp(`^'${FORMULA_START.source.slice(1)}`, 'u');
/** What a formatted number may be: digits, a decimal comma or point, a sign. Anything else is text. */
const NUMBER_TEXT = /^-?\d+([.,]\d+)?$/;

/** Text as a spreadsheet shows it, never runs it: an apostrophe before a dangerous first character. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** What neutralise() added taken off again: the apostrophe before a formula start, nothing else. */
export function withoutFormulaGuard(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

function quoted(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function isFormatted(value: object): value is FormattedNumber {
  return typeof (value as FormattedNumber).formatted === 'string';
}

/**
 * One cell's text. A list's items are each neutralised (a spreadsheet splitting the cell at `|`
 * gets safe pieces), then joined; the cell then starts with its first item, already safe.
 */
export function csvCell(value: CsvValue): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return quoted(neutralise(value));
  if (Array.isArray(value))
    return quoted(neutralise(value.map((item) => neutralise(String(item))).join(LIST_SEPARATOR)));
  const formatted = (value as FormattedNumber).formatted;
  if (isFormatted(value as object) && NUMBER_TEXT.test(formatted)) return formatted;
  return quoted(neutralise(String(formatted))); // not a number after all: text, guarded
}

/** One line: the cells with `;`, CRLF at the end. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(';')}\r\n`;
}

/** A whole file: BOM, the header line, the rows. */
export function csvFile(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join('');
}
