// Writing CSV for spreadsheets: `;` between fields, decimal comma, CRLF, UTF-8 with a BOM (Excel
// reads UTF-8 only with it). A field holding `;`, `"` or a line break is quoted (RFC 4180). Text
// starting with = + - @ gets a leading apostrophe, so a spreadsheet never runs it as a formula
// (the import takes it off again).

export const CSV_BOM = '\uFEFF';

export type CellValue = string | number | boolean | undefined | null | readonly string[];

/** One cell's text; string lists are joined with ` | `, as the import splits them. */
export function csvCell(value: CellValue): string {
  if (value === undefined || value === null) return '';
  let text: string;
  if (typeof value === 'number') text = String(value).replace('.', ',');
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (Array.isArray(value)) text = value.join(' | ');
  else {
    text = String(value);
    if (/^[=+\-@]/.test(text)) text = `'${text}`;
  }
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CellValue[]): string {
  return `${values.map(csvCell).join(';')}\r\n`;
}
