// What the cleaner is told after queued actions were sent: what the server refused and why, and what the
// office changed meanwhile (a job moved to another time), in words, naming the object and the time of the tap.
import type { Job } from '../../../clients/typescript/src/api-types.js';
import type { I18n } from '../lib/i18n.js';
import type { FlushResult } from './clock-queue.js';

export function syncNotes(result: FlushResult, jobs: Job[] | undefined, i18n: I18n, unknownObject: string): string[] {
  const { t } = i18n;
  const notes: string[] = [];
  const told = new Set<string>();
  const what = (verb: 'start' | 'stop', time: string) =>
    t(verb === 'start' ? 'crewYourClockIn' : 'crewYourClockOut', { time: `${i18n.day(time)} ${i18n.time(time)}` });
  for (const { action, status, detail } of result.refused) {
    if (told.has(action.jobId)) continue; // a clock-out refused after its clock-in was: said once
    told.add(action.jobId);
    const name = action.objectName || unknownObject;
    // 404: the job is not the cleaner's any more (reassigned or deleted by the office); else the server's words.
    const why = status === 404 ? t('crewWhyNotYours') : t('crewWhyServer', { detail });
    notes.push(t('crewNotRecorded', { name, action: what(action.verb, action.time), why }));
  }
  for (const action of result.sent) {
    if (told.has(action.jobId) || !action.jobFrom) continue;
    const job = jobs?.find((candidate) => candidate._id === action.jobId);
    if (!job?.from || Date.parse(job.from) === Date.parse(action.jobFrom)) continue;
    told.add(action.jobId);
    notes.push(
      t('crewMovedMeanwhile', {
        name: action.objectName || unknownObject,
        when: `${i18n.day(job.from)} ${i18n.time(job.from)}`,
        action: what(action.verb, action.time),
      }),
    );
  }
  return notes;
}
