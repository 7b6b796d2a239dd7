// The crew view's one-time offer to turn on notifications: a clear button (the browser's permission prompt comes
// only from that tap, never on load) and "Not now". Once answered it is gone; the result is said in words.
import { useState } from 'preact/hooks';
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { messageOf } from '../lib/api.js';
import { useI18n } from '../lib/i18n.js';
import { enablePush, rememberAnswer, shouldOffer } from './push.js';

export function PushOffer({ client, userId }: { client: CrewbaseClient; userId: string }) {
  const { t } = useI18n();
  const [offered, setOffered] = useState(() => shouldOffer(userId));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();

  async function enable() {
    setBusy(true);
    try {
      const answer = await enablePush(client);
      rememberAnswer(userId, answer);
      setOutcome({ ok: answer === 'on', text: t(answer === 'on' ? 'pushEnabled' : 'pushBlocked') });
      setOffered(false);
    } catch (error) {
      // The browser's push service unreachable or refusing: say so, and keep the offer for another try.
      setOutcome({ ok: false, text: t('pushFailed', { message: messageOf(error) }) });
    } finally {
      setBusy(false);
    }
  }

  if (!offered)
    return outcome ? (
      <p class={outcome.ok ? 'push-result' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
        {outcome.text}
      </p>
    ) : null;
  return (
    <section class="push-offer" aria-labelledby="push-offer-text">
      <p id="push-offer-text">{t('pushOffer')}</p>
      <div class="push-actions">
        <button type="button" class="primary" disabled={busy} onClick={() => void enable()}>
          {t('pushEnable')}
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => {
            rememberAnswer(userId, 'later');
            setOffered(false);
          }}
        >
          {t('pushLater')}
        </button>
      </div>
      {outcome && (
        <p class="error" role="alert">
          {outcome.text}
        </p>
      )}
    </section>
  );
}
