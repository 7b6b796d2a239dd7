// Clock-ins and clock-outs made while offline, kept in localStorage (only these actions, never tokens)
// until they can be sent: the one record of pending actions (job-state.ts lays it over the server's state).
// Each carries the entry's clientId and its real time, so the server records the time of the tap and a
// repeated upload (an answer lost on the way) is the same entry, not a second one.
import { OfflineError, ProblemError } from '../lib/api.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';

export interface ClockAction {
  userId: string;
  jobId: string;
  verb: 'start' | 'stop';
  clientId: string;
  /** ISO time of the tap. */
  time: string;
  location?: { latitude: number; longitude: number };
  /** Start only: why the clock-in is early, late or far from the object (clock-checks.ts). */
  clockInReason?: string;
  /** What the cleaner saw when tapping, to tell them in words what changed meanwhile. */
  objectName?: string;
  jobFrom?: string;
}

/** An action the server refused when it was sent: its status and the problem's detail. */
export interface Refusal {
  action: ClockAction;
  status: number;
  detail: string;
}

const KEY = 'crewbase.clockQueue';
/** Bounded: a device offline for weeks keeps at most this many actions. */
const MAX_ACTIONS = 200;

function read(): ClockAction[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ClockAction[]) : [];
  } catch {
    return [];
  }
}

function write(actions: ClockAction[]) {
  if (actions.length) localStorage.setItem(KEY, JSON.stringify(actions.slice(-MAX_ACTIONS)));
  else localStorage.removeItem(KEY);
}

export const queuedFor = (userId: string) => read().filter((action) => action.userId === userId);

export function enqueue(action: ClockAction) {
  write([...read(), action]);
}

export async function sendAction(client: CrewbaseClient, action: ClockAction, offline: boolean) {
  // Sent at once, the server's clock is the time; sent later, the tap's time, marked as recorded offline.
  const body = {
    clientId: action.clientId,
    ...(offline ? { time: action.time, offline: true } : {}),
    ...(action.location ? { location: action.location } : {}),
  };
  if (action.verb === 'stop') return client.call('jobs.stop', { path: { id: action.jobId }, body });
  // By path: this client's version of jobs.start has no clockInReason yet.
  const start = { ...body, ...(action.clockInReason ? { clockInReason: action.clockInReason } : {}) };
  return (await client.request('POST', `/v2/jobs/${encodeURIComponent(action.jobId)}/start`, { body: start })).data;
}

export interface FlushResult {
  sent: ClockAction[];
  refused: Refusal[];
}

let flushing: Promise<FlushResult> | undefined;

/**
 * Sends the user's queued actions in order. One the server refuses (a conflict, a job no longer theirs) is
 * dropped and returned with the server's answer; the network failing or the session ending stops the run,
 * keeping the rest.
 */
export function flush(client: CrewbaseClient, userId: string): Promise<FlushResult> {
  // Cleared after the assignment: a run with nothing to send completes before `??=` assigns it.
  return (flushing ??= (async () => {
    const result: FlushResult = { sent: [], refused: [] };
    for (const action of queuedFor(userId)) {
      try {
        await sendAction(client, action, true);
        result.sent.push(action);
      } catch (error) {
        if (error instanceof OfflineError || (error instanceof ProblemError && error.status === 401)) break;
        if (error instanceof ProblemError && error.status >= 500) break;
        result.refused.push({
          action,
          status: error instanceof ProblemError ? error.status : 0,
          detail: error instanceof ProblemError ? (error.detail ?? error.title) : String(error),
        });
      }
      write(read().filter((queued) => !(queued.clientId === action.clientId && queued.verb === action.verb)));
    }
    return result;
  })().finally(() => {
    flushing = undefined;
  }));
}
