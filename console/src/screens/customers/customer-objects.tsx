// A customer's objects (the places where the work is done): the list, one edited at a time, and a new one.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { CustomerObject } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { Field, Result, fieldErrorsOf } from '../../lib/office-kit.js';

const EMPTY = { name: '', street: '', zip: '', city: '' };
type Form = typeof EMPTY;

export function CustomerObjects({ client, customerId }: { client: CrewbaseClient; customerId: string }) {
  const { t } = useI18n();
  const [objects, setObjects] = useState<CustomerObject[]>([]);
  const [editing, setEditing] = useState<string | 'new' | undefined>();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string }>();

  const load = useCallback(async () => {
    try {
      setObjects(
        await client.call('objects.list', { query: { customerId: [customerId], limit: 200, sort: ['name:1'] } }),
      );
    } catch (e) {
      setResult({ ok: false, text: t('loadFailed', { message: messageOf(e) }) });
    }
  }, [client, customerId, t]);
  useEffect(() => {
    void load();
  }, [load]);

  function edit(object?: CustomerObject) {
    setEditing(object?._id ?? 'new');
    setErrors({});
    setResult(undefined);
    setForm(
      object
        ? {
            name: object.name ?? '',
            street: object.address?.street ?? '',
            zip: object.address?.zip ?? '',
            city: object.address?.city ?? '',
          }
        : EMPTY,
    );
  }

  async function save(event: Event) {
    event.preventDefault();
    const body = {
      name: form.name.trim(),
      address: { street: form.street.trim(), zip: form.zip.trim(), city: form.city.trim() },
    };
    try {
      if (editing === 'new') await client.call('objects.create', { body: { ...body, customerId } });
      else if (editing) await client.call('objects.update', { path: { id: editing }, body });
      setEditing(undefined);
      setResult({ ok: true, text: t('saved') });
      await load();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    }
  }

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const field = (key: keyof Form, label: string, error: string | undefined) => (
    <Field id={`object-${key}`} label={label} value={form[key]} onInput={set(key)} error={error} />
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
              <button
                type="button"
                class="row-button"
                onClick={() => edit(o)}
                aria-label={t('ofEditObject', { name: o.name ?? '' })}
              >
                <strong>{o.name}</strong>
                <span class="muted">
                  {[o.address?.street, o.address?.zip, o.address?.city].filter(Boolean).join(', ')}
                </span>
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
          <div class="actions">
            <button type="submit" class="primary">
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
