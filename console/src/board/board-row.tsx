// One row of the planning board (an employee or "unassigned"), memoised: a row renders again only when its
// jobs, its move target or the language change. The week view places jobs in day cells; the day view on an
// hour axis. Blocks are draggable (HTML5) and focusable; the keys are handled by the board.
import { memo } from 'preact/compat';
import type { Job } from '../../../clients/typescript/src/api-types.js';
import type { I18n, Key } from '../lib/i18n.js';
import { type Band, DAY_MS, type Kind, kindOf } from './board-model.js';

export const ROW_HEIGHT = 84;
/** The id of the board's hidden text that says which keys a job block takes. */
export const JOB_KEYS_HINT = 'board-job-keys';
const SHOWN_PER_CELL = 2;

export const KIND_KEYS: Record<Kind, Key> = {
  planned: 'kindPlanned',
  started: 'kindStarted',
  completed: 'kindCompleted',
  cancelled: 'kindCancelled',
  missed: 'kindMissed',
  absence: 'kindAbsence',
  conflict: 'kindConflict',
};
/** A text mark beside the colour, so colour is never the only signal. */
export const KIND_ICONS: Record<Kind, string> = {
  planned: '○',
  started: '▶',
  completed: '✓',
  cancelled: '✕',
  missed: '⊘',
  absence: '⚠',
  conflict: '⇄',
};

export interface RowProps {
  rowId: string;
  name: string;
  /** Position in the rows (arrow keys find the row above and below by it). */
  index: number;
  /** Planned hours this range, and the contract's when known ("12.5 / 40 h"). */
  hours: string;
  /** Approved absences over this row's days, shown as bands above the jobs. */
  bands: Band[] | undefined;
  /** The job a search found in this row (highlighted), if any. */
  hitId: string | undefined;
  top: number;
  days: number[];
  view: 'week' | 'day';
  jobs: Job[][] | undefined;
  conflicts: Set<string>;
  objectNames: Record<string, string>;
  /** The day index a keyboard move aims at in this row, or -1. */
  target: number;
  movingId: string | undefined;
  i18n: I18n;
  onKey: (event: KeyboardEvent, job: Job) => void;
  onOpen: (job: Job, opener: Element) => void;
  /** Opens the list of all jobs of a full day cell. */
  onList: (rowId: string, day: number, opener: Element) => void;
  onDrop: (jobId: string, rowId: string, day: number) => void;
  /** Opens the form for a new job in this row on this day. */
  onAdd: (rowId: string, day: number, opener: Element) => void;
}

/** "Vacation Wed–Fri" (or one day, "Illness Mon") in the language's short weekday names. */
export function bandLabel(i18n: I18n, band: Band): string {
  const weekday = new Intl.DateTimeFormat(i18n.lang === 'de' ? 'de-DE' : 'en-GB', { weekday: 'short' });
  const first = weekday.format(band.from).replace('.', '');
  const last = weekday.format(band.to - 1).replace('.', '');
  const kind = i18n.t(`kind${band.type}` as Key);
  return first === last && band.to - band.from <= DAY_MS ? `${kind} ${first}` : `${kind} ${first}–${last}`;
}

export const BoardRow = memo(function BoardRow(props: RowProps) {
  const { rowId, name, index, hours, bands, hitId, top, days, view, jobs, target, i18n, onDrop, onAdd } = props;
  const drop = (day: number) => ({
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const id = event.dataTransfer?.getData('text/plain');
      if (id) onDrop(id, rowId, day);
    },
  });
  return (
    <tr
      class={`board-row${hitId === '' ? ' hit' : ''}`}
      data-row={rowId}
      data-index={index}
      style={`transform:translateY(${top}px)`}
    >
      <th scope="row" class="board-name">
        <span class="row-name">{name}</span>
        {hours && <span class="row-hours">{hours}</span>}
      </th>
      {view === 'week' ? (
        days.map((_, day) => {
          const list = jobs?.[day] ?? [];
          const dayName = i18n.day(new Date(days[day]!).toISOString());
          const absent = bands?.some((b) => b.first <= day && b.last >= day);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the empty cell is a shortcut; its "+" button is the keyboard's way
            <td
              key={day}
              class={`board-cell${target === day ? ' target' : ''}${absent ? ' absent' : ''}${list.length > 1 ? ' busy' : ''}`}
              {...drop(day)}
              onClick={(event) => event.target === event.currentTarget && onAdd(rowId, day, event.currentTarget)}
            >
              {bands
                ?.filter((band) => band.first === day)
                .map((band) => (
                  // As wide as the days it covers (equal columns, 1 px borders between them).
                  <span
                    key={band.id}
                    class="absence-band"
                    data-absence-id={band.id}
                    style={`width:calc(${band.last - band.first + 1} * 100% + ${band.last - band.first}px)`}
                  >
                    {bandLabel(i18n, band)}
                  </span>
                ))}
              {list.slice(0, SHOWN_PER_CELL).map((job) => (
                <Block key={job._id} job={job} {...props} />
              ))}
              {list.length > SHOWN_PER_CELL && (
                <button
                  type="button"
                  class="more"
                  tabIndex={-1}
                  // The label starts with the visible "+1 more", so speech input finds it by what it shows.
                  aria-label={i18n.t('moreLabel', {
                    more: i18n.t('more', { n: list.length - SHOWN_PER_CELL }),
                    n: list.length,
                    row: name,
                    day: i18n.day(new Date(days[day]!).toISOString()),
                  })}
                  onClick={(event) => props.onList(rowId, day, event.currentTarget)}
                >
                  {i18n.t('more', { n: list.length - SHOWN_PER_CELL })}
                </button>
              )}
              <button
                type="button"
                class="add"
                tabIndex={-1}
                aria-label={i18n.t('addJobLabel', { row: name, day: dayName })}
                onClick={(event) => onAdd(rowId, day, event.currentTarget)}
              >
                +
              </button>
            </td>
          );
        })
      ) : (
        <td class={`board-cell board-hours${target === 0 ? ' target' : ''}`} {...drop(0)}>
          {(jobs?.[0] ?? []).map((job) => (
            <Block key={job._id} job={job} {...props} dayStart={days[0]} />
          ))}
        </td>
      )}
    </tr>
  );
});

function Block({
  job,
  conflicts,
  objectNames,
  movingId,
  hitId,
  i18n,
  onKey,
  onOpen,
  dayStart,
}: RowProps & { job: Job; dayStart?: number }) {
  const kind = kindOf(job, conflicts);
  const object = (job.objectId && objectNames[job.objectId]) || i18n.t('unknownObject');
  const time = `${job.from ? i18n.time(job.from) : ''}–${job.to ? i18n.time(job.to) : ''}`;
  const state = i18n.t(KIND_KEYS[kind]);
  // On the hour axis a block sits at its start and is as wide as it lasts (at least a sliver, to be seen).
  const place =
    dayStart === undefined || !job.from
      ? undefined
      : (() => {
          const start = Math.max(0, Date.parse(job.from) - dayStart) / DAY_MS;
          const end = Math.min(1, (Date.parse(job.to ?? job.from) - dayStart) / DAY_MS);
          return `left:${(start * 100).toFixed(2)}%;width:max(${((end - start) * 100).toFixed(2)}%, 5.5rem)`;
        })();
  return (
    <button
      type="button"
      class={`block kind-${kind}${movingId === job._id ? ' moving' : ''}${hitId === job._id ? ' hit' : ''}`}
      data-job-id={job._id}
      tabIndex={-1}
      draggable
      // Named by its visible text (object, time, state), so speech input can say what it sees; the keys in
      // one hidden hint of the board.
      aria-describedby={JOB_KEYS_HINT}
      style={place}
      onDragStart={(event) => event.dataTransfer?.setData('text/plain', job._id)}
      onKeyDown={(event) => onKey(event, job)}
      // A click from the keyboard (detail 0) is Enter or space, which onKey has handled already.
      onClick={(event) => event.detail > 0 && onOpen(job, event.currentTarget)}
    >
      <span class="block-object">
        <span aria-hidden="true">{KIND_ICONS[kind]} </span>
        {object}
      </span>
      <span class="visually-hidden">, </span>
      <span class="block-meta">
        {time} · {state}
      </span>
    </button>
  );
}
