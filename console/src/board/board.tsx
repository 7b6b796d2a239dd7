// The dispatcher's planning board (/app/board): a week or a day, a row per employee plus "unassigned", jobs
// placed by time and styled by state. Jobs move by drag and drop or by keyboard (space picks up, arrows choose,
// Enter drops, Escape cancels) through the API's assign/unassign and move actions, optimistically with a
// rollback when refused. Only the rows in view are rendered (fixed row height), so 300 rows stay fast.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Job, User } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { messageOf } from '../lib/api.js';
import { useBoardData } from './board-data.js';
import { BoardFilters, type Filters, matches } from './board-filters.js';
import {
  type View,
  UNASSIGNED_ROW,
  addDays,
  conflictsOf,
  dayIndexOf,
  indexJobs,
  rangeOf,
  rowOf,
  shifted,
} from './board-model.js';
import { CellList } from './board-cell-list.js';
import { JobPanel } from './board-panel.js';
import { BoardRow, KIND_ICONS, KIND_KEYS, ROW_HEIGHT } from './board-row.js';
import { useI18n } from '../lib/i18n.js';

const OVERSCAN = 4;

interface Props {
  client: CrewbaseClient;
}

interface Moving {
  jobId: string;
  row: number;
  day: number;
  minutes: number;
}

const nameOf = (user: User) =>
  [user.general?.firstName, user.general?.lastName].filter(Boolean).join(' ') || user.id || user._id;

export function PlanningBoard({ client }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(() => Date.now());
  const range = useMemo(() => rangeOf(view, anchor), [view, anchor]);
  const data = useBoardData(client, range);
  const { jobs, users, objectNames, put } = data;
  const [filters, setFilters] = useState<Filters>({});
  const [openId, setOpenId] = useState<string>();
  const [listing, setListing] = useState<{ rowId: string; day: number }>();
  // What opened the side panel (a job block or a "+n more" button): closing it returns the focus there.
  const opener = useRef<Element | null>(null);
  useEffect(() => setListing(undefined), [range]);
  const [moving, setMoving] = useState<Moving>();
  const [announce, setAnnounce] = useState('');
  const [error, setError] = useState<string>();
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    performance.mark('board:start');
  }, []);

  const rows = useMemo(
    () => [
      { id: UNASSIGNED_ROW, name: t('unassigned') },
      ...users.map((user) => ({ id: user._id, name: nameOf(user) })).sort((a, b) => a.name.localeCompare(b.name)),
    ],
    [users, t],
  );
  const rowIndex = useMemo(() => new Map(rows.map((row, i) => [row.id, i])), [rows]);
  const userName = useCallback(
    (id: string | undefined) => rows[rowIndex.get(id ?? UNASSIGNED_ROW) ?? 0]?.name ?? '',
    [rows, rowIndex],
  );
  const all = useMemo(() => [...(jobs?.values() ?? [])], [jobs]);
  const conflicts = useMemo(() => conflictsOf(all), [all]);
  const index = useMemo(
    () =>
      indexJobs(
        all.filter((job) => matches(job, filters)),
        range,
      ),
    [all, filters, range],
  );

  // Marks for the render measurement (test/console/board.test.ts): data in, then rows painted.
  const measured = useRef(false);
  useEffect(() => {
    if (!jobs || !users.length || measured.current) return;
    measured.current = true;
    performance.mark('board:data-loaded');
    requestAnimationFrame(() => setTimeout(() => performance.mark('board:rendered'), 0));
  }, [jobs, users]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(scroller.current?.scrollTop ?? 0));
  };

  // The latest state for the handlers below, which stay the same functions so rows keep their memo.
  const latest = useRef({ jobs, moving, rows, range, view, objectNames });
  latest.current = { jobs, moving, rows, range, view, objectNames };

  const commit = useCallback(
    async (job: Job, rowId: string, days: number, minutes: number) => {
      const times = days || minutes ? shifted(job, days, minutes) : undefined;
      const reassign = rowId !== rowOf(job);
      if (!times && !reassign) return;
      const path = { id: job._id };
      put(job._id, { ...job, ...times, userId: rowId || undefined });
      setError(undefined);
      try {
        if (reassign)
          await (rowId
            ? client.call('jobs.assign', { path, body: { userIds: [rowId] } })
            : client.call('jobs.unassign', { path }));
        if (times) await client.call('jobs.move', { path, body: times });
        put(job._id, await client.call('jobs.get', { path }));
      } catch (failure) {
        put(job._id, job);
        setError(t('moveRefused', { message: messageOf(failure) }));
      }
    },
    [client, put, t],
  );

  const onDrop = useCallback(
    (jobId: string, rowId: string, day: number) => {
      const { jobs, range, view } = latest.current;
      const job = jobs?.get(jobId);
      if (!job?.from) return;
      const days = view === 'week' ? day - dayIndexOf(range, Date.parse(job.from)) : 0;
      void commit(job, rowId, days, 0);
    },
    [commit],
  );

  const describe = useCallback(
    (job: Job, target: Moving) => {
      const { rows, range, view, objectNames } = latest.current;
      const object = (job.objectId && objectNames[job.objectId]) || t('unknownObject');
      const at = shifted(
        job,
        view === 'week' ? target.day - dayIndexOf(range, Date.parse(job.from!)) : 0,
        target.minutes,
      );
      const day = view === 'week' ? i18n.day(at.from) : `${i18n.day(at.from)} ${i18n.time(at.from)}`;
      return { object, row: rows[target.row]?.name ?? '', day };
    },
    [i18n, t],
  );

  const onKey = useCallback(
    (event: KeyboardEvent, job: Job) => {
      const { moving, rows, range, view } = latest.current;
      const here = {
        row: rowIndexOf(rows, rowOf(job)),
        day: Math.max(0, dayIndexOf(range, Date.parse(job.from ?? ''))),
      };
      if (!moving || moving.jobId !== job._id) {
        if (event.key === 'Enter') {
          opener.current = event.currentTarget as Element;
          setListing(undefined);
          setOpenId(job._id);
        } else if (event.key === ' ') {
          const start = { jobId: job._id, ...here, minutes: 0 };
          setMoving(start);
          setAnnounce(t('moving', describe(job, start)));
        } else return;
        event.preventDefault();
        return;
      }
      const next = { ...moving };
      if (event.key === 'ArrowUp') next.row = Math.max(0, moving.row - 1);
      else if (event.key === 'ArrowDown') next.row = Math.min(rows.length - 1, moving.row + 1);
      else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        const step = event.key === 'ArrowLeft' ? -1 : 1;
        if (view === 'week') next.day = Math.min(range.days.length - 1, Math.max(0, moving.day + step));
        else next.minutes = moving.minutes + step * 60;
      } else if (event.key === 'Escape') {
        setMoving(undefined);
        setAnnounce(t('moveCancelled'));
        event.preventDefault();
        return;
      } else if (event.key === 'Enter' || event.key === ' ') {
        setMoving(undefined);
        setAnnounce(t('moved', describe(job, moving)));
        void commit(job, rows[moving.row]!.id, view === 'week' ? moving.day - here.day : 0, moving.minutes);
        event.preventDefault();
        return;
      } else return;
      event.preventDefault();
      setMoving(next);
      setAnnounce(t('moving', describe(job, next)));
      // Keep the target row in view.
      const element = scroller.current;
      if (element) {
        const top = next.row * ROW_HEIGHT;
        if (top < element.scrollTop) element.scrollTop = top;
        else if (top + 2 * ROW_HEIGHT > element.scrollTop + element.clientHeight)
          element.scrollTop = top + 2 * ROW_HEIGHT - element.clientHeight;
      }
    },
    [commit, describe, t],
  );

  // The element is passed: a click does not focus a button in every browser.
  const onOpen = useCallback((job: Job, element: Element) => {
    opener.current = element;
    setListing(undefined);
    setOpenId(job._id);
  }, []);
  const onList = useCallback((rowId: string, day: number, element: Element) => {
    opener.current = element;
    setOpenId(undefined);
    setListing({ rowId, day });
  }, []);
  const closePanel = () => {
    const jobId = openId;
    setOpenId(undefined);
    setListing(undefined);
    const element = opener.current;
    if (element instanceof HTMLElement && element.isConnected) element.focus();
    else if (jobId) scroller.current?.querySelector<HTMLElement>(`[data-job-id="${jobId}"]`)?.focus();
  };

  // The rows in view (plus a few), and the row of a job being moved by keyboard, which keeps its focus.
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const shown = rows.slice(first, last).map((row, i) => ({ row, i: first + i }));
  const movingJob = moving && jobs?.get(moving.jobId);
  const origin = movingJob ? rowIndexOf(rows, rowOf(movingJob)) : -1;
  if (origin >= 0 && (origin < first || origin >= last)) shown.push({ row: rows[origin]!, i: origin });

  const open = openId ? jobs?.get(openId) : undefined;
  const step = (n: number) => setAnchor((current) => addDays(current, view === 'week' ? 7 * n : n));

  return (
    <main class="board-page">
      <div class="board-toolbar">
        <h1>{t('board')}</h1>
        <fieldset class="segmented">
          <legend class="visually-hidden">{t('view')}</legend>
          {(['week', 'day'] as const).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
              {t(v === 'week' ? 'week' : 'dayView')}
            </button>
          ))}
        </fieldset>
        <button type="button" class="secondary" aria-label={t('previous')} onClick={() => step(-1)}>
          ‹
        </button>
        <button type="button" class="secondary" onClick={() => setAnchor(Date.now())}>
          {t('todayButton')}
        </button>
        <button type="button" class="secondary" aria-label={t('next')} onClick={() => step(1)}>
          ›
        </button>
        <span class="range-label">
          {i18n.date(new Date(range.from).toISOString())}
          {view === 'week' && ` – ${i18n.date(new Date(addDays(range.to, -1)).toISOString())}`}
        </span>
        <BoardFilters jobs={all} filters={filters} onChange={setFilters} client={client} objectNames={objectNames} />
      </div>
      <ul class="legend" aria-label={t('legend')}>
        {(Object.keys(KIND_KEYS) as Array<keyof typeof KIND_KEYS>).map((kind) => (
          <li key={kind} class={`kind-text kind-${kind}`}>
            <span aria-hidden="true">{KIND_ICONS[kind]} </span>
            {t(KIND_KEYS[kind])}
          </li>
        ))}
      </ul>
      <p class="visually-hidden" aria-live="polite">
        {announce}
      </p>
      {(error || data.error) && (
        <p class="error" role="alert">
          {error ?? t('loadFailed', { message: data.error ?? '' })}
        </p>
      )}
      <div class={`board-layout${open || listing ? ' with-panel' : ''}`}>
        <div class={`board board-${view}`} ref={scroller} onScroll={onScroll}>
          <table class="board-table" aria-rowcount={rows.length + 1}>
            <thead>
              <tr class="board-row board-head">
                <th scope="col" class="board-name">
                  {t('rowsShown', { n: i18n.number(rows.length - 1) })}
                </th>
                {view === 'week' ? (
                  range.days.map((day) => (
                    <th scope="col" key={day} class="board-cell">
                      {i18n.day(new Date(day).toISOString())}
                    </th>
                  ))
                ) : (
                  <th scope="col" class="board-cell board-hours">
                    {[0, 3, 6, 9, 12, 15, 18, 21].map((hour) => (
                      <span key={hour} style={`left:${(hour / 24) * 100}%`}>
                        {i18n.time(new Date(range.from + hour * 3_600_000).toISOString())}
                      </span>
                    ))}
                  </th>
                )}
              </tr>
            </thead>
            <tbody class="board-body" style={`height:${rows.length * ROW_HEIGHT}px`}>
              {jobs === undefined ? (
                <tr>
                  <td>{t('loading')}</td>
                </tr>
              ) : (
                shown.map(({ row, i }) => (
                  <BoardRow
                    key={row.id}
                    rowId={row.id}
                    name={row.name}
                    top={i * ROW_HEIGHT}
                    days={range.days}
                    view={view}
                    jobs={index.get(row.id)}
                    conflicts={conflicts}
                    objectNames={objectNames}
                    target={moving?.row === i ? (view === 'week' ? moving.day : 0) : -1}
                    movingId={origin === i ? moving?.jobId : undefined}
                    i18n={i18n}
                    onKey={onKey}
                    onOpen={onOpen}
                    onList={onList}
                    onDrop={onDrop}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
        {open && (
          <JobPanel
            key={open._id}
            job={open}
            client={client}
            users={users}
            userName={userName}
            objectName={(open.objectId && objectNames[open.objectId]) || t('unknownObject')}
            conflicts={conflicts}
            onClose={closePanel}
            onChanged={data.reload}
          />
        )}
        {!open && listing && (
          <CellList
            key={`${listing.rowId}:${listing.day}`}
            jobs={index.get(listing.rowId)?.[listing.day] ?? []}
            rowName={userName(listing.rowId)}
            day={range.days[listing.day] ?? range.from}
            conflicts={conflicts}
            objectNames={objectNames}
            onPick={(job) => {
              setListing(undefined);
              setOpenId(job._id);
            }}
            onClose={closePanel}
          />
        )}
      </div>
    </main>
  );
}

const rowIndexOf = (rows: Array<{ id: string }>, id: string) =>
  Math.max(
    0,
    rows.findIndex((row) => row.id === id),
  );
