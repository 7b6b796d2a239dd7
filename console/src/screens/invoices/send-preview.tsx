// What goes to whom, shown in the confirmation before issuing or sending: the customer's name, address and billing
// e-mail (invoiceDelivery.email, else contact.email, as the server picks it), the document's number (a draft: the
// pattern of the next number), service period, total, and the file the mail carries (the customer's invoiceDelivery
// format; offers always PDF).
import { useEffect, useState } from 'preact/hooks';
import type { Customer, Invoice } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { type Key, useI18n } from '../../lib/i18n.js';
import { money } from '../../lib/office-kit.js';
import { numberPattern, periodText, todayIso } from './billing-period.js';
import type { DocKind } from './doc-kinds.js';
import { whileCurrent } from '../../lib/newest.js';

interface Props {
  client: CrewbaseClient;
  kind: DocKind;
  doc: Invoice;
  /** issue: nothing is mailed yet; send: the mail and its attachment. */
  mode: 'issue' | 'send';
}

const FILE_ENDINGS: Record<string, string> = { PDF: 'pdf', ZUGFERD: 'pdf', XRECHNUNG_UBL: 'xml', XRECHNUNG_CII: 'xml' };

export function SendPreview({ client, kind, doc, mode }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [customer, setCustomer] = useState<Customer>();
  const [format, setFormat] = useState<string>();

  useEffect(() => {
    const stops = [
      doc.customerId
        ? whileCurrent(client.call('customers.get', { path: { id: doc.customerId } }), setCustomer, () =>
            setCustomer(undefined),
          )
        : undefined,
      doc.documentNumber
        ? undefined
        : whileCurrent(
            client.call('company.getInvoicingSettings'),
            (settings) => setFormat(settings.numberFormats?.[kind === 'invoices' ? 'invoice' : 'offer']),
            () => setFormat(undefined),
          ),
    ];
    return () => {
      for (const stop of stops) stop?.();
    };
  }, [client, doc, kind]);

  const address = customer?.address ?? {};
  const email = customer?.invoiceDelivery?.email ?? customer?.contact?.email;
  const fileFormat = kind === 'invoices' ? (customer?.invoiceDelivery?.format ?? 'PDF') : 'PDF';
  const number =
    doc.documentNumber ??
    (format ? t('ofNextNumber', { format: numberPattern(format, doc.documentDate ?? todayIso()) }) : '…');
  const period = doc.servicePeriod;
  return (
    <dl class="send-preview">
      <dt>{t('ofRecipient')}</dt>
      <dd>
        {customer?.name ?? '…'}
        {address.street && <br />}
        {address.street}
        {(address.zip || address.city) && <br />}
        {[address.zip, address.city].filter(Boolean).join(' ')}
      </dd>
      <dt>{t('ofRecipientEmail')}</dt>
      <dd class={email ? undefined : 'error'}>{customer ? (email ?? t('ofNoBillingEmail')) : '…'}</dd>
      <dt>{t('ofNumberPreview')}</dt>
      <dd>{number}</dd>
      {period?.from && (
        <>
          <dt>{t('ofServicePeriod')}</dt>
          <dd>{periodText(i18n.date, period)}</dd>
        </>
      )}
      <dt>{t('ofGross')}</dt>
      <dd>{money(i18n, doc.grossAmount)}</dd>
      <dt>{t('ofAttachment')}</dt>
      <dd>
        {mode === 'issue'
          ? t('ofNothingSent')
          : `${fileFormat in FILE_ENDINGS ? t(`ofFormat_${fileFormat}` as Key) : fileFormat}: ${doc.documentNumber ?? ''}.${FILE_ENDINGS[fileFormat] ?? 'pdf'}`}
      </dd>
    </dl>
  );
}
