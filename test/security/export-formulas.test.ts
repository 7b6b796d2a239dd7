// Every CSV the server writes is safe in a spreadsheet (the security review's "formulas survive the CSV export"):
// the payroll export, the timesheet CSV, the plain accounting CSV and DATEV's text fields go through the one CSV
// writer's guard, as the collection exports do (test/imports/csv-export-formulas.test.ts). A text cell starting with
// a formula character gets an apostrophe; an amount stays a number even when negative.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { payrollCsv } from '../../src/modules/payroll/payroll-export.js';
import { plainCsv } from '../../src/modules/accounting/rules/plain-csv.js';
import { datevRow } from '../../src/modules/accounting/rules/datev.js';
import type { AccountPlan } from '../../src/modules/accounting/rules/accounts.js';

const FORMULAS = ['=1+1', '+1+1', '-1+1', '@SUM(1)', '|calc', '\tx', '\rx', '＝1', '＋1', '－1', '＠1', '｜x'];

/** The cells of a `;` CSV line without quoting tricks (the inputs here hold no `;` or `"`, CR and LF aside). */
function cellsOf(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quotedCell = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quotedCell) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quotedCell = false;
      else cell += c;
    } else if (c === '"') quotedCell = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const DANGEROUS = /^[=+\-@|\t\r\n＝＋－＠｜]/u;

describe('formula guard on every export', () => {
  test('payroll export: names and keys guarded, negative amounts stay numbers', () => {
    const csv = payrollCsv(
      '2027-01',
      FORMULAS.map((name, i) => ({
        personnelNumber: name,
        name,
        lines: [
          {
            key: 'work',
            wageType: name,
            unit: 'amount',
            seconds: 3600,
            days: 0,
            cents: -5 - i,
            taxFreeCents: 0,
            taxableCents: -5 - i,
            socialInsuranceFreeCents: 0,
            socialInsuranceLiableCents: -5 - i,
          },
        ],
      })),
    );
    const rows = cellsOf(csv).slice(1);
    assert.equal(rows.length, FORMULAS.length);
    for (const [i, row] of rows.entries()) {
      for (const at of [1, 2, 3]) assert.equal(row[at], `'${FORMULAS[i]}`, `column ${at} of row ${i}`);
      assert.equal(row[8], `-0,${String(5 + i).padStart(2, '0')}`, 'a negative amount is a number, not text');
    }
  });

  test('plain accounting CSV: customer names guarded, negative amounts stay numbers', () => {
    const plan: AccountPlan = {
      chart: 'SKR03',
      accountLength: 4,
      revenueAccounts: { S19: 8400 },
      skontoAccounts: { S19: 8736 },
      advanceAccounts: { S19: 1718 },
      advanceClearingAccount: 1593,
      debtors: { scheme: 'perCustomer', base: 10000, collectiveAccount: 10000 },
      bankAccount: 1200,
      cashAccount: 1000,
      paymentMethodAccounts: {},
    };
    const csv = plainCsv(
      plan,
      FORMULAS.map((name, i) => ({
        kind: 'credit' as const,
        documentNumber: `GS-${i}`,
        documentDate: '2027-01-10',
        buyer: { name, number: i + 1, debitorNumber: name },
        vatBreakdown: [{ category: 'S', rate: 19, taxableAmount: 10, taxAmount: 1.9 }],
      })),
      [],
    );
    for (const [i, row] of cellsOf(csv).slice(1).entries()) {
      assert.equal(row[5], `'${FORMULAS[i]}`);
      assert.equal(row[4], `'${FORMULAS[i]}`);
      assert.equal(row[9], '-11,90');
      for (const cell of row) assert.ok(!DANGEROUS.test(cell) || /^-\d+,\d\d$/.test(cell), `unsafe cell ${cell}`);
    }
  });

  test("DATEV: the booking text is guarded like any CSV's text", () => {
    for (const text of FORMULAS) {
      const row = datevRow({
        cents: 100,
        side: 'S',
        account: 10001,
        contra: 8400,
        date: '2027-01-10',
        beleg1: 'RE-1',
        text,
      });
      const field = row.split(';')[13]!;
      // Tab and CR become a space (DATEV fields hold no line breaks), the rest an apostrophe first.
      assert.ok(!DANGEROUS.test(field.slice(1)), `${JSON.stringify(text)} → ${field}`);
      if (!/^[\t\r]/.test(text)) assert.ok(field.startsWith(`"'`), `${JSON.stringify(text)} → ${field}`);
    }
  });
});
