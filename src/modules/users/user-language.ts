// The language a user is written to in (SMS codes, pushes): their `general.language`, English when unset.
import type { TenantTx } from '../../platform/db/tenant.js';
import { type Language, languageOf } from '../../platform/texts/texts.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { users } from './users-resource.js';

export async function languageOfUser(tx: TenantTx, userId: string): Promise<Language> {
  const record = await findRecord(tx, users, userId);
  return languageOf((record?.doc as { general?: { language?: unknown } } | undefined)?.general?.language);
}
