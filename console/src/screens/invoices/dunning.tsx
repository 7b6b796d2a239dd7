// The dunning list: invoices with an open amount past their due date (GET /v2/invoices/?overdue=true), longest
// overdue first, each with its reminder level (none yet, or level n with the date of the last reminder and the fees
// so far), and the run that creates the reminders now due (POST /v2/invoiceReminders/run, the company's levels).
import { useEffect, useState } from 'preact/hooks';
import type { Invoice } from '../../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { Result, money } from '../../lib/office-kit.js';
import { Pager } from '../../lib/pager.js';
import { todayIso } from './billing-period.js';
import { whileCurrent } from '../../lib/newest.js';

interface Props {
  client: CrewbaseClient;
  names: Record<string, string>;
  onNames: (customerIds: string[]) => void;
  onOpen: (id: string) => void;
}

const DAY = 86_400_000;
const daysSince = (date: string, today: string) => Math.round((Date.parse(today) - Date.parse(date)) / DAY);

export function DunningList({ client, names, onNames, onOpen }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<{ items: Invoice[]; total: number }>();
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(
    () =>
      whileCurrent(
        client.page('invoices.list', { query: { overdue: 'true', limit: 20, offset, sort: ['dueDate:1'] } }),
        (answer) => {
          setList(answer);
          onNames(answer.items.map((d) => d.customerId).filter((id): id is string => Boolean(id)));
        },
        (e) => setResult({ ok: false, text: t('loadFailed', { message: messageOf(e) }) }),
      ),
    [client, offset, reloads, t, onNames],
  );

  async function run() {
    setBusy(true);
    setResult(undefined);
    try {
      const answer = await client.call('invoiceReminders.run', { body: {} });
      setResult({ ok: true, text: t('ofDunningRunDone', { n: answer.created?.length ?? 0 }) });
      setReloads((n) => n + 1);
    } catch (e) {
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    } finally {
      setBusy(false);
    }
  }

  const today = todayIso();
  return (
    <section aria-labelledby="dunning-title">
      <div class="toolbar">
        <h2 id="dunning-title" class="grow">
          {t('ofDunning')} {list ? `(${list.total})` : ''}
        </h2>
        <button type="button" class="primary" disabled={busy} onClick={() => void run()}>
          {t('ofRunDunning')}
        </button>
      </div>
      <Result result={result} />
      {list && !list.items.length && <p>{t('ofDunningEmpty')}</p>}
      <ul class="office-list" aria-labelledby="dunning-title">
        {list?.items.map((doc) => {
          const level = doc.reminderLevel ?? 0;
          return (
            <li key={doc._id}>
              <button type="button" class="row-button doc-row" onClick={() => onOpen(doc._id)}>
                <strong>{doc.documentNumber}</strong>
                <span>{(doc.customerId && names[doc.customerId]) || '–'}</span>
                <span class={`state level-${Math.min(level, 3)}`}>
                  {level ? t('ofLevelN', { n: level }) : t('ofNoReminderYet')}
                </span>
                <span class="amount">{money(i18n, doc.openAmount)}</span>
                <span class="muted">
                  {doc.dueDate && t('ofDaysOverdue', { n: daysSince(doc.dueDate, today) })}
                  {doc.lastReminderDate &&
                    ` · ${t('ofLastReminder', { date: i18n.date(`${doc.lastReminderDate}T12:00:00`) })}`}
                  {doc.reminderFees ? ` · ${t('ofReminderFees', { amount: money(i18n, doc.reminderFees) })}` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {list && <Pager offset={offset} total={list.total} onOffset={setOffset} />}
    </section>
  );
}
