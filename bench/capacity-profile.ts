// The peak hour of one company, as bench/capacity.ts replays it: who asks what how often. A company of
// 30 employees in the morning peak (most clock in between 6 and 8, the crew app is opened at the start of
// each job), two dispatchers at the week board, a manager approving yesterday's hours, an office person
// looking up customers and invoices. The figures are assumptions, written here so that a capacity figure
// says what it is made of (docs/scaling.md turns it into companies per core).

/** A company as the load sees it: its ids, the credentials and what earlier requests left (started jobs...). */
export interface CompanyView {
  companyId: string;
  /** The office's credential (dispatchers, managers, office: the administrator's). */
  token: string;
  /** Each employee's own credential (index as userIds): the crew app asks as the employee. */
  crewTokens: string[];
  userIds: string[];
  customerIds: string[];
  objectIds: string[];
  /** Today's jobs of all employees. */
  jobsToday: string[];
  /** Today's jobs per employee (index as userIds). */
  jobsTodayOf: string[][];
  /** Today's jobs not yet clocked in by the load, per employee (index as userIds). */
  openJobs: string[][];
  /** Jobs the load clocked in and has not clocked out yet, with the employee (index) who did. */
  started: Array<{ jobId: string; as: number }>;
  /** Time-tracking entries the load clocked out and the manager has not approved yet. */
  toApprove: string[];
}

export interface PlannedRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  /** Statuses that count as answered as expected (a clock-in may meet a job already clocked in: 409). */
  expected: number[];
  /** Called with the parsed answer of an expected status, to keep the company's state (started jobs...). */
  after?: (answer: unknown) => void;
  /** Sent as this employee (index as userIds) with their own credential; otherwise as the office. */
  as?: number;
}

export interface RequestType {
  name: string;
  who: 'crew app' | 'dispatcher' | 'manager' | 'office' | 'planning';
  /** Requests of this type per company in the peak hour. */
  perHour: number;
  build(company: CompanyView, pick: (n: number) => number, window: PlannedWindow): PlannedRequest;
}

/** The days the seeded jobs cover, and the day the load treats as today (all in ms since the epoch, UTC). */
export interface PlannedWindow {
  from: number;
  until: number;
  today: number;
}

const DAY = 86_400_000;
const ok = [200];

/** A week (Monday 00:00 UTC + 7 days) inside the window, or a day: the board's two shapes. */
const weekOf = (window: PlannedWindow, pick: (n: number) => number) => {
  const from = window.from + pick(Math.max(1, Math.floor((window.until - window.from) / DAY) - 6)) * DAY;
  return { from, to: from + 7 * DAY };
};

/** An employee (index as userIds) with jobs today, picked at random. */
function withJobsToday(c: CompanyView, pick: (n: number) => number): number {
  const working = c.jobsTodayOf.flatMap((jobs, i) => (jobs.length ? [i] : []));
  if (!working.length) throw new Error(`company ${c.companyId} has no jobs today`);
  return working[pick(working.length)]!;
}

export const PEAK_HOUR: RequestType[] = [
  {
    name: 'crew: today',
    who: 'crew app',
    perHour: 120, // 30 employees open the app about 4 times (each job, each break)
    build: (c, pick, w) => {
      const as = pick(c.userIds.length);
      return {
        method: 'POST',
        path: '/v2/jobs/jobsInTimeFrame',
        body: { from: w.today, to: w.today + DAY, userIds: [c.userIds[as]] },
        expected: ok,
        as,
      };
    },
  },
  {
    name: 'crew: clock in',
    who: 'crew app',
    perHour: 15,
    build: (c, pick) => {
      const as = withJobsToday(c, pick);
      // All of the employee's jobs clocked in already: one of them again (409, as the app would get).
      const jobId = c.openJobs[as]!.pop() ?? c.jobsTodayOf[as]![pick(c.jobsTodayOf[as]!.length)]!;
      return {
        method: 'POST',
        path: `/v2/jobs/${jobId}/start`,
        body: { clockInReason: 'capacity bench' },
        expected: [200, 409], // 409: already clocked in (the job came round again)
        after: () => c.started.push({ jobId, as }),
        as,
      };
    },
  },
  {
    name: 'crew: clock out',
    who: 'crew app',
    perHour: 15,
    build: (c, pick) => {
      // Before any clock-in has been answered: a job of the day not clocked in (409, as the app would get).
      const clockedIn = c.started.shift();
      const as = clockedIn?.as ?? withJobsToday(c, pick);
      const jobId = clockedIn?.jobId ?? c.jobsTodayOf[as]![pick(c.jobsTodayOf[as]!.length)]!;
      return {
        method: 'POST',
        path: `/v2/jobs/${jobId}/stop`,
        body: {},
        expected: [200, 409],
        after: (answer) => {
          const id = (answer as { timeTrackingId?: string } | undefined)?.timeTrackingId;
          if (id) c.toApprove.push(id);
        },
        as,
      };
    },
  },
  {
    name: 'dispatch: employee week (Q1)',
    who: 'dispatcher',
    perHour: 30,
    build: (c, pick, w) => ({
      method: 'POST',
      path: '/v2/jobs/jobsInTimeFrame',
      body: { ...weekOf(w, pick), userIds: [c.userIds[pick(c.userIds.length)]] },
      expected: ok,
    }),
  },
  {
    name: 'dispatch: company day (Q2)',
    who: 'dispatcher',
    perHour: 12,
    build: (_c, pick, w) => {
      const from = w.from + pick(Math.floor((w.until - w.from) / DAY)) * DAY;
      return { method: 'POST', path: '/v2/jobs/jobsInTimeFrame', body: { from, to: from + DAY }, expected: ok };
    },
  },
  {
    name: 'dispatch: move job',
    who: 'dispatcher',
    perHour: 10,
    build: (c, pick, w) => {
      const jobId = c.jobsToday[pick(c.jobsToday.length)];
      // Dragged on the board to another hour of today (409: a job clocked in does not move).
      const from = new Date(w.today + (5 + pick(14)) * 3_600_000).toISOString();
      return { method: 'POST', path: `/v2/jobs/${jobId}/move`, body: { from }, expected: [200, 404, 409] };
    },
  },
  {
    name: 'manager: approvals list',
    who: 'manager',
    perHour: 6,
    build: () => ({ method: 'GET', path: '/v2/timeTracking/?limit=100', expected: ok }),
  },
  {
    name: 'manager: approve',
    who: 'manager',
    perHour: 6,
    build: (c) => {
      const entryId = c.toApprove.shift();
      // Nothing clocked out yet: the manager looks at the list again.
      if (!entryId) return { method: 'GET', path: '/v2/timeTracking/?limit=100', expected: ok };
      return { method: 'POST', path: `/v2/timeTracking/${entryId}/approve`, body: {}, expected: [200, 409] };
    },
  },
  {
    name: 'office: search',
    who: 'office',
    perHour: 10,
    build: (_c, pick) => ({
      method: 'GET',
      path: `/v2/search?q=${encodeURIComponent(['Müller', 'Schmidt', 'Haupt', 'Garten', 'Linden'][pick(5)]!)}`,
      expected: ok,
    }),
  },
  {
    name: 'office: customers',
    who: 'office',
    perHour: 8,
    build: () => ({ method: 'GET', path: '/v2/customers/?limit=50', expected: ok }),
  },
  {
    name: 'office: invoices',
    who: 'office',
    perHour: 4,
    build: () => ({ method: 'GET', path: '/v2/invoices/?limit=50', expected: ok }),
  },
  {
    name: 'planning: new assignment',
    who: 'planning',
    perHour: 1, // a new weekly contract: its jobs are generated in the request (generation beside the reads)
    build: (c, pick, w) => ({
      method: 'POST',
      path: '/v2/assignments/',
      body: newAssignment(c, pick, w),
      expected: [200, 201],
    }),
  },
];

/** A weekly contract as bench/dataset.ts writes them: local wall-clock times in Europe/Berlin. */
function newAssignment(c: CompanyView, pick: (n: number) => number, w: PlannedWindow) {
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  const start = w.from + (5 * 60 + 15 * pick(60)) * 60_000;
  return {
    objectId: c.objectIds[pick(c.objectIds.length)],
    userIds: [c.userIds[pick(c.userIds.length)]],
    title: 'Neue Unterhaltsreinigung',
    type: 'normal',
    iCalendar: {
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      dtstart: local(start),
      dtend: local(start + 2 * 3_600_000),
    },
  };
}

/** Requests per second of one company in the peak hour. */
export const perCompanyPerSecond = (profile: RequestType[] = PEAK_HOUR) =>
  profile.reduce((sum, t) => sum + t.perHour, 0) / 3600;

/**
 * The request type for a uniform draw `u` in [0, 1): each type as often as its share of the hour.
 * A deterministic mapping, so a seeded draw gives the same mix on every run.
 */
export function typeFor(u: number, profile: RequestType[] = PEAK_HOUR): RequestType {
  const total = profile.reduce((sum, t) => sum + t.perHour, 0);
  let point = u * total;
  for (const type of profile) {
    if (point < type.perHour) return type;
    point -= type.perHour;
  }
  return profile[profile.length - 1]!;
}
