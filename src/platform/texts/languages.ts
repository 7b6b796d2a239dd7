// The languages the server writes crew-facing texts in (push notifications, SMS codes), one catalogue each in
// messages/: the user's `general.language` (`pl`, `pl-PL`), English when unset or not one of these.
export const LANGUAGES = ['en', 'de', 'pl', 'ro', 'tr', 'uk', 'bg', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Intl locales for dates and times in a text. */
export const LOCALES: Record<Language, string> = {
  en: 'en-GB',
  de: 'de-DE',
  pl: 'pl-PL',
  ro: 'ro-RO',
  tr: 'tr-TR',
  uk: 'uk-UA',
  bg: 'bg-BG',
  ar: 'ar',
};

export function languageOf(tag: unknown): Language {
  const base = typeof tag === 'string' ? tag.toLowerCase().split(/[-_]/)[0] : undefined;
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : 'en';
}
