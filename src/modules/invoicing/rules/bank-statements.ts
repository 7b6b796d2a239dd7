// Bank statement entries from CAMT.053 (ISO 20022 XML) or CSV, as plain records. Pure.
import type { XMLParser } from 'fast-xml-parser';
import { lazyRequire } from '../../../platform/lazy-require.js';
import { toCents } from '../../../platform/money.js';

/** Loaded at the first CAMT import, not at every start. */
const fastXmlParser = lazyRequire<{ XMLParser: typeof XMLParser }>('fast-xml-parser');

export interface StatementEntry {
  bookingDate: string;
  valueDate?: string;
  /** Signed: positive money received, negative money paid. */
  amountCents: number;
  currency: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  remittance?: string;
  reference?: string;
}

export class StatementError extends Error {}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : typeof value === 'object'
      ? textOf((value as Record<string, unknown>)['#text'])
      : String(value).trim() || undefined;

/** A text node as the parser gives it: the text, or an object with '#text' and '@' attributes. */
type XmlText = unknown;
type OneOrMore<T> = T | T[];

interface CamtParty {
  Nm?: XmlText;
  Pty?: { Nm?: XmlText };
}
interface CamtAccount {
  Id?: { IBAN?: XmlText };
}
interface CamtDetails {
  RltdPties?: { Dbtr?: CamtParty; Cdtr?: CamtParty; DbtrAcct?: CamtAccount; CdtrAcct?: CamtAccount };
  RmtInf?: { Ustrd?: OneOrMore<XmlText> };
  Refs?: { EndToEndId?: XmlText };
}
interface CamtEntry {
  Amt?: string | { '#text'?: string; '@Ccy'?: string };
  CdtDbtInd?: XmlText;
  BookgDt?: { Dt?: XmlText; DtTm?: XmlText };
  ValDt?: { Dt?: XmlText };
  NtryDtls?: { TxDtls?: OneOrMore<CamtDetails> };
}
/** The parts of a CAMT.053 document the import reads (the parser's output is not checked beyond this). */
interface CamtDocument {
  Document?: { BkToCstmrStmt?: { Stmt?: OneOrMore<{ Ntry?: OneOrMore<CamtEntry> }> } };
}

export function parseCamt053(xml: string): StatementEntry[] {
  let document: CamtDocument | undefined;
  try {
    document = new (fastXmlParser().XMLParser)({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      removeNSPrefix: true,
      parseTagValue: false,
    }).parse(xml);
  } catch (error) {
    throw new StatementError(`not XML: ${(error as Error).message}`);
  }
  const statements = list(document?.Document?.BkToCstmrStmt?.Stmt);
  if (statements.length === 0)
    throw new StatementError('not a CAMT.053 statement (Document/BkToCstmrStmt/Stmt missing)');
  return statements.flatMap((statement) =>
    list(statement.Ntry).map((entry): StatementEntry => {
      const amount = textOf(entry.Amt);
      if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount))
        throw new StatementError(`an entry has no valid amount: ${amount}`);
      const credit = textOf(entry.CdtDbtInd) === 'CRDT';
      const details: CamtDetails = list(entry.NtryDtls?.TxDtls)[0] ?? {};
      const party = credit ? details.RltdPties?.Dbtr : details.RltdPties?.Cdtr;
      const account = credit ? details.RltdPties?.DbtrAcct : details.RltdPties?.CdtrAcct;
      const bookingDate = textOf(entry.BookgDt?.Dt) ?? textOf(entry.BookgDt?.DtTm)?.slice(0, 10);
      if (!bookingDate) throw new StatementError('an entry has no booking date');
      return {
        bookingDate,
        ...(textOf(entry.ValDt?.Dt) ? { valueDate: textOf(entry.ValDt?.Dt) } : {}),
        amountCents: (credit ? 1 : -1) * toCents(Number(amount)),
        currency: String((typeof entry.Amt === 'object' ? entry.Amt?.['@Ccy'] : undefined) ?? 'EUR'),
        ...(textOf(party?.Nm ?? party?.Pty?.Nm) ? { counterpartyName: textOf(party?.Nm ?? party?.Pty?.Nm) } : {}),
        ...(textOf(account?.Id?.IBAN) ? { counterpartyIban: textOf(account?.Id?.IBAN) } : {}),
        ...(list(details.RmtInf?.Ustrd).length
          ? { remittance: list(details.RmtInf?.Ustrd).map(textOf).filter(Boolean).join(' ') }
          : {}),
        ...(textOf(details.Refs?.EndToEndId) && textOf(details.Refs?.EndToEndId) !== 'NOTPROVIDED'
          ? { reference: textOf(details.Refs?.EndToEndId) }
          : {}),
      };
    }),
  );
}

/** One CSV line, with "quoted" fields and "" as an escaped quote. */
function csvFields(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

const COLUMNS: Record<string, string[]> = {
  date: ['date', 'bookingdate', 'buchungstag', 'buchungsdatum'],
  valueDate: ['valuedate', 'valuta', 'wertstellung'],
  amount: ['amount', 'betrag'],
  currency: ['currency', 'währung', 'waehrung'],
  name: [
    'name',
    'counterparty',
    'beguenstigter/zahlungspflichtiger',
    'begünstigter/zahlungspflichtiger',
    'auftraggeber',
  ],
  iban: ['iban', 'kontonummer/iban'],
  purpose: ['purpose', 'remittance', 'verwendungszweck'],
  reference: ['reference', 'endtoendid', 'end-to-end-referenz'],
};

function parseDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return text;
  const german = /^(\d{2})\.(\d{2})\.(\d{2,4})$/.exec(text);
  if (german) return `${german[3]!.length === 2 ? `20${german[3]}` : german[3]}-${german[2]}-${german[1]}`;
  return undefined;
}

function parseAmount(text: string, decimalComma: boolean): number | undefined {
  const normalized = decimalComma ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  return /^[-+]?\d+(\.\d{1,2})?$/.test(normalized) ? Number(normalized) : undefined;
}

/** A CSV statement with a header row naming date, amount and optionally valueDate, currency, name, iban, purpose, reference (English or German bank names); `;` means decimal commas. */
export function parseCsv(text: string): StatementEntry[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  if (lines.length < 1) throw new StatementError('the CSV has no header row');
  const delimiter = lines[0]!.includes(';') ? ';' : ',';
  const header = csvFields(lines[0]!, delimiter).map((h) => h.toLowerCase().replace(/\s+/g, ''));
  const column = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, names]) => [key, header.findIndex((h) => names.includes(h))]),
  );
  if (column.date! < 0 || column.amount! < 0)
    throw new StatementError('the CSV header needs a date and an amount column');
  return lines.slice(1).map((line, i) => {
    const fields = csvFields(line, delimiter);
    const get = (key: string) => (column[key]! >= 0 ? fields[column[key]!] || undefined : undefined);
    const bookingDate = parseDate(get('date') ?? '');
    const amount = parseAmount(get('amount') ?? '', delimiter === ';');
    if (!bookingDate) throw new StatementError(`line ${i + 2}: the date is not YYYY-MM-DD or DD.MM.YYYY`);
    if (amount === undefined)
      throw new StatementError(`line ${i + 2}: the amount is not a number with at most two decimals`);
    const valueDate = get('valueDate') ? parseDate(get('valueDate')!) : undefined;
    return {
      bookingDate,
      ...(valueDate ? { valueDate } : {}),
      amountCents: toCents(amount),
      currency: get('currency') ?? 'EUR',
      ...(get('name') ? { counterpartyName: get('name') } : {}),
      ...(get('iban') ? { counterpartyIban: get('iban')!.replace(/\s/g, '') } : {}),
      ...(get('purpose') ? { remittance: get('purpose') } : {}),
      ...(get('reference') ? { reference: get('reference') } : {}),
    };
  });
}
