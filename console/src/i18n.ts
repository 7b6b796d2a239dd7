// German and English. The language follows the browser (de* is German, anything else English) and can be
// switched in the header; dates, times and numbers are formatted by Intl in the chosen language.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export type Lang = 'de' | 'en';

const en = {
  appName: 'Crewbase',
  signIn: 'Sign in',
  signInTitle: 'Sign in to Crewbase',
  username: 'User name',
  password: 'Password',
  signingIn: 'Signing in…',
  signInFailed: 'User name or password is wrong.',
  signOut: 'Sign out',
  language: 'Language',
  offlineNotice: 'You are offline. Clock-ins and clock-outs are kept on this device and sent later.',
  today: 'Today',
  thisWeek: 'Later this week',
  noJobs: 'No jobs.',
  loading: 'Loading…',
  reload: 'Reload',
  clockIn: 'Clock in',
  clockOut: 'Clock out',
  pending: 'pending',
  pendingOne: 'One clock action waiting to be sent',
  pendingCount: '{n} clock actions waiting to be sent',
  stateOpen: 'planned',
  stateStarted: 'started',
  stateCompleted: 'completed',
  stateCancelled: 'cancelled',
  unknownObject: 'No object',
  myTasks: 'My tasks',
  noTasks: 'No open tasks.',
  due: 'due {date}',
  loadFailed: 'Could not load: {message}',
  actionFailed: 'Not done: {message}',
  sessionExpired: 'Your session has ended; please sign in again.',
  clockInOn: 'Clock in on {name}',
  clockOutOf: 'Clock out of {name}',
  myAbsences: 'My absences',
  noAbsences: 'No absences.',
  requestAbsence: 'Request an absence',
  absenceKind: 'Kind',
  absenceFrom: 'First day',
  absenceTo: 'Last day',
  absenceNote: 'Note (optional)',
  send: 'Send request',
  sending: 'Sending…',
  absenceSent: 'Your request was sent.',
  toBeforeFrom: 'The last day is before the first day.',
  needsNetwork: 'You are offline; send the request when you are connected again.',
  absenceOpen: 'requested',
  absenceApproved: 'approved',
  absenceDeclined: 'declined',
  absenceCancelled: 'cancelled',
  kind1: 'Illness',
  kind2: 'Vacation',
  kind3: 'Unpaid leave',
  kind4: 'Child sick leave',
  kind5: 'Training',
  kind6: 'Special leave',
  kind7: 'Parental leave',
  kind8: 'Other',
} as const;

export type Key = keyof typeof en;

const de: Record<Key, string> = {
  appName: 'Crewbase',
  signIn: 'Anmelden',
  signInTitle: 'Bei Crewbase anmelden',
  username: 'Benutzername',
  password: 'Passwort',
  signingIn: 'Anmeldung läuft…',
  signInFailed: 'Benutzername oder Passwort ist falsch.',
  signOut: 'Abmelden',
  language: 'Sprache',
  offlineNotice: 'Keine Verbindung. Ein- und Ausstempeln wird auf dem Gerät gespeichert und später gesendet.',
  today: 'Heute',
  thisWeek: 'Später in dieser Woche',
  noJobs: 'Keine Einsätze.',
  loading: 'Wird geladen…',
  reload: 'Neu laden',
  clockIn: 'Einstempeln',
  clockOut: 'Ausstempeln',
  pending: 'wartet',
  pendingOne: 'Eine Stempelung wartet auf das Senden',
  pendingCount: '{n} Stempelungen warten auf das Senden',
  stateOpen: 'geplant',
  stateStarted: 'begonnen',
  stateCompleted: 'erledigt',
  stateCancelled: 'storniert',
  unknownObject: 'Kein Objekt',
  myTasks: 'Meine Aufgaben',
  noTasks: 'Keine offenen Aufgaben.',
  due: 'fällig {date}',
  loadFailed: 'Laden fehlgeschlagen: {message}',
  actionFailed: 'Nicht ausgeführt: {message}',
  sessionExpired: 'Die Sitzung ist abgelaufen; bitte erneut anmelden.',
  clockInOn: 'Einstempeln bei {name}',
  clockOutOf: 'Ausstempeln bei {name}',
  myAbsences: 'Meine Abwesenheiten',
  noAbsences: 'Keine Abwesenheiten.',
  requestAbsence: 'Abwesenheit beantragen',
  absenceKind: 'Art',
  absenceFrom: 'Erster Tag',
  absenceTo: 'Letzter Tag',
  absenceNote: 'Bemerkung (freiwillig)',
  send: 'Antrag senden',
  sending: 'Wird gesendet…',
  absenceSent: 'Ihr Antrag wurde gesendet.',
  toBeforeFrom: 'Der letzte Tag liegt vor dem ersten.',
  needsNetwork: 'Keine Verbindung; bitte senden, sobald wieder eine Verbindung besteht.',
  absenceOpen: 'beantragt',
  absenceApproved: 'genehmigt',
  absenceDeclined: 'abgelehnt',
  absenceCancelled: 'storniert',
  kind1: 'Krankheit',
  kind2: 'Urlaub',
  kind3: 'Unbezahlter Urlaub',
  kind4: 'Kinderkrankentage',
  kind5: 'Weiterbildung',
  kind6: 'Sonderurlaub',
  kind7: 'Elternzeit',
  kind8: 'Sonstiges',
};

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
