// The correction of one time entry in a side panel (below the list on a phone): start, end, break and the
// reason PATCH /v2/timeTracking/{id} requires, and Approve. One panel for the list instead of a form per row;
// Close or Escape returns the focus to the row's Correct button.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { localInput } from '../../lib/dates.js';
import { useI18n } from '../../lib/i18n.js';
import type { TimeRow } from './time-rows.js';

interface Props {
  row: TimeRow;
  who: string;
  where: string;
  client: CrewbaseClient;
  act: (work: () => Promise<unknown>, done: string) => Promise<void>;
  onClose: () => void;
}

export function TimeCorrection({ row, who, where, client, act, onClose }: Props) {
  const { t } = useI18n();
  const { entry } = row;
  const id = entry._id;
  const [from, setFrom] = useState(localInput(entry.timeStart));
  const [to, setTo] = useState(localInput(entry.timeEnd));
  const [pause, setPause] = useState(String(Math.round((entry.break ?? 0) / 60)));
  const [reason, setReason] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), [id]);

  const correct = (event: Event) => {
    event.preventDefault();
    void act(
      () =>
        client.call('timeTracking.update', {
          path: { id },
          body: {
            timeStart: new Date(from).toISOString(),
            ...(to ? { timeEnd: new Date(to).toISOString() } : {}),
            break: Math.round(Number(pause) * 60),
            reason: reason.trim(),
          },
        }),
      t('entryCorrected', { name: who }),
    );
  };

  return (
    <aside
      class="time-panel"
      aria-labelledby="time-panel-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h3 id="time-panel-title">{t('correctEntryOf', { name: who })}</h3>
      <p class="muted">{where}</p>
      <form class="entry-form" onSubmit={correct} aria-label={t('correctEntryOf', { name: who })}>
        <label>
          {t('start')}
          <input
            ref={first}
            type="datetime-local"
            value={from}
            required
            onInput={(e) => setFrom(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('end')}
          <input type="datetime-local" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
        </label>
        <label>
          {t('breakMinutes')}
          <input
            type="number"
            min={0}
            max={1440}
            step={1}
            value={pause}
            required
            onInput={(e) => setPause(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('reason')}
          <input value={reason} required maxLength={2000} onInput={(e) => setReason(e.currentTarget.value)} />
        </label>
        <div class="approval-actions">
          <button type="submit" class="secondary">
            {t('saveCorrection')}
          </button>
          <button
            type="button"
            class="primary"
            aria-label={t('approveEntryOf', { name: who })}
            onClick={() =>
              void act(() => client.call('timeTracking.approve', { path: { id } }), t('entryApproved', { name: who }))
            }
          >
            {t('approve')}
          </button>
          <button type="button" class="link" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </form>
    </aside>
  );
}
