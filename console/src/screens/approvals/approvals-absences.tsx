// Open absence requests: approve, or decline with an optional comment (POST /v2/absences/{id}/approve,
// /decline). After an approval the absence's affected jobs are listed (for a user who may read jobs) with their
// replacement candidates (for a user who may create jobs: a custom group may approve absences but not plan).
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Absence, Job } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { type Names, useList, useOutcome } from './approval-hooks.js';
import { type Key, useI18n } from '../../lib/i18n.js';
import { ReplacementCandidates } from '../../board/replacement-candidates.js';

interface Props {
  client: CrewbaseClient;
  names: Names;
  /** Whether the user may read jobs: the approved absence's affected jobs are listed only then. */
  readsJobs: boolean;
  /** Whether the user may create replacement jobs (jobs write all): candidates are offered only then. */
  replaces: boolean;
  onCount: (n: number | undefined) => void;
}

/** Requests shown at once; more wait for the next load (a manager works from the top). */
const LIMIT = 100;

export function AbsenceRequests({ client, names, readsJobs, replaces, onCount }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const { act, shown } = useOutcome();
  const [comments, setComments] = useState<Record<string, string>>({});
  const [approved, setApproved] = useState<Array<{ absence: Absence; jobs: Job[] }>>([]);
  const load = useCallback(
    () => client.call('absences.list', { query: { status: ['open'], limit: LIMIT, sort: ['dtStart:1'] } }),
    [client],
  );
  const { items, error, reload } = useList(load);
  useEffect(() => onCount(items?.length), [items, onCount]);

  /** The approved absence and its affected jobs, read again (after the approval and after a replacement). */
  const readAffected = async (id: string) => {
    const done = await client.call('absences.get', { path: { id } });
    const ids = done.affectedJobs.slice(0, 200);
    const jobs = ids.length ? await client.call('jobs.list', { query: { _id: ids, limit: ids.length } }) : [];
    await names.loadObjects(jobs.map((job) => job.objectId));
    setApproved((list) => [{ absence: done, jobs }, ...list.filter((entry) => entry.absence._id !== id)]);
  };
  const approve = (absence: Absence) =>
    act(
      async () => {
        await client.call('absences.approve', { path: { id: absence._id } });
        if (readsJobs) await readAffected(absence._id);
      },
      t('absenceApprovedBy', { name: names.user(absence.userId) }),
      reload,
    );
  const decline = (absence: Absence) => {
    const comment = comments[absence._id]?.trim();
    return act(
      () =>
        client.call('absences.decline', {
          path: { id: absence._id },
          body: comment ? { declineComment: comment } : {},
        }),
      t('absenceDeclinedFor', { name: names.user(absence.userId) }),
      reload,
    );
  };

  return (
    <section class="approval-section" id="absence-requests-section" aria-labelledby="absence-requests">
      <h2 id="absence-requests">
        {t('absenceRequests')} <span class="count">({items?.length ?? '…'})</span>
      </h2>
      {error && (
        <p class="error" role="alert">
          {t('loadFailed', { message: error })}
        </p>
      )}
      {shown}
      {items && !items.length && <p class="empty">{t('noAbsenceRequests')}</p>}
      <ul class="approval-list">
        {items?.map((absence) => {
          const who = names.user(absence.userId);
          return (
            <li key={absence._id} class="approval-item">
              <div class="approval-head">
                <strong>{who}</strong> · {t(`kind${absence.type ?? 8}` as Key)}
              </div>
              <div>
                {absence.dtStart && i18n.date(absence.dtStart)} – {absence.dtEnd && i18n.date(absence.dtEnd)}
                {absence.daysAbsent != null && ` · ${t('daysCount', { n: i18n.number(absence.daysAbsent) })}`}
              </div>
              {absence.desc && <p class="approval-note">{absence.desc}</p>}
              <label>
                {t('declineComment')}
                <input
                  value={comments[absence._id] ?? ''}
                  maxLength={2000}
                  onInput={(e) => setComments((c) => ({ ...c, [absence._id]: e.currentTarget.value }))}
                />
              </label>
              <div class="approval-actions">
                <button
                  type="button"
                  class="primary"
                  aria-label={t('approveAbsenceOf', { name: who })}
                  onClick={() => void approve(absence)}
                >
                  {t('approve')}
                </button>
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('declineAbsenceOf', { name: who })}
                  onClick={() => void decline(absence)}
                >
                  {t('decline')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {approved.map(({ absence, jobs }) => (
        <section key={absence._id} class="affected" aria-labelledby={`affected-${absence._id}`}>
          <h3 id={`affected-${absence._id}`}>{t('affectedJobsOf', { name: names.user(absence.userId) })}</h3>
          {jobs.length ? (
            <ul class="approval-list">
              {jobs.map((job) => (
                <li key={job._id} class="approval-item affected-job">
                  <div class="approval-head">
                    <strong>{names.object(job.objectId)}</strong>
                    {job.from && ` · ${i18n.day(job.from)}, ${i18n.time(job.from)}`}
                    {job.to && `–${i18n.time(job.to)}`}
                  </div>
                  {job.replacementJobId ? (
                    <p>{t('hasReplacement')}</p>
                  ) : !replaces ? null : (
                    <ReplacementCandidates
                      client={client}
                      absenceId={absence._id}
                      jobId={job._id}
                      userName={names.user}
                      act={(work, done) => act(work, done, () => readAffected(absence._id))}
                    />
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p class="empty">{t('noAffectedJobs')}</p>
          )}
        </section>
      ))}
    </section>
  );
}
