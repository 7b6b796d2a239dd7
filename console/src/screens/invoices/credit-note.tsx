// A credit note (Gutschrift) for an issued invoice: one position (text, net amount, VAT rate; the invoice's first
// rate and service period by default), confirmed with its total before it is created and issued
// (POST /v2/credits/ with creditedInvoiceId, then …/issue). For a partial refund or an invoice with payments, where a
// cancellation (Storno) is refused.
import { useState } from 'preact/hooks';
import type { Invoice } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { numberInput } from '../../lib/numbers.js';
import { Field, NumberField, Result, fieldErrorsOf, money, numberOf } from '../../lib/office-kit.js';
import { ConfirmDialog } from './confirm-dialog.js';

interface Props {
  client: CrewbaseClient;
  invoice: Invoice;
  name: string;
  onDone: (text: string) => void;
  onClose: () => void;
}

const VAT_RATES = [0.19, 0.07, 0] as const;

export function CreditNote({ client, invoice, name, onDone, onClose }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const firstTax = invoice.positions.find((p) => p.type !== 'TEXT')?.tax ?? 0.19;
  const [text, setText] = useState(t('ofCreditDefaultText', { name }));
  const [amount, setAmount] = useState(numberInput(invoice.netAmount, i18n.lang));
  const [tax, setTax] = useState<number>(firstTax);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const net = numberOf(amount);

  function check(event: Event) {
    event.preventDefault();
    setResult(undefined);
    if (net === undefined || Number.isNaN(net) || net <= 0) {
      setErrors({ amount: t('crNotANumber') });
      setResult({ ok: false, text: t('formCheckFields') });
      return;
    }
    setErrors({});
    setAsking(true);
  }

  async function issue() {
    setBusy(true);
    try {
      const created = await client.call('credits.create', {
        body: {
          customerId: invoice.customerId ?? '',
          creditedInvoiceId: invoice._id,
          ...(invoice.servicePeriod?.from && invoice.servicePeriod.to
            ? { servicePeriod: { from: invoice.servicePeriod.from, to: invoice.servicePeriod.to } }
            : {}),
          positions: [{ title: text.trim(), quantity: 1, unit: 'pauschal', price: net ?? 0, tax }],
        },
      });
      const issued = await client.call('credits.issue', { path: { id: created._id } });
      onDone(t('ofCreditDone', { number: issued.documentNumber ?? '' }));
    } catch (e) {
      setAsking(false);
      const fields = fieldErrorsOf(e);
      setErrors({ ...fields, ...(fields['positions.0.title'] ? { title: fields['positions.0.title'] } : {}) });
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    } finally {
      setBusy(false);
    }
  }

  const gross = Math.round((net ?? 0) * (1 + tax) * 100) / 100;
  return (
    <form class="card-form" aria-labelledby="credit-title" onSubmit={check}>
      <div class="panel-head">
        <h3 id="credit-title">{t('ofCreditFor', { name })}</h3>
        <button type="button" class="secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <Field
        id="credit-text"
        label={t('ofPositionText')}
        required
        value={text}
        onInput={setText}
        error={errors.title}
      />
      <div class="two">
        <NumberField
          id="credit-amount"
          label={t('ofCreditAmount')}
          required
          value={amount}
          onInput={setAmount}
          error={errors.amount}
        />
        <div class="field">
          <label for="credit-tax">{t('ofVatRate')}</label>
          <select id="credit-tax" value={tax} onChange={(e) => setTax(Number(e.currentTarget.value))}>
            {VAT_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {new Intl.NumberFormat(i18n.lang === 'de' ? 'de-DE' : 'en-GB', { style: 'percent' }).format(rate)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Result result={result} />
      <button type="submit" class="primary" disabled={busy}>
        {t('ofIssueCredit')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('ofConfirmCreditTitle', { amount: money(i18n, gross), name })}
          confirm={t('ofIssueCredit')}
          busy={busy}
          onConfirm={() => void issue()}
          onClose={() => setAsking(false)}
        >
          <p>{t('ofConfirmIssueText')}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
