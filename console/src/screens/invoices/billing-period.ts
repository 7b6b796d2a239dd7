// The service period (date of supply, § 14 (4) Nr. 6 UStG) a new document starts with, and the number a draft
// will get, both as the console shows them before anything is saved.

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The current month in the browser's calendar: its first and last day. */
export function currentMonth(now = new Date()): { from: string; to: string } {
  return {
    from: iso(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: iso(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}

/** Today in the browser's calendar (YYYY-MM-DD). */
export const todayIso = (now = new Date()) => iso(now);

/**
 * A number format of the invoicing settings (`RE-{YYYY}-{00000}`) with the date filled in and the counter left
 * open (`RE-2026-#####`): the server draws the counter when issuing, so no number is promised before.
 */
export function numberPattern(format: string, date: string): string {
  return format.replace(/\{(YYYY|YY|MM|0+)\}/g, (_m, token: string) => {
    if (token === 'YYYY') return date.slice(0, 4);
    if (token === 'YY') return date.slice(2, 4);
    if (token === 'MM') return date.slice(5, 7);
    return '#'.repeat(token.length);
  });
}

/** A service period in words: one day, or first – last day (dates read as local days, never shifted by a zone). */
export function periodText(date: (iso: string) => string, period: { from?: string; to?: string } | null | undefined) {
  if (!period?.from) return '';
  const day = (d: string) => date(`${d}T12:00:00`);
  return period.to && period.to !== period.from ? `${day(period.from)} – ${day(period.to)}` : day(period.from);
}
