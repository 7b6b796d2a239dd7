// What the service worker shows for a pushed message (the server's payload: id, kind, entity, entityId, data,
// createdAt, and title, body and lang already in the recipient's language) and which page a tap opens: the job's
// card for a job, the tasks or absences of the crew view otherwise.
export interface PushedMessage {
  id?: string;
  kind?: string;
  entity?: string;
  entityId?: string;
  title?: string;
  body?: string;
  lang?: string;
}

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function targetOf(message: PushedMessage): string {
  if (message.entity === 'job' && message.entityId && SAFE_ID.test(message.entityId))
    return `/app/crew#job-${message.entityId}`;
  if (message.entity === 'task') return '/app/crew#tasks';
  if (message.entity === 'absence') return '/app/crew#absences';
  return '/app/crew';
}

/** The notification of a push; a payload that is not the server's JSON still shows something. */
export function notificationFor(text: string | undefined): ShownNotification {
  let message: PushedMessage = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed && typeof parsed === 'object') message = parsed as PushedMessage;
  } catch {
    // not JSON: a bare notification that opens the app
  }
  const lang = typeof message.lang === 'string' ? message.lang : undefined;
  return {
    title: typeof message.title === 'string' && message.title ? message.title : 'Crewbase',
    options: {
      body: typeof message.body === 'string' ? message.body : '',
      // One notification per message: a repeated delivery replaces rather than doubles it.
      ...(message.id ? { tag: message.id } : {}),
      ...(lang ? { lang, dir: lang === 'ar' ? 'rtl' : 'ltr' } : {}),
      icon: '/app/icon-192.png',
      data: { url: targetOf(message) },
    },
  };
}
