// The billing documents the screen lists, the states it filters by, and each state's text. The states are the
// server's (src/modules/invoicing/document-schema.ts DOCUMENT_STATES; overdue is computed from the due date), and a
// unit test checks each has a text in both languages; a state added later shows as it is rather than breaking the list.
import type { I18n, Key } from '../../lib/i18n.js';
import { en } from '../../lib/messages/en.js';

export type DocKind = 'invoices' | 'offers';
export const STATES: Record<DocKind, string[]> = {
  invoices: ['draft', 'issued', 'overdue', 'partially_paid', 'paid', 'cancelled'],
  offers: ['draft', 'issued', 'accepted', 'declined'],
};
export const stateKey = (state: string | null | undefined) => `ofDocState_${state ?? 'draft'}`;

/** The state in words; an unknown state as the API wrote it. */
export function stateText(t: I18n['t'], state: string | null | undefined): string {
  const key = stateKey(state);
  return key in en ? t(key as Key) : (state ?? '');
}

/** The CSS class of a state's badge (letters and _ only, so an odd state cannot break the class list). */
export const stateClass = (state: string | null | undefined) => `state doc-${(state ?? 'draft').replace(/\W/g, '')}`;
