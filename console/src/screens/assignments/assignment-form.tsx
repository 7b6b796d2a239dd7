// One recurring assignment, new or to change: object, title, activity type, the people who do it, and its
// recurrence (recurrence-editor.tsx, with the next dates before saving). Saving plans its jobs on the server.
import { useEffect, useState } from 'preact/hooks';
import type { Assignment } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { todayIn } from '../../lib/dates.js';
import { useI18n } from '../../lib/i18n.js';
import { Field, Result, SelectField, useApiForm } from '../../lib/office-kit.js';
import { type RecurrenceChoice, fromICalendar, mondayOf, toICalendar } from './recurrence.js';
import { RecurrenceEditor } from './recurrence-editor.js';

export interface Choices {
  objects: Array<{ _id: string; name: string }>;
  activityTypes: Array<{ _id: string; name: string }>;
  people: Array<{ _id: string; name: string }>;
}

const NEW_RULE = (tzid: string): RecurrenceChoice => ({
  startDate: mondayOf(todayIn(tzid)),
  time: '06:00',
  minutes: 120,
  frequency: 'WEEKLY',
  interval: 1,
  days: ['MO'],
  monthPosition: 1,
  monthDay: 'MO',
  exceptions: [],
  until: '',
});

interface Props {
  client: CrewbaseClient;
  tzid: string;
  choices: Choices;
  assignment: Assignment | undefined;
  onSaved: () => void;
  onClose: () => void;
}

export function AssignmentForm({ client, tzid, choices, assignment, onSaved, onClose }: Props) {
  const { t } = useI18n();
  const { form, set, errors, result, busy, submit } = useApiForm({
    objectId: assignment?.objectId ?? '',
    title: assignment?.title ?? '',
    activityTypeId: assignment?.activityTypeId ?? '',
  });
  const [people, setPeople] = useState<string[]>(assignment?.userIds ?? []);
  const [rule, setRule] = useState<RecurrenceChoice>(() =>
    assignment?.iCalendar ? fromICalendar(assignment.iCalendar) : NEW_RULE(tzid),
  );
  const [peopleFilter, setPeopleFilter] = useState('');
  useEffect(() => setPeopleFilter(''), [assignment]);

  async function save(event: Event) {
    event.preventDefault();
    const body = {
      objectId: form.objectId,
      title: form.title.trim(),
      ...(form.activityTypeId ? { activityTypeId: form.activityTypeId } : {}),
      userIds: people,
      iCalendar: toICalendar(rule, assignment?.iCalendar?.tzid ?? tzid),
    };
    const invalid: Record<string, string> = {};
    if (!form.objectId) invalid.objectId = t('crChooseObject');
    const ok = await submit(async () => {
      if (assignment) await client.call('assignments.update', { path: { id: assignment._id }, body });
      else await client.call('assignments.create', { body });
    }, invalid);
    if (ok) onSaved();
  }

  const filter = peopleFilter.trim().toLowerCase();
  const listed = choices.people.filter(
    (p) => !filter || p.name.toLowerCase().includes(filter) || people.includes(p._id),
  );
  return (
    <section class="office-panel" aria-labelledby="assignment-title">
      <div class="panel-head">
        <h2 id="assignment-title">{assignment ? assignment.title || t('crAssignment') : t('crNewAssignment')}</h2>
        <button type="button" class="secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <form class="card-form" onSubmit={save} aria-labelledby="assignment-title">
        <SelectField
          id="assignment-objectId"
          label={t('ofObject')}
          value={form.objectId}
          onChange={set('objectId')}
          error={errors.objectId}
          options={[
            { value: '', label: t('crChooseObject') },
            ...choices.objects.map((o) => ({ value: o._id, label: o.name })),
          ]}
        />
        <Field
          id="assignment-title-field"
          label={t('crTitle')}
          value={form.title}
          onInput={set('title')}
          error={errors.title}
        />
        <SelectField
          id="assignment-activityTypeId"
          label={t('crActivityType')}
          value={form.activityTypeId}
          onChange={set('activityTypeId')}
          error={errors.activityTypeId}
          options={[
            { value: '', label: t('ofNotStated') },
            ...choices.activityTypes.map((a) => ({ value: a._id, label: a.name })),
          ]}
        />
        <fieldset class="form-group">
          <legend>{t('crPeople', { n: people.length })}</legend>
          <label class="field">
            <span>{t('crFindPerson')}</span>
            <input
              type="search"
              maxLength={100}
              value={peopleFilter}
              onInput={(e) => setPeopleFilter(e.currentTarget.value)}
            />
          </label>
          <div class="checks scroll-box">
            {listed.map((p) => (
              <label key={p._id}>
                <input
                  type="checkbox"
                  checked={people.includes(p._id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setPeople((list) => (on ? [...list, p._id] : list.filter((id) => id !== p._id)));
                  }}
                />
                {p.name}
              </label>
            ))}
          </div>
          {errors.userIds && <span class="error field-error">{errors.userIds}</span>}
        </fieldset>
        <RecurrenceEditor
          client={client}
          tzid={assignment?.iCalendar?.tzid ?? tzid}
          choice={rule}
          onChange={setRule}
          errors={errors}
        />
        <Result result={result} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {t('crSaveAssignment')}
          </button>
        </div>
      </form>
    </section>
  );
}
