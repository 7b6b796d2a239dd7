// Partial invoices (Abschlagsrechnungen) and the final invoice (Schlussrechnung) that settles them:
// the final invoice bills the whole work, names the partial invoices it settles (BG-3 preceding
// invoice references), deducts their gross as prepaid (BT-113) and asks for the rest (BT-115).
import { sql } from 'kysely';
import type { TenantTx } from '../../../platform/db/tenant.js';
import { Conflict, fieldError } from '../../../platform/http/errors.js';
import { toAmount, toCents } from '../../../platform/money.js';

export const INVOICE_TYPES = ['standard', 'partial', 'final'] as const;
export const MAX_PARTIAL_INVOICES = 50;
const ISSUED = ['issued', 'partially_paid', 'paid'];

/** The final invoices (not cancelled, other than `exceptId`) that settle any of these partial invoices. */
// sql: the partial invoice ids are elements of a JSON array, expanded by a set-returning function.
export async function settlingFinalInvoices(tx: TenantTx, partialIds: string[], exceptId = '') {
  if (!partialIds.length) return [];
  return (
    await sql<{ id: string; document_number: string | null; partial: string }>`
    SELECT i.id, i.document_number, p.partial FROM invoices i, jsonb_array_elements_text(i.doc->'partialInvoiceIds') AS p(partial)
    WHERE i.company_id = ${tx.companyId} AND i.doc->>'invoiceType' = 'final' AND i.state <> 'cancelled'
      AND i.id <> ${exceptId} AND p.partial IN (${sql.join(partialIds)})`.execute(tx.db)
  ).rows;
}

/** What a final invoice reads of the partial invoices it settles. */
interface PartialInvoiceDoc {
  invoiceType?: string;
  documentNumber?: string;
  documentDate?: string;
  grossAmount: number;
}

/**
 * The final invoice's prepaid amount, amount due and references; 400 for a reference that is not a
 * partial invoice of the same customer, 409 for one not issued (a draft, cancelled) or settled by
 * another final invoice already.
 */
export async function finalInvoiceFields(
  tx: TenantTx,
  doc: { invoiceType?: unknown; partialInvoiceIds?: unknown; customerId: string },
  grossCents: number,
  selfId?: string,
) {
  const ids = (doc.partialInvoiceIds ?? []) as string[]; // validated by the invoice schema
  if ((doc.invoiceType ?? 'standard') !== 'final') {
    if (ids.length)
      throw fieldError('partialInvoiceIds', 'only a final invoice (invoiceType final) settles partial invoices');
    return {};
  }
  if (!ids.length) throw fieldError('partialInvoiceIds', 'a final invoice names the partial invoices it settles');
  const rows = (
    await tx.db
      .selectFrom('invoices')
      .select(['id', 'customer_id', 'state', 'doc'])
      .where('company_id', '=', tx.companyId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute()
  ).map((row) => ({ ...row, doc: row.doc as unknown as PartialInvoiceDoc }));
  const settledElsewhere = await settlingFinalInvoices(tx, ids, selfId);
  let prepaidCents = 0;
  const partialInvoices = ids.map((id, i) => {
    const at = `partialInvoiceIds.${i}`;
    const partial = rows.find((r) => r.id === id);
    if (ids.indexOf(id) !== i) throw fieldError(at, 'is named twice');
    if (!partial) throw fieldError(at, 'no such invoice');
    if (partial.doc.invoiceType !== 'partial') throw fieldError(at, 'is not a partial invoice (invoiceType partial)');
    if (partial.customer_id !== doc.customerId) throw fieldError(at, 'is an invoice of another customer');
    if (!ISSUED.includes(partial.state))
      throw Conflict(`${at}: the partial invoice is ${partial.state}; only issued partial invoices are settled`);
    const other = settledElsewhere.find((r) => r.partial === id);
    if (other)
      throw Conflict(
        `${at}: the partial invoice ${partial.doc.documentNumber} is settled by the final invoice ${other.document_number ?? other.id} already`,
      );
    prepaidCents += toCents(partial.doc.grossAmount);
    return { number: partial.doc.documentNumber as string, date: partial.doc.documentDate as string };
  });
  return { prepaidAmount: toAmount(prepaidCents), amountDue: toAmount(grossCents - prepaidCents), partialInvoices };
}
