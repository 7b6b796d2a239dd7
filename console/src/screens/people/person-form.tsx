// One employee, new or to change: name, log-in, contact, contract basics (start, weekly hours), access
// group and qualifications (activity types). Saved employees with a mobile number can be invited by SMS
// (POST /v2/users/{id}/invite): the server writes it in their language, naming where they sign in.
import { useEffect, useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n, useI18nNow } from '../../lib/i18n.js';
import { numberInput } from '../../lib/numbers.js';
import { Field, NumberField, Result, SelectField, numberOf, useApiForm } from '../../lib/office-kit.js';
import type { User } from '../../../../clients/typescript/src/api-types.js';
import { whileCurrent } from '../../lib/newest.js';

export const nameOf = (u: Pick<User, 'general' | 'id'>) =>
  [u.general?.firstName, u.general?.lastName].filter(Boolean).join(' ') || u.id || '';

const EMPTY = {
  firstName: '',
  lastName: '',
  login: '',
  email: '',
  mobile: '',
  startDate: '',
  weeklyHours: '',
  accessGroupId: '',
};
type Form = typeof EMPTY;
type Named = { _id: string; name?: string | null };

interface Props {
  client: CrewbaseClient;
  id: string | undefined;
  onSaved: (id: string) => void;
  onClose: () => void;
}

export function PersonForm({ client, id, onSaved, onClose }: Props) {
  const { t } = useI18n();
  const now = useI18nNow(); // a change of language does not read the person again
  const { form, setForm, set, errors, result, setResult, busy, submit } = useApiForm<Form>(EMPTY);
  const [qualifications, setQualifications] = useState<string[]>([]);
  const [groups, setGroups] = useState<Named[]>([]);
  const [activityTypes, setActivityTypes] = useState<Named[]>([]);
  const [invite, setInvite] = useState<{ ok: boolean; text: string }>();

  useEffect(() => {
    client
      .call('accessGroups.list', { query: { limit: 100 } })
      .then((list) => setGroups(list as Named[]))
      .catch(() => setGroups([]));
    client
      .call('activityTypes.list', { query: { limit: 200, sort: ['name:1'] } })
      .then((list) => setActivityTypes(list as Named[]))
      .catch(() => setActivityTypes([]));
  }, [client]);

  useEffect(() => {
    if (!id) return;
    return whileCurrent(
      client.call('users.get', { path: { id } }),
      (u) => {
        setForm({
          firstName: u.general?.firstName ?? '',
          lastName: u.general?.lastName ?? '',
          login: u.id ?? '',
          email: u.access?.email ?? '',
          mobile: u.contact?.mobile ?? '',
          startDate: (u.contract?.startDate ?? '').slice(0, 10),
          weeklyHours: numberInput(u.totalTargetHours, now.current.lang),
          accessGroupId: u.accessGroupId ?? '',
        });
        setQualifications(u.activityTypeIds ?? []);
      },
      (e) => setResult({ ok: false, text: now.current.t('loadFailed', { message: messageOf(e) }) }),
    );
  }, [client, id, setForm, setResult]);

  async function save(event: Event) {
    event.preventDefault();
    setInvite(undefined);
    const hours = numberOf(form.weeklyHours);
    const invalid: Record<string, string> = Number.isNaN(hours) ? { totalTargetHours: t('crNotANumber') } : {};
    const body = {
      general: { firstName: form.firstName.trim(), lastName: form.lastName.trim() },
      ...(form.login.trim() ? { id: form.login.trim() } : {}),
      access: form.email.trim() ? { email: form.email.trim() } : {},
      contact: { mobile: form.mobile.trim() },
      contract: form.startDate ? { startDate: form.startDate } : {},
      ...(hours !== undefined && !Number.isNaN(hours) ? { totalTargetHours: hours } : {}),
      ...(form.accessGroupId ? { accessGroupId: form.accessGroupId } : {}),
      activityTypeIds: qualifications,
    };
    let saved = id;
    const ok = await submit(async () => {
      if (id) await client.call('users.update', { path: { id }, body });
      else saved = (await client.call('users.create', { body }))._id;
    }, invalid);
    if (ok && saved) onSaved(saved);
  }

  async function sendInvite() {
    if (!id) return;
    try {
      // The server writes the text in the employee's own language (POST /v2/users/{id}/invite).
      const answer = await client.request<{ status: string }>('POST', `/v2/users/${id}/invite`, {
        body: { channel: 'sms' },
      });
      const { status } = answer.data;
      setInvite({
        ok: status === 'sent',
        text: t(status === 'sent' ? 'pplInviteSent' : 'pplInviteNotSent', { status }),
      });
    } catch (e) {
      setInvite({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    }
  }

  const field = (key: keyof Form, label: string, error: string | undefined, type?: string) => (
    <Field id={`person-${key}`} label={label} value={form[key]} onInput={set(key)} error={error} type={type} />
  );
  const title = id ? [form.firstName, form.lastName].filter(Boolean).join(' ') || t('pplPerson') : t('pplNew');

  return (
    <section class="office-panel" aria-labelledby="person-title">
      <div class="panel-head">
        <h2 id="person-title">{title}</h2>
        <button type="button" class="secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <form class="card-form" onSubmit={save} aria-labelledby="person-title">
        <div class="two">
          {field('firstName', t('pplFirstName'), errors['general.firstName'])}
          {field('lastName', t('pplLastName'), errors['general.lastName'])}
        </div>
        {field('login', t('pplLogin'), errors.id)}
        <div class="two">
          {field('email', t('ofEmail'), errors['access.email'], 'email')}
          {field('mobile', t('pplMobile'), errors['contact.mobile'], 'tel')}
        </div>
        <fieldset class="form-group">
          <legend>{t('pplContract')}</legend>
          <div class="two">
            {field('startDate', t('pplStartDate'), errors['contract.startDate'], 'date')}
            <NumberField
              id="person-weeklyHours"
              label={t('pplWeeklyHours')}
              value={form.weeklyHours}
              onInput={set('weeklyHours')}
              error={errors.totalTargetHours}
            />
          </div>
        </fieldset>
        <SelectField
          id="person-accessGroupId"
          label={t('pplAccessGroup')}
          value={form.accessGroupId}
          onChange={set('accessGroupId')}
          error={errors.accessGroupId}
          options={[
            { value: '', label: t('pplDefaultGroup') },
            ...groups.map((g) => ({ value: g._id, label: g.name ?? g._id })),
          ]}
        />
        {activityTypes.length > 0 && (
          <fieldset class="form-group checks">
            <legend>{t('pplQualifications')}</legend>
            {activityTypes.map((a) => (
              <label key={a._id}>
                <input
                  type="checkbox"
                  checked={qualifications.includes(a._id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setQualifications((q) => (on ? [...q, a._id] : q.filter((x) => x !== a._id)));
                  }}
                />
                {a.name}
              </label>
            ))}
            {errors.activityTypeIds && <span class="error field-error">{errors.activityTypeIds}</span>}
          </fieldset>
        )}
        <Result result={result} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {t('save')}
          </button>
          {id && (
            <button type="button" class="secondary" onClick={() => void sendInvite()} disabled={!form.mobile.trim()}>
              {t('pplInviteSms')}
            </button>
          )}
        </div>
        {id && !form.mobile.trim() && <p class="muted">{t('pplInviteNeedsMobile')}</p>}
        <Result result={invite} />
      </form>
    </section>
  );
}
