// The positions table and the totals under it. A position is its title with the description
// wrapped under it; rows that do not fit continue on the next page under a repeated header. The
// totals go from the sum of the positions through document-level allowances and charges to the
// net amount, the VAT groups and the gross amount (and for a final invoice the prepayments and the
// amount due), as EN 16931 computes them; the block is kept on one page.
import { type Flow, PAGE, hline, lineHeight, put, style, wrap, type Pdf } from '../../../platform/pdf/layout.js';
import { lineNetCents } from '../rules/invoice-totals.js';
import { CATEGORY_TEXTS, eur, qty, unitPrice, vatLabel } from './texts.js';
import type { AllowanceChargeItem } from '../documents/allowances-charges.js';
import type { BillingDoc, Position } from '../documents/document-schema.js';

type Doc = BillingDoc;

// x and width of each column; numbers are right aligned.
const COLUMNS = {
  pos: { x: 50, w: 20, right: false },
  title: { x: 74, w: 210, right: false },
  quantity: { x: 286, w: 44, right: true },
  unit: { x: 334, w: 32, right: false },
  price: { x: 368, w: 62, right: true },
  vat: { x: 432, w: 34, right: true },
  amount: { x: 470, w: 75, right: true },
} as const;
type Column = keyof typeof COLUMNS;
const HEADERS: Record<Column, string> = {
  pos: 'Pos.',
  title: 'Bezeichnung',
  quantity: 'Menge',
  unit: 'Einheit',
  price: 'Einzelpreis',
  vat: 'USt',
  amount: 'Betrag',
};

function cell(pdf: Pdf, column: Column, text: string, y: number) {
  const c = COLUMNS[column];
  put(pdf, text, c.x, y, { width: c.w, align: c.right ? 'right' : 'left' });
}

function tableHeader(flow: Flow) {
  style(flow.pdf, { bold: true, size: 8.5 });
  for (const column of Object.keys(COLUMNS) as Column[]) cell(flow.pdf, column, HEADERS[column], flow.y);
  flow.y += lineHeight(flow.pdf) + 2;
  hline(flow.pdf, flow.y - 2);
  flow.y += 3;
}

const vatColumn = (p: Position) => {
  const category = p.vatCategory ?? (p.tax > 0 ? 'S' : 'Z');
  return category === 'S' ? `${qty(Math.round(p.tax * 10000) / 100)} %` : category;
};

/** The positions table; continues on new pages with the header repeated. */
export function positionsTable(flow: Flow, doc: Doc) {
  const { pdf } = flow;
  flow.room(40);
  tableHeader(flow);
  flow.onNewPage = () => tableHeader(flow);
  let number = 0;
  (doc.positions ?? []).forEach((p, i) => {
    const heading = p.type === 'TEXT';
    style(pdf, { bold: heading, size: 9 });
    const title = `${p.title ?? ''}${p.isOptional ? ' (optional)' : ''}${p.discount ? ` (-${qty(Math.round(p.discount * 10000) / 100)} %)` : ''}`;
    const titleLines = wrap(pdf, title, COLUMNS.title.w);
    const h = lineHeight(pdf);
    flow.room(h * Math.min(titleLines.length, 3) + (heading ? 4 : 0));
    style(pdf, { bold: heading, size: 9 });
    if (heading) flow.y += 4;
    else {
      number += 1;
      // An optional position does not count: its amount is shown in parentheses, outside the total.
      const amount = p.isOptional ? `(${eur(lineNetCents(p) / 100)})` : eur(doc.lineAmounts?.[i] ?? 0);
      cell(pdf, 'pos', String(number), flow.y);
      cell(pdf, 'quantity', qty(p.quantity ?? 0), flow.y);
      cell(pdf, 'unit', p.unit ?? '', flow.y);
      cell(pdf, 'price', unitPrice(p.price ?? 0), flow.y);
      cell(pdf, 'vat', vatColumn(p), flow.y);
      cell(pdf, 'amount', amount, flow.y);
    }
    for (const line of titleLines) {
      flow.room(h);
      style(pdf, { bold: heading, size: 9 });
      put(pdf, line, COLUMNS.title.x, flow.y);
      flow.y += h;
    }
    if (p.description) flow.block(p.description, COLUMNS.title.x, COLUMNS.title.w, { size: 8, color: '#444444' });
    flow.y += 4;
  });
  flow.onNewPage = undefined;
  hline(pdf, flow.y);
  flow.y += 6;
}

/** The label of a document-level allowance or charge: direction, reason, percentage and base, and its VAT when the document has several. */
function allowanceChargeLabel(ac: AllowanceChargeItem, severalRates: boolean) {
  const reason = ac.reason || (ac.charge ? 'Zuschlag' : 'Nachlass');
  const percent =
    ac.percent != null ? ` ${qty(ac.percent)} %${ac.baseAmount != null ? ` von ${eur(ac.baseAmount)}` : ''}` : '';
  const category = ac.vatCategory ?? (ac.tax > 0 ? 'S' : 'Z');
  const vat = !severalRates
    ? ''
    : category === 'S'
      ? ` (USt ${qty(Math.round((ac.tax ?? 0) * 10000) / 100)} %)`
      : ` (${CATEGORY_TEXTS[category] ?? category})`;
  return `${ac.charge ? 'zuzüglich' : 'abzüglich'} ${reason}${percent}${vat}`;
}

/** The totals block, right aligned under the table. */
export function totals(flow: Flow, doc: Doc) {
  const { pdf } = flow;
  const adjustments = doc.allowancesCharges ?? [];
  const vat = doc.vatBreakdown ?? [];
  const rows: Array<{ label: string; value: number; bold?: boolean; rule?: boolean }> = [];
  if (adjustments.length) {
    const sum =
      doc.lineTotalAmount ??
      (doc.lineAmounts ?? []).reduce((s, a, i) => s + (doc.positions?.[i]?.isOptional ? 0 : a), 0);
    rows.push({ label: 'Summe Positionen', value: sum });
    for (const ac of adjustments)
      rows.push({
        label: allowanceChargeLabel(ac, vat.length > 1),
        value: ac.charge ? (ac.amount ?? 0) : -(ac.amount ?? 0),
      });
  }
  rows.push({ label: 'Nettobetrag', value: doc.netAmount ?? 0, rule: adjustments.length > 0 });
  for (const v of vat) rows.push({ label: vatLabel(v), value: v.taxAmount });
  rows.push({ label: 'Gesamtbetrag', value: doc.grossAmount ?? 0, bold: true, rule: true });
  if (doc.prepaidAmount) {
    rows.push({ label: 'abzüglich Abschlagszahlungen', value: -doc.prepaidAmount });
    rows.push({
      label: 'Zahlbetrag',
      value: doc.amountDue ?? (doc.grossAmount ?? 0) - doc.prepaidAmount,
      bold: true,
      rule: true,
    });
  }
  const labelX = 280;
  const labelWidth = 185;
  style(pdf, { size: 9 });
  const laid = rows.map((row) => {
    style(pdf, { bold: row.bold, size: 9 }); // wrapping measures in the row's font
    return { ...row, lines: wrap(pdf, row.label, labelWidth) };
  });
  const h = lineHeight(pdf) + 2;
  flow.room(laid.reduce((sum, row) => sum + row.lines.length * h + (row.rule ? 4 : 0), 0));
  for (const row of laid) {
    if (row.rule) {
      hline(pdf, flow.y, labelX);
      flow.y += 4;
    }
    style(pdf, { bold: row.bold, size: 9 });
    row.lines.forEach((line, i) => {
      put(pdf, line, labelX, flow.y + i * h);
    });
    put(pdf, eur(row.value), labelX + labelWidth, flow.y + (row.lines.length - 1) * h, {
      width: PAGE.right - labelX - labelWidth,
      align: 'right',
    });
    flow.y += row.lines.length * h;
  }
  flow.y += 12;
}
