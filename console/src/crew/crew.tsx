// The crew's phone view (/app/crew): my jobs today and later this week with clock-in and clock-out and photos
// (job-photos.tsx), my open tasks, complaints at my objects (complaints.tsx) and my absences (absences.tsx).
// A clock action while the network is down is queued (clock-queue.ts), shown as pending, and sent when the
// browser is back online or the view starts.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Job, Task } from '../../../clients/typescript/src/api-types.js';
import type { ComponentChildren } from 'preact';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { MyAbsences } from './absences.js';
import { OfflineError, type Session, messageOf } from '../lib/api.js';
import { type ClockAction, enqueue, flush, queuedFor, sendAction } from './clock-queue.js';
import { currentPosition } from './geolocation.js';
import { type I18n, type Key, useI18n } from '../lib/i18n.js';
import { JobPhotos } from './job-photos.js';
import { MyComplaints } from './complaints.js';
import { useOpenedJob } from './opened-job.js';
import { PushOffer } from './push-offer.js';

const DAY_MS = 86_400_000;
const RETRY_MS = 60_000;

/** From the start of today to the end of this week (Monday starts a week), local time. */
function thisWeek(now = new Date()) {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const untilMonday = ((8 - today.getDay()) % 7 || 7) * DAY_MS;
  return { from: today.getTime(), tomorrow: today.getTime() + DAY_MS, to: today.getTime() + untilMonday };
}

const STATE_KEYS: Record<string, Key> = {
  open: 'stateOpen',
  started: 'stateStarted',
  completed: 'stateCompleted',
  cancelled: 'stateCancelled',
};

/** The open entry's clientId, when the job has one (a clock-out names the entry it ends). */
const openEntry = (job: Job) => job.timeTrackings?.find((entry) => !entry.timeEnd && !entry.cancelled);

interface Props {
  session: Session;
  client: CrewbaseClient;
}

export function CrewView({ session, client }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [jobs, setJobs] = useState<Job[] | undefined>();
  const [objectNames, setObjectNames] = useState<Record<string, string>>({});
  const [tasks, setTasks] = useState<Task[]>([]);
  const [queue, setQueue] = useState<ClockAction[]>(() => queuedFor(session.userId));
  const [online, setOnline] = useState(navigator.onLine);
  const [message, setMessage] = useState<string | undefined>();
  const [busyJob, setBusyJob] = useState<string | undefined>();

  const load = useCallback(async () => {
    const week = thisWeek();
    try {
      const found = await client.call('jobs.jobsInTimeFrame', {
        body: { from: String(week.from), to: String(week.to), userIds: [session.userId] },
      });
      const ids = [...new Set(found.map((job) => job.objectId).filter((id): id is string => Boolean(id)))];
      const objects = ids.length ? await client.call('objects.list', { query: { _id: ids, limit: 100 } }) : [];
      setObjectNames(Object.fromEntries(objects.map((o) => [o._id, o.name ?? ''])));
      setJobs(found);
      const mine = await client.call('tasks.list', { query: { limit: 50, sort: ['dueDate:1'] } });
      setTasks(mine.filter((task) => task.taskStatus !== 'completed' && task.taskStatus !== 'cancelled'));
    } catch (error) {
      if (!(error instanceof OfflineError)) setMessage(t('loadFailed', { message: messageOf(error) }));
    }
  }, [client, session.userId, t]);

  const sync = useCallback(async () => {
    const refused = await flush(client, session.userId);
    setQueue(queuedFor(session.userId));
    if (refused.length) setMessage(t('actionFailed', { message: refused.join('; ') }));
    await load();
  }, [client, session.userId, load, t]);

  useEffect(() => {
    void sync();
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [sync]);

  // While actions wait, try again every minute too: `online` does not fire when the network answers again
  // without the device noticing it was gone (a dead Wi-Fi, a server that was down).
  const waiting = queue.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void sync(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, sync]);

  async function clock(job: Job, verb: 'start' | 'stop') {
    setBusyJob(job._id);
    setMessage(undefined);
    const pendingStart = queue.filter((action) => action.jobId === job._id && action.verb === 'start').pop();
    const action: ClockAction = {
      userId: session.userId,
      jobId: job._id,
      verb,
      clientId:
        verb === 'start'
          ? crypto.randomUUID()
          : (pendingStart?.clientId ?? openEntry(job)?.clientId ?? crypto.randomUUID()),
      time: new Date().toISOString(),
    };
    const location = await currentPosition();
    if (location) action.location = location;
    try {
      // Behind queued actions, this one waits its turn (a clock-out must not overtake its clock-in).
      if (queuedFor(session.userId).length) throw new OfflineError();
      await sendAction(client, action, false);
      await load();
    } catch (error) {
      if (error instanceof OfflineError) {
        enqueue(action);
        setQueue(queuedFor(session.userId));
        // Queued behind others while the browser thinks it is online: try the queue now, not at an `online` event.
        if (navigator.onLine) void sync();
      } else setMessage(t('actionFailed', { message: messageOf(error) }));
    } finally {
      setBusyJob(undefined);
    }
  }

  const week = thisWeek();
  const today = jobs?.filter((job) => job.from && Date.parse(job.from) < week.tomorrow) ?? [];
  const later = jobs?.filter((job) => job.from && Date.parse(job.from) >= week.tomorrow) ?? [];
  const card = (job: Job) => {
    const objectName = (job.objectId && objectNames[job.objectId]) || t('unknownObject');
    return (
      <JobCard
        key={job._id}
        job={job}
        objectName={objectName}
        pending={queue.filter((action) => action.jobId === job._id)}
        busy={busyJob === job._id}
        onClock={(verb) => void clock(job, verb)}
        i18n={i18n}
      >
        <JobPhotos client={client} userId={session.userId} jobId={job._id} objectName={objectName} />
      </JobCard>
    );
  };

  useOpenedJob(jobs !== undefined);
  return (
    <main class="crew">
      {!online && (
        <p class="notice" role="status">
          {t('offlineNotice')}
        </p>
      )}
      {queue.length > 0 && (
        <p class="notice pending-count" role="status">
          {queue.length === 1 ? t('pendingOne') : t('pendingCount', { n: i18n.number(queue.length) })}
        </p>
      )}
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      <PushOffer client={client} userId={session.userId} />
      <section aria-labelledby="today">
        <h2 id="today">{t('today')}</h2>
        {jobs === undefined ? (
          <p>{t('loading')}</p>
        ) : today.length ? (
          <ul class="jobs">{today.map(card)}</ul>
        ) : (
          <p>{t('noJobs')}</p>
        )}
      </section>
      <section aria-labelledby="later">
        <h2 id="later">{t('thisWeek')}</h2>
        {jobs !== undefined && (later.length ? <ul class="jobs">{later.map(card)}</ul> : <p>{t('noJobs')}</p>)}
      </section>
      <section aria-labelledby="tasks">
        <h2 id="tasks">{t('myTasks')}</h2>
        {tasks.length ? (
          <ul class="tasks">
            {tasks.map((task) => (
              <li key={task._id}>
                <span>{task.title}</span>
                {task.dueDate && <span class="muted">{t('due', { date: i18n.day(task.dueDate) })}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('noTasks')}</p>
        )}
      </section>
      <MyComplaints client={client} objectNames={objectNames} />
      <MyAbsences session={session} client={client} />
    </main>
  );
}

interface CardProps {
  job: Job;
  objectName: string;
  pending: ClockAction[];
  busy: boolean;
  onClock: (verb: 'start' | 'stop') => void;
  i18n: I18n;
  /** The job's photos. */
  children?: ComponentChildren;
}

function JobCard({ job, objectName, pending, busy, onClock, i18n, children }: CardProps) {
  const { t } = i18n;
  const last = pending[pending.length - 1];
  const clockedIn = last ? last.verb === 'start' : Boolean(openEntry(job)) || job.state === 'started';
  const state = last ? (last.verb === 'start' ? 'started' : 'completed') : (job.state ?? 'open');
  const closed = !last && (job.state === 'completed' || job.state === 'cancelled');
  const verb = clockedIn ? 'stop' : 'start';
  return (
    <li class="job" data-job-id={job._id}>
      <div class="job-head">
        <strong class="object">{objectName}</strong>
        <span class={`state state-${state}`}>
          {t(STATE_KEYS[state] ?? 'stateOpen')}
          {last && <span class="pending"> · {t('pending')}</span>}
        </span>
      </div>
      <div class="muted">
        {job.from && i18n.day(job.from)}, {job.from && i18n.time(job.from)}–{job.to && i18n.time(job.to)}
        {job.title ? ` · ${job.title}` : ''}
      </div>
      {!closed && (
        <button
          type="button"
          class={clockedIn ? 'secondary' : 'primary'}
          disabled={busy}
          aria-label={t(clockedIn ? 'clockOutOf' : 'clockInOn', { name: objectName })}
          onClick={() => onClock(verb)}
        >
          {t(clockedIn ? 'clockOut' : 'clockIn')}
        </button>
      )}
      {children}
    </li>
  );
}
