// Issuing a document (gapless number, seller and buyer frozen into it), cancelling an invoice by
// a cancellation document that mirrors it, and accepting or declining an offer.
import type { Database } from '../../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import { newObjectId } from '../../../platform/ids.js';
import type { Resource, StoredRecord } from '../../../resources/engine/define-resource.js';
import { findRecord, insertRecord, nextNumber, updateRecord } from '../../../resources/engine/resource-store.js';
import { createRecord } from '../../../resources/engine/resource-service.js';
import { customers } from '../../../resources/customers.js';
import { invoices, invoiceStornos } from './billing-documents.js';
import type { BillingDoc, BillingResource, DocumentKind, Position } from './document-schema.js';
import { totalsOf } from './document-totals.js';
import { fixedAllowanceCharges, type StoredAllowanceCharge } from './allowances-charges.js';
import { settlingFinalInvoices } from './partial-invoices.js';
import { creditedCentsOf, settleInvoice } from '../payments/settlement.js';
import { nextDocumentNumber } from './document-number.js';
import { loadInvoicingSettings } from '../invoicing-settings.js';
import { assertCompleteData } from '../rules/required-data.js';
import { buyerOf, deliveryOf, paymentTermOf } from './issue-facts.js';
import { addDays, companyToday } from './dates.js';

/** A credit note names an issued invoice of its own customer (409 for a draft or cancelled one, 400 for another customer's). */
function assertCreditable(invoice: StoredRecord<BillingDoc>, customerId: string) {
  if (invoice.doc.customerId !== customerId) throw fieldError('creditedInvoiceId', 'is an invoice of another customer');
  if (!['issued', 'partially_paid', 'paid'].includes(invoice.doc.state))
    throw Conflict(`The credited invoice is ${invoice.doc.state}; a credit note names an issued invoice`);
}

/** An amount of a cancellation: the invoice's, negated (0 stays 0, not −0). */
const negate = (amount: number) => (amount === 0 ? 0 : -amount);

export function documentLifecycle(deps: { database: Database }) {
  function requireWriter(ctx: RequestContext) {
    requireLevel(ctx, 'invoicing', 'write');
  }

  async function load(tx: TenantTx, resource: BillingResource, id: string) {
    const record = await findRecord(tx, resource, id, { forUpdate: true });
    if (!record) throw NotFound(resource.name, id);
    return record;
  }

  async function issue(ctx: RequestContext, resource: BillingResource, kind: DocumentKind, id: string) {
    requireWriter(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await load(tx, resource, id);
      if (record.doc.state !== 'draft') throw Conflict(`The ${resource.name} is ${record.doc.state} already`);
      if (
        !record.doc.positions.some((p: { type?: string; isOptional?: boolean }) => p.type !== 'TEXT' && !p.isOptional)
      ) {
        throw Conflict(`A ${resource.name} needs at least one counted position with an amount`);
      }
      const credited = record.doc.creditedInvoiceId
        ? await findRecord(tx, invoices, record.doc.creditedInvoiceId, { forUpdate: true })
        : undefined;
      if (credited) assertCreditable(credited, record.doc.customerId);
      const settings = await loadInvoicingSettings(tx);
      const customer = await findRecord(tx, customers, record.doc.customerId);
      if (!customer) throw Conflict('The customer no longer exists');
      const documentDate = record.doc.documentDate ?? (await companyToday(tx));
      const term = await paymentTermOf(tx, record.doc, customer, settings.defaultPaymentDays);
      const delivery = await deliveryOf(tx, record.doc);
      const frozen = {
        ...record.doc,
        seller: settings.seller,
        buyer: buyerOf(customer, record.doc),
        ...(delivery ? { delivery } : {}),
      };
      // Before a number is drawn: a document the e-invoice rules would reject is never issued.
      assertCompleteData(frozen, kind, 'issued');
      const documentNumber = await nextDocumentNumber(tx, kind, settings.numberFormats[kind], documentDate);
      const doc = {
        ...frozen,
        // A confirmation, once numbered, is out to the customer (by mail or on paper).
        state: kind === 'assignmentconfirmation' ? 'sent' : 'issued',
        documentNumber,
        documentDate,
        issuedAt: new Date().toISOString(),
        paymentTerm: term,
        ...(credited?.doc.documentNumber
          ? { creditedInvoiceNumber: credited.doc.documentNumber, creditedInvoiceDate: credited.doc.documentDate }
          : {}),
        ...(kind === 'invoice'
          ? {
              dueDate: addDays(documentDate, term.netDays),
              paidAmount: 0,
              openAmount: record.doc.amountDue ?? record.doc.grossAmount,
            }
          : {}),
      };
      await updateRecord(tx, resource, id, { doc, userId: ctx.userId });
      // The credit note takes its amount off the invoice it names (open amount, state, dunning).
      if (credited) await settleInvoice(tx, ctx, credited.id);
      return { _id: id, documentNumber };
    });
  }

  /** Cancels an issued invoice: a cancellation document mirrors its positions and amounts. */
  async function cancel(ctx: RequestContext, invoicesResource: BillingResource, id: string) {
    requireWriter(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const invoice = await load(tx, invoicesResource, id);
      if (!['issued', 'partially_paid'].includes(invoice.doc.state))
        throw Conflict(`A ${invoice.doc.state} invoice cannot be cancelled`);
      if (Number(invoice.paid_cents) !== 0)
        throw Conflict('The invoice has payments; book a credit instead of cancelling it');
      if ((await creditedCentsOf(tx, id)) !== 0)
        throw Conflict('The invoice has credit notes; book a further credit note instead of cancelling it');
      const [settledBy] = await settlingFinalInvoices(tx, [id]);
      if (settledBy)
        throw Conflict(
          `The partial invoice is settled by the final invoice ${settledBy.document_number ?? settledBy.id}; cancel or change that first`,
        );
      const settings = await loadInvoicingSettings(tx);
      const documentDate = await companyToday(tx);
      const positions = (invoice.doc.positions as Position[]).map((p) =>
        p.type === 'TEXT' ? p : { ...p, quantity: -p.quantity },
      );
      // Allowances and charges are mirrored with their amounts negated, as they stand (no percent recomputed).
      const allowancesCharges = (invoice.doc.allowancesCharges as StoredAllowanceCharge[] | undefined)?.map(
        ({ computed: _c, ...ac }) => ({
          ...ac,
          amount: negate(ac.amount),
          ...(ac.baseAmount !== undefined ? { baseAmount: negate(ac.baseAmount) } : {}),
        }),
      );
      const totals = totalsOf(positions, fixedAllowanceCharges(allowancesCharges));
      const stornoId = newObjectId();
      const documentNumber = await nextDocumentNumber(
        tx,
        'invoicestorno',
        settings.numberFormats.invoicestorno,
        documentDate,
      );
      const { stornoId: _s, paidAmount: _p, openAmount: _o, dueDate: _d, ...base } = invoice.doc;
      await insertRecord(tx, invoiceStornos, {
        id: stornoId,
        number: await nextNumber(tx, invoiceStornos.collection),
        userId: ctx.userId,
        chatId: newObjectId(),
        doc: {
          ...base,
          positions,
          ...(allowancesCharges ? { allowancesCharges } : {}),
          ...totals.fields,
          ...(base.prepaidAmount !== undefined && base.amountDue !== undefined
            ? { prepaidAmount: negate(base.prepaidAmount), amountDue: negate(base.amountDue) }
            : {}),
          state: 'issued',
          documentNumber,
          documentDate,
          issuedAt: new Date().toISOString(),
          invoiceId: id,
          invoiceNumber: invoice.doc.documentNumber,
          invoiceDate: invoice.doc.documentDate,
          title: `Storno ${invoice.doc.documentNumber}`,
        },
        columns: { gross_cents: totals.cents.grossCents },
      });
      await updateRecord(tx, invoicesResource, id, { doc: { ...invoice.doc, stornoId }, userId: ctx.userId });
      // The open item with the cancellation off: cancelled, nothing open.
      await settleInvoice(tx, ctx, id);
      return { _id: stornoId, documentNumber };
    });
  }

  async function decide(
    ctx: RequestContext,
    offersResource: BillingResource,
    id: string,
    decision: 'accepted' | 'declined',
  ) {
    requireWriter(ctx);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const offer = await load(tx, offersResource, id);
      if (offer.doc.state !== 'issued')
        throw Conflict(`Only an issued offer can be ${decision}; this one is ${offer.doc.state}`);
      const at = new Date().toISOString();
      await updateRecord(tx, offersResource, id, {
        doc: { ...offer.doc, state: decision, ...(decision === 'accepted' ? { acceptedAt: at } : { declinedAt: at }) },
        userId: ctx.userId,
      });
    });
  }

  /** An accepted offer becomes a draft invoice (its counted positions) or an assignment (billing them each month). */
  async function convertOffer(
    ctx: RequestContext,
    offersResource: BillingResource,
    target: Resource,
    id: string,
    extra: Record<string, unknown>,
  ) {
    requireWriter(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const offer = await load(tx, offersResource, id);
      if (offer.doc.state !== 'accepted')
        throw Conflict(`Only an accepted offer is turned into a ${target.name}; this one is ${offer.doc.state}`);
      const positions = (offer.doc.positions as Position[]).filter((p) => !p.isOptional);
      const body =
        target.collection === 'invoices'
          ? {
              customerId: offer.doc.customerId,
              ...(offer.doc.objectId ? { objectId: offer.doc.objectId } : {}),
              title: offer.doc.title ?? offer.doc.documentNumber,
              positions,
              // Percent amounts are recomputed by the invoice from its (the offer's counted) lines.
              ...(offer.doc.allowancesCharges?.length ? { allowancesCharges: offer.doc.allowancesCharges } : {}),
            }
          : {
              ...extra,
              customerId: offer.doc.customerId,
              title: offer.doc.title ?? offer.doc.documentNumber,
              billing: { type: 'MANUAL', positions },
            };
      const { _id } = await createRecord(tx, ctx, target, body);
      await updateRecord(tx, offersResource, id, {
        doc: { ...offer.doc, [target.collection === 'invoices' ? 'invoiceId' : 'assignmentId']: _id },
        userId: ctx.userId,
      });
      return { _id };
    });
  }

  return { issue, cancel, decide, convertOffer };
}
