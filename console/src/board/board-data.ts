// The board's data through the public API, one request per kind: the range's jobs (jobsInTimeFrame), the
// company's users, the jobs' objects by id, the approved absences overlapping the range. It stays current by polling the event feed every few seconds
// while the page is visible (job events are applied in place); a user who may not read the feed (403) gets the
// range re-loaded every 30 s instead.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Absence, Job, User } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { ProblemError, messageOf } from '../lib/api.js';
import { useNewest } from '../lib/newest.js';
import type { Range } from './board-model.js';

const POLL_MS = 4_000;
const RELOAD_MS = 30_000;
const PAGE = 1000;
const IDS_PER_REQUEST = 200;

export interface BoardData {
  jobs: Map<string, Job> | undefined;
  users: User[];
  objectNames: Record<string, string>;
  /** Approved absences overlapping the range (bands in their person's row). */
  absences: Absence[];
  error: string | undefined;
  /** Replaces (or, with `undefined`, removes) a job locally: optimistic updates and their rollback. */
  put: (id: string, job: Job | undefined) => void;
  reload: () => Promise<void>;
}

export function useBoardData(client: CrewbaseClient, range: Range): BoardData {
  const [jobs, setJobs] = useState<Map<string, Job>>();
  const [users, setUsers] = useState<User[]>([]);
  const [objectNames, setObjectNames] = useState<Record<string, string>>({});
  const [absences, setAbsences] = useState<Absence[]>([]);
  const [error, setError] = useState<string>();
  const known = useRef(objectNames);
  known.current = objectNames;

  const names = useCallback(
    async (found: Iterable<Job>) => {
      const ids = [...new Set([...found].map((job) => job.objectId))].filter(
        (id): id is string => Boolean(id) && !(id! in known.current),
      );
      for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
        const part = ids.slice(i, i + IDS_PER_REQUEST);
        const objects = await client.call('objects.list', { query: { _id: part, limit: part.length } });
        const add = Object.fromEntries(objects.map((o) => [o._id, o.name ?? '']));
        setObjectNames((current) => ({ ...current, ...add }));
      }
    },
    [client],
  );

  // A week paged past while its jobs or absences were on their way must not replace the week shown.
  const newestJobs = useNewest();
  const newestAbsences = useNewest();
  const reload = useCallback(async () => {
    try {
      const found = await newestJobs(
        (async () => {
          const answer = await client.call('jobs.jobsInTimeFrame', { body: { from: range.from, to: range.to } });
          await names(answer);
          return answer;
        })(),
      );
      setJobs(new Map(found.map((job) => [job._id, job])));
      setError(undefined);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [client, range.from, range.to, names, newestJobs]);

  const reloadAbsences = useCallback(async () => {
    try {
      setAbsences(
        await newestAbsences(
          client.call('absences.list', {
            query: {
              state: ['approved', 'assigned'],
              dtStartTo: new Date(range.to).toISOString(),
              dtEndFrom: new Date(range.from).toISOString(),
              limit: PAGE,
            },
          }),
        ),
      );
    } catch {
      setAbsences([]); // not allowed to read absences: the board shows jobs without bands
    }
  }, [client, range.from, range.to, newestAbsences]);

  useEffect(() => {
    setJobs(undefined);
    void reload();
    void reloadAbsences();
  }, [reload, reloadAbsences]);

  useEffect(() => {
    client
      .call('users.list', { query: { limit: PAGE } })
      .then(setUsers, (failure: unknown) => setError(messageOf(failure)));
  }, [client]);

  const put = useCallback((id: string, job: Job | undefined) => {
    setJobs((current) => {
      const next = new Map(current);
      if (job) next.set(id, job);
      else next.delete(id);
      return next;
    });
  }, []);

  // The feed: first skip to its end (what is older is in the range just loaded), then apply what comes.
  useEffect(() => {
    let cursor: string | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const page = async () => {
      const res = await client.call('events.list', { query: { after: cursor, limit: PAGE } });
      const last = res.at(-1) as { cursor?: string } | undefined;
      if (last?.cursor) cursor = last.cursor;
      return res as Array<{ entity?: string; type?: string; data?: Record<string, unknown> }>;
    };
    const tick = async (catchingUp: boolean) => {
      if (stopped) return;
      let delay = POLL_MS;
      try {
        if (document.visibilityState === 'visible' || catchingUp) {
          let events = await page();
          while (catchingUp && events.length === PAGE) events = await page();
          if (!catchingUp) {
            if (events.some((event) => event.entity === 'absence')) void reloadAbsences();
            for (const event of events) {
              const job = event.data as unknown as Job | undefined;
              if (event.entity !== 'job' || !job?._id) continue;
              put(job._id, /delet/.test(event.type ?? '') ? undefined : job);
            }
            if (events.length) void names(events.map((event) => event.data as unknown as Job));
          }
        }
      } catch (failure) {
        // Not allowed to read the feed: re-load the range now and then instead.
        if (failure instanceof ProblemError && failure.status === 403) {
          delay = RELOAD_MS;
          void reload();
          timer = setTimeout(function again() {
            if (stopped) return;
            if (document.visibilityState === 'visible') void reload();
            timer = setTimeout(again, RELOAD_MS);
          }, delay);
          return;
        }
      }
      timer = setTimeout(() => void tick(false), delay);
    };
    void tick(true);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, put, names, reload, reloadAbsences]);

  return { jobs, users, objectNames, absences, error, put, reload };
}
