// Reading an uploaded CSV: its encoding (UTF-8, with or without BOM, else Windows-1252), its
// delimiter (`;` or `,`, whichever the header line has more of outside quotes) and its records per
// RFC 4180 (quoted fields may hold delimiters, doubled quotes and line breaks; CRLF or LF).

export interface CsvLimits {
  maxRows: number;
  maxColumns: number;
  maxFieldLength: number;
}

export interface CsvRecord {
  /** Spreadsheet row number: the header is row 1, the first record row 2. */
  row: number;
  cells: string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly tooBig = false,
  ) {
    super(message);
  }
}

// Windows-1252's characters at 0x80-0x9F (Node's TextDecoder('windows-1252') decodes them as
// Latin-1 control characters); the five undefined bytes stay as they are.
const CP1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

/** The text of the bytes: valid UTF-8 (a BOM dropped) or else Windows-1252, which decodes any byte. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    const latin1 = new TextDecoder('latin1').decode(bytes);
    const text = latin1.replace(/[\x80-\x9f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]!);
    return { text, encoding: 'windows-1252' };
  }
}

/** `;` or `,`: the one the first line has more of outside quotes (`;` on a tie, as German files use it). */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** The header and the records; blank lines are skipped. Throws CsvError for malformed or oversized input. */
export function parseCsv(
  text: string,
  delimiter: string,
  limits: CsvLimits,
): { header: string[]; records: CsvRecord[] } {
  const rows: CsvRecord[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let row = 1;
  const endField = () => {
    if (field.length > limits.maxFieldLength)
      throw new CsvError(`row ${row}: a field is longer than ${limits.maxFieldLength} characters`);
    cells.push(field);
    if (cells.length > limits.maxColumns) throw new CsvError(`row ${row}: more than ${limits.maxColumns} columns`);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    const quotedField = wasQuoted;
    endField();
    if (cells.length > 1 || cells[0] !== '' || quotedField) {
      if (rows.length > limits.maxRows) throw new CsvError(`more than ${limits.maxRows} rows`, true);
      rows.push({ row, cells });
      row++;
    }
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && field === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
    } else if (char === '"') {
      throw new CsvError(`row ${row}: a quote inside an unquoted field (quote the field and double the quote)`);
    } else if (char === delimiter) endField();
    else if (char === '\n') endRecord();
    else if (char === '\r') {
      if (text[i + 1] !== '\n') endRecord();
    } else {
      if (wasQuoted) throw new CsvError(`row ${row}: text after a closing quote`);
      field += char;
    }
  }
  if (quoted) throw new CsvError(`row ${row}: a quoted field is not closed`);
  if (field !== '' || cells.length || wasQuoted) endRecord();
  const [first, ...records] = rows;
  if (!first) throw new CsvError('the file has no header row');
  return { header: first.cells.map((name) => name.trim()), records };
}
