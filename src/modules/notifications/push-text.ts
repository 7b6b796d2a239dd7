// What a push says, in the recipient's language (their `general.language`, English when unset): the kind as the
// title and the job's time, the absence's days or the task's title as the body. Times are written in the
// company's time zone (its time and pay settings: the one its jobs are planned in; the API keeps none per user).
import { LOCALES, type Language, textOf } from '../../platform/texts/texts.js';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds.js';

interface Payload {
  kind: string;
  data?: unknown;
}

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** Who reads the push: their language and their company's time zone (an IANA name, checked when set). */
export interface Reader {
  language: Language;
  timeZone: string;
}

function formats({ language, timeZone }: Reader) {
  const locale = LOCALES[language];
  return {
    day: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' }),
    time: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }),
    date: new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' }),
  };
}

/** A valid instant of `value`, if it is one. */
function instant(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function bodyOf(reader: Reader, kind: NotificationKind, data: Record<string, unknown>): string {
  const { language } = reader;
  const f = formats(reader);
  if (kind.startsWith('job') || kind === 'replacementOffered') {
    const from = instant(data.from);
    const to = instant(data.to);
    if (!from || !to) return '';
    return textOf(language, 'jobWhen', { day: f.day.format(from), from: f.time.format(from), to: f.time.format(to) });
  }
  if (kind.startsWith('absence')) {
    const from = instant(data.dtStart);
    const to = instant(data.dtEnd);
    return from && to ? textOf(language, 'absenceDays', { from: f.date.format(from), to: f.date.format(to) }) : '';
  }
  const title = typeof data.title === 'string' ? data.title : '';
  const due = instant(data.dueAt);
  return due ? textOf(language, 'taskDue', { title, due: f.day.format(due) }) : title;
}

/** The payload as pushed: the stored one plus title, body and lang. */
export function pushMessage(payload: Payload & Record<string, unknown>, reader: Reader) {
  const { language } = reader;
  const data = payload.data && typeof payload.data === 'object' ? (payload.data as Record<string, unknown>) : {};
  if (!isKind(payload.kind)) return { ...payload, title: 'Crewbase', body: '', lang: language };
  return {
    ...payload,
    title: textOf(language, payload.kind),
    body: bodyOf(reader, payload.kind, data),
    lang: language,
  };
}
