// What a search text means: the folded text, its words, and the record numbers it can name.
// Pure, so the matching rules are tested without a database.

/** Words of a query beyond this are ignored: each adds a condition, and names rarely have more. */
export const MAX_WORDS = 8;
/** Numbers are bigints far below this (record numbers); a longer digit string names none. */
const MAX_NUMBER_DIGITS = 15;

const FOLD_FROM = 'äöüáàâãéèêëíìîïóòôõúùûçñ';
const FOLD_TO = 'aouaaaaeeeeiiiioooouuucn';

/**
 * Lower case, umlauts and common accents folded, ß as ss: the same as `crewbase_search_fold` in
 * migration 0013, which folds the stored side.
 */
export function fold(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) {
    const at = FOLD_FROM.indexOf(char);
    out += at < 0 ? char : FOLD_TO[at];
  }
  return out.replaceAll('ß', 'ss');
}

export interface ParsedQuery {
  /** The whole query folded, words separated by one space. */
  text: string;
  /** Distinct words, at most MAX_WORDS. */
  words: string[];
  /**
   * The words of letters only, matched by similarity. Words with digits are not: "1234" is as
   * similar to "1235" as "Müller" to "Muller", and "RE-2026-00017" to every invoice of 2026; numbers
   * match exactly or by their first characters instead.
   */
  textWords: string[];
  /** The number the query names when it is digits only (no leading zero), else undefined. */
  number?: number;
}

/** Undefined when the query holds no word (only spaces and punctuation). */
export function parseQuery(q: string): ParsedQuery | undefined {
  const words = [
    ...new Set(
      fold(q)
        .split(/[\s,;]+/u)
        .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')) // "(Müller)" is Müller
        .filter((word) => word !== ''),
    ),
  ].slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  const text = words.join(' ');
  const number = /^[1-9]\d*$/.test(text) && text.length <= MAX_NUMBER_DIGITS ? Number(text) : undefined;
  const textWords = words.filter((word) => /\p{L}/u.test(word) && !/\p{N}/u.test(word));
  return number === undefined ? { text, words, textWords } : { text, words, textWords, number };
}

/**
 * The number ranges whose members start with the digits of `prefix` (12 → [12,12], [120,129],
 * [1200,1299], …) up to `maxDigits` digits: a prefix search on the numbers' unique index, no
 * index on their text.
 */
export function numberPrefixRanges(prefix: number, maxDigits = 12): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let scale = 1; String(prefix * scale).length <= maxDigits; scale *= 10) {
    ranges.push([prefix * scale, prefix * scale + scale - 1]);
  }
  return ranges;
}

/** A LIKE pattern matching `text` literally (\ is the escape character of LIKE by default). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
