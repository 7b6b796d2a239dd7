// One row of the planning board (an employee or "unassigned"), memoised: a row renders again only when its
// jobs, its move target or the language change. The week view places jobs in day cells; the day view on an
// hour axis. Blocks are draggable (HTML5) and focusable; the keys are handled by the board.
import { memo } from 'preact/compat';
import type { Job } from '../../../clients/typescript/src/api-types.js';
import type { I18n, Key } from '../lib/i18n.js';
import { DAY_MS, type Kind, kindOf } from './board-model.js';

export const ROW_HEIGHT = 84;
const SHOWN_PER_CELL = 2;

export const KIND_KEYS: Record<Kind, Key> = {
  planned: 'kindPlanned',
  started: 'kindStarted',
  completed: 'kindCompleted',
  cancelled: 'kindCancelled',
  absence: 'kindAbsence',
  conflict: 'kindConflict',
};
/** A text mark beside the colour, so colour is never the only signal. */
export const KIND_ICONS: Record<Kind, string> = {
  planned: '○',
  started: '▶',
  completed: '✓',
  cancelled: '✕',
  absence: '⚠',
  conflict: '⇄',
};

export interface RowProps {
  rowId: string;
  name: string;
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
}

export const BoardRow = memo(function BoardRow(props: RowProps) {
  const { rowId, name, top, days, view, jobs, target, i18n, onDrop } = props;
  const drop = (day: number) => ({
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const id = event.dataTransfer?.getData('text/plain');
      if (id) onDrop(id, rowId, day);
    },
  });
  return (
    <tr class="board-row" data-row={rowId} style={`transform:translateY(${top}px)`}>
      <th scope="row" class="board-name">
        {name}
      </th>
      {view === 'week' ? (
        days.map((_, day) => {
          const list = jobs?.[day] ?? [];
          return (
            <td key={day} class={`board-cell${target === day ? ' target' : ''}`} {...drop(day)}>
              {list.slice(0, SHOWN_PER_CELL).map((job) => (
                <Block key={job._id} job={job} {...props} />
              ))}
              {list.length > SHOWN_PER_CELL && (
                <button
                  type="button"
                  class="more"
                  aria-label={i18n.t('moreLabel', {
                    n: list.length,
                    row: name,
                    day: i18n.day(new Date(days[day]!).toISOString()),
                  })}
                  onClick={(event) => props.onList(rowId, day, event.currentTarget)}
                >
                  {i18n.t('more', { n: list.length - SHOWN_PER_CELL })}
                </button>
              )}
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
      class={`block kind-${kind}${movingId === job._id ? ' moving' : ''}`}
      data-job-id={job._id}
      draggable
      aria-label={i18n.t('jobLabel', { object, time, state })}
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
      <span class="block-meta">
        {time} · {state}
      </span>
    </button>
  );
}
