// The side panel of one job: its details, a small form to change title, comment, time and assignee, and for a
// job of an absent employee the API's replacement candidates (replacement-candidates.tsx).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Job, User } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { messageOf } from '../lib/api.js';
import { localInput } from '../lib/dates.js';
import { isAbsenceAffected, kindOf } from './board-model.js';
import { KIND_ICONS, KIND_KEYS } from './board-row.js';
import { useI18n } from '../lib/i18n.js';
import { JobRecords } from './job-records.js';
import { ReplacementCandidates } from './replacement-candidates.js';

interface Props {
  job: Job;
  client: CrewbaseClient;
  users: User[];
  userName: (id: string | undefined) => string;
  objectName: string;
  conflicts: Set<string>;
  onClose: () => void;
  onChanged: () => Promise<void>;
}

/** `<input type=datetime-local>` speaks local time without an offset (also used by approvals-times.tsx). */
export function JobPanel({ job, client, users, userName, objectName, conflicts, onClose, onChanged }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [title, setTitle] = useState(job.title ?? '');
  const [comment, setComment] = useState(job.jobComment ?? '');
  const [from, setFrom] = useState(localInput(job.from));
  const [to, setTo] = useState(localInput(job.to));
  const [userId, setUserId] = useState(job.userId ?? '');
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const kind = kindOf(job, conflicts);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening moves the focus to the panel (below the board on a phone: it scrolls into view too).
  useEffect(() => heading.current?.focus(), []);

  async function act(work: () => Promise<unknown>, done: string) {
    setMessage(undefined);
    try {
      await work();
      await onChanged();
      setMessage({ text: done });
    } catch (error) {
      setMessage({ text: t('actionFailed', { message: messageOf(error) }), error: true });
    }
  }

  const save = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const path = { id: job._id };
      if (title !== (job.title ?? '') || comment !== (job.jobComment ?? ''))
        await client.call('jobs.update', { path, body: { title, jobComment: comment } });
      if (from !== localInput(job.from) || to !== localInput(job.to))
        await client.call('jobs.move', {
          path,
          body: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        });
      if (userId !== (job.userId ?? ''))
        await (userId
          ? client.call('jobs.assign', { path, body: { userIds: [userId] } })
          : client.call('jobs.unassign', { path }));
    }, t('saved'));
  };

  return (
    <aside class="panel" aria-labelledby="panel-title" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div class="panel-head">
        <h2 id="panel-title" tabIndex={-1} ref={heading}>
          {t('details')}
        </h2>
        <button type="button" class="link" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <dl>
        <dt>{t('object')}</dt>
        <dd>{objectName}</dd>
        <dt>{t('time')}</dt>
        <dd>
          {job.from && `${i18n.day(job.from)}, ${i18n.time(job.from)}`}–{job.to && i18n.time(job.to)}
        </dd>
        <dt>{t('assignee')}</dt>
        <dd>{userName(job.userId)}</dd>
        <dt>{t('state')}</dt>
        <dd class={`kind-text kind-${kind}`}>
          <span aria-hidden="true">{KIND_ICONS[kind]} </span>
          {t(KIND_KEYS[kind])}
        </dd>
      </dl>
      {isAbsenceAffected(job) && job.absenceId && !job.replacementJobId && (
        <ReplacementCandidates
          client={client}
          absenceId={job.absenceId}
          jobId={job._id}
          userName={userName}
          act={act}
        />
      )}
      <JobRecords client={client} job={job} />
      <form onSubmit={save}>
        <label>
          {t('title')}
          <input value={title} maxLength={200} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <label>
          {t('comment')}
          <textarea value={comment} maxLength={2000} rows={3} onInput={(e) => setComment(e.currentTarget.value)} />
        </label>
        <label>
          {t('start')}
          <input type="datetime-local" value={from} required onInput={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          {t('end')}
          <input type="datetime-local" value={to} required onInput={(e) => setTo(e.currentTarget.value)} />
        </label>
        <label>
          {t('assignee')}
          <select value={userId} onChange={(e) => setUserId(e.currentTarget.value)}>
            <option value="">{t('unassigned')}</option>
            {users.map((user) => (
              <option key={user._id} value={user._id}>
                {userName(user._id)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary">
          {t('save')}
        </button>
      </form>
      {message && (
        <p class={message.error ? 'error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </aside>
  );
}
