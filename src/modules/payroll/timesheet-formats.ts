// The timesheet as the API answers it (JSON: minutes and cents, plus decimal amounts) and as CSV
// for spreadsheets and payroll (German conventions, rules/german-csv.ts): one row per day and a
// total row per employee; the all-employees export is the same rows for every employee.
import type { CsvValue } from '../../platform/csv/csv-writer.js';
import { centsCell, decimalCell, germanCsv, formatDecimal } from './rules/german-csv.js';
import type { Timesheet, TimesheetDay } from './timesheet-model.js';

export const ABSENCE_LABELS: Record<string, string> = {
  illness: 'Krankheit',
  vacation: 'Urlaub',
  unpaidLeave: 'Unbezahlter Urlaub',
  childSickLeave: 'Kinderkrankentage',
  training: 'Fortbildung',
  specialLeave: 'Sonderurlaub',
  parentalLeave: 'Elternzeit',
  other: 'Sonstige',
};
export const SURCHARGE_LABELS: Record<string, string> = {
  night: 'Nacht',
  sunday: 'Sonntag',
  publicHoliday: 'Feiertag',
  other: 'Sonstige',
};
const CATEGORIES = ['night', 'sunday', 'publicHoliday', 'other'];

const amount = (cents: number) => cents / 100;

/** The API answer: the sheet without the export's internal lines, with decimal amounts beside the cents. */
export function timesheetJson(sheet: Timesheet) {
  const { salaryLines: _internal, ...rest } = sheet;
  return {
    ...rest,
    days: sheet.days.map((d) => ({ ...d, pay: amount(d.payCents) })),
    payLines: sheet.payLines.map((l) => ({ ...l, total: amount(l.totalCents) })),
    totals: {
      ...sheet.totals,
      pay: amount(sheet.totals.payCents),
      taxFree: amount(sheet.totals.taxFreeCents),
      taxable: amount(sheet.totals.taxableCents),
    },
  };
}

export const TIMESHEET_CSV_HEADER = [
  'Personalnummer',
  'Name',
  'Datum',
  'Aufträge',
  'Geplant (Min.)',
  'Anwesend (Min.)',
  'Pause (Min.)',
  'Gearbeitet (Min.)',
  'Abwesenheit',
  'Abwesenheitstage',
  'Bezahlte Abwesenheit (Min.)',
  ...CATEGORIES.map((c) => `Zuschlag ${SURCHARGE_LABELS[c]} (Min.)`),
  'Lohn (EUR)',
];

export const absenceText = (day: Pick<TimesheetDay, 'absences'>) =>
  day.absences.map((a) => `${ABSENCE_LABELS[a.kind] ?? a.kind} ${formatDecimal(a.days)}`).join(', ');

function rows(sheet: Timesheet): CsvValue[][] {
  const who = [sheet.user.number, sheet.user.name];
  const dayRows = sheet.days.map((d) => [
    ...who,
    d.date,
    d.jobs,
    d.plannedMinutes,
    d.presenceMinutes,
    d.breakMinutes,
    d.workedMinutes,
    absenceText(d),
    decimalCell(d.absences.reduce((s, a) => s + a.days, 0)),
    d.absences.reduce((s, a) => s + a.paidMinutes, 0),
    ...CATEGORIES.map((c) => d.surchargeMinutes[c] ?? 0),
    centsCell(d.payCents),
  ]);
  const t = sheet.totals;
  const absenceDays = Object.entries(t.absenceDays)
    .map(([k, v]) => `${ABSENCE_LABELS[k] ?? k} ${formatDecimal(v)}`)
    .join(', ');
  const total = [
    ...who,
    'Summe',
    t.jobs,
    t.plannedMinutes,
    t.presenceMinutes,
    t.breakMinutes,
    t.workedMinutes,
    absenceDays,
    decimalCell(Object.values(t.absenceDays).reduce((s, v) => s + v, 0)),
    t.absencePaidMinutes,
    ...CATEGORIES.map((c) => t.surchargeMinutes[c] ?? 0),
    centsCell(t.payCents),
  ];
  return [...dayRows, total];
}

export function timesheetCsv(sheets: Timesheet[]): string {
  return germanCsv(TIMESHEET_CSV_HEADER, sheets.flatMap(rows));
}
