// The timesheet on paper (A4, the invoices' page machinery and embedded DejaVu font): one row per
// day with planned, present, break, worked time, absences, surcharge time and pay, the month's
// totals, the leave balance and lines for the employee's and the employer's signature.
import {
  Flow,
  PAGE,
  WIDTH,
  finishPages,
  hline,
  lineHeight,
  newPdf,
  pdfBytes,
  put,
  style,
} from '../../platform/pdf/layout.js';
import { formatCents, formatDecimal } from './rules/german-csv.js';
import { ABSENCE_LABELS, SURCHARGE_LABELS, absenceText } from './timesheet-formats.js';
import type { Timesheet } from './timesheet-model.js';

/** Minutes as h:mm (`450` → `7:30`); empty for 0 so the table stays readable. */
const hm = (minutes: number) =>
  minutes === 0
    ? ''
    : `${minutes < 0 ? '-' : ''}${Math.floor(Math.abs(minutes) / 60)}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

// x positions and widths of the columns; numbers are right-aligned.
const COLUMNS: Array<{ title: string; x: number; w: number; right?: boolean }> = [
  { title: 'Tag', x: PAGE.left, w: 62 },
  { title: 'Geplant', x: 112, w: 40, right: true },
  { title: 'Anwesend', x: 156, w: 44, right: true },
  { title: 'Pause', x: 204, w: 32, right: true },
  { title: 'Gearbeitet', x: 240, w: 46, right: true },
  { title: 'Abwesenheit', x: 294, w: 110 },
  { title: 'Zuschläge', x: 408, w: 80 },
  { title: 'Lohn €', x: 490, w: 55, right: true },
];

function row(flow: Flow, cells: string[], bold = false) {
  style(flow.pdf, { size: 8, bold });
  const h = lineHeight(flow.pdf);
  flow.room(h);
  style(flow.pdf, { size: 8, bold });
  COLUMNS.forEach((c, i) => {
    put(flow.pdf, cells[i] ?? '', c.x, flow.y, { width: c.w, align: c.right ? 'right' : 'left' });
  });
  flow.y += h;
}

/** Short names of the surcharge categories in the narrow column; a legend under the table spells them out. */
const SHORT: Record<string, string> = { night: 'Na', sunday: 'So', publicHoliday: 'Fe', other: 'Sz' };
const surchargeText = (m: Record<string, number>) =>
  Object.entries(m)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${SHORT[k] ?? k} ${hm(v)}`)
    .join(' ');
const LEGEND = `Zuschläge: ${Object.entries(SHORT)
  .map(([k, short]) => `${short} ${SURCHARGE_LABELS[k]}`)
  .join(', ')} (Stunden:Minuten)`;

export async function timesheetPdf(sheet: Timesheet, companyName: string): Promise<Buffer> {
  const title = `Stundenzettel ${sheet.month.slice(5, 7)}/${sheet.month.slice(0, 4)}`;
  const pdf = await newPdf({ info: { Title: `${title} ${sheet.user.name}`.trim() } });
  return pdfBytes(pdf, () => {
    const flow = new Flow(pdf, PAGE.top);
    flow.block(companyName, PAGE.left, WIDTH, { size: 9, color: '#444444' }, 4);
    flow.block(title, PAGE.left, WIDTH, { bold: true, size: 14 }, 4);
    flow.block(
      `${sheet.user.name || 'Mitarbeiter'} · Personalnummer ${sheet.user.number} · Zeitzone ${sheet.timeZone}`,
      PAGE.left,
      WIDTH,
      { size: 9.5 },
      8,
    );
    const header = () => {
      row(
        flow,
        COLUMNS.map((c) => c.title),
        true,
      );
      hline(pdf, flow.y);
      flow.y += 2;
    };
    header();
    flow.onNewPage = header;
    for (const d of sheet.days) {
      const weekday = WEEKDAYS[new Date(`${d.date}T00:00:00Z`).getUTCDay()];
      row(flow, [
        `${weekday} ${germanDate(d.date)}`,
        hm(d.plannedMinutes),
        hm(d.presenceMinutes),
        hm(d.breakMinutes),
        hm(d.workedMinutes),
        absenceText(d),
        surchargeText(d.surchargeMinutes),
        d.payCents ? formatCents(d.payCents) : '',
      ]);
    }
    flow.onNewPage = undefined;
    hline(pdf, flow.y);
    flow.y += 2;
    const t = sheet.totals;
    row(
      flow,
      [
        'Summe',
        hm(t.plannedMinutes),
        hm(t.presenceMinutes),
        hm(t.breakMinutes),
        hm(t.workedMinutes),
        '',
        surchargeText(t.surchargeMinutes),
        formatCents(t.payCents),
      ],
      true,
    );
    flow.y += 4;
    flow.block(LEGEND, PAGE.left, WIDTH, { size: 7.5, color: '#444444' }, 6);
    const absences = Object.entries(t.absenceDays)
      .map(([k, v]) => `${ABSENCE_LABELS[k] ?? k} ${formatDecimal(v)}`)
      .join(', ');
    const lines = [
      `Abwesenheitstage: ${absences || 'keine'}`,
      `Lohn gesamt: ${formatCents(t.payCents)} € (steuerfrei ${formatCents(t.taxFreeCents)} €, steuerpflichtig ${formatCents(t.taxableCents)} €)`,
      `Urlaub ${sheet.leave.year}: Anspruch ${sheet.leave.entitlement ?? '–'} Tage, im Monat genommen ${formatDecimal(sheet.leave.takenInMonth)}, Resturlaub ${sheet.leave.remaining === null ? '–' : formatDecimal(sheet.leave.remaining)} Tage`,
      ...(sheet.openEntries ? [`${sheet.openEntries} laufende Zeiterfassung(en) ohne Ende sind nicht enthalten.`] : []),
    ];
    for (const line of lines) flow.block(line, PAGE.left, WIDTH, { size: 9 }, 2);
    flow.room(60);
    flow.y += 40;
    hline(pdf, flow.y, PAGE.left, PAGE.left + 200);
    hline(pdf, flow.y, PAGE.right - 200, PAGE.right);
    style(pdf, { size: 8 });
    put(pdf, 'Datum, Unterschrift Mitarbeiter', PAGE.left, flow.y + 3);
    put(pdf, 'Datum, Unterschrift Arbeitgeber', PAGE.right - 200, flow.y + 3);
    finishPages(pdf, (page, count) => {
      if (count < 2) return;
      style(pdf, { size: 8, color: '#666666' });
      put(pdf, `Seite ${page} von ${count}`, PAGE.left, PAGE.footerTop, { width: WIDTH, align: 'right' });
    });
  });
}
