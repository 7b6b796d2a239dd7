// Invoice totals, hand-worked: every figure below was computed by hand from the rules in the header
// of src/modules/invoicing/rules/invoice-totals.ts (EN 16931), never by calling the code:
//   line net = quantity × price × (1 − discount), rounded once to the cent, half away from zero;
//   per (category, rate) group: taxable = Σ line nets, VAT = taxable × rate rounded once;
//   net / VAT / gross = sums over the groups; optional positions are listed but not counted;
//   only category S carries its rate, Z, E, AE, K, G, O carry 0 %;
//   the breakdown is sorted by rate descending, then by category.
// All amounts in cents.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  skontoOf,
  categoryOf,
  invoiceTotals,
  lineNetCents,
  type AllowanceCharge,
  type Position,
  type VatBreakdown,
  type VatCategory,
} from '../../src/modules/invoicing/rules/invoice-totals.js';

interface Row {
  name: string;
  positions: Position[];
  /** Expected netCents of every line, in input order (optional ones included). */
  lines: number[];
  /** Expected category / ratePercent / counted of every line; checked when given. */
  lineInfo?: Array<[VatCategory, number, boolean]>;
  /** [category, ratePercent, taxableCents, taxCents], in the expected order. */
  vat: Array<[VatCategory, number, number, number]>;
  net: number;
  tax: number;
  gross: number;
  todo?: string;
}

const rows: Row[] = [
  // ---------------------------------------------------------------- single rates
  {
    name: 'single 19 % line: 1 × 100.00',
    positions: [{ quantity: 1, price: 100, tax: 0.19 }],
    // net 1 × 100.00 = 100.00 = 10000; VAT 10000 × 0.19 = 1900; gross 11900
    lines: [10000],
    lineInfo: [['S', 19, true]],
    vat: [['S', 19, 10000, 1900]],
    net: 10000,
    tax: 1900,
    gross: 11900,
  },
  {
    name: 'single 19 % line with a half cent of VAT: 3 × 12.50',
    positions: [{ quantity: 3, price: 12.5, tax: 0.19 }],
    // net 3 × 12.50 = 37.50 = 3750; VAT 3750 × 0.19 = 712.5 → 713 (half away from zero); gross 4463
    lines: [3750],
    vat: [['S', 19, 3750, 713]],
    net: 3750,
    tax: 713,
    gross: 4463,
  },
  {
    name: 'single 7 % line: 2 × 9.95',
    positions: [{ quantity: 2, price: 9.95, tax: 0.07 }],
    // net 2 × 9.95 = 19.90 = 1990; VAT 1990 × 0.07 = 139.3 → 139; gross 2129
    lines: [1990],
    lineInfo: [['S', 7, true]],
    vat: [['S', 7, 1990, 139]],
    net: 1990,
    tax: 139,
    gross: 2129,
  },
  {
    name: '7 % with a half cent of VAT: 1 × 0.50',
    positions: [{ quantity: 1, price: 0.5, tax: 0.07 }],
    // net 50; VAT 50 × 0.07 = 3.5 → 4; gross 54
    lines: [50],
    vat: [['S', 7, 50, 4]],
    net: 50,
    tax: 4,
    gross: 54,
  },
  {
    name: 'decimal rate 5.5 %: 1 × 100.00',
    positions: [{ quantity: 1, price: 100, tax: 0.055 }],
    // net 10000; VAT 10000 × 0.055 = 550; gross 10550; ratePercent 5.5
    lines: [10000],
    lineInfo: [['S', 5.5, true]],
    vat: [['S', 5.5, 10000, 550]],
    net: 10000,
    tax: 550,
    gross: 10550,
  },
  {
    name: '0 % line without a category becomes Z: 4 × 25.00',
    positions: [{ quantity: 4, price: 25, tax: 0 }],
    // net 4 × 25.00 = 100.00 = 10000; category Z (tax 0), VAT 0; gross 10000
    lines: [10000],
    lineInfo: [['Z', 0, true]],
    vat: [['Z', 0, 10000, 0]],
    net: 10000,
    tax: 0,
    gross: 10000,
  },
  {
    name: 'explicit Z with a rate given carries no VAT: 1 × 10.00 at 7 %',
    positions: [{ quantity: 1, price: 10, tax: 0.07, category: 'Z' }],
    // net 1000; Z → rate 0, VAT 0; gross 1000
    lines: [1000],
    lineInfo: [['Z', 0, true]],
    vat: [['Z', 0, 1000, 0]],
    net: 1000,
    tax: 0,
    gross: 1000,
  },
  {
    name: 'mixed 19 % + 7 % + 0 %',
    positions: [
      { quantity: 2, price: 45, tax: 0.19 },
      { quantity: 3, price: 4.99, tax: 0.07 },
      { quantity: 1, price: 12, tax: 0 },
    ],
    // lines: 2 × 45.00 = 9000; 3 × 4.99 = 14.97 = 1497; 1 × 12.00 = 1200
    // S19: 9000 × 0.19 = 1710; S7: 1497 × 0.07 = 104.79 → 105; Z0: 1200 → 0
    // net 9000 + 1497 + 1200 = 11697; VAT 1710 + 105 = 1815; gross 13512
    lines: [9000, 1497, 1200],
    lineInfo: [
      ['S', 19, true],
      ['S', 7, true],
      ['Z', 0, true],
    ],
    vat: [
      ['S', 19, 9000, 1710],
      ['S', 7, 1497, 105],
      ['Z', 0, 1200, 0],
    ],
    net: 11697,
    tax: 1815,
    gross: 13512,
  },
  {
    name: 'explicit S and implicit S share one group: 0.05 + 0.05 at 19 %',
    positions: [
      { quantity: 1, price: 0.05, tax: 0.19, category: 'S' },
      { quantity: 1, price: 0.05, tax: 0.19 },
    ],
    // lines 5 + 5 → group 10; VAT 10 × 0.19 = 1.9 → 2; gross 12
    lines: [5, 5],
    vat: [['S', 19, 10, 2]],
    net: 10,
    tax: 2,
    gross: 12,
  },
  // ---------------------------------------------------------------- categories without VAT
  {
    name: 'reverse charge AE with 19 % given: no VAT, own group beside S 19 %',
    positions: [
      { quantity: 10, price: 30, tax: 0.19, category: 'AE' },
      { quantity: 1, price: 50, tax: 0.19 },
    ],
    // AE: 10 × 30.00 = 300.00 = 30000, rate 0 → VAT 0; S19: 1 × 50.00 = 5000 → 5000 × 0.19 = 950
    // net 35000; VAT 950; gross 35950; S 19 sorts before AE 0
    lines: [30000, 5000],
    lineInfo: [
      ['AE', 0, true],
      ['S', 19, true],
    ],
    vat: [
      ['S', 19, 5000, 950],
      ['AE', 0, 30000, 0],
    ],
    net: 35000,
    tax: 950,
    gross: 35950,
  },
  {
    name: 'exempt E (19 % given) and zero-rated Z are two 0 % groups, E before Z',
    positions: [
      { quantity: 2, price: 5, tax: 0 },
      { quantity: 1, price: 80, tax: 0.19, category: 'E' },
    ],
    // Z: 2 × 5.00 = 1000; E: 1 × 80.00 = 8000, rate 0; both VAT 0; net 9000; gross 9000
    lines: [1000, 8000],
    lineInfo: [
      ['Z', 0, true],
      ['E', 0, true],
    ],
    vat: [
      ['E', 0, 8000, 0],
      ['Z', 0, 1000, 0],
    ],
    net: 9000,
    tax: 0,
    gross: 9000,
  },
  {
    name: 'K, G, O with 19 % given carry no VAT, sorted G, K, O',
    positions: [
      { quantity: 1, price: 100, tax: 0.19, category: 'K' },
      { quantity: 1, price: 200, tax: 0.19, category: 'G' },
      { quantity: 1, price: 300, tax: 0.19, category: 'O' },
    ],
    // 10000 + 20000 + 30000 = 60000, all rate 0 → VAT 0; gross 60000
    lines: [10000, 20000, 30000],
    lineInfo: [
      ['K', 0, true],
      ['G', 0, true],
      ['O', 0, true],
    ],
    vat: [
      ['G', 0, 20000, 0],
      ['K', 0, 10000, 0],
      ['O', 0, 30000, 0],
    ],
    net: 60000,
    tax: 0,
    gross: 60000,
  },
  // ---------------------------------------------------------------- discounts
  {
    name: 'discount 10 %: 5 × 19.99 × 0.9',
    positions: [{ quantity: 5, price: 19.99, discount: 0.1, tax: 0.19 }],
    // 5 × 19.99 = 99.95; × 0.9 = 89.955 → 89.96 = 8996; VAT 8996 × 0.19 = 1709.24 → 1709; gross 10705
    lines: [8996],
    vat: [['S', 19, 8996, 1709]],
    net: 8996,
    tax: 1709,
    gross: 10705,
  },
  {
    name: 'discount 2.5 %: 4 × 37.40 × 0.975',
    positions: [{ quantity: 4, price: 37.4, discount: 0.025, tax: 0.19 }],
    // 4 × 37.40 = 149.60; 149.60 × 0.025 = 3.74; 149.60 − 3.74 = 145.86 = 14586
    // VAT 14586 × 0.19 = 2771.34 → 2771; gross 17357
    lines: [14586],
    vat: [['S', 19, 14586, 2771]],
    net: 14586,
    tax: 2771,
    gross: 17357,
  },
  {
    name: 'discount makes a half cent: 3 × 0.35 × (1 − 0.5) = 0.525 → 0.53',
    positions: [{ quantity: 3, price: 0.35, discount: 0.5, tax: 0.19 }],
    // 3 × 0.35 = 1.05; × 0.5 = 0.525 → 0.53 = 53; VAT 53 × 0.19 = 10.07 → 10; gross 63
    lines: [53],
    vat: [['S', 19, 53, 10]],
    net: 53,
    tax: 10,
    gross: 63,
  },
  {
    name: 'rounded once, not after q × p: 7 × 0.015 × 0.9 = 0.0945 → 0.09 (twice would give 0.10)',
    positions: [{ quantity: 7, price: 0.015, discount: 0.1, tax: 0.19 }],
    // once: 7 × 0.015 = 0.105; × 0.9 = 0.0945 → 9. (Twice: 0.105 → 0.11; × 0.9 = 0.099 → 10.)
    // VAT 9 × 0.19 = 1.71 → 2; gross 11
    lines: [9],
    vat: [['S', 19, 9, 2]],
    net: 9,
    tax: 2,
    gross: 11,
  },
  {
    name: '100 % discount: the line is 0, the other line alone is taxed',
    positions: [
      { quantity: 3, price: 45, discount: 1, tax: 0.19 },
      { quantity: 1, price: 20, tax: 0.19 },
    ],
    // 3 × 45.00 × 0 = 0; 1 × 20.00 = 2000; group 2000 → 2000 × 0.19 = 380; gross 2380
    lines: [0, 2000],
    vat: [['S', 19, 2000, 380]],
    net: 2000,
    tax: 380,
    gross: 2380,
  },
  // ---------------------------------------------------------------- decimals in quantity / price
  {
    name: 'quantity with decimals: 1.25 h × 42.80',
    positions: [{ quantity: 1.25, price: 42.8, tax: 0.19 }],
    // 1.25 × 42.80 = 42.80 + 10.70 = 53.50 = 5350; VAT 5350 × 0.19 = 1016.5 → 1017; gross 6367
    lines: [5350],
    vat: [['S', 19, 5350, 1017]],
    net: 5350,
    tax: 1017,
    gross: 6367,
  },
  {
    name: 'price with 4 decimals: 1234.5 m² × 0.0825',
    positions: [{ quantity: 1234.5, price: 0.0825, tax: 0.19 }],
    // 1234.5 × 0.08 = 98.76; 1234.5 × 0.0025 = 3.08625; sum 101.84625 → 101.85 = 10185
    // VAT 10185 × 0.19 = 1935.15 → 1935; gross 12120
    lines: [10185],
    vat: [['S', 19, 10185, 1935]],
    net: 10185,
    tax: 1935,
    gross: 12120,
  },
  {
    name: 'smallest price 0.0001: 10000 × 0.0001 = 1.00',
    positions: [{ quantity: 10000, price: 0.0001, tax: 0.19 }],
    // 10000 × 0.0001 = 1.00 = 100; VAT 100 × 0.19 = 19; gross 119
    lines: [100],
    vat: [['S', 19, 100, 19]],
    net: 100,
    tax: 19,
    gross: 119,
  },
  {
    name: 'all three with 4 decimals: 2.5 × 1.2345 × (1 − 0.125)',
    positions: [{ quantity: 2.5, price: 1.2345, discount: 0.125, tax: 0.19 }],
    // 2.5 × 1.2345 = 3.08625; × 0.875 = 3.08625 − 0.38578125 = 2.70046875 → 2.70 = 270
    // VAT 270 × 0.19 = 51.3 → 51; gross 321
    lines: [270],
    vat: [['S', 19, 270, 51]],
    net: 270,
    tax: 51,
    gross: 321,
  },
  // ---------------------------------------------------------------- VAT on the group's sum
  {
    name: 'VAT on the sum, same as per line here: 3 × (1 × 0.10) at 19 %',
    positions: [0, 1, 2].map(() => ({ quantity: 1, price: 0.1, tax: 0.19 })),
    // sum 30 × 0.19 = 5.7 → 6 (per line 1.9 → 2, × 3 = 6 too); gross 36
    lines: [10, 10, 10],
    vat: [['S', 19, 30, 6]],
    net: 30,
    tax: 6,
    gross: 36,
  },
  {
    name: 'VAT on the sum, same as per line here: 10 × (1 × 0.05) at 19 %',
    positions: Array.from({ length: 10 }, () => ({ quantity: 1, price: 0.05, tax: 0.19 })),
    // sum 50 × 0.19 = 9.5 → 10 (per line 0.95 → 1, × 10 = 10 too); gross 60
    lines: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5],
    vat: [['S', 19, 50, 10]],
    net: 50,
    tax: 10,
    gross: 60,
  },
  {
    name: 'VAT on the sum differs from per line (lower): 3 × (1 × 0.03) at 19 %',
    positions: [0, 1, 2].map(() => ({ quantity: 1, price: 0.03, tax: 0.19 })),
    // sum 9 × 0.19 = 1.71 → 2; per line would be 0.57 → 1, × 3 = 3; gross 11
    lines: [3, 3, 3],
    vat: [['S', 19, 9, 2]],
    net: 9,
    tax: 2,
    gross: 11,
  },
  {
    name: 'VAT on the sum differs from per line (higher): 3 × (1 × 0.02) at 19 %',
    positions: [0, 1, 2].map(() => ({ quantity: 1, price: 0.02, tax: 0.19 })),
    // sum 6 × 0.19 = 1.14 → 1; per line would be 0.38 → 0, × 3 = 0; gross 7
    lines: [2, 2, 2],
    vat: [['S', 19, 6, 1]],
    net: 6,
    tax: 1,
    gross: 7,
  },
  // ---------------------------------------------------------------- optional positions
  {
    name: 'optional positions are listed but not counted, and open no group',
    positions: [
      { quantity: 2, price: 40, tax: 0.19 },
      { quantity: 1, price: 500, tax: 0.19, isOptional: true },
      { quantity: 1, price: 10, tax: 0.07, isOptional: true },
    ],
    // counted: 2 × 40.00 = 8000 → 8000 × 0.19 = 1520; optional 50000 (19 %) and 1000 (7 %) ignored
    // net 8000; VAT 1520; gross 9520; no 7 % group
    lines: [8000, 50000, 1000],
    lineInfo: [
      ['S', 19, true],
      ['S', 19, false],
      ['S', 7, false],
    ],
    vat: [['S', 19, 8000, 1520]],
    net: 8000,
    tax: 1520,
    gross: 9520,
  },
  {
    name: 'only optional positions: nothing counted',
    positions: [{ quantity: 3, price: 12.5, tax: 0.19, isOptional: true }],
    // line 3750 shown; no group; all totals 0
    lines: [3750],
    lineInfo: [['S', 19, false]],
    vat: [],
    net: 0,
    tax: 0,
    gross: 0,
  },
  // ---------------------------------------------------------------- credits (negative quantities)
  {
    name: 'credit line: −2 × 15.00 at 19 %',
    positions: [{ quantity: -2, price: 15, tax: 0.19 }],
    // −2 × 15.00 = −30.00 = −3000; VAT −3000 × 0.19 = −570; gross −3570
    lines: [-3000],
    vat: [['S', 19, -3000, -570]],
    net: -3000,
    tax: -570,
    gross: -3570,
  },
  {
    name: 'credit line, half cent of net away from zero: −3 × 0.35 × (1 − 0.5) = −0.525 → −0.53',
    positions: [{ quantity: -3, price: 0.35, discount: 0.5, tax: 0.19 }],
    // −1.05 × 0.5 = −0.525 → −53; VAT −53 × 0.19 = −10.07 → −10; gross −63
    lines: [-53],
    vat: [['S', 19, -53, -10]],
    net: -53,
    tax: -10,
    gross: -63,
  },
  {
    name: 'credit line, half cent of VAT away from zero: −3 × 12.50',
    positions: [{ quantity: -3, price: 12.5, tax: 0.19 }],
    // −37.50 = −3750; VAT −3750 × 0.19 = −712.5 → −713; gross −4463
    lines: [-3750],
    vat: [['S', 19, -3750, -713]],
    net: -3750,
    tax: -713,
    gross: -4463,
  },
  {
    name: 'credit line with decimals and discount: −1.5 × 10.01 × 0.9',
    positions: [{ quantity: -1.5, price: 10.01, discount: 0.1, tax: 0.19 }],
    // −1.5 × 10.01 = −15.015; × 0.9 = −13.5135 → −13.51 = −1351
    // VAT −1351 × 0.19 = −256.69 → −257; gross −1608
    lines: [-1351],
    vat: [['S', 19, -1351, -257]],
    net: -1351,
    tax: -257,
    gross: -1608,
  },
  {
    name: 'invoice with a credit line in the same group',
    positions: [
      { quantity: 10, price: 25, tax: 0.19 },
      { quantity: -1, price: 25, tax: 0.19 },
    ],
    // 25000 − 2500 = 22500; VAT 22500 × 0.19 = 4275; gross 26775
    lines: [25000, -2500],
    vat: [['S', 19, 22500, 4275]],
    net: 22500,
    tax: 4275,
    gross: 26775,
  },
  // ---------------------------------------------------------------- large, zero, ordering
  {
    name: 'large invoice: quantities in the thousands',
    positions: [
      { quantity: 2500, price: 3.85, tax: 0.19 },
      { quantity: 12480.5, price: 0.1375, tax: 0.19 },
      { quantity: 1200, price: 2.49, tax: 0.07 },
    ],
    // 2500 × 3.85 = 9625.00 = 962500
    // 12480.5 × 0.1375 = 12480.5 × 11 / 80 = 137285.5 / 80 = 1716.06875 → 1716.07 = 171607
    // 1200 × 2.49 = 2988.00 = 298800
    // S19: 962500 + 171607 = 1134107; × 0.19 = 226821.4 − 11341.07 = 215480.33 → 215480
    // S7: 298800 × 0.07 = 20916
    // net 1134107 + 298800 = 1432907; VAT 215480 + 20916 = 236396; gross 1669303
    lines: [962500, 171607, 298800],
    vat: [
      ['S', 19, 1134107, 215480],
      ['S', 7, 298800, 20916],
    ],
    net: 1432907,
    tax: 236396,
    gross: 1669303,
  },
  {
    name: 'zero quantity: the line is 0 and its (7 %) group stays, with 0',
    positions: [
      { quantity: 0, price: 99.99, tax: 0.07 },
      { quantity: 1, price: 10, tax: 0.19 },
    ],
    // 0 × 99.99 = 0 → group S7 taxable 0, VAT 0; 1 × 10.00 = 1000 → 190; gross 1190
    lines: [0, 1000],
    vat: [
      ['S', 19, 1000, 190],
      ['S', 7, 0, 0],
    ],
    net: 1000,
    tax: 190,
    gross: 1190,
  },
  {
    name: 'group order: rate descending, then category (AE, E, Z at 0 %)',
    positions: [
      { quantity: 1, price: 1, tax: 0 },
      { quantity: 1, price: 2, tax: 0.07 },
      { quantity: 1, price: 3, tax: 0.19, category: 'AE' },
      { quantity: 1, price: 4, tax: 0.19 },
      { quantity: 1, price: 5, tax: 0, category: 'E' },
      { quantity: 1, price: 6, tax: 0.19 },
    ],
    // S19: 400 + 600 = 1000 → 190; S7: 200 → 14; AE 300, E 500, Z 100 → 0
    // net 100 + 200 + 300 + 400 + 500 + 600 = 2100; VAT 204; gross 2304
    lines: [100, 200, 300, 400, 500, 600],
    lineInfo: [
      ['Z', 0, true],
      ['S', 7, true],
      ['AE', 0, true],
      ['S', 19, true],
      ['E', 0, true],
      ['S', 19, true],
    ],
    vat: [
      ['S', 19, 1000, 190],
      ['S', 7, 200, 14],
      ['AE', 0, 300, 0],
      ['E', 0, 500, 0],
      ['Z', 0, 100, 0],
    ],
    net: 2100,
    tax: 204,
    gross: 2304,
  },
  {
    name: 'empty invoice',
    positions: [],
    lines: [],
    vat: [],
    net: 0,
    tax: 0,
    gross: 0,
  },
];

const vatOf = ([category, ratePercent, taxableCents, taxCents]: [
  VatCategory,
  number,
  number,
  number,
]): VatBreakdown => ({ category, ratePercent, taxableCents, taxCents });

describe('invoiceTotals, hand-worked (EN 16931)', () => {
  for (const row of rows) {
    test(row.name, row.todo ? { todo: row.todo } : {}, () => {
      const r = invoiceTotals(row.positions);
      assert.deepEqual(
        r.lines.map((l) => l.netCents),
        row.lines,
        'line nets',
      );
      assert.deepEqual(
        row.positions.map((p) => lineNetCents(p)),
        row.lines,
        'lineNetCents',
      );
      assert.deepEqual(
        r.lines.map((l) => l.counted),
        row.positions.map((p) => !p.isOptional),
        'counted',
      );
      if (row.lineInfo) {
        assert.deepEqual(
          r.lines.map((l) => [l.category, l.ratePercent, l.counted]),
          row.lineInfo,
          'line category / rate',
        );
      }
      assert.deepEqual(r.vat, row.vat.map(vatOf), 'vat breakdown');
      assert.deepEqual(
        { net: r.netCents, tax: r.taxCents, gross: r.grossCents },
        { net: row.net, tax: row.tax, gross: row.gross },
        'totals',
      );
    });
  }
});

describe('more than 4 decimals, or not a number → RangeError', () => {
  const bad: Array<[string, Position, RegExp]> = [
    ['quantity 1.00005', { quantity: 1.00005, price: 1, tax: 0.19 }, /quantity has more than 4 decimals/],
    ['quantity 1.23456', { quantity: 1.23456, price: 1, tax: 0.19 }, /quantity has more than 4 decimals/],
    ['price 0.12345', { quantity: 1, price: 0.12345, tax: 0.19 }, /price has more than 4 decimals/],
    ['price −0.00001', { quantity: 1, price: -0.00001, tax: 0.19 }, /price has more than 4 decimals/],
    ['discount 0.00001', { quantity: 1, price: 1, discount: 0.00001, tax: 0.19 }, /discount has more than 4 decimals/],
    ['quantity NaN', { quantity: Number.NaN, price: 1, tax: 0.19 }, /quantity is not a finite number/],
    ['price Infinity', { quantity: 1, price: Number.POSITIVE_INFINITY, tax: 0.19 }, /price is not a finite number/],
  ];
  for (const [name, position, message] of bad) {
    test(name, () => {
      assert.throws(
        () => lineNetCents(position),
        (e: unknown) => e instanceof RangeError && message.test(e.message),
      );
      assert.throws(() => invoiceTotals([{ quantity: 1, price: 1, tax: 0.19 }, position]), RangeError);
    });
  }
  test('exactly 4 decimals are accepted', () => {
    // 1.2345 × 1.0001 × (1 − 0.0001) = 1.2345 × 1.0001 = 1.23462345; × 0.9999 = 1.234499... → 1.23 = 123
    assert.equal(lineNetCents({ quantity: 1.2345, price: 1.0001, discount: 0.0001, tax: 0.19 }), 123);
  });
});

// ---------------------------------------------------------------- properties
const TAXES = [0, 0.05, 0.055, 0.07, 0.16, 0.19, 0.2] as const;
const CATEGORIES: VatCategory[] = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'];
/** A number with at most 4 decimals, built from integer ten-thousandths. */
const fixed4Arb = (min: number, max: number) => fc.integer({ min, max }).map((n) => n / 10_000);
const positionArb: fc.Arbitrary<Position> = fc
  .record({
    quantity: fixed4Arb(-50_000_000, 100_000_000), // −5000 .. 10000
    price: fixed4Arb(0, 50_000_000), // 0 .. 5000
    discount: fc.option(fixed4Arb(0, 10_000), { nil: undefined }),
    tax: fc.constantFrom(...TAXES),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined, freq: 3 }),
    isOptional: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map((p) => {
    const out: Position = { quantity: p.quantity, price: p.price, tax: p.tax };
    if (p.discount !== undefined) out.discount = p.discount;
    if (p.category !== undefined) out.category = p.category;
    if (p.isOptional !== undefined) out.isOptional = p.isOptional;
    return out;
  });
const invoiceArb = fc.array(positionArb, { maxLength: 12 });

/** Half away from zero of a / b for integers (b > 0), independent of the code under test. */
function roundHalfAway(a: number, b: number): number {
  const q = Math.floor((Math.abs(a) * 2 + b) / (2 * b));
  return a < 0 ? 0 - q : q; // 0 - 0 is +0, not −0
}

describe('invoiceTotals, properties', () => {
  test('grossCents = netCents + taxCents, and the totals are the sums of the groups', () => {
    fc.assert(
      fc.property(invoiceArb, (positions) => {
        const r = invoiceTotals(positions);
        assert.equal(r.grossCents, r.netCents + r.taxCents);
        assert.equal(
          r.netCents,
          r.vat.reduce((s, g) => s + g.taxableCents, 0),
        );
        assert.equal(
          r.taxCents,
          r.vat.reduce((s, g) => s + g.taxCents, 0),
        );
      }),
      { numRuns: 400 },
    );
  });

  test('netCents = sum of the counted line nets; every non-S line is at 0 %', () => {
    fc.assert(
      fc.property(invoiceArb, (positions) => {
        const r = invoiceTotals(positions);
        assert.equal(
          r.netCents,
          r.lines.filter((l) => l.counted).reduce((s, l) => s + l.netCents, 0),
        );
        positions.forEach((p, i) => {
          assert.equal(r.lines[i]!.counted, !p.isOptional);
          assert.equal(r.lines[i]!.category, categoryOf(p));
          if (r.lines[i]!.category !== 'S') assert.equal(r.lines[i]!.ratePercent, 0);
        });
      }),
      { numRuns: 400 },
    );
  });

  test('adding an optional line never changes the breakdown or the totals', () => {
    fc.assert(
      fc.property(invoiceArb, positionArb, fc.nat(), (positions, extra, at) => {
        const before = invoiceTotals(positions);
        const withOptional = [...positions];
        withOptional.splice(at % (positions.length + 1), 0, { ...extra, isOptional: true });
        const after = invoiceTotals(withOptional);
        assert.deepEqual(
          { vat: after.vat, net: after.netCents, tax: after.taxCents, gross: after.grossCents },
          { vat: before.vat, net: before.netCents, tax: before.taxCents, gross: before.grossCents },
        );
      }),
      { numRuns: 400 },
    );
  });

  test('a single S group: taxCents = round(taxable × rate), half away from zero, exactly', () => {
    const sArb = fc.record({
      quantity: fixed4Arb(-50_000_000, 100_000_000),
      price: fixed4Arb(0, 50_000_000),
      discount: fixed4Arb(0, 10_000),
      tax: fc.constantFrom(0.05, 0.055, 0.07, 0.16, 0.19, 0.2),
    });
    // rate in basis points, written out by hand
    const BP = new Map<number, number>([
      [0.05, 500],
      [0.055, 550],
      [0.07, 700],
      [0.16, 1600],
      [0.19, 1900],
      [0.2, 2000],
    ]);
    fc.assert(
      fc.property(fc.array(sArb, { minLength: 1, maxLength: 6 }), fc.constantFrom(...BP.keys()), (ps, tax) => {
        const positions = ps.map((p) => ({ ...p, tax }));
        const r = invoiceTotals(positions);
        assert.equal(r.vat.length, 1);
        const g = r.vat[0]!;
        assert.equal(g.category, 'S');
        assert.equal(g.ratePercent, BP.get(tax)! / 100);
        assert.equal(g.taxCents, roundHalfAway(g.taxableCents * BP.get(tax)!, 10_000));
      }),
      { numRuns: 400 },
    );
  });

  test('splitting a quantity q into q1 + q2 (same price, discount, tax) changes the net by at most 1 cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50_000_000, max: 100_000_000 }),
        fc.integer({ min: -50_000_000, max: 50_000_000 }),
        fixed4Arb(0, 50_000_000),
        fixed4Arb(0, 10_000),
        fc.constantFrom(...TAXES),
        (q, q1, price, discount, tax) => {
          const whole = invoiceTotals([{ quantity: q / 10_000, price, discount, tax }]);
          const split = invoiceTotals([
            { quantity: q1 / 10_000, price, discount, tax },
            { quantity: (q - q1) / 10_000, price, discount, tax },
          ]);
          assert.ok(Math.abs(split.netCents - whole.netCents) <= 1, `${whole.netCents} vs ${split.netCents}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------- document-level allowances and charges
// Rules (EN 16931, header of invoice-totals.ts): amount = given, or round(base × percent / 100) half away
// from zero, base = given, or the counted line nets of the same category and rate; BT-106 = Σ lines,
// BT-107 = Σ allowances, BT-108 = Σ charges, BT-109 = BT-106 − BT-107 + BT-108; per group
// taxable = lines + charges − allowances, VAT on that, rounded once. Skonto base (only with an excluded
// position): per group round((taxable − excluded lines) × (100 + rate) / 100), summed. Cents.
interface AcRow {
  name: string;
  positions: Position[];
  ac: AllowanceCharge[];
  /** [baseCents | undefined, amountCents] of each allowance/charge. */
  computed: Array<[number | undefined, number]>;
  vat: Array<[VatCategory, number, number, number]>;
  line: number;
  allowance: number;
  charge: number;
  net: number;
  tax: number;
  gross: number;
  skontoBase?: number;
}
const acRows: AcRow[] = [
  {
    name: '5 % loyalty discount on 1,234.56 at 19 % plus a 12.50 fuel surcharge',
    positions: [{ quantity: 1, price: 1234.56, tax: 0.19 }],
    ac: [
      { charge: false, percent: 5, tax: 0.19 },
      { charge: true, amountCents: 1250, tax: 0.19 },
    ],
    // line 123456; allowance base 123456 × 5 / 100 = 6172.8 → 6173; charge 1250
    // net 123456 − 6173 + 1250 = 118533; VAT 118533 × 0.19 = 22521.27 → 22521; gross 141054
    computed: [
      [123456, 6173],
      [undefined, 1250],
    ],
    vat: [['S', 19, 118533, 22521]],
    line: 123456,
    allowance: 6173,
    charge: 1250,
    net: 118533,
    tax: 22521,
    gross: 141054,
  },
  {
    name: 'mixed 19 % / 7 %: 10 % off the 7 % lines, 5.00 charge at 19 %',
    positions: [
      { quantity: 2, price: 45, tax: 0.19 },
      { quantity: 3, price: 4.99, tax: 0.07 },
    ],
    ac: [
      { charge: false, percent: 10, tax: 0.07 },
      { charge: true, amountCents: 500, tax: 0.19 },
    ],
    // lines 9000 (19 %), 1497 (7 %); allowance base 1497 (the 7 % lines only) × 10 % = 149.7 → 150
    // S19 9000 + 500 = 9500 → VAT 1805; S7 1497 − 150 = 1347 → 94.29 → 94
    // line 10497; net 10497 − 150 + 500 = 10847 = 9500 + 1347; VAT 1899; gross 12746
    computed: [
      [1497, 150],
      [undefined, 500],
    ],
    vat: [
      ['S', 19, 9500, 1805],
      ['S', 7, 1347, 94],
    ],
    line: 10497,
    allowance: 150,
    charge: 500,
    net: 10847,
    tax: 1899,
    gross: 12746,
  },
  {
    name: 'percent: 2.5 % of 100.00, VAT with a half cent',
    positions: [{ quantity: 1, price: 100, tax: 0.19 }],
    ac: [{ charge: false, percent: 2.5, tax: 0.19 }],
    // 10000 × 2.5 / 100 = 250; taxable 9750; VAT 9750 × 0.19 = 1852.5 → 1853; gross 11603
    computed: [[10000, 250]],
    vat: [['S', 19, 9750, 1853]],
    line: 10000,
    allowance: 250,
    charge: 0,
    net: 9750,
    tax: 1853,
    gross: 11603,
  },
  {
    name: 'amount: 2.50 off 100.00 gives the same totals as 2.5 %',
    positions: [{ quantity: 1, price: 100, tax: 0.19 }],
    ac: [{ charge: false, amountCents: 250, tax: 0.19 }],
    // as above, without a base
    computed: [[undefined, 250]],
    vat: [['S', 19, 9750, 1853]],
    line: 10000,
    allowance: 250,
    charge: 0,
    net: 9750,
    tax: 1853,
    gross: 11603,
  },
  {
    name: 'rounding half away from zero: 1 % of 0.50; 3 % of a given base 12.50',
    positions: [{ quantity: 1, price: 0.5, tax: 0.19 }],
    ac: [
      { charge: false, percent: 1, tax: 0.19 },
      { charge: true, percent: 3, baseCents: 1250, tax: 0.19 },
    ],
    // 50 × 1 / 100 = 0.5 → 1; 1250 × 3 / 100 = 37.5 → 38
    // taxable 50 − 1 + 38 = 87; VAT 87 × 0.19 = 16.53 → 17; gross 104
    computed: [
      [50, 1],
      [1250, 38],
    ],
    vat: [['S', 19, 87, 17]],
    line: 50,
    allowance: 1,
    charge: 38,
    net: 87,
    tax: 17,
    gross: 104,
  },
  {
    name: 'percent with 4 decimals: 3.3333 % of 1,000.00',
    positions: [{ quantity: 10, price: 100, tax: 0.07 }],
    ac: [{ charge: false, percent: 3.3333, tax: 0.07 }],
    // 100000 × 3.3333 / 100 = 3333.33 → 3333; taxable 96667; VAT 96667 × 0.07 = 6766.69 → 6767; gross 103434
    computed: [[100000, 3333]],
    vat: [['S', 7, 96667, 6767]],
    line: 100000,
    allowance: 3333,
    charge: 0,
    net: 96667,
    tax: 6767,
    gross: 103434,
  },
  {
    name: 'a charge in a group without lines opens that group',
    positions: [{ quantity: 1, price: 100, tax: 0.19 }],
    ac: [
      { charge: true, amountCents: 1000, tax: 0.07 },
      { charge: false, percent: 5, tax: 0.07 },
    ],
    // S19 10000 → 1900; the 5 % allowance's base is the 7 % lines: 0 → 0; S7 1000 − 0 = 1000 → 70
    // net 10000 − 0 + 1000 = 11000; VAT 1970; gross 12970
    computed: [
      [undefined, 1000],
      [0, 0],
    ],
    vat: [
      ['S', 19, 10000, 1900],
      ['S', 7, 1000, 70],
    ],
    line: 10000,
    allowance: 0,
    charge: 1000,
    net: 11000,
    tax: 1970,
    gross: 12970,
  },
  {
    name: 'reverse charge allowance (19 % given) carries no VAT; base is the AE lines',
    positions: [
      { quantity: 10, price: 30, tax: 0.19, category: 'AE' },
      { quantity: 1, price: 50, tax: 0.19 },
    ],
    ac: [{ charge: false, percent: 10, tax: 0.19, category: 'AE' }],
    // AE 30000, allowance 10 % = 3000 → taxable 27000, rate 0; S19 5000 → 950
    // net 35000 − 3000 = 32000; VAT 950; gross 32950
    computed: [[30000, 3000]],
    vat: [
      ['S', 19, 5000, 950],
      ['AE', 0, 27000, 0],
    ],
    line: 35000,
    allowance: 3000,
    charge: 0,
    net: 32000,
    tax: 950,
    gross: 32950,
  },
  {
    name: 'cancellation: everything negated, amounts given',
    positions: [{ quantity: -1, price: 1234.56, tax: 0.19 }],
    ac: [
      { charge: false, percent: 5, baseCents: -123456, amountCents: -6173, tax: 0.19 },
      { charge: true, amountCents: -1250, tax: 0.19 },
    ],
    // −123456 − (−6173) + (−1250) = −118533; VAT −22521.27 → −22521; gross −141054
    computed: [
      [-123456, -6173],
      [undefined, -1250],
    ],
    vat: [['S', 19, -118533, -22521]],
    line: -123456,
    allowance: -6173,
    charge: -1250,
    net: -118533,
    tax: -22521,
    gross: -141054,
  },
  {
    name: 'credit: 5 % of negative lines is negative, half cent away from zero',
    positions: [{ quantity: -2, price: 15, tax: 0.19 }],
    ac: [{ charge: false, percent: 5, tax: 0.19 }],
    // base −3000 × 5 % = −150; taxable −3000 + 150 = −2850; VAT −541.5 → −542; gross −3392
    computed: [[-3000, -150]],
    vat: [['S', 19, -2850, -542]],
    line: -3000,
    allowance: -150,
    charge: 0,
    net: -2850,
    tax: -542,
    gross: -3392,
  },
  {
    name: 'optional lines are not in the default base',
    positions: [
      { quantity: 1, price: 100, tax: 0.19 },
      { quantity: 1, price: 900, tax: 0.19, isOptional: true },
    ],
    ac: [{ charge: false, percent: 10, tax: 0.19 }],
    // base 10000 (not 100000) → 1000; taxable 9000 → 1710; gross 10710
    computed: [[10000, 1000]],
    vat: [['S', 19, 9000, 1710]],
    line: 10000,
    allowance: 1000,
    charge: 0,
    net: 9000,
    tax: 1710,
    gross: 10710,
  },
  // ---------------------------------------------------------------- skonto base
  {
    name: 'skonto base: one excluded 19 % line, 7 % lines eligible',
    positions: [
      { quantity: 1, price: 100, tax: 0.19 },
      { quantity: 1, price: 20, tax: 0.19, skontoExcluded: true },
      { quantity: 1, price: 50, tax: 0.07 },
    ],
    ac: [],
    // S19 12000 → 2280; S7 5000 → 350; gross 19630
    // base: S19 (12000 − 2000) × 1.19 = 11900; S7 5000 × 1.07 = 5350; 17250
    computed: [],
    vat: [
      ['S', 19, 12000, 2280],
      ['S', 7, 5000, 350],
    ],
    line: 17000,
    allowance: 0,
    charge: 0,
    net: 17000,
    tax: 2630,
    gross: 19630,
    skontoBase: 17250,
  },
  {
    name: 'skonto base keeps document-level allowances and charges',
    positions: [
      { quantity: 1, price: 100, tax: 0.19 },
      { quantity: 1, price: 20, tax: 0.19, skontoExcluded: true },
    ],
    ac: [{ charge: false, percent: 5, tax: 0.19 }],
    // base of the 5 %: 12000 → 600; taxable 11400 → VAT 2166; gross 13566
    // skonto base (11400 − 2000) × 1.19 = 9400 × 1.19 = 11186
    computed: [[12000, 600]],
    vat: [['S', 19, 11400, 2166]],
    line: 12000,
    allowance: 600,
    charge: 0,
    net: 11400,
    tax: 2166,
    gross: 13566,
    skontoBase: 11186,
  },
  {
    name: 'skonto base rounded once per group: 0.05 eligible at 19 %',
    positions: [
      { quantity: 1, price: 0.05, tax: 0.19 },
      { quantity: 1, price: 1, tax: 0.19, skontoExcluded: true },
    ],
    ac: [],
    // taxable 105 → 19.95 → 20; gross 125; skonto base 5 × 1.19 = 5.95 → 6
    computed: [],
    vat: [['S', 19, 105, 20]],
    line: 105,
    allowance: 0,
    charge: 0,
    net: 105,
    tax: 20,
    gross: 125,
    skontoBase: 6,
  },
  {
    name: 'an excluded optional line does not make a skonto base',
    positions: [
      { quantity: 1, price: 10, tax: 0.19 },
      { quantity: 1, price: 5, tax: 0.19, skontoExcluded: true, isOptional: true },
    ],
    ac: [],
    // 1000 → 190; gross 1190; no base
    computed: [],
    vat: [['S', 19, 1000, 190]],
    line: 1000,
    allowance: 0,
    charge: 0,
    net: 1000,
    tax: 190,
    gross: 1190,
  },
];

describe('invoiceTotals with allowances and charges, hand-worked (EN 16931)', () => {
  for (const row of acRows) {
    test(row.name, () => {
      const r = invoiceTotals(row.positions, row.ac);
      assert.deepEqual(
        r.allowancesCharges.map((a) => [a.baseCents, a.amountCents]),
        row.computed,
        'base / amount',
      );
      assert.deepEqual(r.vat, row.vat.map(vatOf), 'vat breakdown');
      assert.deepEqual(
        {
          line: r.lineCents,
          allowance: r.allowanceCents,
          charge: r.chargeCents,
          net: r.netCents,
          tax: r.taxCents,
          gross: r.grossCents,
          skontoBase: r.skontoBaseCents,
        },
        {
          line: row.line,
          allowance: row.allowance,
          charge: row.charge,
          net: row.net,
          tax: row.tax,
          gross: row.gross,
          skontoBase: row.skontoBase,
        },
      );
    });
  }
  test('a percent with more than 4 decimals is a RangeError', () => {
    assert.throws(
      () => invoiceTotals([{ quantity: 1, price: 1, tax: 0.19 }], [{ charge: false, percent: 1.00001, tax: 0.19 }]),
      /percent has more than 4 decimals/,
    );
  });
});

const acArb: fc.Arbitrary<AllowanceCharge> = fc
  .record({
    charge: fc.boolean(),
    percent: fc.option(fixed4Arb(0, 1_000_000), { nil: undefined }),
    amountCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
    tax: fc.constantFrom(...TAXES),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined, freq: 3 }),
  })
  .map((a) => {
    const out: AllowanceCharge = { charge: a.charge, tax: a.tax, ...(a.category ? { category: a.category } : {}) };
    if (a.amountCents !== undefined || a.percent === undefined) out.amountCents = a.amountCents ?? 0;
    else out.percent = a.percent;
    return out;
  });

describe('invoiceTotals with allowances and charges, properties', () => {
  test('BT-109 = BT-106 − BT-107 + BT-108 = Σ taxable; gross = net + VAT; no allowances leaves the totals as they were', () => {
    fc.assert(
      fc.property(invoiceArb, fc.array(acArb, { maxLength: 5 }), (positions, ac) => {
        const r = invoiceTotals(positions, ac);
        assert.equal(r.netCents, r.lineCents - r.allowanceCents + r.chargeCents);
        assert.equal(
          r.netCents,
          r.vat.reduce((s, g) => s + g.taxableCents, 0),
        );
        assert.equal(r.grossCents, r.netCents + r.taxCents);
        const plain = invoiceTotals(positions);
        assert.equal(plain.lineCents, plain.netCents);
        assert.deepEqual(invoiceTotals(positions, []), plain);
      }),
      { numRuns: 300 },
    );
  });

  test('excluding only a 0.00 line gives a skonto base equal to the gross', () => {
    fc.assert(
      fc.property(invoiceArb, fc.array(acArb, { maxLength: 5 }), fc.constantFrom(...TAXES), (positions, ac, tax) => {
        const r = invoiceTotals([...positions, { quantity: 0, price: 1, tax, skontoExcluded: true }], ac);
        assert.equal(r.skontoBaseCents, r.grossCents);
      }),
      { numRuns: 300 },
    );
  });
});

describe('skonto amount', () => {
  test('the percentage of the base, rounded once half away from zero, in exact arithmetic', () => {
    assert.equal(skontoOf(115, 10), 12); // 1.15 × 10 % = 0.115 → 0.12 (in binary floating point 1.15 × 10 = 11.4999…, which rounds to 0.11)
    assert.equal(skontoOf(153_500, 2), 3_070); // 1,535.00 × 2 % = 30.70
    assert.equal(skontoOf(129_700, 2), 2_594); // 1,297.00 × 2 % = 25.94
    assert.equal(skontoOf(100_025, 2.5), 2_501); // 1,000.25 × 2.5 % = 25.00625 → 25.01
    assert.equal(skontoOf(-4_463, 3), -134); // −44.63 × 3 % = −1.3389 → −1.34
  });
});
