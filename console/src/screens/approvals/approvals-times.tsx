// Time entries not approved yet, those with plausibility errors first and marked; each can be corrected
// (PATCH /v2/timeTracking/{id}: start, end, break and the required reason) and approved (/approve).
import { useCallback, useState } from 'preact/hooks';
import type { TimeTrackingEntry } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { type Names, useList, useOutcome } from './approval-hooks.js';
import { localInput } from '../../lib/dates.js';
import { type Key, useI18n } from '../../lib/i18n.js';

interface Props {
  client: CrewbaseClient;
  names: Names;
}

const LIMIT = 100;
/** The API's plausibility codes with a text of their own; another code is shown as it is. */
const ERROR_KEYS: Record<string, Key> = {
  STARTED_TOO_EARLY: 'errStartedTooEarly',
  STARTED_TOO_LATE: 'errStartedTooLate',
  LOCATION_TOO_FAR: 'errLocationTooFar',
  OVERLAPPING_ENTRY: 'errOverlapping',
  MISSING_STOP: 'errMissingStop',
  WORKING_TIME_TOO_LONG: 'errTooLong',
  SALARY_BILLED: 'errSalaryBilled',
};

export function TimeApprovals({ client, names }: Props) {
  const { t } = useI18n();
  const { act, shown } = useOutcome();
  const load = useCallback(async () => {
    const found = await client.call('timeTracking.list', {
      query: { approved: 'false', cancelled: 'false', limit: LIMIT, sort: ['timeStart:-1'] },
    });
    await names.loadObjects(found.map((entry) => entry.objectId));
    // Entries with errors first (a stable sort keeps the newest first within each group).
    return found.sort((a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0));
  }, [client, names.loadObjects]);
  const { items, error, reload } = useList(load);
  const withErrors = items?.filter((entry) => entry.errors.length).length ?? 0;

  return (
    <section class="approval-section" aria-labelledby="time-entries">
      <h2 id="time-entries">
        {t('timeEntries')} <span class="count">({items?.length ?? '…'})</span>
      </h2>
      {withErrors > 0 && <p>{t('entriesWithErrors', { n: withErrors })}</p>}
      {error && (
        <p class="error" role="alert">
          {t('loadFailed', { message: error })}
        </p>
      )}
      {shown}
      {items && !items.length && <p class="empty">{t('noTimeEntries')}</p>}
      <ul class="approval-list">
        {items?.map((entry) => (
          <EntryItem
            key={`${entry._id}:${entry.status.lastModifiedAt}`}
            entry={entry}
            client={client}
            names={names}
            act={(work, done) => act(work, done, reload)}
          />
        ))}
      </ul>
    </section>
  );
}

interface ItemProps {
  entry: TimeTrackingEntry;
  client: CrewbaseClient;
  names: Names;
  act: (work: () => Promise<unknown>, done: string) => Promise<void>;
}

function EntryItem({ entry, client, names, act }: ItemProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [from, setFrom] = useState(localInput(entry.timeStart));
  const [to, setTo] = useState(localInput(entry.timeEnd));
  const [pause, setPause] = useState(String(Math.round((entry.break ?? 0) / 60)));
  const [reason, setReason] = useState('');
  const who = names.user(entry.userId);
  const id = entry._id;

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
    <li class={`approval-item${entry.errors.length ? ' has-errors' : ''}`} data-entry-id={id}>
      <div class="approval-head">
        <strong>{who}</strong> · {names.object(entry.objectId)}
      </div>
      <div>
        {entry.timeStart && `${i18n.day(entry.timeStart)}, ${i18n.time(entry.timeStart)}`}–
        {entry.timeEnd ? i18n.time(entry.timeEnd) : t('running')}
        {entry.workingTime != null &&
          ` · ${t('hoursWorked', { h: i18n.number(Math.round(entry.workingTime / 36) / 100) })}`}
      </div>
      {entry.errors.length > 0 && (
        <ul class="plausibility" aria-label={t('plausibilityErrors')}>
          {entry.errors.map((code) => (
            <li key={code}>
              <span aria-hidden="true">⚠ </span>
              {ERROR_KEYS[code] ? t(ERROR_KEYS[code]) : code}
            </li>
          ))}
        </ul>
      )}
      <form class="entry-form" onSubmit={correct} aria-label={t('correctEntryOf', { name: who })}>
        <label>
          {t('start')}
          <input type="datetime-local" value={from} required onInput={(e) => setFrom(e.currentTarget.value)} />
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
        </div>
      </form>
    </li>
  );
}
