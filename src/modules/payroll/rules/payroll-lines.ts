// A month's payroll lines of one employee: the salary lines (what the salary calculation stored)
// summed by our pay type, each surcharge category split into its tax-free and taxable part, and
// the absence days by type; then each line's wage type (Lohnart) from the company's mapping. The
// tax-free part is split again by social insurance (§1 (1) Nr. 1 SvEV, rules/social-insurance-free.ts):
// `taxFree` is free of tax and social insurance, `taxFreeSvLiable` tax-free but liable.
// Sums only: no amount is computed here, so the export books exactly what the salaries say.

export interface SurchargePart {
  category: string;
  seconds: number;
  cents: number;
  taxFreeCents: number;
  taxableCents: number;
  /** Of the tax-free part, what is also free of social insurance (base up to 25 EUR/h); all of it when not given. */
  socialInsuranceFreeCents?: number;
}

/** One stored salary as the export reads it. */
export interface SalaryLine {
  type: 'work' | 'absence';
  /** The pay type's name ('default' without one) and its wage type code, if it has one. */
  payType: string;
  payTypeCode?: string;
  /** For absence salaries: the absence kind's name (illness, vacation...). */
  absenceKind?: string;
  /** For absence salaries: the rule that priced the day; holiday pay (§2 EFZG) has a wage type of its own. */
  payRule?: string;
  /** Paid seconds of the line (working time plus driving time, or the absence's paid time). */
  seconds: number;
  totalCents: number;
  surcharges: SurchargePart[];
}

export interface PayrollLine {
  /** Our pay type: work, payType:<name>, absence:<kind> or absence:holidayPay, surcharge:<category>:taxFree|taxFreeSvLiable|taxable, days:<kind>. */
  key: string;
  wageType?: string;
  /** What the line carries to payroll: an amount, or a number of days. */
  unit: 'amount' | 'days';
  seconds: number;
  days: number;
  cents: number;
  taxFreeCents: number;
  taxableCents: number;
  /** Free of social insurance (the tax-free surcharges on a base up to 25 EUR/h) and liable to it (the rest). */
  socialInsuranceFreeCents: number;
  socialInsuranceLiableCents: number;
}

export interface WageTypeMapping {
  [key: string]: string;
}

/** Our keys in the order lines are listed; anything else (pay types, unknown categories) follows alphabetically. */
const ORDER = [
  'work',
  'absence:',
  'surcharge:night:',
  'surcharge:sunday:',
  'surcharge:publicHoliday:',
  'surcharge:',
  'days:',
];
const rank = (key: string) => {
  const i = ORDER.findIndex((prefix) => key === prefix || (prefix.endsWith(':') && key.startsWith(prefix)));
  return key.startsWith('payType:') ? 0.5 : i < 0 ? ORDER.length : i;
};

/** The tax-free part before the taxable one. */
const sortable = (key: string) =>
  key
    .replace(/:taxFree$/, ':0')
    .replace(/:taxFreeSvLiable$/, ':1')
    .replace(/:taxable$/, ':2');

export function payrollLines(
  salaries: SalaryLine[],
  absenceDays: Record<string, number>,
  mapping: WageTypeMapping,
): PayrollLine[] {
  const lines = new Map<string, PayrollLine>();
  const codes = new Map<string, string>();
  const add = (
    key: string,
    part: Partial<Omit<PayrollLine, 'key' | 'unit' | 'wageType'>>,
    unit: PayrollLine['unit'] = 'amount',
  ) => {
    const line = lines.get(key) ?? {
      key,
      unit,
      seconds: 0,
      days: 0,
      cents: 0,
      taxFreeCents: 0,
      taxableCents: 0,
      socialInsuranceFreeCents: 0,
      socialInsuranceLiableCents: 0,
    };
    line.seconds += part.seconds ?? 0;
    line.days = Math.round((line.days + (part.days ?? 0)) * 100) / 100;
    line.cents += part.cents ?? 0;
    line.taxFreeCents += part.taxFreeCents ?? 0;
    line.taxableCents += part.taxableCents ?? 0;
    line.socialInsuranceFreeCents += part.socialInsuranceFreeCents ?? 0;
    line.socialInsuranceLiableCents += part.socialInsuranceLiableCents ?? 0;
    lines.set(key, line);
  };
  for (const salary of salaries) {
    const surchargeCents = salary.surcharges.reduce((sum, s) => sum + s.cents, 0);
    const base = salary.totalCents - surchargeCents;
    // Holiday pay and days the health insurer pays (Krankengeldbezug, §3 EFZG) have keys of their own.
    const ownKey = salary.payRule === 'holidayPay' || salary.payRule === 'Krankengeldbezug';
    const absence = ownKey ? salary.payRule : (salary.absenceKind ?? 'other');
    if (salary.type === 'absence' && salary.payRule === 'Krankengeldbezug') {
      add('days:Krankengeldbezug', { days: 1 }, 'days');
      continue;
    }
    const key =
      salary.type === 'absence'
        ? `absence:${absence}`
        : salary.payType === 'default'
          ? 'work'
          : `payType:${salary.payType}`;
    if (salary.payTypeCode && salary.type === 'work') codes.set(key, salary.payTypeCode);
    // Base pay is taxable and liable to social insurance: §3b EStG exempts only the surcharges for work actually done.
    add(key, { seconds: salary.seconds, cents: base, taxableCents: base, socialInsuranceLiableCents: base });
    for (const s of salary.surcharges) {
      const svFree = s.socialInsuranceFreeCents ?? s.taxFreeCents;
      const svLiable = s.taxFreeCents - svFree;
      if (svFree !== 0)
        add(`surcharge:${s.category}:taxFree`, {
          seconds: s.seconds,
          cents: svFree,
          taxFreeCents: svFree,
          socialInsuranceFreeCents: svFree,
        });
      if (svLiable !== 0)
        add(`surcharge:${s.category}:taxFreeSvLiable`, {
          seconds: s.seconds,
          cents: svLiable,
          taxFreeCents: svLiable,
          socialInsuranceLiableCents: svLiable,
        });
      if (s.taxableCents !== 0 || s.taxFreeCents === 0)
        add(`surcharge:${s.category}:taxable`, {
          seconds: s.seconds,
          cents: s.taxableCents,
          taxableCents: s.taxableCents,
          socialInsuranceLiableCents: s.taxableCents,
        });
    }
  }
  for (const [kind, days] of Object.entries(absenceDays)) if (days > 0) add(`days:${kind}`, { days }, 'days');
  return [...lines.values()]
    .map((line) => {
      const wageType = codes.get(line.key) ?? mapping[line.key];
      return wageType ? { ...line, wageType } : line;
    })
    .sort((a, b) => rank(a.key) - rank(b.key) || sortable(a.key).localeCompare(sortable(b.key)));
}
