// A new draft invoice or offer from positions (text, quantity, unit, unit price, VAT rate) and its service period
// (the date of supply an invoice must state, § 14 (4) Nr. 6 UStG; the current month unless changed). Numbers are
// typed the German way or plain (lib/numbers.ts) and refused next to their field when they are none. Totals are not
// computed here: after saving, the document opens with the totals the API computed.
import { useEffect, useState } from 'preact/hooks';
import type { Customer } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import type { DocKind } from './doc-kinds.js';
import { Field, NumberField, Result, fieldErrorsOf, numberOf } from '../../lib/office-kit.js';
import { currentMonth } from './billing-period.js';

const VAT_RATES = [0.19, 0.07, 0] as const;
const MAX_POSITIONS = 100;
/** Units the e-invoice knows by name (src/modules/invoicing/einvoice/codes.ts); any other text is allowed. */
const UNITS = ['Std', 'm²', 'Stk', 'pauschal', 'Monat', 'km'];
interface Line {
  title: string;
  quantity: string;
  unit: string;
  price: string;
  tax: number;
}
const emptyLine = (): Line => ({ title: '', quantity: '1', unit: 'Stk', price: '', tax: 0.19 });

interface Props {
  client: CrewbaseClient;
  kind: DocKind;
  onCreated: (id: string) => void;
  onClose: () => void;
}

export function InvoiceNew({ client, kind, onCreated, onClose }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [customers, setCustomers] = useState<Customer[]>([]);
  const [customerId, setCustomerId] = useState('');
  const [title, setTitle] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [period, setPeriod] = useState(currentMonth);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The first 500 customers by name; more would call for a search here too (docs/console.md).
    client
      .call('customers.list', { query: { limit: 500, sort: ['name:1'] } })
      .then(setCustomers)
      .catch((e: unknown) => setResult({ ok: false, text: t('loadFailed', { message: messageOf(e) }) }));
  }, [client, t]);

  const setLine = (index: number, change: Partial<Line>) =>
    setLines((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));

  async function save(event: Event) {
    event.preventDefault();
    setResult(undefined);
    // Numbers first: a text that is no number is refused at its field, nothing is sent.
    const invalid: Record<string, string> = {};
    const positions = lines.map((line, index) => {
      const quantity = numberOf(line.quantity);
      const price = numberOf(line.price);
      if (quantity === undefined || Number.isNaN(quantity)) invalid[`positions.${index}.quantity`] = t('crNotANumber');
      if (price === undefined || Number.isNaN(price)) invalid[`positions.${index}.price`] = t('crNotANumber');
      return {
        title: line.title.trim(),
        quantity: quantity ?? 0,
        ...(line.unit.trim() ? { unit: line.unit.trim() } : {}),
        price: price ?? 0,
        tax: line.tax,
      };
    });
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      setResult({ ok: false, text: t('formCheckFields') });
      return;
    }
    setBusy(true);
    setErrors({});
    const body = {
      customerId,
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(period.from && period.to ? { servicePeriod: period } : {}),
      positions,
    };
    try {
      const created =
        kind === 'invoices'
          ? await client.call('invoices.create', { body })
          : await client.call('offers.create', { body });
      onCreated(created._id);
    } catch (e) {
      setErrors(fieldErrorsOf(e));
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="office-panel" aria-labelledby="new-doc-title">
      <div class="panel-head">
        <h2 id="new-doc-title">{t(kind === 'invoices' ? 'ofNewInvoice' : 'ofNewOffer')}</h2>
        <button type="button" class="secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <form class="card-form" onSubmit={save} aria-labelledby="new-doc-title">
        <label for="doc-customer">{t('ofCustomer')}</label>
        <select id="doc-customer" required value={customerId} onChange={(e) => setCustomerId(e.currentTarget.value)}>
          <option value="">{t('ofChooseCustomer')}</option>
          {customers.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name ?? `#${c.number}`}
            </option>
          ))}
        </select>
        {errors.customerId && <span class="error field-error">{errors.customerId}</span>}
        <Field id="doc-title" label={t('title')} value={title} onInput={setTitle} error={errors.title} />
        <fieldset class="period">
          <legend>{t('ofServicePeriod')}</legend>
          <div class="two">
            <Field
              id="doc-period-from"
              label={t('ofServiceFrom')}
              type="date"
              required
              value={period.from}
              onInput={(from) => setPeriod((p) => ({ ...p, from }))}
              error={errors['servicePeriod.from'] ?? errors.servicePeriod}
            />
            <Field
              id="doc-period-to"
              label={t('ofServiceTo')}
              type="date"
              required
              value={period.to}
              onInput={(to) => setPeriod((p) => ({ ...p, to }))}
              error={errors['servicePeriod.to']}
            />
          </div>
        </fieldset>
        {lines.map((line, index) => (
          <fieldset class="position" key={index}>
            <legend>{t('ofPositionN', { n: index + 1 })}</legend>
            <Field
              id={`pos-${index}-title`}
              label={t('ofPositionText')}
              value={line.title}
              required
              onInput={(v) => setLine(index, { title: v })}
              error={errors[`positions.${index}.title`]}
            />
            <div class="four">
              <NumberField
                id={`pos-${index}-quantity`}
                label={t('ofQuantity')}
                required
                value={line.quantity}
                onInput={(v) => setLine(index, { quantity: v })}
                error={errors[`positions.${index}.quantity`]}
              />
              <Field
                id={`pos-${index}-unit`}
                label={t('ofUnit')}
                maxLength={20}
                value={line.unit}
                placeholder={t('ofUnitHint')}
                list="unit-suggestions"
                onInput={(v) => setLine(index, { unit: v })}
                error={errors[`positions.${index}.unit`]}
              />
              <NumberField
                id={`pos-${index}-price`}
                label={t('ofUnitPrice')}
                required
                value={line.price}
                onInput={(v) => setLine(index, { price: v })}
                error={errors[`positions.${index}.price`]}
              />
              <div class="field">
                <label for={`pos-${index}-tax`}>{t('ofVatRate')}</label>
                <select
                  id={`pos-${index}-tax`}
                  value={line.tax}
                  onChange={(e) => setLine(index, { tax: Number(e.currentTarget.value) })}
                >
                  {VAT_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {new Intl.NumberFormat(i18n.lang === 'de' ? 'de-DE' : 'en-GB', { style: 'percent' }).format(rate)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {lines.length > 1 && (
              <button
                type="button"
                class="secondary"
                onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
              >
                {t('ofRemovePosition', { n: index + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        {lines.length < MAX_POSITIONS && (
          <button type="button" class="secondary" onClick={() => setLines((all) => [...all, emptyLine()])}>
            {t('ofAddPosition')}
          </button>
        )}
        <datalist id="unit-suggestions">
          {UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
        <Result result={result} />
        <button type="submit" class="primary" disabled={busy}>
          {t('ofSaveDraft')}
        </button>
      </form>
    </section>
  );
}
