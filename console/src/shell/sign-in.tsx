// The sign-in form: user name and password against POST /v2/auth/login.
import { useState } from 'preact/hooks';
import { OfflineError, ProblemError, type Session, messageOf, signIn } from '../lib/api.js';
import { useI18n } from '../lib/i18n.js';

export function SignIn({ onSignedIn, notice }: { onSignedIn: (session: Session) => void; notice?: string }) {
  const { t } = useI18n();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signIn(username.trim(), password));
    } catch (failure) {
      if (failure instanceof ProblemError && (failure.status === 401 || failure.status === 400))
        setError(t('signInFailed'));
      else if (failure instanceof OfflineError) setError(t('offlineNotice'));
      else setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <main class="sign-in">
      <h1>{t('signInTitle')}</h1>
      {notice && <p class="notice">{notice}</p>}
      <form onSubmit={submit}>
        <label for="username">{t('username')}</label>
        <input
          id="username"
          name="username"
          autocomplete="username"
          required
          maxLength={254}
          value={username}
          onInput={(e) => setUsername(e.currentTarget.value)}
        />
        <label for="password">{t('password')}</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          maxLength={128}
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('signingIn') : t('signIn')}
        </button>
      </form>
    </main>
  );
}
