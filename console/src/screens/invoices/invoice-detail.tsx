// One invoice or offer: service period, positions with units and the totals the API computed, and what can be done
// in its state: issue a draft and send by mail (each after a confirmation saying what goes to whom), download the
// PDF (and an invoice's XRechnung or ZUGFeRD), record a payment, cancel it (Storno) or credit it (credit-note.tsx).
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Invoice, PaymentMethod } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n, useI18nNow } from '../../lib/i18n.js';
import { numberInput } from '../../lib/numbers.js';
import { Field, NumberField, Result, download, fieldErrorsOf, money, numberOf } from '../../lib/office-kit.js';
import { periodText, todayIso } from './billing-period.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { CreditNote } from './credit-note.js';
import { type DocKind, stateClass, stateText } from './doc-kinds.js';
import { SendPreview } from './send-preview.js';
import { useNewest } from '../../lib/newest.js';

interface Props {
  client: CrewbaseClient;
  kind: DocKind;
  id: string;
  customerName: Record<string, string>;
  onChanged: () => void;
  onClose: () => void;
}

type Asking = 'issue' | 'send' | 'cancel';
/** States an invoice takes payments in, may be cancelled in (without payments), may be credited in. */
const PAYABLE = ['issued', 'overdue', 'partially_paid'];
const CANCELLABLE = ['issued', 'overdue'];
const CREDITABLE = ['issued', 'overdue', 'partially_paid', 'paid'];

export function InvoiceDetail({ client, kind, id, customerName, onChanged, onClose }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [doc, setDoc] = useState<Invoice>();
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const [payment, setPayment] = useState({ amount: '', date: todayIso(), method: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<Asking>();
  const [crediting, setCrediting] = useState(false);

  const newest = useNewest(); // another document opened while this one loads
  const now = useI18nNow(); // a change of language does not read the document again (the payment typed stays)
  // Counts what is typed into the amount: a read that finds it changed since it started leaves it as typed
  // (typed while the document was read again after an action, it was replaced by the open amount).
  const amountTyped = useRef(0);
  const load = useCallback(async () => {
    const typedBefore = amountTyped.current;
    try {
      const loaded = await newest(
        kind === 'invoices'
          ? client.call('invoices.get', { path: { id } })
          : (client.call('offers.get', { path: { id } }) as unknown as Promise<Invoice>),
      );
      setDoc(loaded);
      if (amountTyped.current === typedBefore)
        setPayment((p) => ({ ...p, amount: numberInput(loaded.openAmount ?? loaded.grossAmount, now.current.lang) }));
      return true;
    } catch (e) {
      setResult({ ok: false, text: now.current.t('loadFailed', { message: messageOf(e) }) });
      return false;
    }
  }, [client, kind, id, newest, now]);
  useEffect(() => {
    void load();
    if (kind === 'invoices')
      client
        .call('paymentMethods.list', { query: { limit: 100 } })
        .then(setMethods)
        .catch(() => setMethods([]));
  }, [load, client, kind]);

  /** Runs an action, shows its outcome, reloads the document and tells the list. */
  async function act(action: () => Promise<unknown>, done: string | ((answer: unknown) => string)) {
    setBusy(true);
    setResult(undefined);
    setErrors({});
    try {
      const answer = await action();
      setAsking(undefined);
      // The outcome shows once the document is read again: shown before, a payment amount typed after it was
      // replaced by the reloaded open amount.
      if (await load()) setResult({ ok: true, text: typeof done === 'string' ? done : done(answer) });
      onChanged();
    } catch (e) {
      setAsking(undefined);
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
  const invoice = kind === 'invoices';
  const payable = invoice && PAYABLE.includes(state);
  const cancellable = invoice && CANCELLABLE.includes(state) && !doc.paidAmount;
  const creditable = invoice && CREDITABLE.includes(state);
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
  const total = (label: string, value: number | null | undefined) => (
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
        <span class={stateClass(state)}>{stateText(t, state)}</span>{' '}
        {(doc.customerId && customerName[doc.customerId]) || ''}
        {doc.title ? ` · ${doc.title}` : ''}
      </p>
      {doc.servicePeriod?.from && (
        <p>
          {t('ofServicePeriod')}: {periodText(i18n.date, doc.servicePeriod)}
        </p>
      )}
      <table class="positions">
        <thead>
          <tr>
            <th scope="col">{t('ofPositionText')}</th>
            <th scope="col">{t('ofQuantity')}</th>
            <th scope="col">{t('ofUnit')}</th>
            <th scope="col">{t('ofUnitPrice')}</th>
            <th scope="col">{t('ofLineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {doc.positions.map((p, index) => (
            <tr key={index}>
              <td>{p.title}</td>
              <td>{i18n.number(p.quantity ?? 0)}</td>
              <td>{p.unit ?? ''}</td>
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
        {invoice && issued && total(t('ofPaid'), doc.paidAmount)}
        {invoice && issued && total(t('ofOpen'), doc.openAmount)}
        {doc.dueDate && (
          <>
            <dt>{t('ofDueDate')}</dt>
            <dd>{i18n.date(doc.dueDate)}</dd>
          </>
        )}
      </dl>
      <div class="actions">
        {!issued && (
          <button type="button" class="primary" disabled={busy} onClick={() => setAsking('issue')}>
            {t('ofIssue')}
          </button>
        )}
        {issued && file(kind === 'invoices' ? 'invoices.getPdf' : 'offers.getPdf', t('ofDownloadPdf'), 'pdf')}
        {issued && kind === 'invoices' && file('invoices.getXrechnung', t('ofDownloadXrechnung'), 'xml')}
        {issued && kind === 'invoices' && file('invoices.getZugferd', t('ofDownloadZugferd'), 'pdf')}
        {issued && state !== 'cancelled' && (
          <button type="button" class="secondary" disabled={busy} onClick={() => setAsking('send')}>
            {t('ofSendMail')}
          </button>
        )}
        {creditable && (
          <button type="button" class="secondary" disabled={busy} onClick={() => setCrediting(true)}>
            {t('ofCreditNote')}
          </button>
        )}
        {cancellable && (
          <button type="button" class="danger" disabled={busy} onClick={() => setAsking('cancel')}>
            {t('ofCancelInvoice')}
          </button>
        )}
      </div>
      <Result result={result} />
      {asking === 'issue' && (
        <ConfirmDialog
          title={t('ofConfirmIssueTitle', { name })}
          confirm={t('ofIssueNow')}
          busy={busy}
          onClose={() => setAsking(undefined)}
          onConfirm={() =>
            void act(
              () =>
                invoice
                  ? client.call('invoices.issue', { path: { id } })
                  : client.call('offers.issue', { path: { id } }),
              t('ofIssuedDone'),
            )
          }
        >
          <p>{t('ofConfirmIssueText')}</p>
          <SendPreview client={client} kind={kind} doc={doc} mode="issue" />
        </ConfirmDialog>
      )}
      {asking === 'send' && (
        <ConfirmDialog
          title={t('ofConfirmSendTitle', { name })}
          confirm={t('ofSendNow')}
          busy={busy}
          onClose={() => setAsking(undefined)}
          onConfirm={() =>
            void act(
              () =>
                invoice
                  ? client.call('invoices.send', { path: { id }, body: {} })
                  : client.call('offers.send', { path: { id }, body: {} }),
              t('ofSentDone'),
            )
          }
        >
          <SendPreview client={client} kind={kind} doc={doc} mode="send" />
        </ConfirmDialog>
      )}
      {asking === 'cancel' && (
        <ConfirmDialog
          title={t('ofConfirmCancelTitle', { name })}
          confirm={t('ofCancelNow')}
          danger
          busy={busy}
          onClose={() => setAsking(undefined)}
          onConfirm={() =>
            void act(
              () => client.call('invoices.cancel', { path: { id } }),
              (answer) =>
                t('ofCancelledDone', { number: (answer as { documentNumber?: string }).documentNumber ?? '' }),
            )
          }
        >
          <p>{t('ofConfirmCancelText')}</p>
          <p>
            {t('ofGross')}: {money(i18n, doc.grossAmount)}
          </p>
        </ConfirmDialog>
      )}
      {crediting && (
        <CreditNote
          client={client}
          invoice={doc}
          name={name}
          onClose={() => setCrediting(false)}
          onDone={(text) => {
            setCrediting(false);
            setResult({ ok: true, text });
            onChanged();
          }}
        />
      )}
      {payable && (
        <form
          class="card-form"
          aria-labelledby="payment-title"
          onSubmit={(event) => {
            event.preventDefault();
            const amount = numberOf(payment.amount);
            if (amount === undefined || Number.isNaN(amount)) {
              setErrors({ amount: t('crNotANumber') });
              setResult({ ok: false, text: t('formCheckFields') });
              return;
            }
            void act(
              () =>
                client.call('payments.create', {
                  body: {
                    invoiceId: id,
                    amount,
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
            <NumberField
              id="payment-amount"
              label={t('ofAmount')}
              required
              value={payment.amount}
              onInput={(amount) => {
                amountTyped.current++;
                setPayment((p) => ({ ...p, amount }));
              }}
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
