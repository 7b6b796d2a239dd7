// Finding on the board: the first row or job matching a search, the grid's arrow-key focus (one Tab stop for
// the whole grid, arrows move between jobs and cells), and a user's contract hours for the shown days.
import type { Job, User } from '../../../clients/typescript/src/api-types.js';
import { rowOf } from './board-model.js';

/** The first match in the rows' order: a person by name, else a job by object name or title. */
export function findFirst(
  text: string,
  rows: Array<{ id: string; name: string }>,
  jobs: Job[],
  objectNames: Record<string, string>,
): { rowId: string; jobId: string } | undefined {
  const q = text.trim().toLocaleLowerCase();
  const has = (value: string | null | undefined) => Boolean(value?.toLocaleLowerCase().includes(q));
  const person = rows.find((row) => row.id && has(row.name));
  if (person) return { rowId: person.id, jobId: '' };
  const order = new Map(rows.map((row, i) => [row.id, i]));
  const found = jobs
    .filter((job) => !job.replacementJobId && (has(job.objectId && objectNames[job.objectId]) || has(job.title)))
    .sort(
      (a, b) => (order.get(rowOf(a)) ?? 0) - (order.get(rowOf(b)) ?? 0) || (a.from ?? '').localeCompare(b.from ?? ''),
    )[0];
  return found && { rowId: rowOf(found), jobId: found._id };
}

const WEEKDAYS = [
  ['mo', 'monday', '1'],
  ['tu', 'tuesday', '2'],
  ['we', 'wednesday', '3'],
  ['th', 'thursday', '4'],
  ['fr', 'friday', '5'],
  ['sa', 'saturday', '6'],
  ['su', 'sunday', '7'],
];

/**
 * The hours the user's contract gives for a week (contract.dailyWorkingHours, keys mo..su as the server's
 * pay rules read them), or undefined without them; the day view shows no contract figure.
 */
export function contractHours(user: User, days: number): number | undefined {
  const daily = (user as { contract?: { dailyWorkingHours?: Record<string, unknown> } }).contract?.dailyWorkingHours;
  if (days !== 7 || !daily || typeof daily !== 'object') return undefined;
  let sum = 0;
  for (const keys of WEEKDAYS) {
    const key = Object.keys(daily).find((k) => keys.includes(k.toLowerCase()));
    const value = key === undefined ? undefined : daily[key];
    if (typeof value === 'number' && value >= 0 && value <= 24) sum += value;
  }
  return sum > 0 ? sum : undefined;
}

const FOCUSABLE = 'button';

/**
 * Arrow keys in the grid (when no job is being moved): left and right go to the previous or next job or
 * "+" of the row, up and down to the same day in the row above or below. The focused one becomes the grid's
 * single Tab stop (roving tabindex).
 */
export function gridKeys(event: KeyboardEvent) {
  const from = event.target as HTMLElement;
  const cell = from.closest('td');
  const row = from.closest<HTMLElement>('tr[data-index]');
  if (!cell || !row || !from.matches(FOCUSABLE)) return;
  let to: HTMLElement | null | undefined;
  if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
    const all = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)];
    to = all[all.indexOf(from) + (event.key === 'ArrowLeft' ? -1 : 1)];
  } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
    const next = Number(row.dataset.index) + (event.key === 'ArrowUp' ? -1 : 1);
    const target = row.parentElement?.querySelector(`tr[data-index="${next}"]`);
    const day = [...row.children].indexOf(cell);
    to = target?.children[day]?.querySelector<HTMLElement>(FOCUSABLE);
  } else return;
  event.preventDefault();
  if (!to) return;
  for (const element of row.closest('tbody')?.querySelectorAll<HTMLElement>('[tabindex="0"]') ?? [])
    element.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}
