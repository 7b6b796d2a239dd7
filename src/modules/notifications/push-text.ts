// What a push says, in the recipient's language (their `general.language`, English when unset): the kind as the
// title and the job's time, the absence's days or the task's title as the body. Times are written in the
// crew's time zone (Europe/Berlin, the default of the company's pay settings; the API keeps no zone per user).
import { LOCALES, type Language, textOf } from '../../platform/texts/texts.js';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds.js';

const TIME_ZONE = 'Europe/Berlin';

interface Payload {
  kind: string;
  data?: unknown;
}

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

function formats(language: Language) {
  const locale = LOCALES[language];
  return {
    day: new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' }),
    time: new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }),
    date: new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, day: 'numeric', month: 'short' }),
  };
}

/** A valid instant of `value`, if it is one. */
function instant(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function bodyOf(language: Language, kind: NotificationKind, data: Record<string, unknown>): string {
  const f = formats(language);
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
export function pushMessage(payload: Payload & Record<string, unknown>, language: Language) {
  const data = payload.data && typeof payload.data === 'object' ? (payload.data as Record<string, unknown>) : {};
  if (!isKind(payload.kind)) return { ...payload, title: 'Crewbase', body: '', lang: language };
  return {
    ...payload,
    title: textOf(language, payload.kind),
    body: bodyOf(language, payload.kind, data),
    lang: language,
  };
}
