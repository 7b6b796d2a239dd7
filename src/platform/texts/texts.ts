// Crew-facing texts of the server in the recipient's language (languages.ts), with `{name}` placeholders filled.
import type { Language } from './languages.js';
import { ar } from './messages/ar.js';
import { bg } from './messages/bg.js';
import { de } from './messages/de.js';
import { en, type TextKey } from './messages/en.js';
import { pl } from './messages/pl.js';
import { ro } from './messages/ro.js';
import { tr } from './messages/tr.js';
import { uk } from './messages/uk.js';

export type { TextKey };
export { LANGUAGES, LOCALES, type Language, languageOf } from './languages.js';

export const CATALOGUES: Record<Language, Record<TextKey, string>> = { en, de, pl, ro, tr, uk, bg, ar };

export function textOf(language: Language, key: TextKey, values: Record<string, string | number> = {}): string {
  return CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}
