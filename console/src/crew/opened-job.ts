// A tapped notification opens /app/crew#job-<id> (sw.ts): once the jobs are shown, that job's card is scrolled
// into view, marked and focused, so a screen reader says which job it is. Also when the app was open already
// (the service worker navigates it to the new hash).
import { useEffect } from 'preact/hooks';

const JOB_HASH = /^#job-([A-Za-z0-9_-]{1,64})$/;

function showOpenedJob() {
  const id = JOB_HASH.exec(location.hash)?.[1];
  const card = id && document.querySelector<HTMLElement>(`li.job[data-job-id="${id}"]`);
  if (!card) return;
  for (const other of document.querySelectorAll('li.job.opened')) other.classList.remove('opened');
  card.classList.add('opened');
  card.tabIndex = -1;
  card.scrollIntoView({ block: 'center' });
  card.focus({ preventScroll: true });
}

/** `shown`: the jobs are on the page (not while loading). */
export function useOpenedJob(shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    showOpenedJob();
    addEventListener('hashchange', showOpenedJob);
    return () => removeEventListener('hashchange', showOpenedJob);
  }, [shown]);
}
