// What the signed-in user may use, from GET /v2/auth/permissions (the rights the routes apply): the start
// page (the planning board for a user who may change every user's jobs, a dispatcher; the crew view for
// everyone else) and the office screens the navigation offers (nav.tsx).
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';

type Level = 'none' | 'own' | 'all';
export type Rights = Record<string, { read?: Level; write?: Level } | undefined>;

/** The caller's rights; none when they cannot be read (then only the crew view is offered). */
export async function rightsOf(client: CrewbaseClient): Promise<Rights> {
  try {
    return (await client.call('auth.getPermissions')).permissions as Rights;
  } catch {
    return {};
  }
}

const writesAll = (rights: Rights, area: string) => rights[area]?.write === 'all';
const readsAll = (rights: Rights, area: string) => rights[area]?.read === 'all';

/** Which screen each office path needs; the crew view needs nothing. */
export const SCREEN_RIGHTS: Record<string, (rights: Rights) => boolean> = {
  '/app/board': (rights) => writesAll(rights, 'jobs'),
  '/app/approvals': (rights) => ['absences', 'timeTracking', 'materialOrders'].some((area) => writesAll(rights, area)),
  '/app/customers': (rights) => readsAll(rights, 'customers'),
  '/app/people': (rights) => writesAll(rights, 'users'),
  '/app/assignments': (rights) => writesAll(rights, 'assignments'),
  '/app/invoices': (rights) => readsAll(rights, 'invoicing'),
};

export const mayOpen = (rights: Rights, path: string) => SCREEN_RIGHTS[path]?.(rights) ?? true;

export const homeFor = (rights: Rights) => (mayOpen(rights, '/app/board') ? '/app/board' : '/app/crew');
