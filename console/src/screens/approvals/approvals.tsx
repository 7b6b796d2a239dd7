// The manager's approvals at /app/approvals: open absence requests, time entries not approved yet (those with
// plausibility errors first) and material orders waiting for approval, each a section with its count.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { User } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import type { Names } from './approval-hooks.js';
import type { ScreenProps } from '../../lib/screen.js';
import { AbsenceRequests } from './approvals-absences.js';
import { OrderApprovals } from './approvals-orders.js';
import { TimeApprovals } from './approvals-times.js';
import { useI18n } from '../../lib/i18n.js';

const IDS_PER_REQUEST = 200;

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
