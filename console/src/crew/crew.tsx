// The crew's phone view (/app/crew): my jobs today and in the next 14 days (job-card.tsx: address, map link,
// access notes, contact, checklist, comment, photos) with clock-in and clock-out, my open tasks, my absences
// (absences.tsx) and complaints at my objects (complaints.tsx).
// Offline it opens from what the device kept (device-store.ts); clock actions are queued (clock-queue.ts) and
// each job's state is the server's with the queue laid over it (job-state.ts). A clock-in outside the start
// window or far from the object asks for a reason first (clock-checks.ts, clock-reason.tsx).
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { CustomerObject, Job, Task } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { OfflineError, ProblemError, type Session, messageOf } from '../lib/api.js';
import { type I18n, useI18n } from '../lib/i18n.js';
import { type Rights, reads, writes } from '../lib/rights.js';
import { MyAbsences } from './absences.js';
import { type Concern, clockInConcerns } from './clock-checks.js';
import { type ClockAction, enqueue, flush, queuedFor, sendAction } from './clock-queue.js';
import { ClockReason } from './clock-reason.js';
import { MyComplaints } from './complaints.js';
import { useOpenedJob } from './opened-job.js';
import { PushOffer } from './push-offer.js';
import { type ClockRules, rememberIdentity, saveSnapshot, snapshotOf } from './device-store.js';
import { currentPosition } from './geolocation.js';
import { JobCard } from './job-card.js';
import { JobPhotos } from './job-photos.js';
import { jobView, openEntry } from './job-state.js';
import { syncNotes } from './sync-words.js';

const DAY_MS = 86_400_000;
/** Today and the next 14 days. */
const DAYS_AHEAD = 14;
const RETRY_MS = 60_000;

/** From the start of today (local time) to the end of the 14th day after it. */
function range(now = new Date()) {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return { from: today, tomorrow: today + DAY_MS, to: today + (DAYS_AHEAD + 1) * DAY_MS };
}

const localDay = (iso: string) => new Date(iso).toDateString();

interface Props {
  session: Session;
  client: CrewbaseClient;
  rights: Rights;
}

interface Asking {
  job: Job;
  concerns: Concern[];
  position?: { latitude: number; longitude: number };
}

export function CrewView({ session, client, rights }: Props) {
  // Tasks and absences only for a user who may read them (a custom group may not): no call that is refused.
  const readsTasks = reads(rights, 'tasks', 'own');
  const i18n = useI18n();
  const { t } = i18n;
  // What the device kept opens the view at once (offline too); the network's answer replaces it.
  const [kept] = useState(() => snapshotOf(session.userId));
  const [jobs, setJobs] = useState<Job[] | undefined>(kept?.jobs);
  const [objects, setObjects] = useState<Record<string, CustomerObject>>(() => byId(kept?.objects ?? []));
  const [tasks, setTasks] = useState<Task[]>(kept?.tasks ?? []);
  const [rules, setRules] = useState<ClockRules | undefined>(kept?.rules);
  const [savedAt, setSavedAt] = useState(kept?.savedAt);
  const [queue, setQueue] = useState<ClockAction[]>(() => queuedFor(session.userId));
  const [online, setOnline] = useState(navigator.onLine);
  const [message, setMessage] = useState<string | undefined>();
  const [notes, setNotes] = useState<string[]>([]);
  const [busyJob, setBusyJob] = useState<string | undefined>();
  const [asking, setAsking] = useState<Asking | undefined>();

  const load = useCallback(async (): Promise<Job[] | undefined> => {
    const span = range();
    try {
      const found = await client.call('jobs.jobsInTimeFrame', {
        body: { from: String(span.from), to: String(span.to), userIds: [session.userId] },
      });
      found.sort((a, b) => Date.parse(a.from ?? '') - Date.parse(b.from ?? ''));
      const ids = [...new Set(found.map((job) => job.objectId).filter((id): id is string => Boolean(id)))];
      const [places, mine, limits] = await Promise.all([
        ids.length ? client.call('objects.list', { query: { _id: ids, limit: 100 } }) : [],
        readsTasks ? client.call('tasks.list', { query: { limit: 50, sort: ['dueDate:1'] } }) : [],
        clockRules(client),
      ]);
      const open = mine.filter((task) => task.taskStatus !== 'completed' && task.taskStatus !== 'cancelled');
      const now = new Date().toISOString();
      setObjects(byId(places));
      setJobs(found);
      setTasks(open);
      setRules(limits);
      setSavedAt(now);
      rememberIdentity(session, rights);
      saveSnapshot({ userId: session.userId, savedAt: now, jobs: found, objects: places, tasks: open, rules: limits });
      return found;
    } catch (error) {
      if (!(error instanceof OfflineError)) setMessage(t('loadFailed', { message: messageOf(error) }));
      return undefined;
    }
  }, [client, session, rights, t, readsTasks]);

  const sync = useCallback(async () => {
    const result = await flush(client, session.userId);
    setQueue(queuedFor(session.userId));
    const fresh = await load();
    const said = syncNotes(result, fresh, i18n, t('unknownObject'));
    if (said.length) setNotes(said);
  }, [client, session.userId, load, i18n, t]);

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

  const nameOf = (job: Job) => (job.objectId && objects[job.objectId]?.name) || t('unknownObject');

  async function clock(job: Job, verb: 'start' | 'stop') {
    setBusyJob(job._id);
    setMessage(undefined);
    setNotes([]);
    const position = await currentPosition();
    if (verb === 'start') {
      const concerns = clockInConcerns({
        jobFrom: job.from,
        now: Date.now(),
        rules,
        position,
        objectLocation: job.objectId ? objects[job.objectId]?.location : undefined,
      });
      if (concerns.length) {
        setBusyJob(undefined);
        return setAsking({ job, concerns, ...(position ? { position } : {}) });
      }
    }
    await send(job, verb, position);
  }

  async function send(job: Job, verb: 'start' | 'stop', position?: Asking['position'], reason?: string) {
    setBusyJob(job._id);
    setAsking(undefined);
    const queued = queuedFor(session.userId);
    const pendingStart = queued.filter((action) => action.jobId === job._id && action.verb === 'start').pop();
    const action: ClockAction = {
      userId: session.userId,
      jobId: job._id,
      verb,
      clientId:
        verb === 'start'
          ? crypto.randomUUID()
          : (pendingStart?.clientId ?? openEntry(job)?.clientId ?? crypto.randomUUID()),
      time: new Date().toISOString(),
      objectName: nameOf(job),
      ...(job.from ? { jobFrom: job.from } : {}),
      ...(position ? { location: position } : {}),
      ...(reason ? { clockInReason: reason } : {}),
    };
    try {
      // Behind queued actions, this one waits its turn (a clock-out must not overtake its clock-in).
      if (queued.length) throw new OfflineError();
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

  const span = range();
  const today = jobs?.filter((job) => job.from && Date.parse(job.from) < span.tomorrow) ?? [];
  const later = jobs?.filter((job) => job.from && Date.parse(job.from) >= span.tomorrow) ?? [];
  const laterDays = [...new Set(later.map((job) => localDay(job.from!)))];
  const card = (job: Job, open: boolean) => {
    const objectName = nameOf(job);
    const object = job.objectId ? objects[job.objectId] : undefined;
    const checklist = tasks.filter((task) => job.objectId && task.related?.objects?.includes(job.objectId));
    return (
      <JobCard
        key={job._id}
        job={job}
        object={object}
        objectName={objectName}
        view={jobView(job, queue)}
        checklist={checklist}
        busy={busyJob === job._id}
        open={open}
        onClock={(verb) => void clock(job, verb)}
        i18n={i18n}
      >
        {asking?.job._id === job._id && (
          <ClockReason
            jobId={job._id}
            objectName={objectName}
            concerns={asking.concerns}
            i18n={i18n}
            onSubmit={(reason) => void send(job, 'start', asking.position, reason)}
            onCancel={() => setAsking(undefined)}
          />
        )}
        <JobPhotos
          client={client}
          userId={session.userId}
          jobId={job._id}
          objectName={objectName}
          expected={job.documentIds?.length ?? 0}
        />
      </JobCard>
    );
  };
  const loaded = jobs !== undefined;

  useOpenedJob(jobs !== undefined);
  return (
    <main class="crew">
      <h1 class="crew-title">{t('crewTitle', { name: session.name })}</h1>
      {!online && (
        <p class="notice" role="status">
          {t('offlineNotice')} {savedAt && t('crewKeptAt', { time: `${i18n.day(savedAt)} ${i18n.time(savedAt)}` })}
        </p>
      )}
      {queue.length > 0 && (
        <p class="notice pending-count" role="status">
          {queue.length === 1 ? t('pendingOne') : t('pendingCount', { n: i18n.number(queue.length) })}
        </p>
      )}
      {notes.length > 0 && (
        <div class="notice sync-notes" role="alert">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      )}
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      <PushOffer client={client} userId={session.userId} />
      <section aria-labelledby="today">
        <h2 id="today">{t('today')}</h2>
        {!loaded ? (
          <Skeleton i18n={i18n} />
        ) : today.length ? (
          <ul class="jobs">{today.map((job) => card(job, true))}</ul>
        ) : (
          <p>{t('noJobs')}</p>
        )}
      </section>
      {/* Below today's jobs only once they are there: nothing moves while the page loads. */}
      {loaded && (
        <>
          <section aria-labelledby="later">
            <h2 id="later">{t('crewNextDays', { n: DAYS_AHEAD })}</h2>
            {laterDays.length ? (
              laterDays.map((day) => {
                const ofDay = later.filter((job) => localDay(job.from!) === day);
                return (
                  <section key={day} aria-label={i18n.day(ofDay[0]!.from!)}>
                    <h3 class="day-heading">{i18n.day(ofDay[0]!.from!)}</h3>
                    <ul class="jobs">{ofDay.map((job) => card(job, false))}</ul>
                  </section>
                );
              })
            ) : (
              <p>{t('noJobs')}</p>
            )}
          </section>
          {readsTasks && (
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
          )}
          {reads(rights, 'absences', 'own') && writes(rights, 'absences', 'own') && (
            <MyAbsences session={session} client={client} />
          )}
          {/* Only for a group that may read complaints: a refused call is an error in the browser's console. */}
          {reads(rights, 'complaints', 'own') && <MyComplaints client={client} objectNames={namesOf(objects)} />}
        </>
      )}
    </main>
  );
}

/** Two grey cards where today's jobs will be, so the page keeps its place while they load. */
function Skeleton({ i18n }: { i18n: I18n }) {
  return (
    <div class="job-skeletons" role="status">
      <span class="visually-hidden">{i18n.t('loading')}</span>
      <div class="job-skeleton" aria-hidden="true" />
      <div class="job-skeleton" aria-hidden="true" />
    </div>
  );
}

function byId(objects: CustomerObject[]): Record<string, CustomerObject> {
  return Object.fromEntries(objects.map((object) => [object._id, object]));
}

function namesOf(objects: Record<string, CustomerObject>): Record<string, string> {
  return Object.fromEntries(Object.values(objects).map((object) => [object._id, object.name ?? '']));
}

/** The company's start window and distance limit; undefined when they cannot be read (then nothing is asked). */
async function clockRules(client: CrewbaseClient): Promise<ClockRules | undefined> {
  try {
    return (await client.request<ClockRules>('GET', '/v2/timeTracking/clockRules')).data;
  } catch (error) {
    if (error instanceof ProblemError) return undefined;
    throw error;
  }
}
