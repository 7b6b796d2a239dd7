// Master data (/app/customers): a search over customers and objects (GET /v2/search, debounced; a typo still
// finds the record), the customers list page by page otherwise, a new customer, and the selected customer
// with its objects (customer-panel.tsx).
import { useEffect, useState } from 'preact/hooks';
import type { Customer } from '../../../../clients/typescript/src/api-types.js';
import type { ScreenProps } from '../../lib/screen.js';
import { messageOf } from '../../lib/api.js';
import { CustomerPanel } from './customer-panel.js';
import { useI18n } from '../../lib/i18n.js';

import { PAGE, Pager } from '../../lib/pager.js';
import { whileCurrent } from '../../lib/newest.js';
const DEBOUNCE_MS = 300;

interface Hit {
  type: string;
  id: string;
  title: string;
  subtitle: string | null;
}

export function CustomersScreen({ client }: ScreenProps) {
  const { t } = useI18n();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[] | undefined>();
  const [page, setPage] = useState({ offset: 0, items: [] as Customer[], total: 0 });
  const [selected, setSelected] = useState<string | 'new' | undefined>();
  const [error, setError] = useState<string>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const q = query.trim();
    if (!q) return setHits(undefined);
    // Search once the typing pauses; an answer to an older query is dropped.
    let stop = () => {};
    const timer = setTimeout(() => {
      stop = whileCurrent(
        client.call('search.list', { query: { q: q.slice(0, 200), types: ['customer', 'object'], limit: 20 } }),
        (answer) => setHits(answer.results),
        (e) => setError(messageOf(e)),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [client, query]);

  useEffect(
    () =>
      whileCurrent(
        client.page('customers.list', { query: { limit: PAGE, offset: page.offset, sort: ['name:1'] } }),
        ({ items, total }) => setPage((p) => ({ ...p, items, total })),
        (e) => setError(messageOf(e)),
      ),
    [client, page.offset, reloads],
  );

  async function open(hit: Hit) {
    if (hit.type === 'customer') return setSelected(hit.id);
    // An object opens its customer, where it is listed and edited.
    try {
      const object = await client.call('objects.get', { path: { id: hit.id } });
      if (object.customerId) setSelected(object.customerId);
    } catch (e) {
      setError(messageOf(e));
    }
  }

  const item = (key: string, title: string, subtitle: string | null, onClick: () => void, kind?: string) => (
    <li key={key}>
      <button type="button" class="row-button" onClick={onClick}>
        <strong>{title}</strong>
        {kind && <span class="state">{kind}</span>}
        {subtitle && <span class="muted">{subtitle}</span>}
      </button>
    </li>
  );

  return (
    <main class="office">
      <h1>{t('ofCustomers')}</h1>
      <div class="office-grid">
        <section aria-label={t('ofCustomers')}>
          <div class="toolbar">
            <label class="grow">
              <span>{t('ofSearchCustomers')}</span>
              <input type="search" maxLength={200} value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
            </label>
            <button type="button" class="primary" onClick={() => setSelected('new')}>
              {t('ofNewCustomer')}
            </button>
          </div>
          {error && (
            <p class="error" role="alert">
              {t('loadFailed', { message: error })}
            </p>
          )}
          {hits ? (
            hits.length ? (
              <ul class="office-list" aria-label={t('ofSearchResults')}>
                {hits.map((hit) =>
                  item(
                    `${hit.type}${hit.id}`,
                    hit.title,
                    hit.subtitle,
                    () => void open(hit),
                    t(hit.type === 'customer' ? 'ofCustomer' : 'ofObject'),
                  ),
                )}
              </ul>
            ) : (
              <p role="status">{t('ofNoResults')}</p>
            )
          ) : (
            <>
              <ul class="office-list">
                {page.items.map((c) =>
                  item(
                    c._id,
                    c.name ?? `#${c.number}`,
                    [c.address?.zip, c.address?.city].filter(Boolean).join(' '),
                    () => setSelected(c._id),
                  ),
                )}
              </ul>
              <Pager
                offset={page.offset}
                total={page.total}
                onOffset={(offset) => setPage((p) => ({ ...p, offset }))}
              />
            </>
          )}
        </section>
        {selected && (
          <CustomerPanel
            key={selected}
            client={client}
            id={selected === 'new' ? undefined : selected}
            onSaved={(id) => {
              setSelected(id);
              setReloads((n) => n + 1);
            }}
            onClose={() => setSelected(undefined)}
          />
        )}
      </div>
    </main>
  );
}
