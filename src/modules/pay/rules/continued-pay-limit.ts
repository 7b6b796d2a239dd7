// Which days of an illness the employer pays (§3 EFZG): six weeks (42 calendar days) per illness,
// not before four weeks of employment (§3 (3), the six weeks then start on day 29, BAG 5 AZR
// 476/98), and a new incapacity from the same cause counted with the earlier ones unless the
// employee was not unable to work from it for six months before, or twelve months have passed
// since the first incapacity of the chain (§3 (1) sentence 2). Later days are Krankengeldbezug
// (the health insurer pays, §44 SGB V). Pure; docs/pay-law.md.

export const SIX_WEEKS_DAYS = 42;
export const WAITING_DAYS = 28;
const DAY = 86_400_000;

/** An illness of one cause: first and last local day (YYYY-MM-DD, inclusive). */
export interface Spell {
  from: string;
  to: string;
}

export interface ContinuedPayWindow {
  /** First and last paid day of the current spell, or null when none is paid. */
  paidFrom: string | null;
  paidTo: string | null;
  /** Calendar days of the chain already used before this spell. */
  usedBefore: number;
  /** Why the window is what it is, for the salary lines. */
  reason: string;
}

const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const addMonths = (date: string, n: number) => {
  const d = new Date(ms(date));
  d.setUTCMonth(d.getUTCMonth() + n);
  return iso(d.getTime());
};

/**
 * The paid window of `current`, given the earlier spells of the same cause (any order) and the
 * first day of employment (absent: the waiting period is long over).
 */
export function continuedPayWindow(input: {
  current: Spell;
  sameCause: Spell[];
  employmentStart?: string;
}): ContinuedPayWindow {
  const claimFrom = input.employmentStart ? iso(ms(input.employmentStart) + WAITING_DAYS * DAY) : '0000-01-01';
  const spells = [...input.sameCause, input.current].sort((a, b) => a.from.localeCompare(b.from));
  let chainStart = spells[0]!.from;
  let used = 0;
  let lastTo: string | null = null;
  let reason = '§3 (1) EFZG: six weeks';
  for (const spell of spells) {
    if (lastTo !== null) {
      // Six months free of this cause, or twelve months since the chain began: a new six weeks.
      if (spell.from >= addMonths(lastTo, 6)) {
        used = 0;
        chainStart = spell.from;
        reason = '§3 (1) S. 2 Nr. 1 EFZG: six months without incapacity from this cause, a new six weeks';
      } else if (spell.from >= addMonths(chainStart, 12)) {
        used = 0;
        chainStart = spell.from;
        reason = '§3 (1) S. 2 Nr. 2 EFZG: twelve months since the first incapacity, a new six weeks';
      } else {
        reason = '§3 (1) S. 2 EFZG: the same cause, counted with the earlier incapacity';
      }
    }
    // biome-ignore lint/complexity/useMathMinMax: ISO date strings, which Math.max would turn into NaN.
    const start = spell.from > claimFrom ? spell.from : claimFrom;
    const left = SIX_WEEKS_DAYS - used;
    const lastPaid = start <= spell.to && left > 0 ? iso(Math.min(ms(spell.to), ms(start) + (left - 1) * DAY)) : null;
    if (spell === input.current) {
      const waited = start !== spell.from;
      return {
        paidFrom: lastPaid ? start : null,
        paidTo: lastPaid,
        usedBefore: used,
        reason: waited ? `§3 (3) EFZG: paid from day 29 of employment (${claimFrom}); ${reason}` : reason,
      };
    }
    if (lastPaid) used += Math.round((ms(lastPaid) - ms(start)) / DAY) + 1;
    lastTo = spell.to;
  }
  throw new Error('unreachable: the current spell is in the list');
}

/** Whether a local day of the current spell is paid by the employer. */
export const isPaidDay = (window: ContinuedPayWindow, date: string) =>
  window.paidFrom !== null && date >= window.paidFrom && date <= window.paidTo!;
