// The DATEV LODAS "ASCII-Import" file of a month's movement data (Bewegungsdaten): an [Allgemein]
// section (target, interface version, consultant and client number, separators, date format), a
// [Satzbeschreibung] of the one record type used (u_lod_bwd_buchung_standard: accounting month,
// personnel number, own wage type, processing key, value) and one [Bewegungsdaten] line per
// employee and wage type. Only digits and the separators occur in records, so the file is plain
// ASCII (LODAS reads ANSI); lines end with CRLF. docs/pay-law.md lists the assumptions.
import { formatCents, formatDecimal, formatHours } from './german-csv.js';

/** Bearbeitungsschlüssel: what bs_wert_butab holds. Configurable because the adviser's LODAS set-up decides. */
export interface ProcessingKeys {
  hours: number;
  days: number;
  amount: number;
}

export interface LodasRecord {
  personnelNumber: string;
  wageType: string;
  unit: 'hours' | 'days' | 'amount';
  /** Seconds for hours (written as hours, two decimals), days (two decimals), cents for amounts. */
  value: number;
}

export interface LodasInput {
  consultantNumber: string;
  clientNumber: string;
  /** YYYY-MM */
  month: string;
  processingKeys: ProcessingKeys;
  records: LodasRecord[];
  /** Written as comment lines (`*`) after [Allgemein]: e.g. lines without a wage type. ASCII only. */
  comments?: string[];
}

export const RECORD_ID = 10;
export const SATZBESCHREIBUNG = `${RECORD_ID};u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;pnr#bwd;la_eigene#bwd;bs_nr#bwd;bs_wert_butab#bwd;`;

/** The first day of the month as TT/MM/JJJJ: LODAS's accounting period. */
export const accountingPeriod = (month: string) => `01/${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** Accents dropped (ü → u), anything else outside printable ASCII as `?`. */
const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');

export function lodasFile(input: LodasInput): string {
  const period = accountingPeriod(input.month);
  const lines = [
    '[Allgemein]',
    'Ziel=LODAS',
    'Version_SST=1.0',
    `BeraterNr=${input.consultantNumber}`,
    `MandantenNr=${input.clientNumber}`,
    'Feldtrennzeichen=;',
    'Zahlenkomma=,',
    'Datumsformat=TT/MM/JJJJ',
    'Stringbegrenzer="',
    'Kommentarzeichen=*',
    '',
    ...(input.comments ?? []).map((c) => `* ${ascii(c)}`),
    '[Satzbeschreibung]',
    SATZBESCHREIBUNG,
    '',
    '[Bewegungsdaten]',
    ...input.records.map((r) => {
      const key = input.processingKeys[r.unit];
      const value =
        r.unit === 'hours' ? formatHours(r.value) : r.unit === 'days' ? formatDecimal(r.value) : formatCents(r.value);
      return `${RECORD_ID};${period};${r.personnelNumber};${r.wageType};${key};${value};`;
    }),
  ];
  return lines.map((l) => `${l}\r\n`).join('');
}
