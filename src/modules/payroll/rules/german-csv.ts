// CSV as German spreadsheet programs and payroll software open it without an import dialog:
// `;` between fields (the comma is the decimal separator), decimal comma, no thousands separator,
// CRLF line ends, UTF-8 with a byte-order mark (Excel reads UTF-8 only with it). A field holding
// `;`, `"` or a line break is quoted, with `"` doubled (RFC 4180). A text field starting with
// = + - @ gets a leading apostrophe (numbers such as `-0,05` excepted), so a spreadsheet never runs
// it as a formula.

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

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

function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text) && !/^-\d+(,\d+)?$/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header row, rows; every line ends with CRLF. */
export function germanCsv(header: string[], rows: Array<Array<string | number>>): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(field).join(';') + '\r\n').join('');
}
