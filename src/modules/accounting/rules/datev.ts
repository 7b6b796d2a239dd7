// The DATEV-Format "Buchungsstapel" (EXTF, header version 700, format category 21, format version
// 13), as DATEV's Formatbeschreibung lays it out (pure):
//   line 1  the header record, 31 fields: "EXTF";700;21;"Buchungsstapel";13;created (yyyyMMddHHmmssSSS);
//           ;"RE" (origin);exported by;imported by;Beraternummer;Mandantennummer;WJ-Beginn (yyyyMMdd);
//           Sachkontenlänge;Datum vom;Datum bis;"Bezeichnung";"Diktatkürzel";1 (Buchungstyp: financial
//           accounting);0 (Rechnungslegungszweck);Festschreibung 0/1;"EUR";;"Derivatskennzeichen";;;
//           "03"/"04" (chart);Branchenlösungs-ID;;"";"Anwendungsinformation"
//   line 2  the 125 column headings of format version 13
//   then    one booking per line, 125 fields: amount without sign and with decimal comma, "S"/"H",
//           "EUR", account, contra account, BU-Schlüssel, Belegdatum DDMM (the year is the header's),
//           "Belegfeld 1" (at most 36 of A–Z a–z 0–9 $ & % * + - /), Buchungstext (at most 60), on an EU
//           reverse charge column 40 "EU-Land u. UStID (Bestimmung)" (the buyer's VAT id), the rest empty.
// Text fields are quoted ("" inside), numbers and dates are not; fields are separated by `;`, lines
// end with CRLF, and the file is Windows-1252, which is what DATEV reads without a byte-order mark.
// DATEV takes the year of every Belegdatum from the header, so a batch lies within one calendar
// year and one fiscal year (datevPeriodProblem).
import { neutralise } from '../../../platform/csv/csv-writer.js';
import type { Booking } from './bookings.js';
import type { Chart } from './accounts.js';

export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
] as const;

export interface DatevBatch {
  consultantNumber: number;
  clientNumber: number;
  /** 1–12 */
  fiscalYearStartMonth: number;
  accountLength: number;
  chart: Chart;
  /** YYYY-MM-DD */
  from: string;
  to: string;
  /** Bezeichnung, at most 30 characters. */
  label: string;
  /** Festschreibung: the bookings are locked once imported. */
  lock: boolean;
  created: Date;
}

/** Column 40, "EU-Land u. UStID (Bestimmung)": the country prefix and VAT id of the buyer of an EU reverse charge (ZM). */
export const EU_VAT_ID = DATEV_COLUMNS.indexOf('EU-Land u. UStID (Bestimmung)');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const compact = (date: string) => date.replaceAll('-', '');
/**
 * A text field: quoted, quotes doubled, no line breaks, at most `max` characters, and guarded against formulas as
 * every CSV of the server is (platform/csv): the file is also opened in spreadsheets.
 */
export const quoted = (value: string, max = 1000) =>
  `"${neutralise(value.replace(/[\r\n\t]+/g, ' '))
    .slice(0, max)
    .replaceAll('"', '""')}"`;

/** Cents as DATEV's amount: no sign, decimal comma, no thousands separator (11900 → 119,00). */
export const datevAmount = (cents: number) => `${Math.floor(Math.abs(cents) / 100)},${pad(Math.abs(cents) % 100)}`;

/** YYYY-MM-DD as DATEV's Belegdatum, DDMM. */
export const belegdatum = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}`;

/** Belegfeld 1 keeps only the characters DATEV accepts, at most 36 (the end, where a number's counter is). */
export const belegfeld = (value: string) => value.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(-36);

/** The first day (YYYY-MM-DD) of the fiscal year `date` falls in. */
export function fiscalYearStart(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return `${month >= startMonth ? year : year - 1}-${pad(startMonth)}-01`;
}

/** Why from..to cannot be one DATEV batch, or undefined. */
export function datevPeriodProblem(from: string, to: string, startMonth: number): string | undefined {
  if (from.slice(0, 4) !== to.slice(0, 4)) return 'a DATEV batch lies within one calendar year';
  if (fiscalYearStart(from, startMonth) !== fiscalYearStart(to, startMonth))
    return `a DATEV batch lies within one fiscal year (it starts in month ${startMonth})`;
  return undefined;
}

/** `yyyyMMddHHmmssSSS` in UTC. */
const timestamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}${pad(d.getUTCMilliseconds(), 3)}`;

export function datevHeader(batch: DatevBatch): string {
  return [
    quoted('EXTF'),
    '700',
    '21',
    quoted('Buchungsstapel'),
    '13',
    timestamp(batch.created),
    '',
    quoted('RE'),
    quoted(''),
    quoted(''),
    String(batch.consultantNumber),
    String(batch.clientNumber),
    compact(fiscalYearStart(batch.from, batch.fiscalYearStartMonth)),
    String(batch.accountLength),
    compact(batch.from),
    compact(batch.to),
    quoted(batch.label, 30),
    quoted(''),
    '1',
    '0',
    batch.lock ? '1' : '0',
    quoted('EUR'),
    '',
    quoted(''),
    '',
    '',
    quoted(batch.chart === 'SKR04' ? '04' : '03'),
    '',
    '',
    quoted(''),
    quoted(''),
  ].join(';');
}

export function datevRow(booking: Booking): string {
  const fields: string[] = new Array(DATEV_COLUMNS.length).fill('');
  fields[0] = datevAmount(booking.cents);
  fields[1] = quoted(booking.side);
  fields[2] = quoted('EUR');
  fields[6] = String(booking.account);
  fields[7] = String(booking.contra);
  fields[8] = quoted(booking.buKey ?? '');
  fields[9] = belegdatum(booking.date);
  fields[10] = quoted(belegfeld(booking.beleg1));
  fields[13] = quoted(booking.text, 60);
  if (booking.euVatId) fields[EU_VAT_ID] = quoted(booking.euVatId, 15);
  return fields.join(';');
}

/** The whole batch as text; encode it with toWindows1252. */
export function datevFile(batch: DatevBatch, bookings: Booking[]): string {
  return [datevHeader(batch), DATEV_COLUMNS.join(';'), ...bookings.map(datevRow)].map((l) => `${l}\r\n`).join('');
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F, where it has these characters.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Text as Windows-1252 bytes; a character it lacks becomes `?`. */
export function toWindows1252(text: string): Buffer {
  // Latin-1 bytes for all but the few characters outside it (a batch has up to 99,999 lines).
  const latin1 = text.replace(/[^\x00-\x7f\xa0-\xff]/gu, (char) => {
    const high = char.length === 1 && char.charCodeAt(0) > 0xff ? CP1252_HIGH.indexOf(char) : -1;
    return high >= 0 ? String.fromCharCode(0x80 + high) : '?';
  });
  return Buffer.from(latin1, 'latin1');
}
