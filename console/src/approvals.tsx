// The manager's approvals at /app/approvals: open absence requests, time entries not approved yet (those with
// plausibility errors first) and material orders waiting for approval, each a section with its count.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { User } from '../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../clients/typescript/src/client.js';
import { messageOf } from './api.js';
import type { ScreenProps } from './app.js';
import { AbsenceRequests } from './approvals-absences.js';
import { OrderApprovals } from './approvals-orders.js';
import { TimeApprovals } from './approvals-times.js';
import { useI18n } from './i18n.js';

const IDS_PER_REQUEST = 200;

/** Names of users (read once) and objects (read by id as sections need them), shared by the sections. */
export interface Names {
  user: (id: string | null | undefined) => string;
  object: (id: string | null | undefined) => string;
  loadObjects: (ids: Array<string | null | undefined>) => Promise<void>;
}

function useNames(client: CrewbaseClient): Names {
  const { t } = useI18n();
  const [users, setUsers] = useState<Record<string, string>>({});
  const [objects, setObjects] = useState<Record<string, string>>({});
  const known = useRef(objects);
  known.current = objects;
  useEffect(() => {
    client.call('users.list', { query: { limit: 1000 } }).then(
      (found: User[]) =>
        setUsers(
          Object.fromEntries(
            found.map((u) => [
              u._id,
              [u.general?.firstName, u.general?.lastName].filter(Boolean).join(' ') || u.id || '',
            ]),
          ),
        ),
      () => undefined, // names stay empty; the sections still work
    );
  }, [client]);
  const loadObjects = useCallback(
    async (ids: Array<string | null | undefined>) => {
      const wanted = [...new Set(ids)].filter((id): id is string => Boolean(id) && !(id! in known.current));
      for (let i = 0; i < wanted.length; i += IDS_PER_REQUEST) {
        const part = wanted.slice(i, i + IDS_PER_REQUEST);
        const found = await client.call('objects.list', { query: { _id: part, limit: part.length } });
        setObjects((current) => ({ ...current, ...Object.fromEntries(found.map((o) => [o._id, o.name ?? ''])) }));
      }
    },
    [client],
  );
  return {
    user: (id) => (id && users[id]) || '',
    object: (id) => (id && objects[id]) || t('unknownObject'),
    loadObjects,
  };
}

/** Loads a section's list; `reload` after an action. */
export function useList<T>(load: () => Promise<T[]>) {
  const [items, setItems] = useState<T[]>();
  const [error, setError] = useState<string>();
  const reload = useCallback(async () => {
    try {
      setItems(await load());
      setError(undefined);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, error, reload };
}

/** A section's outcome line: done (status) or the API's problem detail (alert). */
export function useOutcome() {
  const { t } = useI18n();
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const act = useCallback(
    async (work: () => Promise<unknown>, done: string, after?: () => Promise<void>) => {
      setMessage(undefined);
      try {
        await work();
        await after?.();
        setMessage({ text: done });
      } catch (error) {
        setMessage({ text: t('actionFailed', { message: messageOf(error) }), error: true });
      }
    },
    [t],
  );
  const shown = message && (
    <p class={message.error ? 'error' : 'notice'} role={message.error ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
  return { act, shown };
}

export function Approvals({ client }: ScreenProps) {
  const { t } = useI18n();
  const names = useNames(client);
  return (
    <main class="approvals">
      <h1>{t('approvals')}</h1>
      <AbsenceRequests client={client} names={names} />
      <TimeApprovals client={client} names={names} />
      <OrderApprovals client={client} names={names} />
    </main>
  );
}
