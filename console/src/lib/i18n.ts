// The console's languages. German and English are in the first load (the office's languages); the crew's other
// languages are loaded on demand as chunks of their own (`loadLang`), so a German phone does not download Arabic.
// Each language is one catalogue in messages/; en.ts is the key list, crew-keys.ts the keys every crew language
// has; an office key missing in a crew language falls back to English. Dates, times and numbers go through Intl
// in the language's locale; Arabic is laid out right to left (`dir`).
import { createContext } from 'preact';
import { useContext, useRef } from 'preact/hooks';
import type { CrewCatalogue } from './messages/crew-keys.js';
import { de } from './messages/de.js';
import { en, type Key } from './messages/en.js';

export const LANGS = {
  de: { name: 'Deutsch', locale: 'de-DE', dir: 'ltr' },
  en: { name: 'English', locale: 'en-GB', dir: 'ltr' },
  pl: { name: 'Polski', locale: 'pl-PL', dir: 'ltr' },
  ro: { name: 'Română', locale: 'ro-RO', dir: 'ltr' },
  tr: { name: 'Türkçe', locale: 'tr-TR', dir: 'ltr' },
  uk: { name: 'Українська', locale: 'uk-UA', dir: 'ltr' },
  bg: { name: 'Български', locale: 'bg-BG', dir: 'ltr' },
  ar: { name: 'العربية', locale: 'ar', dir: 'rtl' },
} as const;

export type Lang = keyof typeof LANGS;
export type { Key };

const DICTIONARIES: Partial<Record<Lang, Partial<Record<Key, string>>>> = { en, de };

/** The chunks of the crew's other languages (esbuild splits each dynamic import into its own file). */
const LOADERS: Record<Exclude<Lang, 'en' | 'de'>, () => Promise<CrewCatalogue>> = {
  pl: () => import('./messages/pl.js').then((m) => m.pl),
  ro: () => import('./messages/ro.js').then((m) => m.ro),
  tr: () => import('./messages/tr.js').then((m) => m.tr),
  uk: () => import('./messages/uk.js').then((m) => m.uk),
  bg: () => import('./messages/bg.js').then((m) => m.bg),
  ar: () => import('./messages/ar.js').then((m) => m.ar),
};

export const isLang = (value: unknown): value is Lang => typeof value === 'string' && value in LANGS;

/** A stored or browser language tag (`pl`, `pl-PL`, `uk_UA`) as one of ours, if it is one. */
export function langOf(tag: string | null | undefined): Lang | undefined {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return isLang(base) ? base : undefined;
}

export function browserLang(languages: readonly string[] = navigator.languages ?? [navigator.language]): Lang {
  for (const tag of languages) {
    const lang = langOf(tag);
    if (lang) return lang;
  }
  return 'en';
}

/** Makes `lang`'s catalogue available (at once for German and English); offline, an unloaded one fails. */
export async function loadLang(lang: Lang): Promise<void> {
  if (DICTIONARIES[lang]) return;
  DICTIONARIES[lang] = await LOADERS[lang as keyof typeof LOADERS]();
}

export interface I18n {
  lang: Lang;
  t: (key: Key, values?: Record<string, string | number>) => string;
  time: (iso: string) => string;
  day: (iso: string) => string;
  date: (iso: string) => string;
  number: (value: number) => string;
}

/** The texts and formats of `lang`; a catalogue not loaded yet (see loadLang) gives English texts meanwhile. */
export function i18n(lang: Lang): I18n {
  const { locale } = LANGS[lang];
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const numberFormat = new Intl.NumberFormat(locale);
  const texts = DICTIONARIES[lang] ?? en;
  return {
    lang,
    t: (key, values) =>
      (texts[key] ?? en[key]).replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole)),
    time: (iso) => timeFormat.format(new Date(iso)),
    day: (iso) => dayFormat.format(new Date(iso)),
    date: (iso) => dateFormat.format(new Date(iso)),
    number: (value) => numberFormat.format(value),
  };
}

export const I18nContext = createContext<I18n>(i18n('en'));
export const useI18n = () => useContext(I18nContext);

/**
 * The texts and formats of the moment, for a form's load that must not run again when the language changes:
 * reading the record again would replace what the user has typed. The forms' number fields take either
 * language's writing, so nothing needs writing anew.
 */
export function useI18nNow(): { readonly current: I18n } {
  const i18n = useI18n();
  const now = useRef(i18n);
  now.current = i18n;
  return now;
}
