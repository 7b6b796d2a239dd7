// The side panel that creates a one-off job from the board (an empty cell or the unassigned tray): object,
// activity type, start and end, person or unassigned, comment. The API validates; its field errors are shown
// next to their fields (fieldErrorsOf), anything else above the button.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { User } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { messageOf } from '../lib/api.js';
import { localInput } from '../lib/dates.js';
import { useI18n } from '../lib/i18n.js';
import { fieldErrorsOf } from '../lib/office-kit.js';

interface Props {
  client: CrewbaseClient;
  users: User[];
  userName: (id: string | undefined) => string;
  /** The preselected person ('' for unassigned) and day start (local midnight). */
  userId: string;
  day: number;
  onClose: () => void;
  onCreated: (jobId: string) => Promise<void>;
}

type Fields = 'objectId' | 'activityTypeId' | 'from' | 'to' | 'userId' | 'jobComment';

export function NewJob({ client, users, userName, userId: preset, day, onClose, onCreated }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [objects, setObjects] = useState<Array<{ id: string; name: string }>>([]);
  const [activities, setActivities] = useState<Array<{ id: string; name: string }>>([]);
  const [value, setValue] = useState<Record<Fields, string>>({
    objectId: '',
    activityTypeId: '',
    from: localInput(new Date(day + 8 * 3_600_000).toISOString()),
    to: localInput(new Date(day + 10 * 3_600_000).toISOString()),
    userId: preset,
    jobComment: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const named = (list: Array<{ _id: string; name?: string | null }>) =>
      list.map((o) => ({ id: o._id, name: o.name || o._id })).sort((a, b) => a.name.localeCompare(b.name));
    client.call('objects.list', { query: { limit: 1000 } }).then(
      (found) => setObjects(named(found)),
      (error: unknown) => setFailure(messageOf(error)),
    );
    client.call('activityTypes.list', { query: { limit: 1000 } }).then(
      (found) => setActivities(named(found)),
      () => setActivities([]),
    );
  }, [client]);

  const set = (field: Fields) => (event: Event) =>
    setValue((current) => ({ ...current, [field]: (event.currentTarget as HTMLInputElement).value }));

  async function submit(event: Event) {
    event.preventDefault();
    setErrors({});
    setFailure(undefined);
    const when = (local: string) => (local ? new Date(local).toISOString() : '');
    try {
      const created = await client.call('jobs.create', {
        body: {
          from: when(value.from),
          to: when(value.to),
          ...(value.objectId ? { objectId: value.objectId } : {}),
          ...(value.activityTypeId ? { activityTypeId: value.activityTypeId } : {}),
          ...(value.userId ? { userId: value.userId } : {}),
          ...(value.jobComment ? { jobComment: value.jobComment } : {}),
        },
      });
      await onCreated(created._id);
    } catch (error) {
      const found = fieldErrorsOf(error);
      setErrors(found);
      if (!Object.keys(found).some((key) => key in value)) setFailure(messageOf(error));
    }
  }

  const field = (name: Fields, label: string, control: (described: string | undefined) => preact.JSX.Element) => (
    <div class="field">
      <label for={`new-${name}`}>{label}</label>
      {control(errors[name] ? `new-${name}-error` : undefined)}
      {errors[name] && (
        <span id={`new-${name}-error`} class="error field-error">
          {errors[name]}
        </span>
      )}
    </div>
  );
  const options = (list: Array<{ id: string; name: string }>, none: string) => [
    <option key="" value="">
      {none}
    </option>,
    ...list.map((o) => (
      <option key={o.id} value={o.id}>
        {o.name}
      </option>
    )),
  ];

  return (
    <aside class="panel" aria-labelledby="new-job-title" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div class="panel-head">
        <h2 id="new-job-title" tabIndex={-1} ref={heading}>
          {t('newJob')}
        </h2>
        <button type="button" class="link" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <form onSubmit={submit} noValidate>
        {field('objectId', t('object'), (described) => (
          <select id="new-objectId" value={value.objectId} onChange={set('objectId')} aria-describedby={described}>
            {options(objects, t('chooseObject'))}
          </select>
        ))}
        {field('activityTypeId', t('activityType'), (described) => (
          <select
            id="new-activityTypeId"
            value={value.activityTypeId}
            onChange={set('activityTypeId')}
            aria-describedby={described}
          >
            {options(activities, t('none'))}
          </select>
        ))}
        {field('from', t('start'), (described) => (
          <input
            id="new-from"
            type="datetime-local"
            value={value.from}
            onInput={set('from')}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={described}
          />
        ))}
        {field('to', t('end'), (described) => (
          <input
            id="new-to"
            type="datetime-local"
            value={value.to}
            onInput={set('to')}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={described}
          />
        ))}
        {field('userId', t('assignee'), (described) => (
          <select id="new-userId" value={value.userId} onChange={set('userId')} aria-describedby={described}>
            {options(
              users
                .map((user) => ({ id: user._id, name: userName(user._id) }))
                .sort((a, b) => a.name.localeCompare(b.name)),
              t('unassigned'),
            )}
          </select>
        ))}
        {field('jobComment', t('comment'), (described) => (
          <textarea
            id="new-jobComment"
            value={value.jobComment}
            maxLength={2000}
            rows={3}
            onInput={set('jobComment')}
            aria-describedby={described}
          />
        ))}
        {failure && (
          <p class="error" role="alert">
            {t('actionFailed', { message: failure })}
          </p>
        )}
        <button type="submit" class="primary">
          {t('createJob')}
        </button>
      </form>
    </aside>
  );
}
