// One invoice or offer: positions and the totals the API computed, and what can be done in its state:
// issue a draft, download the PDF (and an invoice's XRechnung or ZUGFeRD), send it by mail, record a payment.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Invoice, PaymentMethod } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { type DocKind, stateKey } from './doc-kinds.js';
import { Field, Result, download, fieldErrorsOf, money } from '../../lib/office-kit.js';

interface Props {
  client: CrewbaseClient;
  kind: DocKind;
  id: string;
  customerName: Record<string, string>;
  onChanged: () => void;
  onClose: () => void;
}

const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

export function InvoiceDetail({ client, kind, id, customerName, onChanged, onClose }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [doc, setDoc] = useState<Invoice>();
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const [payment, setPayment] = useState({ amount: '', date: today(), method: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    try {
      const loaded = (
        kind === 'invoices'
          ? await client.call('invoices.get', { path: { id } })
          : await client.call('offers.get', { path: { id } })
      ) as Invoice;
      setDoc(loaded);
      setPayment((p) => ({ ...p, amount: String(loaded.openAmount ?? loaded.grossAmount ?? '') }));
    } catch (e) {
      setResult({ ok: false, text: t('loadFailed', { message: messageOf(e) }) });
    }
  }, [client, kind, id, t]);
  useEffect(() => {
    void load();
    if (kind === 'invoices')
      client
        .call('paymentMethods.list', { query: { limit: 100 } })
        .then(setMethods)
        .catch(() => setMethods([]));
  }, [load, client, kind]);

  /** Runs an action, shows its outcome, reloads the document and tells the list. */
  async function act(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setResult(undefined);
    setErrors({});
    try {
      await action();
      setResult({ ok: true, text: done });
      await load();
      onChanged();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    } finally {
      setBusy(false);
    }
  }

  if (!doc) return <section class="office-panel">{result ? <Result result={result} /> : t('loading')}</section>;
  const name = doc.documentNumber ?? t('ofDraftNumber', { n: doc.number });
  const state = doc.state ?? 'draft';
  const issued = state !== 'draft';
  const payable = kind === 'invoices' && (state === 'issued' || state === 'partially_paid');
  const file = (operation: Parameters<typeof download>[1], label: string, ext: string) => (
    <button
      type="button"
      class="secondary"
      disabled={busy}
      onClick={() => void act(() => download(client, operation, id, `${name}.${ext}`), t('ofDownloaded'))}
    >
      {label}
    </button>
  );
  const total = (label: string, value: number | null) => (
    <>
      <dt>{label}</dt>
      <dd>{money(i18n, value)}</dd>
    </>
  );

  return (
    <section class="office-panel" aria-labelledby="doc-title">
      <div class="panel-head">
        <h2 id="doc-title">{name}</h2>
        <button type="button" class="secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <p>
        <span class={`state doc-${state}`}>{t(stateKey(state))}</span>{' '}
        {(doc.customerId && customerName[doc.customerId]) || ''}
        {doc.title ? ` · ${doc.title}` : ''}
      </p>
      <table class="positions">
        <thead>
          <tr>
            <th scope="col">{t('ofPositionText')}</th>
            <th scope="col">{t('ofQuantity')}</th>
            <th scope="col">{t('ofUnitPrice')}</th>
            <th scope="col">{t('ofLineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {doc.positions.map((p, index) => (
            <tr key={index}>
              <td>{p.title}</td>
              <td>{i18n.number(p.quantity ?? 0)}</td>
              <td>{money(i18n, p.price)}</td>
              <td>{money(i18n, doc.lineAmounts[index])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl class="totals">
        {total(t('ofNet'), doc.netAmount)}
        {total(t('ofVat'), doc.taxAmount)}
        {total(t('ofGross'), doc.grossAmount)}
        {kind === 'invoices' && issued && total(t('ofPaid'), doc.paidAmount)}
        {kind === 'invoices' && issued && total(t('ofOpen'), doc.openAmount)}
        {doc.dueDate && (
          <>
            <dt>{t('ofDueDate')}</dt>
            <dd>{i18n.date(doc.dueDate)}</dd>
          </>
        )}
      </dl>
      <div class="actions">
        {!issued && (
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() =>
              void act(
                () =>
                  kind === 'invoices'
                    ? client.call('invoices.issue', { path: { id } })
                    : client.call('offers.issue', { path: { id } }),
                t('ofIssuedDone'),
              )
            }
          >
            {t('ofIssue')}
          </button>
        )}
        {issued && file(kind === 'invoices' ? 'invoices.getPdf' : 'offers.getPdf', t('ofDownloadPdf'), 'pdf')}
        {issued && kind === 'invoices' && file('invoices.getXrechnung', t('ofDownloadXrechnung'), 'xml')}
        {issued && kind === 'invoices' && file('invoices.getZugferd', t('ofDownloadZugferd'), 'pdf')}
        {issued && state !== 'cancelled' && (
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() =>
              void act(
                () =>
                  kind === 'invoices'
                    ? client.call('invoices.send', { path: { id }, body: {} })
                    : client.call('offers.send', { path: { id }, body: {} }),
                t('ofSentDone'),
              )
            }
          >
            {t('ofSendMail')}
          </button>
        )}
      </div>
      <Result result={result} />
      {payable && (
        <form
          class="card-form"
          aria-labelledby="payment-title"
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              () =>
                client.call('payments.create', {
                  body: {
                    invoiceId: id,
                    amount: Number(payment.amount),
                    date: payment.date,
                    ...(payment.method ? { paymentMethodId: payment.method } : {}),
                  },
                }),
              t('ofPaymentRecorded'),
            );
          }}
        >
          <h3 id="payment-title">{t('ofRecordPayment')}</h3>
          <div class="two">
            <Field
              id="payment-amount"
              label={t('ofAmount')}
              type="number"
              step="0.01"
              required
              value={payment.amount}
              onInput={(amount) => setPayment((p) => ({ ...p, amount }))}
              error={errors.amount}
            />
            <Field
              id="payment-date"
              label={t('ofPaymentDate')}
              type="date"
              required
              value={payment.date}
              onInput={(date) => setPayment((p) => ({ ...p, date }))}
              error={errors.date}
            />
          </div>
          <label for="payment-method">{t('ofPaymentMethod')}</label>
          <select
            id="payment-method"
            value={payment.method}
            onChange={(e) => setPayment((p) => ({ ...p, method: e.currentTarget.value }))}
          >
            <option value="">{t('ofNotStated')}</option>
            {methods.map((m) => (
              <option key={m._id} value={m._id}>
                {String(m.name ?? m.number)}
              </option>
            ))}
          </select>
          <button type="submit" class="primary" disabled={busy}>
            {t('ofRecordPayment')}
          </button>
        </form>
      )}
    </section>
  );
}
