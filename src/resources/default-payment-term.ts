// The company's default payment term (the one marked `default`), for documents whose customer has none.
import { sql } from 'kysely';
import type { TenantTx } from '../platform/db/tenant.js';
import type { StoredRecord } from './engine/define-resource.js';
import type { PaymentTermDoc } from './payment-terms.js';

export async function defaultPaymentTerm(tx: TenantTx): Promise<StoredRecord<PaymentTermDoc> | undefined> {
  const row = await tx.db
    .selectFrom('payment_terms')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    // sql: a flag inside the JSON document
    .where(sql<boolean>`(doc->>'default')::boolean`)
    .limit(1)
    .executeTakeFirst();
  return row as StoredRecord<PaymentTermDoc> | undefined;
}
