// The dispatcher's planning board (/app/board): a week or a day, a row per employee plus "unassigned", jobs
// placed by time and styled by state. Jobs move by drag and drop or by keyboard (space picks up, arrows choose,
// Enter drops, Escape cancels) through the API's assign/unassign and move actions, optimistically with a
// rollback when refused. Only the rows in view are rendered (fixed row height), so 300 rows stay fast.
import { createPortal } from 'preact/compat';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Job, User } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { messageOf } from '../lib/api.js';
import { useBoardData } from './board-data.js';
import { BoardFilters, type Filters, matches } from './board-filters.js';
import {
  type View,
  UNASSIGNED_ROW,
  addDays,
  bandsOf,
  clashOf,
  conflictsOf,
  dayIndexOf,
  hoursByRow,
  indexJobs,
  isoWeek,
  rangeOf,
  rowOf,
  shifted,
} from './board-model.js';
import { ConfirmMove } from './board-confirm.js';
import { NewJob } from './board-new-job.js';
import { contractHours, findFirst, gridKeys } from './board-find.js';
import { CellList } from './board-cell-list.js';
import { JobPanel } from './board-panel.js';
import { BoardRow, JOB_KEYS_HINT, KIND_ICONS, KIND_KEYS, ROW_HEIGHT, bandLabel } from './board-row.js';
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
  const [adding, setAdding] = useState<{ rowId: string; day: number }>();
  const [asking, setAsking] = useState<{ reason: string; go: () => void }>();
  const [query, setQuery] = useState('');
  const [hit, setHit] = useState<{ rowId: string; jobId: string }>();
  const [notice, setNotice] = useState<string>();
  // A job just created: once loaded, its row is scrolled to and the job highlighted and focused.
  const [created, setCreated] = useState<string>();
  const [moving, setMoving] = useState<Moving>();
  const [announce, setAnnounce] = useState('');
  const [error, setError] = useState<string>();
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    performance.mark('board:start');
  }, []);
  // The skip link lives first in <body> (before the header), so Tab from page load reaches it first.
  const [skipHost, setSkipHost] = useState<HTMLElement>();
  useEffect(() => {
    const host = document.createElement('div');
    document.body.prepend(host);
    setSkipHost(host);
    return () => host.remove();
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
  const conflicts = useMemo(() => conflictsOf(all.filter((job) => !job.replacementJobId)), [all]);
  const bands = useMemo(() => bandsOf(data.absences, range), [data.absences, range]);
  const hours = useMemo(() => {
    const planned = hoursByRow(all, range);
    const contracts = new Map(users.map((user) => [user._id, contractHours(user, range.days.length)]));
    const text = new Map<string, string>();
    for (const row of rows) {
      const h = i18n.number(Math.round((planned.get(row.id) ?? 0) * 10) / 10);
      const c = contracts.get(row.id);
      text.set(row.id, row.id && c ? t('hoursOfContract', { h, c: i18n.number(c) }) : t('hoursPlanned', { h }));
    }
    return text;
  }, [all, range, users, rows, i18n, t]);
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
  // A grid with nothing to focus in it (a day without jobs: the day view's cells have no "+") is itself the
  // keyboard's way to scroll it (WCAG 2.1.1); otherwise its jobs and "+" buttons are (one Tab stop, roving).
  // A layout effect: it runs in the same task as the render, so no one sees new buttons in a grid still a Tab stop.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const empty = !element.querySelector('button');
    if (empty === element.hasAttribute('tabindex')) return; // runs on every render, scrolling too: no needless writes
    if (empty) element.tabIndex = 0;
    else element.removeAttribute('tabindex');
  });
  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(scroller.current?.scrollTop ?? 0));
  };

  // The latest state for the handlers below, which stay the same functions so rows keep their memo.
  const latest = useRef({ jobs, moving, rows, range, view, objectNames, bands, all });
  latest.current = { jobs, moving, rows, range, view, objectNames, bands, all };

  /** Runs a move at once, or first asks when it lands on an absence or another job of the person. */
  const checked = useCallback(
    (job: Job, rowId: string, days: number, minutes: number, go: () => void) => {
      const { bands, all, objectNames } = latest.current;
      const at = days || minutes ? shifted(job, days, minutes) : { from: job.from!, to: job.to ?? job.from! };
      const clash = rowId === rowOf(job) && !days && !minutes ? undefined : clashOf(job, rowId, at, bands, all);
      if (!clash) return go();
      const name = latest.current.rows.find((row) => row.id === rowId)?.name ?? '';
      const reason =
        'absence' in clash
          ? t('clashAbsence', { name, absence: bandLabel(i18n, clash.absence) })
          : t('clashOverlap', {
              name,
              object: (clash.overlap.objectId && objectNames[clash.overlap.objectId]) || t('unknownObject'),
              time: `${i18n.day(clash.overlap.from!)} ${i18n.time(clash.overlap.from!)}–${i18n.time(clash.overlap.to!)}`,
            });
      setAsking({ reason, go });
    },
    [i18n, t],
  );

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
      checked(job, rowId, days, 0, () => void commit(job, rowId, days, 0));
    },
    [commit, checked],
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
        const rowId = rows[moving.row]!.id;
        const days = view === 'week' ? moving.day - here.day : 0;
        checked(job, rowId, days, moving.minutes, () => {
          setAnnounce(t('moved', describe(job, moving)));
          void commit(job, rowId, days, moving.minutes);
        });
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
    [commit, checked, describe, t],
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
    setAdding(undefined);
    setListing({ rowId, day });
  }, []);
  const onAdd = useCallback((rowId: string, day: number, element: Element) => {
    opener.current = element;
    setOpenId(undefined);
    setListing(undefined);
    setAdding({ rowId, day });
  }, []);

  /** Scrolls a row into the board's view (rows outside it are not rendered until then). */
  const scrollToRow = useCallback((rowId: string) => {
    const element = scroller.current;
    const i = latest.current.rows.findIndex((row) => row.id === rowId);
    if (!element || i < 0) return;
    const top = i * ROW_HEIGHT;
    if (top < element.scrollTop || top + ROW_HEIGHT > element.scrollTop + element.clientHeight - ROW_HEIGHT / 2)
      element.scrollTop = Math.max(0, top - ROW_HEIGHT);
    setScrollTop(element.scrollTop);
  }, []);

  const search = (text: string) => {
    setQuery(text);
    const found = text.trim()
      ? findFirst(
          text,
          rows,
          all.filter((job) => matches(job, filters)),
          objectNames,
        )
      : undefined;
    setHit(found);
    if (found) {
      scrollToRow(found.rowId);
      setAnnounce(t('searchFound', { row: userName(found.rowId) }));
    } else if (text.trim()) setAnnounce(t('searchNone', { q: text }));
  };

  // A filter scrolls to its first match instead of leaving the rows in view empty.
  const filterKey = JSON.stringify(filters);
  const scrolledFor = useRef('{}');
  useEffect(() => {
    if (scrolledFor.current === filterKey) return;
    scrolledFor.current = filterKey;
    const first = latest.current.rows.find((row) => index.has(row.id));
    if (first) scrollToRow(first.id);
  }, [filterKey, index, scrollToRow]);

  useEffect(() => {
    const job = created ? jobs?.get(created) : undefined;
    if (!job) return;
    setCreated(undefined);
    scrollToRow(rowOf(job));
    setHit({ rowId: rowOf(job), jobId: job._id });
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-job-id="${job._id}"]`)?.focus());
  }, [created, jobs, scrollToRow]);

  const closePanel = () => {
    const jobId = openId;
    setOpenId(undefined);
    setListing(undefined);
    setAdding(undefined);
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
  // The first job in the rows' order: the skip link's target and the grid's one Tab stop.
  const firstJob = useMemo(() => {
    for (const row of rows) for (const day of index.get(row.id) ?? []) if (day[0]) return day[0]._id;
    return undefined;
  }, [rows, index]);
  const toFirstJob = (event: Event) => {
    event.preventDefault();
    if (!firstJob) return;
    scrollToRow(rowOf(jobs!.get(firstJob)!));
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-job-id="${firstJob}"]`)?.focus());
  };
  useEffect(() => {
    if (!firstJob) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-job-id="${firstJob}"]`);
    if (element && !scroller.current?.querySelector('[tabindex="0"]')) element.tabIndex = 0;
  });

  return (
    <main class="board-page">
      {skipHost &&
        createPortal(
          <button type="button" class="skip-link" onClick={toFirstJob}>
            {t('skipToJobs')}
          </button>,
          skipHost,
        )}
      <p id={JOB_KEYS_HINT} class="visually-hidden">
        {t('jobKeys')}
      </p>
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
          <span class="week-number">{t('calendarWeek', { n: isoWeek(range.from) })}</span>{' '}
          {i18n.date(new Date(range.from).toISOString())}
          {view === 'week' && ` – ${i18n.date(new Date(addDays(range.to, -1)).toISOString())}`}
        </span>
        <form
          class="board-search"
          onSubmit={(event) => {
            event.preventDefault();
            search(query);
          }}
        >
          <label for="board-search">{t('searchBoard')}</label>
          <input
            id="board-search"
            type="search"
            value={query}
            maxLength={100}
            placeholder={t('searchHint')}
            onInput={(event) => search(event.currentTarget.value)}
          />
        </form>
        <BoardFilters
          jobs={all}
          filters={filters}
          onChange={setFilters}
          client={client}
          objectNames={objectNames}
          userName={userName}
        />
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
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {(error || data.error) && (
        <p class="error" role="alert">
          {error ?? t('loadFailed', { message: data.error ?? '' })}
        </p>
      )}
      <div class={`board-layout${open || listing || adding ? ' with-panel' : ''}`}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys bubble up from the grid's buttons */}
        <div
          class={`board board-${view}`}
          id="board-grid"
          ref={scroller}
          onScroll={onScroll}
          onKeyDown={(event) => !latest.current.moving && gridKeys(event)}
        >
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
                    index={i}
                    hours={hours.get(row.id) ?? ''}
                    bands={bands.get(row.id)}
                    hitId={hit?.rowId === row.id ? hit.jobId : undefined}
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
                    onAdd={onAdd}
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
        {!open && adding && (
          <NewJob
            key={`${adding.rowId}:${adding.day}`}
            client={client}
            users={users}
            userName={userName}
            userId={adding.rowId}
            day={range.days[adding.day] ?? range.from}
            onClose={closePanel}
            onCreated={async (jobId) => {
              await data.reload();
              setAdding(undefined);
              setNotice(t('jobCreated'));
              setCreated(jobId);
            }}
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
      {asking && (
        <ConfirmMove
          reason={asking.reason}
          onAnswer={(go) => {
            const { go: run } = asking;
            setAsking(undefined);
            if (go) run();
            else setAnnounce(t('moveCancelled'));
          }}
        />
      )}
    </main>
  );
}

const rowIndexOf = (rows: Array<{ id: string }>, id: string) =>
  Math.max(
    0,
    rows.findIndex((row) => row.id === id),
  );
