// The API's replacement candidates for one job of an absent employee (those free for the job, best first, at
// most 8), each one click from a replacement job. Shared by the board's job panel and the approvals screen.
import { useEffect, useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { messageOf } from '../lib/api.js';
import { useI18n } from '../lib/i18n.js';

interface Candidate {
  userId?: string;
  name?: string;
  freeForJobIds?: string[];
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
  const { t } = useI18n();
  const [candidates, setCandidates] = useState<Candidate[]>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    setCandidates(undefined);
    setFailed(undefined);
    client.call('absences.listReplacementCandidates', { path: { id: absenceId } }).then(
      (found) => setCandidates(found.filter((c) => c.userId && (c.freeForJobIds ?? [jobId]).includes(jobId))),
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
          {candidates.slice(0, 8).map((c) => (
            <li key={c.userId}>
              <button
                type="button"
                class="secondary"
                onClick={() =>
                  void act(
                    () => client.call('jobs.replacement', { path: { id: jobId }, body: { userId: c.userId! } }),
                    t('replaced', { name: c.name ?? '' }),
                  )
                }
              >
                {t('replaceWith', { name: c.name || userName(c.userId) })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noCandidates')}</p>
      )}
    </section>
  );
}
