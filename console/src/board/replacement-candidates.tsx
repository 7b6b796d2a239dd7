// The API's replacement candidates for one job of an absent employee (those free for the job, best first, at
// most 8), each one click from a replacement job. Shared by the board's job panel and the approvals screen.
import { useEffect, useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { messageOf } from '../lib/api.js';
import { useI18n } from '../lib/i18n.js';
import { whileCurrent } from '../lib/newest.js';

interface Candidate {
  userId?: string;
  name?: string;
  freeForJobIds?: string[];
  conflictingJobIds?: string[];
  workedOnObjectIds?: string[];
  matchingActivityTypeIds?: string[];
  hoursThisWeek?: number;
}

interface Props {
  client: CrewbaseClient;
  absenceId: string;
  jobId: string;
  userName: (id: string | undefined) => string;
  /** Runs the replacement and reports its outcome (the caller shows messages and reloads). */
  act: (work: () => Promise<unknown>, done: string) => Promise<void>;
}

export function ReplacementCandidates({ client, absenceId, jobId, userName, act }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [candidates, setCandidates] = useState<Candidate[]>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    setCandidates(undefined);
    setFailed(undefined);
    return whileCurrent(
      client.call('absences.listReplacementCandidates', { path: { id: absenceId } }),
      // The server ranks field staff only (no office accounts); those free for this job are offered.
      (found) =>
        setCandidates((found as Candidate[]).filter((c) => c.userId && (c.freeForJobIds ?? [jobId]).includes(jobId))),
      (error: unknown) => setFailed(messageOf(error)),
    );
  }, [client, absenceId, jobId]);

  if (failed)
    return (
      <p class="error" role="alert">
        {t('loadFailed', { message: failed })}
      </p>
    );
  if (!candidates) return null;
  return (
    <section aria-labelledby={`candidates-${jobId}`}>
      <h3 id={`candidates-${jobId}`}>{t('candidates')}</h3>
      {candidates.length ? (
        <ul class="candidates">
          {candidates.slice(0, 8).map((c) => {
            const name = c.name || userName(c.userId);
            // Why this person: the reasons the server ranked by, in words (and what stands against them).
            const reasons = [
              t('reasonFree'),
              ...(c.workedOnObjectIds?.length ? [t('reasonKnows')] : []),
              ...(c.matchingActivityTypeIds?.length ? [t('reasonQualified')] : []),
              t('reasonHours', { h: i18n.number(c.hoursThisWeek ?? 0) }),
              ...(c.conflictingJobIds?.length ? [t('reasonBusy')] : []),
            ];
            return (
              <li key={c.userId}>
                <button
                  type="button"
                  class="secondary"
                  aria-describedby={`reasons-${c.userId}`}
                  onClick={() =>
                    void act(
                      () => client.call('jobs.replacement', { path: { id: jobId }, body: { userId: c.userId! } }),
                      t('replaced', { name }),
                    )
                  }
                >
                  {t('replaceWith', { name })}
                </button>
                <span class="reasons" id={`reasons-${c.userId}`}>
                  {reasons.join(' · ')}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t('noCandidates')}</p>
      )}
    </section>
  );
}
