// A customer's objects (the places where the work is done): the list, one edited at a time, and a new one,
// each with its address, how the crew gets in (access notes, door code, key) and the contact on site.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { CustomerObject } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { Field, Result, TextArea, useApiForm } from '../../lib/office-kit.js';

const EMPTY = {
  name: '',
  street: '',
  zip: '',
  city: '',
  accessNotes: '',
  securityCode: '',
  key: '',
  phone: '',
  email: '',
};
type Form = typeof EMPTY;

const formOf = (o: CustomerObject): Form => ({
  name: o.name ?? '',
  street: o.address?.street ?? '',
  zip: o.address?.zip ?? '',
  city: o.address?.city ?? '',
  accessNotes: o.description ?? '',
  securityCode: o.securityCode ?? '',
  key: o.key ?? '',
  phone: o.contact?.phone ?? '',
  email: o.contact?.email ?? '',
});

export function CustomerObjects({ client, customerId }: { client: CrewbaseClient; customerId: string }) {
  const { t } = useI18n();
  /** The words before and after the name in "Edit object {name}". */
  const editWords = t('ofEditObject', { name: '\u0000' })
    .split('\u0000')
    .map((words) => words.trim());
  const [objects, setObjects] = useState<CustomerObject[]>([]);
  const [editing, setEditing] = useState<string | 'new' | undefined>();
  const { form, setForm, set, errors, setErrors, result, setResult, busy, submit } = useApiForm<Form>(EMPTY);

  const load = useCallback(async () => {
    try {
      setObjects(
        await client.call('objects.list', { query: { customerId: [customerId], limit: 200, sort: ['name:1'] } }),
      );
    } catch (e) {
      setResult({ ok: false, text: t('loadFailed', { message: messageOf(e) }) });
    }
  }, [client, customerId, t, setResult]);
  useEffect(() => {
    void load();
  }, [load]);

  function edit(object?: CustomerObject) {
    setEditing(object?._id ?? 'new');
    setErrors({});
    setResult(undefined);
    setForm(object ? formOf(object) : EMPTY);
  }

  async function save(event: Event) {
    event.preventDefault();
    // The API merges address and contact, so members the form does not show (country) stay.
    const body = {
      name: form.name.trim(),
      address: { street: form.street.trim(), zip: form.zip.trim(), city: form.city.trim() },
      description: form.accessNotes.trim(),
      securityCode: form.securityCode.trim(),
      key: form.key.trim(),
      contact: { phone: form.phone.trim(), ...(form.email.trim() ? { email: form.email.trim() } : {}) },
    };
    const saved = await submit(async () => {
      if (editing === 'new') await client.call('objects.create', { body: { ...body, customerId } });
      else if (editing) await client.call('objects.update', { path: { id: editing }, body });
    });
    if (saved) {
      setEditing(undefined);
      await load();
    }
  }

  const field = (key: keyof Form, label: string, error: string | undefined, type?: string) => (
    <Field id={`object-${key}`} label={label} value={form[key]} onInput={set(key)} error={error} type={type} />
  );

  return (
    <section aria-labelledby="objects-title">
      <div class="panel-head">
        <h3 id="objects-title">{t('ofObjects')}</h3>
        <button type="button" class="secondary" onClick={() => edit()}>
          {t('ofNewObject')}
        </button>
      </div>
      {objects.length ? (
        <ul class="office-list">
          {objects.map((o) => (
            <li key={o._id}>
              <button type="button" class="row-button" onClick={() => edit(o)}>
                {/* Named by what it shows, with the verb around it hidden ("Edit object …" / "Objekt … bearbeiten"):
                    an aria-label without the address would not contain the visible text. */}
                {editWords[0] && <span class="visually-hidden">{editWords[0]} </span>}
                <strong>{o.name}</strong>
                {editWords[1] && <span class="visually-hidden"> {editWords[1]}</span>}
                <span class="muted">
                  {[o.address?.street, o.address?.zip, o.address?.city].filter(Boolean).join(', ')}
                </span>
                {o.description && <span class="muted access-note">{o.description}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('ofNoObjects')}</p>
      )}
      {editing && (
        <form class="card-form" onSubmit={save} aria-label={editing === 'new' ? t('ofNewObject') : t('ofObject')}>
          {field('name', t('ofObjectName'), errors.name)}
          {field('street', t('ofStreet'), errors['address.street'])}
          <div class="two">
            {field('zip', t('ofZip'), errors['address.zip'])}
            {field('city', t('ofCity'), errors['address.city'])}
          </div>
          <TextArea
            id="object-accessNotes"
            label={t('crAccessNotes')}
            value={form.accessNotes}
            onInput={set('accessNotes')}
            error={errors.description}
          />
          <div class="two">
            {field('securityCode', t('crSecurityCode'), errors.securityCode)}
            {field('key', t('crKey'), errors.key)}
          </div>
          <div class="two">
            {field('phone', t('crSitePhone'), errors['contact.phone'], 'tel')}
            {field('email', t('crSiteEmail'), errors['contact.email'], 'email')}
          </div>
          <div class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {t('ofSaveObject')}
            </button>
            <button type="button" class="secondary" onClick={() => setEditing(undefined)}>
              {t('ofCancel')}
            </button>
          </div>
        </form>
      )}
      <Result result={result} />
    </section>
  );
}
