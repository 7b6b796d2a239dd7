// One customer: its master data (name, address, contact, e-mail, VAT id) for a new one or to edit, and its
// objects. The API's field errors appear next to their fields.
import { useEffect, useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { CustomerObjects } from './customer-objects.js';
import { useI18n, useI18nNow } from '../../lib/i18n.js';
import { Field, Result, fieldErrorsOf } from '../../lib/office-kit.js';
import { whileCurrent } from '../../lib/newest.js';

const EMPTY = { name: '', contactPerson: '', street: '', zip: '', city: '', email: '', telephone: '', vatNumber: '' };
type Form = typeof EMPTY;

interface Props {
  client: CrewbaseClient;
  /** Absent: a new customer. */
  id: string | undefined;
  onSaved: (id: string) => void;
  onClose: () => void;
}

export function CustomerPanel({ client, id, onSaved, onClose }: Props) {
  const { t } = useI18n();
  const now = useI18nNow(); // a change of language does not read the customer again
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    return whileCurrent(
      client.call('customers.get', { path: { id } }),
      (c) =>
        setForm({
          name: c.name ?? '',
          contactPerson: c.contactPerson ?? '',
          street: c.address?.street ?? '',
          zip: c.address?.zip ?? '',
          city: c.address?.city ?? '',
          email: c.contact?.email ?? '',
          telephone: c.contact?.telephone ?? '',
          vatNumber: c.vatNumber ?? '',
        }),
      (e) => setResult({ ok: false, text: now.current.t('loadFailed', { message: messageOf(e) }) }),
    );
  }, [client, id]);

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const field = (key: keyof Form, label: string, error: string | undefined, type?: string) => (
    <Field id={`customer-${key}`} label={label} value={form[key]} onInput={set(key)} error={error} type={type} />
  );

  async function save(event: Event) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setResult(undefined);
    const body = {
      name: form.name.trim(),
      contactPerson: form.contactPerson.trim() || null,
      address: { street: form.street.trim(), zip: form.zip.trim(), city: form.city.trim() },
      // An empty e-mail is no e-mail (the API checks the format of one that is sent).
      contact: { telephone: form.telephone.trim(), ...(form.email.trim() ? { email: form.email.trim() } : {}) },
      vatNumber: form.vatNumber.trim() || null,
    };
    try {
      let saved = id;
      if (id) await client.call('customers.update', { path: { id }, body });
      else saved = (await client.call('customers.create', { body }))._id;
      setResult({ ok: true, text: t('saved') });
      if (saved) onSaved(saved);
    } catch (e) {
      setErrors(fieldErrorsOf(e));
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="office-panel" aria-labelledby="customer-title">
      <div class="panel-head">
        <h2 id="customer-title">{id ? form.name || t('ofCustomer') : t('ofNewCustomer')}</h2>
        <button type="button" class="secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <form class="card-form" onSubmit={save} aria-labelledby="customer-title">
        {field('name', t('ofName'), errors.name)}
        {field('contactPerson', t('ofContactPerson'), errors.contactPerson)}
        {field('street', t('ofStreet'), errors['address.street'])}
        <div class="two">
          {field('zip', t('ofZip'), errors['address.zip'])}
          {field('city', t('ofCity'), errors['address.city'])}
        </div>
        {field('email', t('ofEmail'), errors['contact.email'], 'email')}
        {field('telephone', t('ofTelephone'), errors['contact.telephone'], 'tel')}
        {field('vatNumber', t('ofVatNumber'), errors.vatNumber)}
        <Result result={result} />
        <button type="submit" class="primary" disabled={busy}>
          {t('save')}
        </button>
      </form>
      {id && <CustomerObjects client={client} customerId={id} />}
    </section>
  );
}
