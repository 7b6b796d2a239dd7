// German and English. The language follows the browser (de* is German, anything else English) and can be
// switched in the header; dates, times and numbers are formatted by Intl in the chosen language. The texts are one
// catalogue per language in messages/.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { de } from './messages/de.js';
import { en, type Key } from './messages/en.js';

export type Lang = 'de' | 'en';

export type { Key };

const DICTIONARIES: Record<Lang, Record<Key, string>> = { en, de };

export function browserLang(languages: readonly string[] = navigator.languages ?? [navigator.language]): Lang {
  return languages[0]?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export interface I18n {
  lang: Lang;
  t: (key: Key, values?: Record<string, string | number>) => string;
  time: (iso: string) => string;
  day: (iso: string) => string;
  date: (iso: string) => string;
  number: (value: number) => string;
}

export function i18n(lang: Lang): I18n {
  const locale = lang === 'de' ? 'de-DE' : 'en-GB';
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' });
  const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const numberFormat = new Intl.NumberFormat(locale);
  return {
    lang,
    t: (key, values) =>
      DICTIONARIES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole)),
    time: (iso) => timeFormat.format(new Date(iso)),
    day: (iso) => dayFormat.format(new Date(iso)),
    date: (iso) => dateFormat.format(new Date(iso)),
    number: (value) => numberFormat.format(value),
  };
}

export const I18nContext = createContext<I18n>(i18n('en'));
export const useI18n = () => useContext(I18nContext);
