// The payroll's numbers as German spreadsheet programs and payroll software read them: decimal comma,
// no thousands separator. The files themselves are written by the server's one CSV writer
// (platform/csv: `;`, CRLF, BOM, quoting, the formula guard); amounts go to it as number cells
// (`…Cell`), so a negative amount is never taken for a formula and no text escapes the guard.
import { type CsvValue, csvFile, type FormattedNumber, formattedNumber } from '../../../platform/csv/csv-writer.js';

export { CSV_CONTENT_TYPE } from '../../../platform/csv/csv-writer.js';

/** Cents as `93,75` (`-0,05`): two decimals, decimal comma. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Seconds as decimal hours with two decimals (`27000` → `7,50`), rounded half up on the hundredth of an hour (36 s). */
export function formatHours(seconds: number): string {
  return formatCents(Math.sign(seconds) * Math.floor((Math.abs(seconds) * 100) / 3600 + 0.5));
}

/** A number with up to two decimals and a decimal comma (`1.5` → `1,5`, `2` → `2`): day counts. */
export function formatDecimal(value: number): string {
  return String(Math.round(value * 100) / 100).replace('.', ',');
}

/** Cents as a number cell (`93,75`). */
export const centsCell = (cents: number): FormattedNumber => formattedNumber(formatCents(cents));
/** Seconds as a number cell of decimal hours (`7,50`). */
export const hoursCell = (seconds: number): FormattedNumber => formattedNumber(formatHours(seconds));
/** A day count as a number cell (`1,5`). */
export const decimalCell = (value: number): FormattedNumber => formattedNumber(formatDecimal(value));

/** The whole file: BOM, header row, rows; every line ends with CRLF. */
export function germanCsv(header: string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return csvFile(header, rows);
}
