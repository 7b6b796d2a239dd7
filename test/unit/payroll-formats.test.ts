// Hand-worked lines of the payroll files: German CSV numbers and quoting, the payroll lines summed
// from salaries (tax-free and taxable parts), and the DATEV LODAS ASCII import file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  centsCell,
  formatCents,
  formatDecimal,
  formatHours,
  germanCsv,
} from '../../src/modules/payroll/rules/german-csv.js';
import { accountingPeriod, lodasFile } from '../../src/modules/payroll/rules/lodas.js';
import { payrollLines, type SalaryLine } from '../../src/modules/payroll/rules/payroll-lines.js';

describe('German CSV', () => {
  test('numbers: decimal comma, two decimals, hours from seconds', () => {
    const cases: Array<[string, string, string]> = [
      ['7.5 h = 27 000 s', formatHours(27_000), '7,50'],
      ['7 h 20 min = 26 400 s = 7.333… h', formatHours(26_400), '7,33'],
      ['7 h 18 s: a hundredth of an hour is 36 s, 18 s is half of it and rounds up', formatHours(25_218), '7,01'],
      ['7 h 17 s rounds down', formatHours(25_217), '7,00'],
      ['7.5 h × 12.50 = 93.75', formatCents(Math.round(7.5 * 1250)), '93,75'],
      ['5 cents', formatCents(5), '0,05'],
      ['minus 5 cents', formatCents(-5), '-0,05'],
      ['no thousands separator', formatCents(123_456_78), '123456,78'],
      ['half a day', formatDecimal(0.5), '0,5'],
      ['whole days', formatDecimal(2), '2'],
    ];
    for (const [what, actual, expected] of cases) assert.equal(actual, expected, what);
  });

  test('file: BOM, semicolons, CRLF, quoting, no formulas', () => {
    // Amounts go in as number cells (centsCell): -5 cents is the number -0,05, not text.
    const csv = germanCsv(
      ['Name', 'Betrag'],
      [
        ['Müller; Sohn', centsCell(9375)],
        ['Say "hi"', centsCell(-5)],
        ['=SUM(A1)', 1],
      ],
    );
    assert.equal(csv, '\uFEFFName;Betrag\r\n"Müller; Sohn";93,75\r\n"Say ""hi""";-0,05\r\n\'=SUM(A1);1\r\n');
  });

  test('an amount passed as a string is text and guarded: callers use a number cell', () => {
    // '-0,05' as a string starts with '-', which a spreadsheet takes for a formula: it gets the apostrophe.
    assert.equal(germanCsv(['Betrag'], [['-0,05']]), "\uFEFFBetrag\r\n'-0,05\r\n");
  });
});

describe('payroll lines', () => {
  const night = (seconds: number, cents: number, taxFreeCents: number) => ({
    category: 'night',
    seconds,
    cents,
    taxFreeCents,
    taxableCents: cents - taxFreeCents,
  });
  test('summed by pay type; surcharges split into tax-free and taxable; absence days; wage types mapped', () => {
    const salaries: SalaryLine[] = [
      // 7.5 h at 12.50 = 93.75, no surcharge.
      { type: 'work', payType: 'default', seconds: 27_000, totalCents: 9375, surcharges: [] },
      // 4 h at 60.00 = 240.00; night 2 h at 25 %: 2 × 60 × 0.25 = 30.00, tax-free on 50.00: 2 × 50 × 0.25 = 25.00, taxable 5.00.
      { type: 'work', payType: 'default', seconds: 14_400, totalCents: 27_000, surcharges: [night(7200, 3000, 2500)] },
      // A pay type with its own code: 2 h at 150 % of 12.50 = 37.50.
      { type: 'work', payType: 'Overtime 150', payTypeCode: '1050', seconds: 7200, totalCents: 3750, surcharges: [] },
      // Illness, 8 h at 12.50 = 100.00, with a night surcharge of the missed shift, all taxable: 2 × 12.50 × 0.25 = 6.25.
      {
        type: 'absence',
        payType: 'illness',
        absenceKind: 'illness',
        seconds: 28_800,
        totalCents: 10_625,
        surcharges: [night(7200, 625, 0)],
      },
    ];
    const lines = payrollLines(
      salaries,
      { illness: 1, vacation: 0 },
      { work: '1000', 'absence:illness': '1110', 'surcharge:night:taxFree': '1200', 'days:illness': '9110' },
    );
    assert.deepEqual(
      lines.map((l) => [l.key, l.wageType, l.seconds, l.days, l.cents, l.taxFreeCents, l.taxableCents]),
      [
        // 27 000 + 14 400 s = 11.5 h; 93.75 + 240.00 = 333.75
        ['work', '1000', 41_400, 0, 33_375, 0, 33_375],
        ['payType:Overtime 150', '1050', 7200, 0, 3750, 0, 3750],
        ['absence:illness', '1110', 28_800, 0, 10_000, 0, 10_000],
        ['surcharge:night:taxFree', '1200', 7200, 0, 2500, 2500, 0],
        // 5.00 of the work's surcharge + 6.25 of the illness's = 11.25; no wage type mapped.
        ['surcharge:night:taxable', undefined, 14_400, 0, 1125, 0, 1125],
        ['days:illness', '9110', 0, 1, 0, 0, 0],
      ],
    );
  });

  test('holiday pay (§2 EFZG) is its own line, whichever absence it belongs to', () => {
    // 8 h at 12.50 = 100.00 on a public holiday inside a vacation.
    const lines = payrollLines(
      [
        {
          type: 'absence',
          payType: 'vacation',
          absenceKind: 'vacation',
          payRule: 'holidayPay',
          seconds: 28_800,
          totalCents: 10_000,
          surcharges: [],
        },
      ],
      {},
      { 'absence:holidayPay': '1140' },
    );
    assert.deepEqual(
      lines.map((l) => [l.key, l.wageType, l.cents]),
      [['absence:holidayPay', '1140', 10_000]],
    );
  });
});

describe('LODAS ASCII import', () => {
  test('sections, record description and movement lines, hand-worked', () => {
    const file = lodasFile({
      consultantNumber: '1234567',
      clientNumber: '12345',
      month: '2026-11',
      processingKeys: { hours: 1, days: 2, amount: 4 },
      records: [
        { personnelNumber: '7', wageType: '1001', unit: 'hours', value: 27_000 }, // 7.5 h
        { personnelNumber: '7', wageType: '1000', unit: 'amount', value: 9375 }, // 7.5 × 12.50 = 93.75
        { personnelNumber: '7', wageType: '9100', unit: 'days', value: 1.5 },
      ],
      comments: ['ohne Lohnart: 7 surcharge:other:taxable', 'Müller'],
    });
    assert.equal(accountingPeriod('2026-01'), '01/01/2026');
    assert.equal(
      file,
      [
        '[Allgemein]',
        'Ziel=LODAS',
        'Version_SST=1.0',
        'BeraterNr=1234567',
        'MandantenNr=12345',
        'Feldtrennzeichen=;',
        'Zahlenkomma=,',
        'Datumsformat=TT/MM/JJJJ',
        'Stringbegrenzer="',
        'Kommentarzeichen=*',
        '',
        '* ohne Lohnart: 7 surcharge:other:taxable',
        '* Muller',
        '[Satzbeschreibung]',
        '10;u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;pnr#bwd;la_eigene#bwd;bs_nr#bwd;bs_wert_butab#bwd;',
        '',
        '[Bewegungsdaten]',
        '10;01/11/2026;7;1001;1;7,50;',
        '10;01/11/2026;7;1000;4;93,75;',
        '10;01/11/2026;7;9100;2;1,5;',
        '',
      ].join('\r\n'),
    );
  });
});
