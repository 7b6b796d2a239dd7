// My absences in the crew view: the list (GET /v2/absences/self) and a request form (POST /v2/absences/),
// whole days from the first to the last day. A request needs the network; it is not queued like clock actions.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Absence } from '../../../clients/typescript/src/api-types.js';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { OfflineError, type Session, messageOf } from '../lib/api.js';
import { type Key, useI18n } from '../lib/i18n.js';

/** The kinds of absence of the API (`type` 1–8), in the order of the menu. */
const KINDS = [2, 1, 4, 5, 6, 3, 7, 8] as const;
const STATE_KEYS: Record<string, Key> = {
  open: 'absenceOpen',
  approved: 'absenceApproved',
  assigned: 'absenceApproved',
  declined: 'absenceDeclined',
  cancelled: 'absenceCancelled',
};

/** Noon of a local day, as an instant: the same calendar day in any time zone the server may read it in. */
const dayInstant = (day: string) => new Date(`${day}T12:00:00`).toISOString();
const todayString = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

export function MyAbsences({ session, client }: { session: Session; client: CrewbaseClient }) {
  const i18n = useI18n();
  const { t } = i18n;
  // Undefined until the first answer: the section appears whole then, rather than growing while the page loads.
  const [absences, setAbsences] = useState<Absence[] | undefined>();
  const [kind, setKind] = useState<number>(2);
  const [from, setFrom] = useState(todayString);
  const [to, setTo] = useState(todayString);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();

  const load = useCallback(async () => {
    try {
      setAbsences(await client.call('absences.listOwn', { query: { limit: 20, sort: ['dtStart:-1'] } }));
    } catch {
      // The list stays as it was (offline, or shown again at the next load).
      setAbsences((shown) => shown ?? []);
    }
  }, [client]);
  useEffect(() => {
    void load();
  }, [load]);

  async function submit(event: Event) {
    event.preventDefault();
    if (to < from) return setResult({ ok: false, text: t('toBeforeFrom') });
    setBusy(true);
    setResult(undefined);
    try {
      await client.call('absences.create', {
        body: {
          userId: session.userId,
          type: kind,
          dtStart: dayInstant(from),
          dtEnd: dayInstant(to),
          fullDay: true,
          ...(note.trim() ? { desc: note.trim() } : {}),
        },
      });
      setNote('');
      setResult({ ok: true, text: t('absenceSent') });
      await load();
    } catch (error) {
      setResult({
        ok: false,
        text: error instanceof OfflineError ? t('needsNetwork') : t('actionFailed', { message: messageOf(error) }),
      });
    } finally {
      setBusy(false);
    }
  }

  if (absences === undefined) return null;
  return (
    <section aria-labelledby="absences">
      <h2 id="absences">{t('myAbsences')}</h2>
      {absences.length ? (
        <ul class="tasks absences">
          {absences.map((absence) => (
            <li key={absence._id}>
              <span>
                {t(`kind${absence.type}` as Key)}: {absence.dtStart && i18n.date(absence.dtStart)} –{' '}
                {absence.dtEnd && i18n.date(absence.dtEnd)}
              </span>
              <span class="muted">{t(STATE_KEYS[absence.state ?? 'open'] ?? 'absenceOpen')}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noAbsences')}</p>
      )}
      <form class="card-form" onSubmit={submit} aria-labelledby="request-absence">
        <h3 id="request-absence">{t('requestAbsence')}</h3>
        <label for="absence-kind">{t('absenceKind')}</label>
        <select id="absence-kind" value={kind} onChange={(e) => setKind(Number(e.currentTarget.value))}>
          {KINDS.map((type) => (
            <option key={type} value={type}>
              {t(`kind${type}` as Key)}
            </option>
          ))}
        </select>
        <div class="two">
          <div>
            <label for="absence-from">{t('absenceFrom')}</label>
            <input
              id="absence-from"
              type="date"
              required
              value={from}
              onInput={(e) => setFrom(e.currentTarget.value)}
            />
          </div>
          <div>
            <label for="absence-to">{t('absenceTo')}</label>
            <input id="absence-to" type="date" required value={to} onInput={(e) => setTo(e.currentTarget.value)} />
          </div>
        </div>
        <label for="absence-note">{t('absenceNote')}</label>
        <textarea
          id="absence-note"
          maxLength={2000}
          rows={2}
          value={note}
          onInput={(e) => setNote(e.currentTarget.value)}
        />
        {result && (
          <p class={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('sending') : t('send')}
        </button>
      </form>
    </section>
  );
}
