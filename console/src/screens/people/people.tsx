// Employees (/app/people): the list by name, a new employee, and the selected one with contract basics,
// access group and qualifications (person-form.tsx), and an invitation by SMS.
import { useEffect, useState } from 'preact/hooks';
import type { User } from '../../../../clients/typescript/src/api-types.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { PAGE, Pager } from '../../lib/pager.js';
import type { ScreenProps } from '../../lib/screen.js';
import { PersonForm, nameOf } from './person-form.js';
import { whileCurrent } from '../../lib/newest.js';

export function PeopleScreen({ client }: ScreenProps) {
  const { t } = useI18n();
  const [page, setPage] = useState({ offset: 0, items: [] as User[], total: 0 });
  const [selected, setSelected] = useState<string | 'new' | undefined>();
  const [error, setError] = useState<string>();
  const [reloads, setReloads] = useState(0);

  useEffect(
    () =>
      whileCurrent(
        client.page('users.list', {
          query: { limit: PAGE, offset: page.offset, sort: ['general.lastName:1', 'general.firstName:1'] },
        }),
        ({ items, total }) => setPage((p) => ({ ...p, items, total })),
        (e) => setError(messageOf(e)),
      ),
    [client, page.offset, reloads],
  );

  return (
    <main class="office">
      <h1>{t('pplTitle')}</h1>
      <div class="office-grid">
        <section aria-label={t('pplTitle')}>
          <div class="toolbar">
            <button type="button" class="primary" onClick={() => setSelected('new')}>
              {t('pplNew')}
            </button>
          </div>
          {error && (
            <p class="error" role="alert">
              {t('loadFailed', { message: error })}
            </p>
          )}
          <ul class="office-list">
            {page.items.map((u) => (
              <li key={u._id}>
                <button type="button" class="row-button" onClick={() => setSelected(u._id)}>
                  <strong>{nameOf(u)}</strong>
                  {u.totalTargetHours != null && (
                    <span class="muted">{t('pplHoursShort', { hours: u.totalTargetHours })}</span>
                  )}
                  {u.contact?.mobile && <span class="muted">{u.contact.mobile}</span>}
                </button>
              </li>
            ))}
          </ul>
          <Pager offset={page.offset} total={page.total} onOffset={(offset) => setPage((p) => ({ ...p, offset }))} />
        </section>
        {selected && (
          <PersonForm
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
