// A month's payroll export: per employee the payroll lines (rules/payroll-lines.ts) of their
// timesheet, as a documented CSV or as a DATEV LODAS ASCII import file (rules/lodas.ts). Lines
// without a wage type stay in the CSV (empty Lohnart) and are named in the LODAS file's comments.
import { Conflict } from '../../platform/http/errors.js';
import { centsCell, decimalCell, formatCents, hoursCell, germanCsv } from './rules/german-csv.js';
import { lodasFile, type LodasRecord } from './rules/lodas.js';
import { payrollLines, type PayrollLine } from './rules/payroll-lines.js';
import type { PayrollExportSettings } from './payroll-settings.js';
import { ABSENCE_LABELS, SURCHARGE_LABELS } from './timesheet-formats.js';
import type { Timesheet } from './timesheet-model.js';

export interface EmployeePayroll {
  personnelNumber: string;
  name: string;
  lines: PayrollLine[];
  /** Minijob / Midijob flags of the month (rules/marginal-employment.ts), for the payroll office. */
  flags?: string[];
  limitCents?: number;
  payCents?: number;
}

/** Employees with anything to pay or any absence day; the personnel number is the user's number. */
export function payrollOf(sheets: Timesheet[], settings: PayrollExportSettings): EmployeePayroll[] {
  return sheets
    .map((s) => ({
      personnelNumber: String(s.user.number),
      name: s.user.name,
      lines: payrollLines(s.salaryLines, s.totals.absenceDays, settings.wageTypes),
      flags: s.employment?.flags ?? [],
      limitCents: s.employment?.limitCents,
      payCents: s.totals.payCents,
    }))
    .filter((e) => e.lines.length > 0);
}

/** A German label of one of our keys: `surcharge:night:taxFree` → `Zuschlag Nacht steuerfrei`. */
export function labelOf(key: string): string {
  const [kind, a, b] = key.split(':');
  if (kind === 'work') return 'Arbeitszeit';
  if (kind === 'payType') return `Lohnart ${key.slice('payType:'.length)}`;
  if (key === 'absence:holidayPay') return 'Feiertagsvergütung';
  if (kind === 'absence') return `Bezahlte Abwesenheit ${ABSENCE_LABELS[a!] ?? a}`;
  if (kind === 'days') return `Abwesenheitstage ${ABSENCE_LABELS[a!] ?? a}`;
  const status = { taxFree: 'steuerfrei', taxFreeSvLiable: 'steuerfrei sv-pflichtig' }[b ?? ''] ?? 'steuerpflichtig';
  return `Zuschlag ${SURCHARGE_LABELS[a!] ?? a} ${status}`;
}

export const PAYROLL_CSV_HEADER = [
  'Monat',
  'Personalnummer',
  'Name',
  'Lohnart',
  'Schlüssel',
  'Bezeichnung',
  'Stunden',
  'Tage',
  'Betrag (EUR)',
  'steuerfrei (EUR)',
  'steuerpflichtig (EUR)',
  'sv-frei (EUR)',
  'sv-pflichtig (EUR)',
];

export function payrollCsv(month: string, employees: EmployeePayroll[]): string {
  return germanCsv(
    PAYROLL_CSV_HEADER,
    employees.flatMap((e) =>
      e.lines.map((l) => [
        month,
        e.personnelNumber,
        e.name,
        l.wageType ?? '',
        l.key,
        labelOf(l.key),
        l.unit === 'days' ? '' : hoursCell(l.seconds),
        l.unit === 'days' ? decimalCell(l.days) : '',
        l.unit === 'days' ? '' : centsCell(l.cents),
        l.unit === 'days' ? '' : centsCell(l.taxFreeCents),
        l.unit === 'days' ? '' : centsCell(l.taxableCents),
        l.unit === 'days' ? '' : centsCell(l.socialInsuranceFreeCents),
        l.unit === 'days' ? '' : centsCell(l.socialInsuranceLiableCents),
      ]),
    ),
  );
}

/** The LODAS records of the lines: amounts (not 0), days, and hours where `hours:<key>` names a wage type. */
export function lodasRecords(
  employees: EmployeePayroll[],
  settings: PayrollExportSettings,
): { records: LodasRecord[]; unmapped: string[] } {
  const records: LodasRecord[] = [];
  const unmapped: string[] = [];
  for (const e of employees) {
    for (const l of e.lines) {
      const hoursWageType = settings.wageTypes[`hours:${l.key}`];
      if (hoursWageType && l.seconds > 0)
        records.push({ personnelNumber: e.personnelNumber, wageType: hoursWageType, unit: 'hours', value: l.seconds });
      const value = l.unit === 'days' ? l.days : l.cents;
      if (value === 0) continue;
      if (!l.wageType) {
        unmapped.push(`${e.personnelNumber} ${l.key}`);
        continue;
      }
      records.push({ personnelNumber: e.personnelNumber, wageType: l.wageType, unit: l.unit, value });
    }
  }
  return { records, unmapped };
}

export function payrollLodas(month: string, employees: EmployeePayroll[], settings: PayrollExportSettings): string {
  if (!settings.consultantNumber || !settings.clientNumber) {
    throw Conflict('Set the DATEV consultant and client number first (PATCH /v2/company/payrollExportSettings)');
  }
  const { records, unmapped } = lodasRecords(employees, settings);
  return lodasFile({
    consultantNumber: settings.consultantNumber,
    clientNumber: settings.clientNumber,
    month,
    processingKeys: settings.processingKeys,
    records,
    comments: [
      ...employees.flatMap((e) =>
        (e.flags ?? []).map(
          (f) =>
            `Hinweis ${f}: ${e.personnelNumber} Entgelt ${formatCents(e.payCents ?? 0)} Grenze ${formatCents(e.limitCents ?? 0)}`,
        ),
      ),
      ...unmapped.map((u) => `ohne Lohnart, nicht uebertragen: ${u}`),
    ],
  });
}
