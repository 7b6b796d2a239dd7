// The manager's approvals at /app/approvals: open absence requests, time entries not approved yet (a compact
// list with filters and bulk approval) and material orders waiting for approval, each a section shown only to a
// user who may decide it, with the counts at the top (a manager's start page: shell/home.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { User } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import type { Names } from './approval-hooks.js';
import type { ScreenProps } from '../../lib/screen.js';
import { AbsenceRequests } from './approvals-absences.js';
import { OrderApprovals } from './approvals-orders.js';
import { TimeApprovals } from './approvals-times.js';
import { useI18n } from '../../lib/i18n.js';
import { reads, writes } from '../../lib/rights.js';

const IDS_PER_REQUEST = 200;

/** Names of users and of objects (by id), each only when the user may read them (else none are shown). */
function useNames(client: CrewbaseClient, readsUsers: boolean, readsObjects: boolean): Names {
  const { t } = useI18n();
  const [users, setUsers] = useState<Record<string, string>>({});
  const [objects, setObjects] = useState<Record<string, string>>({});
  const known = useRef(objects);
  known.current = objects;
  useEffect(() => {
    if (!readsUsers) return;
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
  }, [client, readsUsers]);
  const loadObjects = useCallback(
    async (ids: Array<string | null | undefined>) => {
      if (!readsObjects) return;
      const wanted = [...new Set(ids)].filter((id): id is string => Boolean(id) && !(id! in known.current));
      for (let i = 0; i < wanted.length; i += IDS_PER_REQUEST) {
        const part = wanted.slice(i, i + IDS_PER_REQUEST);
        const found = await client.call('objects.list', { query: { _id: part, limit: part.length } });
        setObjects((current) => ({ ...current, ...Object.fromEntries(found.map((o) => [o._id, o.name ?? ''])) }));
      }
    },
    [client, readsObjects],
  );
  return {
    user: (id) => (id && users[id]) || '',
    object: (id) => (id && objects[id]) || t('unknownObject'),
    loadObjects,
  };
}

type Section = 'absences' | 'times' | 'orders';

/** The sections the user may decide, each with its own area's right (a custom group may have one of them). */
export function Approvals({ client, rights }: ScreenProps) {
  const { t } = useI18n();
  const names = useNames(client, reads(rights, 'users'), reads(rights, 'objects'));
  const [counts, setCounts] = useState<Partial<Record<Section, number>>>({});
  const counter = useMemo(() => {
    const of = (section: Section) => (n: number | undefined) => setCounts((c) => ({ ...c, [section]: n }));
    return { absences: of('absences'), times: of('times'), orders: of('orders') };
  }, []);
  const sections = [
    {
      key: 'absences',
      anchor: 'absence-requests-section',
      label: 'absenceRequests',
      shown: writes(rights, 'absences'),
    },
    { key: 'times', anchor: 'time-entries-section', label: 'timeEntries', shown: writes(rights, 'timeTracking') },
    {
      key: 'orders',
      anchor: 'material-orders-section',
      label: 'materialOrders',
      shown: writes(rights, 'materialOrders'),
    },
  ] as const;
  return (
    <main class="approvals">
      <h1>{t('approvals')}</h1>
      <ul class="approval-counts" aria-label={t('approvalQueue')}>
        {sections
          .filter((section) => section.shown)
          .map((section) => (
            <li key={section.key}>
              <a href={`#${section.anchor}`}>
                <strong>{counts[section.key] ?? '…'}</strong> {t(section.label)}
              </a>
            </li>
          ))}
      </ul>
      {sections[0].shown && (
        <AbsenceRequests
          client={client}
          names={names}
          readsJobs={reads(rights, 'jobs')}
          replaces={writes(rights, 'jobs')}
          onCount={counter.absences}
        />
      )}
      {sections[1].shown && (
        <TimeApprovals client={client} names={names} readsJobs={reads(rights, 'jobs')} onCount={counter.times} />
      )}
      {sections[2].shown && <OrderApprovals client={client} names={names} onCount={counter.orders} />}
    </main>
  );
}
