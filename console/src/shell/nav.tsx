// The office's screens, linked in the header. Moving between them keeps the page (and the session, which
// lives in memory only): the address changes by history.pushState and the shell re-renders on popstate.
import type { Key } from '../lib/i18n.js';
import { useI18n } from '../lib/i18n.js';

export const NAV: ReadonlyArray<{ path: string; label: Key }> = [
  { path: '/app/board', label: 'navBoard' },
  { path: '/app/approvals', label: 'navApprovals' },
  // the approvals screen
  { path: '/app/customers', label: 'navCustomers' },
  { path: '/app/people', label: 'navPeople' },
  { path: '/app/assignments', label: 'navAssignments' },
  { path: '/app/invoices', label: 'navInvoices' },
  // the master data and billing screens
  { path: '/app/crew', label: 'navCrew' },
];

/** Shows another screen without loading the page again. */
export function navigate(path: string) {
  if (location.pathname === path) return;
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The screens the user may use (home.ts mayOpen); none when the crew view is all there is. */
export function Nav({ current, allowed }: { current: string; allowed: (path: string) => boolean }) {
  const { t } = useI18n();
  const entries = NAV.filter((entry) => allowed(entry.path));
  if (entries.length < 2) return null;
  return (
    <nav class="nav" aria-label={t('navigation')}>
      {entries.map((entry) => (
        <a
          key={entry.path}
          href={entry.path}
          aria-current={entry.path === current ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            navigate(entry.path);
          }}
        >
          {t(entry.label)}
        </a>
      ))}
    </nav>
  );
}
