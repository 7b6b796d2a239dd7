// The side panel listing every job of one full day cell (its "+n more" button opens it): each job a button
// that opens the job's own panel. Escape or Close returns to the "+n more" button.
import { useEffect, useRef } from 'preact/hooks';
import type { Job } from '../../../clients/typescript/src/api-types.js';
import { kindOf } from './board-model.js';
import { KIND_ICONS, KIND_KEYS } from './board-row.js';
import { useI18n } from '../lib/i18n.js';

interface Props {
  jobs: Job[];
  rowName: string;
  day: number;
  conflicts: Set<string>;
  objectNames: Record<string, string>;
  onPick: (job: Job) => void;
  onClose: () => void;
}

export function CellList({ jobs, rowName, day, conflicts, objectNames, onPick, onClose }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <aside class="panel" aria-labelledby="cell-list-title" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div class="panel-head">
        <h2 id="cell-list-title" tabIndex={-1} ref={heading}>
          {t('cellJobs', { row: rowName, day: i18n.day(new Date(day).toISOString()) })}
        </h2>
        <button type="button" class="link" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <ul class="cell-list">
        {jobs.map((job) => {
          const kind = kindOf(job, conflicts);
          const object = (job.objectId && objectNames[job.objectId]) || t('unknownObject');
          return (
            <li key={job._id}>
              <button type="button" class={`block kind-${kind}`} onClick={() => onPick(job)}>
                <span class="block-object">
                  <span aria-hidden="true">{KIND_ICONS[kind]} </span>
                  {object}
                </span>
                <span class="block-meta">
                  {job.from ? i18n.time(job.from) : ''}–{job.to ? i18n.time(job.to) : ''} · {t(KIND_KEYS[kind])}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
