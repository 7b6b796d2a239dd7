// Billing (/app/invoices): invoices, offers or the dunning list (a switch); documents filtered by state (as the API
// shows them: overdue included), page by page, with number, customer, state, total and due date; a new draft from
// positions (invoice-new.tsx); the selected document's totals and actions (invoice-detail.tsx); dunning.tsx.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Invoice } from '../../../../clients/typescript/src/api-types.js';
import type { ScreenProps } from '../../lib/screen.js';
import { messageOf } from '../../lib/api.js';
import { Pager } from '../../lib/pager.js';
import { useI18n } from '../../lib/i18n.js';
import { type DocKind, STATES, stateClass, stateText } from './doc-kinds.js';
import { DunningList } from './dunning.js';
import { InvoiceDetail } from './invoice-detail.js';
import { InvoiceNew } from './invoice-new.js';
import { money } from '../../lib/office-kit.js';
import { whileCurrent } from '../../lib/newest.js';

const VIEW_TITLES = { invoices: 'ofInvoices', offers: 'ofOffers', dunning: 'ofDunning' } as const;

export function InvoicesScreen({ client }: ScreenProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [view, setView] = useState<DocKind | 'dunning'>('invoices');
  const kind: DocKind = view === 'dunning' ? 'invoices' : view;
  const [state, setState] = useState('');
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<{ items: Invoice[]; total: number }>({ items: [], total: 0 });
  const [names, setNames] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<string | 'new' | undefined>();
  const [error, setError] = useState<string>();
  const [reloads, setReloads] = useState(0);

  /** Customer names of a page, by one list call for those not known yet. */
  const loadNames = useCallback(
    (ids: string[]) => {
      const wanted = [...new Set(ids)];
      if (!wanted.length) return;
      client
        .call('customers.list', { query: { _id: wanted, limit: wanted.length } })
        .then((customers) =>
          setNames((known) => ({ ...known, ...Object.fromEntries(customers.map((c) => [c._id, c.name ?? ''])) })),
        )
        .catch(() => undefined);
    },
    [client],
  );

  useEffect(() => {
    if (view === 'dunning') return;
    // status, not state: the API's named filter knows overdue (a date, not a stored state).
    const query = { limit: 20, offset, sort: ['status.createdAt:-1'], ...(state ? { status: [state] } : {}) };
    const loading =
      kind === 'invoices'
        ? client.page('invoices.list', { query })
        : (client.page('offers.list', { query }) as unknown as Promise<{ items: Invoice[]; total: number }>);
    // An answer to a request the user has since changed (another state, page or kind) is dropped.
    return whileCurrent(
      loading,
      (answer) => {
        setList(answer);
        loadNames(answer.items.map((d) => d.customerId).filter((id): id is string => Boolean(id)));
      },
      (e) => setError(messageOf(e)),
    );
  }, [client, view, kind, state, offset, reloads, loadNames]);

  const changed = (id?: string) => {
    if (id) setSelected(id);
    setReloads((n) => n + 1);
  };

  return (
    <main class="office">
      <h1>{t(VIEW_TITLES[view])}</h1>
      <div class="office-grid">
        <section aria-label={t(VIEW_TITLES[view])}>
          <div class="toolbar">
            <fieldset class="switch">
              <legend class="visually-hidden">{t('ofDocumentKind')}</legend>
              {(['invoices', 'offers', 'dunning'] as const).map((k) => (
                <label key={k}>
                  <input
                    type="radio"
                    name="doc-kind"
                    checked={view === k}
                    onChange={() => {
                      setView(k);
                      setState('');
                      setOffset(0);
                      setSelected(undefined);
                    }}
                  />
                  {t(VIEW_TITLES[k])}
                </label>
              ))}
            </fieldset>
          </div>
          {view === 'dunning' ? (
            <DunningList client={client} names={names} onNames={loadNames} onOpen={setSelected} />
          ) : (
            <>
              <div class="toolbar">
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
                        {stateText(t, s)}
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
                        <span class={stateClass(doc.state)}>{stateText(t, doc.state)}</span>
                        <span class="amount">{money(i18n, doc.grossAmount)}</span>
                        <span class="muted">
                          {doc.dueDate ? t('due', { date: i18n.date(`${doc.dueDate}T12:00:00`) }) : ''}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('ofNoDocuments')}</p>
              )}
              <Pager offset={offset} total={list.total} onOffset={setOffset} />
            </>
          )}
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
