// What a document freezes when it is issued besides the seller: the customer as buyer, the
// service address (its object) and the payment term (its own, the customer's, the company default).
import type { TenantTx } from '../../../platform/db/tenant.js';
import { defaultPaymentTerm } from '../../../resources/default-payment-term.js';
import type { customers } from '../../../resources/customers.js';
import type { DocOf, StoredRecord } from '../../../resources/engine/define-resource.js';
import { findRecord } from '../../../resources/engine/resource-store.js';
import { objects } from '../../../resources/objects.js';
import { paymentTerms } from '../../../resources/payment-terms.js';

/** A customer's record, as findRecord reads it. */
export type CustomerRecord = StoredRecord<DocOf<typeof customers.schema>>;

/** The customer as the buyer of a document, frozen at issue. */
export function buyerOf(customer: CustomerRecord, doc: { buyerReference?: string; orderReferenceId?: string }) {
  const c = customer.doc;
  return {
    customerId: customer.id,
    number: Number(customer.number),
    name: c.name,
    contactPerson: c.contactPerson,
    address: c.address ?? {},
    email: c.invoiceDelivery?.email ?? c.contact?.email, // the billing address: the e-invoice's electronic address (BT-49)
    vatNumber: c.vatNumber,
    debitorNumber: c.debitorNumber ?? String(customer.number),
    buyerReference: doc.buyerReference ?? c.buyerReference,
    orderReferenceId: doc.orderReferenceId ?? c.orderReferenceId,
  };
}

/** The service address (BG-13/BG-15): the document's object, frozen at issue. */
export async function deliveryOf(tx: TenantTx, doc: { objectId?: string }) {
  const object = doc.objectId ? await findRecord(tx, objects, doc.objectId) : undefined;
  if (!object?.doc.address) return undefined;
  const { street, zip, city, country } = object.doc.address;
  return { name: object.doc.name, address: { street, zip, city, country } };
}

export async function paymentTermOf(
  tx: TenantTx,
  doc: { paymentTermId?: string },
  customer: CustomerRecord,
  defaultDays: number,
) {
  const id = doc.paymentTermId ?? customer.doc.paymentTermId;
  const term = id ? await findRecord(tx, paymentTerms, id) : await defaultPaymentTerm(tx);
  if (!term) return { name: `${defaultDays} Tage netto`, netDays: defaultDays };
  return {
    id: term.id,
    name: term.doc.name,
    netDays: term.doc.netDays,
    skontoPercentage: term.doc.skontoPercentage,
    skontoDays: term.doc.skontoDays,
  };
}
