// Numbers as people type them: German ("31,50", "1.234,50") and plain ("31.5"). One parser for every form, so
// each number field accepts the same writing and a form sends the API a JSON number.

/** Groups of three after the first group: "1.234.567" or "1 234 567". */
const GROUPED = /^\d{1,3}([. ]\d{3})+$/;

/**
 * The number a person typed, or undefined when the text is not one (empty included). A comma is the decimal
 * mark and dots (or spaces) group thousands; without a comma, dots in groups of three are thousands
 * ("1.234" is 1234) and a single other dot is a decimal point ("31.5"), as a German keyboard's user means it.
 */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(/\u00a0|\u202f/g, ' ');
  const sign = /^[-−]/.test(trimmed) ? -1 : 1;
  const body = trimmed.replace(/^[-−+]\s*/, '');
  if (!body || body.length > 40) return undefined;
  const [whole = '', fraction, extra] = body.split(',');
  if (extra !== undefined) return undefined;
  let digits: string;
  if (fraction !== undefined) {
    if (!/^\d*$/.test(fraction) || (!whole && !fraction)) return undefined;
    if (whole && !/^\d+$/.test(whole) && !GROUPED.test(whole)) return undefined;
    digits = `${whole.replace(/[. ]/g, '') || '0'}.${fraction || '0'}`;
  } else if (/^\d+$/.test(body) || GROUPED.test(body)) {
    digits = body.replace(/[. ]/g, '');
  } else if (/^\d*\.\d+$/.test(body)) {
    digits = body;
  } else {
    return undefined;
  }
  const value = sign * Number(digits);
  return Number.isFinite(value) ? value : undefined;
}

/** A number as a German or English input shows it: "1234,5" / "1234.5" (the office screens other languages get English), no grouping, '' for none. */
export function numberInput(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = String(value);
  return lang === 'de' ? text.replace('.', ',') : text;
}
