// A job's state as the cleaner sees it: the server's state with the queued clock actions (clock-queue.ts) laid
// over it. The queue is the one record of what was done offline, so a job clocked out while offline shows as
// completed and offers no clock-in again (which would leave a second, open entry on the server after sync).
import type { Job } from '../../../clients/typescript/src/api-types.js';
import type { ClockAction } from './clock-queue.js';

export type CrewState = 'open' | 'started' | 'completed' | 'cancelled';

export interface JobView {
  state: CrewState;
  /** Some of it is still only on this device. */
  pending: boolean;
  /** The button the card offers, if any: a finished or cancelled job offers none. */
  offer?: 'start' | 'stop';
}

/** The user's open entry on the job, if any (a clock-out names its clientId). */
export const openEntry = (job: Job) => job.timeTrackings?.find((entry) => !entry.timeEnd && !entry.cancelled);

export function jobView(job: Job, queued: readonly ClockAction[]): JobView {
  const last = queued.filter((action) => action.jobId === job._id).pop();
  const server: CrewState = job.state ?? (openEntry(job) ? 'started' : 'open');
  if (server === 'cancelled') return { state: 'cancelled', pending: Boolean(last) };
  if (last) {
    return last.verb === 'start'
      ? { state: 'started', pending: true, offer: 'stop' }
      : { state: 'completed', pending: true };
  }
  if (openEntry(job) || server === 'started') return { state: 'started', pending: false, offer: 'stop' };
  if (server === 'completed') return { state: 'completed', pending: false };
  return { state: 'open', pending: false, offer: 'start' };
}
