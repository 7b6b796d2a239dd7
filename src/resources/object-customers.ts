// The objects with their customer, as a mail to the customers of some objects needs them, so that
// only the master data names the objects and customers tables.
import { sql } from 'kysely';
import type { TenantTx } from '../platform/db/tenant.js';

export interface ObjectCustomer {
  object_id: string;
  object_name: string | null;
  customer_id: string;
  customer_name: string | null;
  customer_email: string | null;
}

/** These objects that have a customer of the company, with the customer's name and contact e-mail, by object id. */
export async function objectCustomers(tx: TenantTx, objectIds: string[]): Promise<Map<string, ObjectCustomer>> {
  if (objectIds.length === 0) return new Map();
  // sql: the join and the fields are in the JSON documents.
  const { rows } = await sql<ObjectCustomer>`SELECT o.id AS object_id, o.doc->>'name' AS object_name,
      c.id AS customer_id, c.doc->>'name' AS customer_name, c.doc->'contact'->>'email' AS customer_email
    FROM objects o JOIN customers c ON c.company_id = o.company_id AND c.id = o.doc->>'customerId'
    WHERE o.company_id = ${tx.companyId} AND o.id = ANY(${sql.val(objectIds)}::text[])`.execute(tx.db);
  return new Map(rows.map((r) => [r.object_id, r]));
}
