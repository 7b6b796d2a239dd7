// Calendar dates (YYYY-MM-DD) of documents: due dates, skonto and dunning deadlines.
import type { TenantTx } from '../../../platform/db/tenant.js';
import { loadTimeAndPaySettings } from '../../pay/index.js';
import { utcToLocal } from '../../../platform/time/zoned-time.js';

/** Today in the company's time zone. */
export async function companyToday(tx: TenantTx): Promise<string> {
  const { timeZone } = await loadTimeAndPaySettings(tx);
  return new Date(utcToLocal(timeZone, Date.now())).toISOString().slice(0, 10);
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
