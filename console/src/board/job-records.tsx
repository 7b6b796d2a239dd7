// What the crew and the customer left about a job, for the office: the job's photos (its documents), the
// complaints and the quality checks at its object, counted with the newest few named. Each list is one
// request; a list the user may not read is left out.
import { useEffect, useState } from 'preact/hooks';
import type { Job } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { useI18n } from '../lib/i18n.js';
import { whileCurrent } from '../lib/newest.js';

interface Found {
  photos?: string[];
  complaints?: string[];
  checks?: string[];
}

const SHOWN = 5;

export function JobRecords({ client, job }: { client: CrewbaseClient; job: Job }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [found, setFound] = useState<Found>({});
  useEffect(() => {
    const quiet = <T,>(work: Promise<T>) => work.catch(() => undefined);
    const objectId = job.objectId ?? undefined;
    return whileCurrent(
      Promise.all([
        quiet(client.call('jobs.listDocuments', { path: { id: job._id } })),
        objectId
          ? quiet(client.call('complaints.list', { query: { objectId: [objectId], limit: 50 } as never }))
          : undefined,
        objectId
          ? quiet(client.call('qualityControl.list', { query: { objectId: [objectId], limit: 50 } as never }))
          : undefined,
      ]),
      ([photos, complaints, checks]) =>
        setFound({
          photos: (photos as Array<{ name?: string; fileName?: string; _id: string }> | undefined)?.map(
            (d) => d.name || d.fileName || d._id,
          ),
          complaints: (complaints as Array<{ title?: string; _id: string }> | undefined)?.map((c) => c.title || c._id),
          checks: (checks as Array<{ rating?: number; controlledAt?: string; _id: string }> | undefined)?.map(
            (q) => `${q.controlledAt ? i18n.date(q.controlledAt) : ''} ${q.rating ?? ''}`.trim() || q._id,
          ),
        }),
    );
  }, [client, job._id, job.objectId, i18n]);
  const part = (list: string[] | undefined, key: 'photosCount' | 'complaintsCount' | 'checksCount') =>
    list && (
      <li>
        {t(key, { n: i18n.number(list.length) })}
        {list.length > 0 && <span class="record-names"> — {list.slice(0, SHOWN).join(', ')}</span>}
      </li>
    );
  return (
    <section aria-labelledby={`records-${job._id}`} class="records">
      <h3 id={`records-${job._id}`}>{t('records')}</h3>
      <ul>
        {part(found.photos, 'photosCount')}
        {part(found.complaints, 'complaintsCount')}
        {part(found.checks, 'checksCount')}
      </ul>
    </section>
  );
}
