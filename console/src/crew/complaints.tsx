// Complaints in the crew view: the open complaints at the objects of my jobs this week, read-only
// (GET /v2/complaints/?objectId=…&state=open). The employee access group has no `complaints` rights by
// default: the crew view shows this only to users whose group may read complaints (a 403 would hide it too).
import { useEffect, useState } from 'preact/hooks';
import type { Complaint } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { ProblemError } from '../lib/api.js';
import { useI18n } from '../lib/i18n.js';
import { whileCurrent } from '../lib/newest.js';

const MAX_SHOWN = 20;
const MAX_TEXT = 280;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

interface Props {
  client: CrewbaseClient;
  /** Object id → name, of my jobs (the crew view loaded them). */
  objectNames: Record<string, string>;
}

export function MyComplaints({ client, objectNames }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [complaints, setComplaints] = useState<Complaint[] | 'refused' | undefined>();
  // A string key, so a new object with the same names does not load again.
  const ids = Object.keys(objectNames).sort().join(',');

  useEffect(() => {
    if (!ids) return;
    return whileCurrent(
      client.call('complaints.list', {
        query: { objectId: ids.split(','), state: ['open'], limit: MAX_SHOWN, sort: ['number:-1'] },
      }),
      setComplaints,
      (error) => {
        if (error instanceof ProblemError && error.status === 403) setComplaints('refused');
        // Offline or another failure: the list stays as it was.
      },
    );
  }, [client, ids]);

  // Not loaded yet, no objects this week (nothing to relate to), or not allowed: no section.
  if (!ids || complaints === undefined || complaints === 'refused') return null;
  return (
    <section aria-labelledby="complaints">
      <h2 id="complaints">{t('myComplaints')}</h2>
      {complaints.length ? (
        <ul class="tasks complaints">
          {complaints.map((complaint) => (
            <li key={complaint._id}>
              <strong>{complaint.title}</strong>
              <span class="muted">
                {(complaint.objectId && objectNames[complaint.objectId]) || t('unknownObject')}
                {complaint.room ? ` · ${complaint.room}` : ''}
                {complaint.status?.createdAt ? ` · ${i18n.day(complaint.status.createdAt)}` : ''}
              </span>
              {complaint.description && <span class="complaint-text">{clip(complaint.description)}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noComplaints')}</p>
      )}
    </section>
  );
}
