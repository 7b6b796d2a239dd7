// "Copy last week": the previous week's one-off jobs into a chosen week (POST /v2/jobs/copyWeek, which keeps
// each job's weekday and wall-clock time in the company's zone and skips jobs already copied).
import { useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../../clients/typescript/src/client.js';
import { messageOf } from '../../lib/api.js';
import { todayIn } from '../../lib/dates.js';
import { useI18n } from '../../lib/i18n.js';
import { Field, Result, fieldErrorsOf } from '../../lib/office-kit.js';
import { mondayOf } from './recurrence.js';

/** `tzid`: the company's zone, whose week this is (the browser's may be another day already). */
export function CopyWeek({ client, tzid }: { client: CrewbaseClient; tzid: string }) {
  const { t } = useI18n();
  const [week, setWeek] = useState(() => mondayOf(todayIn(tzid)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{ ok: boolean; text: string }>();

  async function copy() {
    setBusy(true);
    setResult(undefined);
    setError(undefined);
    const weekStart = mondayOf(week);
    try {
      const answer = await client.call('jobs.copyWeek', { body: { weekStart } });
      setResult({ ok: true, text: t('crCopied', { n: answer.ids.length, skipped: answer.skipped, week: weekStart }) });
    } catch (e) {
      setError(fieldErrorsOf(e).weekStart);
      setResult({ ok: false, text: t('actionFailed', { message: messageOf(e) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="office-panel" aria-labelledby="copy-week-title">
      <h2 id="copy-week-title">{t('crCopyWeek')}</h2>
      <p class="muted">{t('crCopyWeekHelp')}</p>
      <div class="toolbar">
        <Field id="copy-week-start" label={t('crIntoWeek')} type="date" value={week} onInput={setWeek} error={error} />
        <button type="button" class="primary" disabled={busy || !week} onClick={() => void copy()}>
          {t('crCopyWeekButton')}
        </button>
      </div>
      <Result result={result} />
    </section>
  );
}
