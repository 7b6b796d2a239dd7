// Assignment confirmations (Auftragsbestätigungen): made from an accepted offer or from an
// assignment, numbered and frozen like the other documents when issued (state `sent`), confirmed by
// the customer's signature or by the office. Also what signing does to an offer and a confirmation.
import type { Database } from '../../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../../platform/db/tenant.js';
import { Conflict, NotFound } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import type { StoredRecord } from '../../../resources/engine/define-resource.js';
import { createRecord } from '../../../resources/engine/resource-service.js';
import { findRecord, updateRecord } from '../../../resources/engine/resource-store.js';
import { objects } from '../../../resources/objects.js';
import { loadTimeAndPaySettings } from '../../pay/index.js';
import { assignments } from '../../scheduling/index.js';
import { assignmentConfirmations, offers } from './billing-documents.js';
import { assignmentPositions } from './billing-run.js';
import type { BillingDoc, BillingReadOnlyFields, BillingSchema, Position } from './document-schema.js';
import type { Signature, SigningTarget } from '../signing/signing-links.js';

const DEFAULT_TAX = 0.19;

/** Fields of a document the customer does not see through a link: ids, the office's mail log. */
const INTERNAL = [
  'customerId',
  'objectId',
  'assignmentId',
  'offerId',
  'templateId',
  'paymentTermId',
  'invoiceId',
  'assignmentConfirmationId',
  'sendings',
];
const customerView = (record: StoredRecord<BillingDoc>) =>
  Object.fromEntries(Object.entries(record.doc).filter(([key]) => !INTERNAL.includes(key)));

/** The signature as stored on a document, with the company's time zone the PDF prints the time in. */
async function documentSignature(tx: TenantTx, signature: Signature) {
  const { timeZone } = await loadTimeAndPaySettings(tx);
  return { ...signature, timeZone };
}

/** Signing an offer is accepting it: only an issued offer, not past validUntil. */
export const offerSigning: SigningTarget<BillingSchema, BillingReadOnlyFields> = {
  resource: offers,
  refusal: (doc) => {
    if (doc.state !== 'issued') return `Only an issued offer can be signed; this one is ${doc.state}`;
    if (doc.validUntil && doc.validUntil < new Date().toISOString().slice(0, 10))
      return `The offer was valid until ${doc.validUntil}`;
    return undefined;
  },
  view: customerView,
  signed: async (tx, doc, signature) => ({
    ...doc,
    state: 'accepted',
    acceptedAt: signature.signedAt,
    signature: await documentSignature(tx, signature),
  }),
};

/** Signing a sent confirmation confirms it. */
export const confirmationSigning: SigningTarget<BillingSchema, BillingReadOnlyFields> = {
  resource: assignmentConfirmations,
  refusal: (doc) =>
    doc.state === 'sent' ? undefined : `Only a sent assignment confirmation can be signed; this one is ${doc.state}`,
  view: customerView,
  signed: async (tx, doc, signature) => ({
    ...doc,
    state: 'confirmed',
    confirmedAt: signature.signedAt,
    signature: await documentSignature(tx, signature),
  }),
};

export function assignmentConfirmationService(deps: { database: Database }) {
  const writer = (ctx: RequestContext) => requireLevel(ctx, 'invoicing', 'write');

  /** A draft confirmation of an accepted offer: its customer, object, texts and counted positions. */
  async function fromOffer(ctx: RequestContext, offerId: string) {
    writer(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const offer = await findRecord(tx, offers, offerId, { forUpdate: true });
      if (!offer) throw NotFound(offers.name, offerId);
      if (offer.doc.state !== 'accepted')
        throw Conflict(`Only an accepted offer is confirmed; this one is ${offer.doc.state}`);
      const existing = offer.doc.assignmentConfirmationId
        ? await findRecord(tx, assignmentConfirmations, offer.doc.assignmentConfirmationId)
        : undefined;
      if (existing) throw Conflict(`The offer is confirmed already by ${offer.doc.assignmentConfirmationId}`);
      const d = offer.doc;
      const copied = [
        'objectId',
        'assignmentId',
        'servicePeriod',
        'paymentTermId',
        'introText',
        'closingText',
        'buyerReference',
        'orderReferenceId',
      ].filter((key) => d[key] !== undefined);
      const { _id, number } = await createRecord(tx, ctx, assignmentConfirmations, {
        customerId: d.customerId,
        ...Object.fromEntries(copied.map((key) => [key, d[key]])),
        title: d.title ?? `Auftragsbestätigung zu Angebot ${d.documentNumber}`,
        positions: (d.positions as Position[]).filter((p) => !p.isOptional),
        ...(d.allowancesCharges?.length ? { allowancesCharges: d.allowancesCharges } : {}),
        offerId,
      });
      await updateRecord(tx, offers, offerId, {
        doc: { ...d, assignmentConfirmationId: _id },
        userId: ctx.userId,
      });
      return { _id, number };
    });
  }

  /**
   * A draft confirmation of an assignment: its customer (else its object's), object and title; its
   * billing positions, and with an hourly billing rate one position of the rate per hour.
   */
  async function fromAssignment(ctx: RequestContext, assignmentId: string) {
    writer(ctx);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const assignment = await findRecord(tx, assignments, assignmentId);
      if (!assignment) throw NotFound('assignment', assignmentId);
      const doc = assignment.doc;
      const object = doc.objectId ? await findRecord(tx, objects, doc.objectId) : undefined;
      const customerId = doc.customerId ?? object?.doc.customerId;
      if (!customerId) throw Conflict("The assignment has no customer (neither its own nor its object's)");
      const positions: Array<ReturnType<typeof assignmentPositions>[number]> = assignmentPositions(doc);
      const quota = doc.quota ?? {};
      if (quota.billingRateEnabled && quota.billingRateCalculation === 'hourly' && quota.billingRateAmount)
        positions.push({
          title: `Stundensatz ${doc.title ?? ''}`.trim(),
          description: 'Abrechnung nach geleisteten Stunden',
          quantity: 1,
          unit: 'h',
          price: quota.billingRateAmount,
          tax: DEFAULT_TAX,
        });
      if (!positions.some((p) => p.type !== 'TEXT'))
        throw Conflict('The assignment has no billing positions and no hourly rate to confirm');
      return createRecord(tx, ctx, assignmentConfirmations, {
        customerId,
        ...(doc.objectId ? { objectId: doc.objectId } : {}),
        assignmentId,
        title: doc.title ?? 'Auftragsbestätigung',
        positions,
      });
    });
  }

  /** The office confirms a sent confirmation (the customer said yes without signing through a link). */
  async function confirm(ctx: RequestContext, id: string) {
    writer(ctx);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await findRecord(tx, assignmentConfirmations, id, { forUpdate: true });
      if (!record) throw NotFound(assignmentConfirmations.name, id);
      if (record.doc.state !== 'sent')
        throw Conflict(`Only a sent assignment confirmation is confirmed; this one is ${record.doc.state}`);
      await updateRecord(tx, assignmentConfirmations, id, {
        doc: { ...record.doc, state: 'confirmed', confirmedAt: new Date().toISOString() },
        userId: ctx.userId,
      });
    });
  }

  return { fromOffer, fromAssignment, confirm };
}
