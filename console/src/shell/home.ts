// What the signed-in user may use, from GET /v2/auth/permissions (the rights the routes apply): the screens
// the navigation offers (nav.tsx), and the start page: the planning board for a dispatcher (writes every
// user's jobs), the approval queue for a manager who approves but does not plan, the crew view for whoever has
// jobs of their own, else the first office screen they may open.
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import { type Rights, reads, writes } from '../lib/rights.js';

export type { Rights };

/** The caller's rights; none when they cannot be read (then no office screen is offered). */
export async function rightsOf(client: CrewbaseClient): Promise<Rights> {
  try {
    return (await client.call('auth.getPermissions')).permissions as Rights;
  } catch {
    return {};
  }
}

/** The areas whose requests the approvals screen decides, each a section of its own. */
export const APPROVAL_AREAS = ['absences', 'timeTracking', 'materialOrders'] as const;

/** Which rights each path needs. */
export const SCREEN_RIGHTS: Record<string, (rights: Rights) => boolean> = {
  '/app/board': (rights) => writes(rights, 'jobs'),
  '/app/approvals': (rights) => APPROVAL_AREAS.some((area) => writes(rights, area)),
  '/app/customers': (rights) => reads(rights, 'customers'),
  '/app/people': (rights) => writes(rights, 'users'),
  '/app/assignments': (rights) => writes(rights, 'assignments'),
  '/app/invoices': (rights) => reads(rights, 'invoicing'),
  // The crew view lists the user's own jobs: nothing to show (only refusals) without reading jobs.
  '/app/crew': (rights) => reads(rights, 'jobs', 'own'),
};

export const mayOpen = (rights: Rights, path: string) => SCREEN_RIGHTS[path]?.(rights) ?? true;

/** The start page, in this order of preference; the crew view when nothing fits (it then says so itself). */
const START_PAGES = [
  '/app/board',
  '/app/approvals',
  '/app/crew',
  '/app/invoices',
  '/app/customers',
  '/app/people',
  '/app/assignments',
];

export const homeFor = (rights: Rights) => START_PAGES.find((path) => mayOpen(rights, path)) ?? '/app/crew';
