// Recurring work (/app/assignments): the assignments with their object and rule, a new one or one to change
// (assignment-form.tsx), and "copy last week" for the one-off jobs (copy-week.tsx). Times are the company's
// (its time-and-pay settings' zone; the browser's zone only when those cannot be read).
import { useEffect, useState } from 'preact/hooks';
import type { Assignment } from '../../../../clients/typescript/src/api-types.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import type { ScreenProps } from '../../lib/screen.js';
import { AssignmentForm, type Choices } from './assignment-form.js';
import { CopyWeek } from './copy-week.js';
import { fromICalendar } from './recurrence.js';
import { whileCurrent } from '../../lib/newest.js';

const named = (list: Array<{ _id: string; name?: string | null }>) =>
  list.map((x) => ({ _id: x._id, name: x.name ?? x._id })).sort((a, b) => a.name.localeCompare(b.name));

export function AssignmentsScreen({ client }: ScreenProps) {
  const { t } = useI18n();
  const [tzid, setTzid] = useState<string>();
  const [choices, setChoices] = useState<Choices>({ objects: [], activityTypes: [], people: [] });
  const [list, setList] = useState<Assignment[]>([]);
  const [selected, setSelected] = useState<Assignment | 'new'>();
  const [error, setError] = useState<string>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    client
      .call('company.getTimeAndPaySettings')
      .then((settings) => setTzid((settings as { timeZone?: string }).timeZone ?? 'Europe/Berlin'))
      .catch(() => setTzid(Intl.DateTimeFormat().resolvedOptions().timeZone));
    Promise.all([
      client.call('objects.list', { query: { limit: 1000, sort: ['name:1'] } }),
      client.call('activityTypes.list', { query: { limit: 200 } }),
      client.call('users.list', { query: { limit: 1000 } }),
    ])
      .then(([objects, activityTypes, users]) =>
        setChoices({
          objects: named(objects),
          activityTypes: named(activityTypes as Array<{ _id: string; name?: string }>),
          people: named(
            users.map((u) => ({
              _id: u._id,
              name: [u.general?.firstName, u.general?.lastName].filter(Boolean).join(' ') || u.id || u._id,
            })),
          ),
        }),
      )
      .catch((e: unknown) => setError(messageOf(e)));
  }, [client]);

  useEffect(
    () =>
      whileCurrent(
        client.call('assignments.list', { query: { limit: 200, sort: ['status.createdAt:-1'] } }),
        setList,
        (e) => setError(messageOf(e)),
      ),
    [client, reloads],
  );

  // The rule in words: "Every 2 weeks: Mon, Wed, Fri at 06:00" or "Every 1 month: second Tue at 09:00".
  const ruleText = (ical: NonNullable<Assignment['iCalendar']>) => {
    const rule = fromICalendar(ical);
    const days =
      rule.frequency === 'WEEKLY'
        ? rule.days.map((d) => t(`crDay_${d}`)).join(', ')
        : `${t(rule.monthPosition < 0 ? 'crNth_last' : (`crNth_${rule.monthPosition}` as 'crNth_1'))} ${t(`crDay_${rule.monthDay}`)}`;
    return t(rule.frequency === 'WEEKLY' ? 'crRuleWeekly' : 'crRuleMonthly', {
      n: rule.interval,
      days,
      time: rule.time,
    });
  };
  const objectName = (id: string | null | undefined) => choices.objects.find((o) => o._id === id)?.name ?? '';
  return (
    <main class="office">
      <h1>{t('crAssignments')}</h1>
      <div class="office-grid">
        <div class="stack">
          <section aria-label={t('crAssignments')}>
            <div class="toolbar">
              <button type="button" class="primary" onClick={() => setSelected('new')} disabled={!tzid}>
                {t('crNewAssignment')}
              </button>
            </div>
            {error && (
              <p class="error" role="alert">
                {t('loadFailed', { message: error })}
              </p>
            )}
            {list.length ? (
              <ul class="office-list">
                {list.map((a) => (
                  <li key={a._id}>
                    <button type="button" class="row-button" onClick={() => setSelected(a)}>
                      <strong>{a.title || objectName(a.objectId)}</strong>
                      <span class="muted">{objectName(a.objectId)}</span>
                      {a.iCalendar && <span class="muted">{ruleText(a.iCalendar)}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('crNoAssignments')}</p>
            )}
          </section>
          {tzid && <CopyWeek client={client} tzid={tzid} />}
        </div>
        {selected && tzid && (
          <AssignmentForm
            key={selected === 'new' ? 'new' : selected._id}
            client={client}
            tzid={tzid}
            choices={choices}
            assignment={selected === 'new' ? undefined : selected}
            onSaved={() => setReloads((n) => n + 1)}
            onClose={() => setSelected(undefined)}
          />
        )}
      </div>
    </main>
  );
}
