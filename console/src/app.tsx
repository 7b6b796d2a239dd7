// The console's shell: the session (resumed from the refresh cookie on load), the language, the header,
// and the routes under /app.
// Screens are added to ROUTES (and, for the office, to NAV in nav.tsx).
import type { ComponentType } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { OfflineError, type Session, clientFor, resumeSession, signOut } from './lib/api.js';
import type { ScreenProps } from './lib/screen.js';
import { lazyScreen } from './lib/lazy-screen.js';
import { CrewView } from './crew/crew.js';
import { deviceIdentity, forgetDevice, offlineSession } from './crew/device-store.js';
import { homeFor, mayOpen, type Rights, rightsOf } from './shell/home.js';
import { Nav } from './shell/nav.js';
import { I18nContext, type Lang, i18n } from './lib/i18n.js';
import { LanguageSelect, initialLang, useUserLanguage } from './shell/language.js';
import { SignIn } from './shell/sign-in.js';

/**
 * Paths under /app and their screens; an unknown path shows the first (the crew's start page). The crew view is in
 * the first load; the office's screens are loaded when first opened.
 */
const ROUTES: Record<string, ComponentType<ScreenProps>> = {
  '/app/crew': CrewView,
  '/app/board': lazyScreen(() => import('./board/board.js').then((m) => m.PlanningBoard)),
  '/app/approvals': lazyScreen(() => import('./screens/approvals/approvals.js').then((m) => m.Approvals)),
  '/app/customers': lazyScreen(() => import('./screens/customers/customers.js').then((m) => m.CustomersScreen)),
  '/app/people': lazyScreen(() => import('./screens/people/people.js').then((m) => m.PeopleScreen)),
  '/app/assignments': lazyScreen(() => import('./screens/assignments/assignments.js').then((m) => m.AssignmentsScreen)),
  '/app/invoices': lazyScreen(() => import('./screens/invoices/invoices.js').then((m) => m.InvoicesScreen)),
};
const HOME = '/app/crew';

export function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [session, setSession] = useState<Session | undefined>();
  const [expired, setExpired] = useState(false);
  // A reload or a restart of the installed app resumes the session of the refresh cookie, if any.
  const [resuming, setResuming] = useState(true);
  useEffect(() => {
    void resumeSession()
      .then((resumed) => (resumed ? setSession(resumed) : forgetDevice())) // refused: the device forgets the user
      .catch((error) => {
        // Offline: the device's last identity opens the crew view from its kept jobs; the cookie signs in later.
        const kept = error instanceof OfflineError ? offlineSession() : undefined;
        if (kept) setSession(kept);
      })
      .finally(() => setResuming(false));
  }, []);
  // Moving between screens (nav.tsx navigate, the browser's back and forward) re-renders the shell.
  const [, setMoves] = useState(0);
  useEffect(() => {
    const moved = () => setMoves((n) => n + 1);
    addEventListener('popstate', moved);
    return () => removeEventListener('popstate', moved);
  }, []);
  const text = useMemo(() => i18n(lang), [lang]);
  const client = useMemo(
    () =>
      session &&
      clientFor(session, () => {
        forgetDevice();
        setSession(undefined);
        setExpired(true);
      }),
    [session],
  );
  useUserLanguage(session, client, lang, setLang);
  // The start page depends on the user's rights (home.ts); a named screen opens at once.
  const [rights, setRights] = useState<Rights>();
  useEffect(() => {
    setRights(undefined);
    // Unreadable (offline): the rights the device kept for this user.
    const kept = session && deviceIdentity()?.userId === session.userId ? deviceIdentity()?.rights : undefined;
    if (session && client)
      void rightsOf(client).then((read) => setRights(Object.keys(read).length ? read : (kept ?? read)));
  }, [session, client]);
  const home = rights && homeFor(rights);
  // A screen the user may not use (known once the rights are read) falls back to their start page.
  const known = Boolean(ROUTES[location.pathname]) && (!rights || mayOpen(rights, location.pathname));
  const path = known ? location.pathname : (home ?? HOME);
  useEffect(() => {
    // Before sign-in an unnamed path stays as it is: the start page is known only afterwards.
    if (location.pathname !== path && (known || home)) history.replaceState(null, '', path);
    document.documentElement.lang = lang;
  }, [path, known, home, lang]);
  const Screen = ROUTES[path]!;

  return (
    <I18nContext.Provider value={text}>
      <header class="top">
        <span class="brand">{text.t('appName')}</span>
        {session && rights && <Nav current={path} allowed={(screen) => mayOpen(rights, screen)} />}
        <LanguageSelect lang={lang} client={client} onChange={setLang} />
        {session && (
          <button
            type="button"
            class="link"
            onClick={() => {
              // The next user's start page depends on their rights: back to the unnamed path.
              history.replaceState(null, '', '/app');
              void signOut(session);
              forgetDevice();
              setSession(undefined);
            }}
          >
            {text.t('signOut')}
          </button>
        )}
      </header>
      {session && client ? (
        rights && (known || home) ? (
          <Screen session={session} client={client} rights={rights} />
        ) : (
          <p class="loading">{text.t('loading')}</p>
        )
      ) : resuming ? (
        <p class="loading">{text.t('loading')}</p>
      ) : (
        <SignIn
          notice={expired ? text.t('sessionExpired') : undefined}
          onSignedIn={(signedIn) => {
            setExpired(false);
            setSession(signedIn);
          }}
        />
      )}
    </I18nContext.Provider>
  );
}
