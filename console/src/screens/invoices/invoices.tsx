// Billing (/app/invoices): invoices or offers (a switch), filtered by state, page by page, with number,
// customer, state, total and due date; a new draft from positions (invoice-new.tsx); the selected document's
// totals and actions (invoice-detail.tsx).
import { useEffect, useState } from 'preact/hooks';
import type { Invoice } from '../../../../clients/typescript/src/api-types.js';
import type { ScreenProps } from '../../lib/screen.js';
import { messageOf } from '../../lib/api.js';
import { Pager } from '../../lib/pager.js';
import { useI18n } from '../../lib/i18n.js';
import { type DocKind, STATES, stateKey } from './doc-kinds.js';
import { InvoiceDetail } from './invoice-detail.js';
import { InvoiceNew } from './invoice-new.js';
import { money } from '../../lib/office-kit.js';

export function InvoicesScreen({ client }: ScreenProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [kind, setKind] = useState<DocKind>('invoices');
  const [state, setState] = useState('');
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<{ items: Invoice[]; total: number }>({ items: [], total: 0 });
  const [names, setNames] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<string | 'new' | undefined>();
  const [error, setError] = useState<string>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const query = { limit: 20, offset, sort: ['status.createdAt:-1'], ...(state ? { state } : {}) };
    const loading =
      kind === 'invoices'
        ? client.page('invoices.list', { query })
        : (client.page('offers.list', { query }) as unknown as Promise<{ items: Invoice[]; total: number }>);
    loading
      .then(async (answer) => {
        setList(answer);
        const ids = [...new Set(answer.items.map((d) => d.customerId).filter((id): id is string => Boolean(id)))];
        if (!ids.length) return;
        const customers = await client.call('customers.list', { query: { _id: ids, limit: ids.length } });
        setNames((known) => ({ ...known, ...Object.fromEntries(customers.map((c) => [c._id, c.name ?? ''])) }));
      })
      .catch((e: unknown) => setError(messageOf(e)));
  }, [client, kind, state, offset, reloads]);

  const changed = (id?: string) => {
    if (id) setSelected(id);
    setReloads((n) => n + 1);
  };

  return (
    <main class="office">
      <h1>{t(kind === 'invoices' ? 'ofInvoices' : 'ofOffers')}</h1>
      <div class="office-grid">
        <section aria-label={t(kind === 'invoices' ? 'ofInvoices' : 'ofOffers')}>
          <div class="toolbar">
            <fieldset class="switch">
              <legend class="visually-hidden">{t('ofDocumentKind')}</legend>
              {(['invoices', 'offers'] as const).map((k) => (
                <label key={k}>
                  <input
                    type="radio"
                    name="doc-kind"
                    checked={kind === k}
                    onChange={() => {
                      setKind(k);
                      setState('');
                      setOffset(0);
                      setSelected(undefined);
                    }}
                  />
                  {t(k === 'invoices' ? 'ofInvoices' : 'ofOffers')}
                </label>
              ))}
            </fieldset>
            <label>
              <span>{t('state')}</span>
              <select
                value={state}
                onChange={(e) => {
                  setState(e.currentTarget.value);
                  setOffset(0);
                }}
              >
                <option value="">{t('all')}</option>
                {STATES[kind].map((s) => (
                  <option key={s} value={s}>
                    {t(stateKey(s))}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" class="primary" onClick={() => setSelected('new')}>
              {t(kind === 'invoices' ? 'ofNewInvoice' : 'ofNewOffer')}
            </button>
          </div>
          {error && (
            <p class="error" role="alert">
              {t('loadFailed', { message: error })}
            </p>
          )}
          {list.items.length ? (
            <ul class="office-list">
              {list.items.map((doc) => (
                <li key={doc._id}>
                  <button type="button" class="row-button doc-row" onClick={() => setSelected(doc._id)}>
                    <strong>{doc.documentNumber ?? t('ofDraftNumber', { n: doc.number })}</strong>
                    <span>{(doc.customerId && names[doc.customerId]) || '–'}</span>
                    <span class={`state doc-${doc.state ?? 'draft'}`}>{t(stateKey(doc.state))}</span>
                    <span class="amount">{money(i18n, doc.grossAmount)}</span>
                    <span class="muted">{doc.dueDate ? t('due', { date: i18n.date(doc.dueDate) }) : ''}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('ofNoDocuments')}</p>
          )}
          <Pager offset={offset} total={list.total} onOffset={setOffset} />
        </section>
        {selected === 'new' && (
          <InvoiceNew
            key={kind}
            client={client}
            kind={kind}
            onCreated={changed}
            onClose={() => setSelected(undefined)}
          />
        )}
        {selected && selected !== 'new' && (
          <InvoiceDetail
            key={selected}
            client={client}
            kind={kind}
            id={selected}
            customerName={names}
            onChanged={() => changed()}
            onClose={() => setSelected(undefined)}
          />
        )}
      </div>
    </main>
  );
}
