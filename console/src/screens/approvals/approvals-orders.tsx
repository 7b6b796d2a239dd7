// Material orders waiting for approval (open and not approved): approve (POST /v2/orders/{id}/approve) or
// decline. The API has no declined state for an order, so declining deletes it (DELETE /v2/orders/{id}).
import { useCallback, useEffect } from 'preact/hooks';
import type { MaterialOrder } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { type Names, useList, useOutcome } from './approval-hooks.js';
import { useI18n } from '../../lib/i18n.js';

interface Props {
  client: CrewbaseClient;
  names: Names;
  onCount: (n: number | undefined) => void;
}

const LIMIT = 100;
const IDS_PER_REQUEST = 200;

export function OrderApprovals({ client, names, onCount }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const { act, shown } = useOutcome();
  const load = useCallback(async () => {
    const found = await client.call('orders.list', {
      query: { approved: 'false', open: 'true', limit: LIMIT, sort: ['status.createdAt:1'] },
    });
    await names.loadObjects(found.map((order) => order.objectId));
    // Article items carry only the article's id: their names, by id, as the board reads objects.
    const ids = [...new Set(found.flatMap((o) => o.items.map((item) => item.articleId)))].filter((id): id is string =>
      Boolean(id),
    );
    const articles: Record<string, string> = {};
    for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
      const part = ids.slice(i, i + IDS_PER_REQUEST);
      for (const a of await client.call('articles.list', { query: { _id: part, limit: part.length } }))
        articles[a._id] = a.name ?? '';
    }
    return found.map((order) => ({ order, articles }));
  }, [client, names.loadObjects]);
  const { items, error, reload } = useList(load);
  useEffect(() => onCount(items?.length), [items, onCount]);

  const itemText = (item: MaterialOrder['items'][number], articles: Record<string, string>) =>
    `${i18n.number(item.quantity ?? 0)}${item.unit ? ` ${item.unit}` : ''} ${
      item.name || (item.articleId && articles[item.articleId]) || t('article')
    }`;

  return (
    <section class="approval-section" id="material-orders-section" aria-labelledby="material-orders">
      <h2 id="material-orders">
        {t('materialOrders')} <span class="count">({items?.length ?? '…'})</span>
      </h2>
      {error && (
        <p class="error" role="alert">
          {t('loadFailed', { message: error })}
        </p>
      )}
      {shown}
      {items && !items.length && <p class="empty">{t('noMaterialOrders')}</p>}
      <ul class="approval-list">
        {items?.map(({ order, articles }) => {
          const who = names.user(order.userId);
          const where = names.object(order.objectId);
          return (
            <li key={order._id} class="approval-item" data-order-id={order._id}>
              <div class="approval-head">
                <strong>{where}</strong> · {who} · {i18n.date(order.status.createdAt)}
              </div>
              <ul class="order-items">
                {order.items.map((item, i) => (
                  <li key={i}>{itemText(item, articles)}</li>
                ))}
              </ul>
              {order.comment && <p class="approval-note">{order.comment}</p>}
              <div class="approval-actions">
                <button
                  type="button"
                  class="primary"
                  aria-label={t('approveOrderFor', { name: where })}
                  onClick={() =>
                    void act(
                      () => client.call('orders.approve', { path: { id: order._id } }),
                      t('orderApproved', { name: where }),
                      reload,
                    )
                  }
                >
                  {t('approve')}
                </button>
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('declineOrderFor', { name: where })}
                  onClick={() =>
                    void act(
                      () => client.call('orders.delete', { path: { id: order._id } }),
                      t('orderDeclined', { name: where }),
                      reload,
                    )
                  }
                >
                  {t('decline')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
