// The billing documents the screen lists, the states it filters by, and each state's text key.
import type { Key } from '../../lib/i18n.js';

export type DocKind = 'invoices' | 'offers';
export const STATES: Record<DocKind, string[]> = {
  invoices: ['draft', 'issued', 'partially_paid', 'paid', 'cancelled'],
  offers: ['draft', 'issued', 'accepted', 'declined'],
};
export const stateKey = (state: string | null) => `ofDocState_${state ?? 'draft'}` as Key;
