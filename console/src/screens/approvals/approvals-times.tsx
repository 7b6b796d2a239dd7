// Time entries not approved yet, as a compact list: one line per entry with person, job and object, planned
// beside clocked time, the deviation and the plausibility flags. Filters (period, team, only deviations),
// a checkbox per row and one for all shown, and one bulk approval (POST /v2/timeTracking/approve, up to 200
// per call, all or nothing); a correction opens the side panel (time-correction.tsx).
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Job } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { type Key, useI18n } from '../../lib/i18n.js';
import { type Names, useList, useOutcome } from './approval-hooks.js';
import { TimeCorrection } from './time-correction.js';
import { DEVIATION_MINUTES, type Period, type TimeRow, matches, periodBounds, teamsOf, timeRow } from './time-rows.js';

interface Props {
  client: CrewbaseClient;
  names: Names;
  /** Whether the user may read jobs (planned times and teams come from them). */
  readsJobs: boolean;
  onCount: (n: number | undefined) => void;
}

/** Entries loaded at once (the API's largest page): a busy office's open week fits. */
const LIMIT = 500;
const IDS_PER_REQUEST = 200;
/** The bulk route's bound (docs/decisions.md): a larger selection goes in parts. */
const PER_APPROVAL = 200;

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

async function jobsById(client: CrewbaseClient, ids: string[]) {
  const found: Record<string, Job> = {};
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const part = ids.slice(i, i + IDS_PER_REQUEST);
    for (const job of await client.call('jobs.list', { query: { _id: part, limit: part.length } }))
      found[job._id] = job;
  }
  return found;
}

const hm = (minutes: number) =>
  `${Math.floor(Math.abs(minutes) / 60)}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

export function TimeApprovals({ client, names, readsJobs, onCount }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const { act, shown } = useOutcome();
  const [period, setPeriod] = useState<Period>('open');
  const [teamId, setTeamId] = useState('');
  const [onlyDeviations, setOnlyDeviations] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<string>();
  const opener = useRef<HTMLElement | null>(null);

  const load = useCallback(async () => {
    const found = await client.call('timeTracking.list', {
      query: { approved: 'false', cancelled: 'false', limit: LIMIT, sort: ['timeStart:1'], ...periodBounds(period) },
    });
    const jobIds = [...new Set(found.map((e) => e.jobId).filter((id): id is string => Boolean(id)))];
    const [jobs] = await Promise.all([
      readsJobs ? jobsById(client, jobIds) : Promise.resolve({} as Record<string, Job>),
      names.loadObjects(found.map((entry) => entry.objectId)),
    ]);
    const rows = found.map((entry) => timeRow(entry, entry.jobId ? jobs[entry.jobId] : undefined));
    // Those off plan first (a stable sort keeps the oldest first within each group).
    return rows.sort((x, y) => Number(y.deviates) - Number(x.deviates));
  }, [client, names.loadObjects, period, readsJobs]);
  const { items, error, reload } = useList(load);
  useEffect(() => onCount(items?.length), [items, onCount]);

  const teams = useMemo(() => teamsOf(items ?? [], names.user), [items, names.user]);
  const shownRows = useMemo(
    () => (items ?? []).filter((row) => matches(row, { teamId: teamId || undefined, onlyDeviations })),
    [items, teamId, onlyDeviations],
  );
  // Only what is shown stays selected: a filter change never approves an entry out of sight.
  const picked = shownRows.filter((row) => selected.has(row.entry._id)).map((row) => row.entry._id);
  const allPicked = shownRows.length > 0 && picked.length === shownRows.length;
  const current = items?.find((row) => row.entry._id === open);

  const toggle = (id: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const approveSelected = () =>
    act(
      async () => {
        for (let i = 0; i < picked.length; i += PER_APPROVAL)
          // The typed operation comes with the next generated client; the same client and tokens by path.
          await client.request('POST', '/v2/timeTracking/approve', {
            body: { ids: picked.slice(i, i + PER_APPROVAL) },
          });
        setSelected(new Set());
      },
      t('entriesApproved', { n: i18n.number(picked.length) }),
      reload,
    );
  const close = () => {
    setOpen(undefined);
    opener.current?.focus();
  };

  return (
    <section class="approval-section" id="time-entries-section" aria-labelledby="time-entries">
      <h2 id="time-entries">
        {t('timeEntries')} <span class="count">({items?.length ?? '…'})</span>
      </h2>
      <div class="time-filters">
        <label>
          {t('period')}
          <select value={period} onChange={(e) => setPeriod(e.currentTarget.value as Period)}>
            <option value="open">{t('periodOpen')}</option>
            <option value="thisWeek">{t('periodThisWeek')}</option>
            <option value="lastWeek">{t('periodLastWeek')}</option>
          </select>
        </label>
        {readsJobs && (
          <label>
            {t('filterTeam')}
            <select value={teamId} onChange={(e) => setTeamId(e.currentTarget.value)}>
              <option value="">{t('allTeams')}</option>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {t('teamOf', { names: team.names })}
                </option>
              ))}
            </select>
          </label>
        )}
        <label class="check">
          <input
            type="checkbox"
            checked={onlyDeviations}
            onChange={(e) => setOnlyDeviations(e.currentTarget.checked)}
          />
          {t('onlyDeviations')}
        </label>
        <button type="button" class="primary" disabled={!picked.length} onClick={() => void approveSelected()}>
          {t('approveSelected', { n: i18n.number(picked.length) })}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {t('loadFailed', { message: error })}
        </p>
      )}
      {shown}
      {items && !items.length && <p class="empty">{t('noTimeEntries')}</p>}
      {items && items.length > 0 && (
        <p class="muted">{t('entriesShown', { n: i18n.number(shownRows.length), total: i18n.number(items.length) })}</p>
      )}
      <div class={`time-layout${current ? ' with-panel' : ''}`}>
        {shownRows.length > 0 && (
          <div class="time-scroll">
            <table class="time-table">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t('selectAllShown')}
                      checked={allPicked}
                      indeterminate={picked.length > 0 && !allPicked}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setSelected(on ? new Set(shownRows.map((row) => row.entry._id)) : new Set());
                      }}
                    />
                  </th>
                  <th scope="col">{t('person')}</th>
                  <th scope="col">{t('jobAndObject')}</th>
                  <th scope="col">{t('planned')}</th>
                  <th scope="col">{t('clocked')}</th>
                  <th scope="col">{t('deviation')}</th>
                  <th scope="col">{t('flags')}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shownRows.map((row) => (
                  <Row
                    key={row.entry._id}
                    row={row}
                    names={names}
                    checked={selected.has(row.entry._id)}
                    open={row.entry._id === open}
                    onToggle={toggle}
                    onOpen={(target) => {
                      opener.current = target;
                      setOpen(row.entry._id);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {current && (
          <TimeCorrection
            key={`${current.entry._id}:${current.entry.status.lastModifiedAt}`}
            row={current}
            who={names.user(current.entry.userId)}
            where={names.object(current.entry.objectId)}
            client={client}
            act={(work, done) => act(work, done, reload)}
            onClose={close}
          />
        )}
      </div>
    </section>
  );
}

interface RowProps {
  row: TimeRow;
  names: Names;
  checked: boolean;
  open: boolean;
  onToggle: (id: string, on: boolean) => void;
  onOpen: (target: HTMLElement) => void;
}

function Row({ row, names, checked, open, onToggle, onOpen }: RowProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const { entry, job } = row;
  const who = names.user(entry.userId);
  const span = (from?: string | null, to?: string | null) =>
    from ? `${i18n.day(from)} ${i18n.time(from)}–${to ? i18n.time(to) : t('running')}` : '—';
  const deviation = row.deviationMinutes;
  return (
    <tr class={row.deviates ? 'deviates' : undefined} data-entry-id={entry._id} aria-current={open || undefined}>
      <td>
        <input
          type="checkbox"
          aria-label={t('selectEntryOf', { name: who })}
          checked={checked}
          onChange={(e) => onToggle(entry._id, e.currentTarget.checked)}
        />
      </td>
      <td>{who}</td>
      <td>
        {job?.title ? `${job.title} · ` : ''}
        {names.object(entry.objectId)}
      </td>
      <td>
        {span(job?.from, job?.to)}
        {row.plannedMinutes !== undefined && <span class="muted"> ({hm(row.plannedMinutes)})</span>}
      </td>
      <td>
        {span(entry.timeStart, entry.timeEnd)}
        {row.workedMinutes !== undefined && <span class="muted"> ({hm(row.workedMinutes)})</span>}
      </td>
      <td class={deviation !== undefined && Math.abs(deviation) >= DEVIATION_MINUTES ? 'off' : undefined}>
        {deviation === undefined ? '—' : `${deviation < 0 ? '−' : deviation > 0 ? '+' : '±'}${hm(deviation)}`}
      </td>
      <td>
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
      </td>
      <td>
        <button
          type="button"
          class="secondary small"
          aria-label={t('correctEntryOf', { name: who })}
          aria-expanded={open}
          onClick={(e) => onOpen(e.currentTarget)}
        >
          {t('correct')}
        </button>
      </td>
    </tr>
  );
}
