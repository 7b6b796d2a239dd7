// Invoices, offers, credits and cancellations share one shape: a customer, positions with the
// spec's billing-position fields, and totals computed by rules/invoice-totals.ts. A draft can be
// changed; issuing numbers it and freezes it (document-lifecycle.ts).
import { type Static, Type } from 'typebox';
import { Conflict, fieldError } from '../../platform/http/errors.js';
import { dateRangeFilter, idsFilter, valuesFilter } from '../../platform/http/named-filters.js';
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { defineResource, type Resource } from '../../resources/engine/define-resource.js';
import { freeObject, list, objectId, opt, productId, text } from '../../resources/engine/fields.js';
import { toAmount, toCents } from '../../platform/money.js';
import { invoiceTotals, type AllowanceCharge, type VatCategory } from './rules/invoice-totals.js';
import {
  allowanceChargeInputs,
  allowancesChargesSchema,
  type AllowanceChargeItem,
  storedAllowancesCharges,
  vatCategoryField,
} from './allowances-charges.js';
import { finalInvoiceFields, INVOICE_TYPES, MAX_PARTIAL_INVOICES } from './partial-invoices.js';
import { withTemplate } from './invoice-templates.js';
import type { EntityTableName } from '../../resources/engine/entity-table.js';

export type DocumentKind = 'invoice' | 'offer' | 'credit' | 'invoicestorno';

export const DOCUMENT_STATES: Record<DocumentKind, readonly string[]> = {
  invoice: ['draft', 'issued', 'partially_paid', 'paid', 'overdue', 'cancelled'],
  offer: ['draft', 'issued', 'accepted', 'declined'],
  credit: ['draft', 'issued'],
  invoicestorno: ['issued'],
};

const date = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const decimal4 = (description: string, min: number, max: number) =>
  Type.Number({ minimum: min, maximum: max, description });

/** The spec's billing position (its list key and type discriminator are unnamed there: positions and type). */
export const positionSchema = Type.Object(
  {
    type: opt(
      Type.Union([Type.Literal('INVOICE_POSITION'), Type.Literal('TEXT')], {
        description: 'INVOICE_POSITION (default) or TEXT (a heading, no amounts)',
      }),
    ),
    title: text(500),
    description: opt(text(5000)),
    quantity: decimal4('up to 4 decimals; negative on credits', -1e9, 1e9),
    unit: opt(text(20, { description: 'e.g. h, m², Stk (UN/ECE Rec 20 codes are derived for e-invoices)' })),
    price: decimal4('net unit price, up to 4 decimals', -1e9, 1e9),
    tax: Type.Number({ minimum: 0, maximum: 1, description: 'VAT rate as a fraction (0.19)' }),
    vatCategory: vatCategoryField(),
    taxRate: opt(freeObject(20)),
    discount: opt(decimal4('fraction, 0.1 = 10 %', 0, 1)),
    productId: opt(productId()),
    includedWageCostFactor: opt(Type.Number({ minimum: 0, maximum: 1 })),
    isOptional: opt(Type.Boolean({ description: 'shown, not counted (offers)' })),
    bookingAccountNumber: opt(text(50)),
    skontoBookingAccountNumber: opt(text(50)),
    skontoExcluded: opt(
      Type.Boolean({
        description:
          'not discountable by skonto (e.g. a pass-through cost); the skonto then applies to skontoBaseAmount',
      }),
    ),
  },
  { additionalProperties: false },
);

export type Position = Static<typeof positionSchema>;

const documentSchema = (kind: DocumentKind) =>
  Type.Object({
    customerId: objectId('customers'),
    objectId: opt(objectId('objects')),
    assignmentId: opt(objectId('assignments')),
    title: opt(text(300)),
    documentDate: opt(date()),
    servicePeriod: opt(Type.Object({ from: date(), to: date() }, { additionalProperties: false })),
    positions: list(positionSchema, 1000),
    paymentTermId: opt(objectId('payment_terms')),
    templateId: opt(
      objectId('invoice_templates', {
        description: 'an invoice template whose texts the document takes where it has none',
      }),
    ),
    introText: opt(text(5000)),
    closingText: opt(text(5000)),
    buyerReference: opt(text(200, { description: "Leitweg-ID; the customer's when absent" })),
    orderReferenceId: opt(text(200)),
    allowancesCharges: opt(allowancesChargesSchema()),
    ...(kind === 'invoice'
      ? {
          invoiceType: opt(
            Type.Union(
              INVOICE_TYPES.map((t) => Type.Literal(t)),
              {
                description:
                  'standard (default), partial (Abschlagsrechnung) or final (Schlussrechnung, settles partial invoices)',
              },
            ),
          ),
          partialInvoiceIds: opt(
            Type.Array(objectId('invoices'), {
              maxItems: MAX_PARTIAL_INVOICES,
              description: 'final invoices: the issued partial invoices of the same customer it settles',
            }),
          ),
        }
      : {}),
    ...(kind === 'credit'
      ? { creditedInvoiceId: opt(objectId('invoices', { description: 'the invoice this credits' })) }
      : {}),
    ...(kind === 'offer' ? { validUntil: opt(date()) } : {}),
  });

const amount = { type: 'number' };
const readOnly = {
  state: { type: 'string' },
  documentNumber: { type: 'string' },
  issuedAt: { type: 'string', format: 'date-time' },
  dueDate: { type: 'string' },
  currency: { type: 'string' },
  netAmount: amount,
  taxAmount: amount,
  grossAmount: amount,
  vatBreakdown: {
    type: 'array',
    items: {
      type: 'object',
      properties: { category: { type: 'string' }, rate: amount, taxableAmount: amount, taxAmount: amount },
    },
  },
  lineAmounts: {
    type: 'array',
    items: amount,
    description: 'net amount of each position (0 for optional and text positions)',
  },
  seller: { type: 'object', additionalProperties: true },
  buyer: { type: 'object', additionalProperties: true },
  delivery: {
    type: 'object',
    additionalProperties: true,
    description: 'the service address (the object), frozen at issue',
  },
  paymentTerm: { type: 'object', additionalProperties: true },
  paidAmount: amount,
  openAmount: amount,
  overpaidAmount: amount,
  skontoApplied: { type: 'boolean' },
  invoiceId: { type: 'string', description: 'cancellations: the invoice cancelled' },
  invoiceNumber: { type: 'string' },
  stornoId: { type: 'string', description: 'invoices: the cancellation' },
  acceptedAt: { type: 'string' },
  declinedAt: { type: 'string' },
  creditedInvoiceNumber: { type: 'string' },
  creditedInvoiceDate: { type: 'string' },
  invoiceDate: { type: 'string' },
  reminderLevel: { type: 'integer' },
  lastReminderDate: { type: 'string' },
  reminderFees: amount,
  skontoAmount: amount,
  sendings: {
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'each mailing of the document: {at, to, format, mailId, userId, reminderId?} (POST …/send)',
  },
  lineTotalAmount: { ...amount, description: 'BT-106: sum of the counted line nets' },
  allowanceTotalAmount: { ...amount, description: 'BT-107: sum of the document-level allowances' },
  chargeTotalAmount: { ...amount, description: 'BT-108: sum of the document-level charges' },
  skontoBaseAmount: {
    ...amount,
    description: 'the gross amount skonto applies to; only when a position is skontoExcluded',
  },
  prepaidAmount: { ...amount, description: 'final invoices, BT-113: the gross of the partial invoices it settles' },
  amountDue: { ...amount, description: 'final invoices, BT-115: gross less prepaid' },
  partialInvoices: {
    type: 'array',
    items: { type: 'object', properties: { number: { type: 'string' }, date: { type: 'string' } } },
    description: 'final invoices: the partial invoices settled (BG-3)',
  },
};

/** Totals of a document's positions and allowances/charges, as the API shows them (amounts with two decimals). */
export function totalsOf(positions: Position[], allowancesCharges: AllowanceCharge[] = []) {
  // A text position (a heading) has no amount: shown, never counted, no VAT group.
  const counted = positions.map((p) =>
    p.type === 'TEXT' ? { ...p, quantity: 0, price: 0, tax: 0, isOptional: true } : p,
  );
  const t = invoiceTotals(
    counted.map((p) => ({
      quantity: p.quantity,
      price: p.price,
      tax: p.tax,
      discount: p.discount,
      category: p.vatCategory as VatCategory | undefined,
      isOptional: p.isOptional,
      skontoExcluded: p.skontoExcluded,
    })),
    allowancesCharges,
  );
  return {
    cents: t,
    fields: {
      currency: 'EUR',
      netAmount: toAmount(t.netCents),
      taxAmount: toAmount(t.taxCents),
      grossAmount: toAmount(t.grossCents),
      vatBreakdown: t.vat.map((v) => ({
        category: v.category,
        rate: v.ratePercent,
        taxableAmount: toAmount(v.taxableCents),
        taxAmount: toAmount(v.taxCents),
      })),
      lineAmounts: t.lines.map((l) => (l.counted ? toAmount(l.netCents) : 0)),
      lineTotalAmount: toAmount(t.lineCents),
      allowanceTotalAmount: toAmount(t.allowanceCents),
      chargeTotalAmount: toAmount(t.chargeCents),
      ...(t.skontoBaseCents !== undefined ? { skontoBaseAmount: toAmount(t.skontoBaseCents) } : {}),
    },
  };
}

/** What the totals read of a draft (the rest of it is kept as it is). */
interface DraftDocument {
  customerId: string;
  positions: Position[];
  allowancesCharges?: AllowanceChargeItem[];
  // Invoices only (the schema of the other kinds has neither).
  invoiceType?: unknown;
  partialInvoiceIds?: unknown;
  [field: string]: unknown;
}

/** Totals, stored allowances/charges and (final invoices) prepaid amounts of a draft; 400 naming the field. */
async function draftTotals(tx: TenantTx, doc: DraftDocument, kind: DocumentKind, selfId?: string) {
  const inputs = allowanceChargeInputs(doc.allowancesCharges);
  let totals: ReturnType<typeof totalsOf>;
  try {
    totals = totalsOf(doc.positions, inputs);
  } catch (error) {
    if (error instanceof RangeError) throw fieldError('positions', error.message);
    throw error;
  }
  // Derived fields of an earlier save go, so that a skonto base or prepaid amount no longer due does not linger.
  const { skontoBaseAmount: _s, prepaidAmount: _p, amountDue: _a, partialInvoices: _i, ...rest } = doc;
  const fields = {
    ...rest,
    ...totals.fields,
    ...(doc.allowancesCharges
      ? { allowancesCharges: storedAllowancesCharges(doc.allowancesCharges, inputs, totals.cents.allowancesCharges) }
      : {}),
    ...(kind === 'invoice'
      ? {
          invoiceType: doc.invoiceType ?? 'standard',
          ...(await finalInvoiceFields(tx, doc, totals.cents.grossCents, selfId)),
        }
      : {}),
  };
  return { doc: fields, grossCents: totals.cents.grossCents };
}

export function billingDocument(
  kind: DocumentKind,
  names: { name: string; collection: string; table: EntityTableName; webhookEntity: string },
): Resource {
  return defineResource({
    ...names,
    area: 'invoicing',
    schema: documentSchema(kind),
    readOnly,
    columns: {
      customerId: 'customer_id',
      objectId: 'object_id',
      state: 'state',
      documentNumber: 'document_number',
      documentDate: 'document_date',
      dueDate: 'due_date',
    },
    list: {
      defaultSort: 'status.createdAt:-1',
      // sql: the engine's named filters are SQL conditions, added to its list query.
      namedFilters: {
        // States as shown: an issued or partially paid invoice past its due date is overdue, not issued.
        status: valuesFilter(
          DOCUMENT_STATES[kind],
          (values) =>
            sql<boolean>`(${sql.join(
              values.map((v) =>
                v === 'overdue'
                  ? sql<boolean>`(state IN ('issued', 'partially_paid') AND due_date < current_date)`
                  : ['issued', 'partially_paid'].includes(v)
                    ? sql<boolean>`(state = ${v} AND NOT coalesce(due_date < current_date, false))`
                    : sql<boolean>`state = ${v}`,
              ),
              sql` OR `,
            )})`,
          `state, one or a comma list: ${DOCUMENT_STATES[kind].join(', ')}`,
        ),
        customerIds: idsFilter('customer_id', 'customers, comma-separated'),
        objectIds: idsFilter('object_id', 'objects, comma-separated'),
        dateRange: dateRangeFilter('document_date', 'two dates from,to: the document date within'),
        number: {
          description: 'document number (exact) or its part',
          toSql: (v) => sql<boolean>`document_number ILIKE ${'%' + v.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`,
        },
        amountFrom: {
          description: 'gross amount at least',
          toSql: (v, p) => sql<boolean>`gross_cents >= ${cents(v, p)}`,
        },
        amountTo: { description: 'gross amount at most', toSql: (v, p) => sql<boolean>`gross_cents <= ${cents(v, p)}` },
        overdue: {
          description: 'true: issued and unpaid past the due date',
          toSql: (v) =>
            v === 'true'
              ? sql<boolean>`(state IN ('issued', 'partially_paid', 'overdue') AND due_date < current_date)`
              : sql<boolean>`NOT (state IN ('issued', 'partially_paid', 'overdue') AND due_date < current_date)`,
        },
      },
    },
    hooks: {
      async prepare(tx, _ctx, { doc, previous }) {
        if (previous && previous.doc.state !== 'draft')
          throw Conflict(`An issued ${names.name} cannot be changed; cancel it and issue a new one`);
        if (doc.servicePeriod && doc.servicePeriod.to < doc.servicePeriod.from)
          throw fieldError('servicePeriod.to', 'is before from');
        const totals = await draftTotals(tx, doc, kind, previous?.id);
        return {
          doc: { ...(await withTemplate(tx, totals.doc)), state: 'draft' },
          columns: { gross_cents: totals.grossCents },
        };
      },
      async beforeDelete(_tx, _ctx, record) {
        if (record.doc.state !== 'draft')
          throw Conflict(`Only a draft ${names.name} can be deleted; cancel an issued one`);
      },
      toApi(record, api) {
        // Overdue is a matter of the date, not a stored state.
        const overdue =
          ['issued', 'partially_paid'].includes(api.state) &&
          api.dueDate &&
          api.dueDate < new Date().toISOString().slice(0, 10);
        return overdue ? { ...api, state: 'overdue' } : api;
      },
    },
  });
}

function cents(value: string, param: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || Math.abs(n) > 1e12) throw fieldError(param, 'must be a number');
  return toCents(n);
}

export const invoices = billingDocument('invoice', {
  name: 'invoice',
  collection: 'invoices',
  table: 'invoices',
  webhookEntity: 'invoice',
});
export const offers = billingDocument('offer', {
  name: 'offer',
  collection: 'offers',
  table: 'offers',
  webhookEntity: 'offer',
});
export const credits = billingDocument('credit', {
  name: 'credit',
  collection: 'credits',
  table: 'credits',
  webhookEntity: 'credit',
});
export const invoiceStornos = billingDocument('invoicestorno', {
  name: 'cancellation',
  collection: 'invoiceStornos',
  table: 'invoice_stornos',
  webhookEntity: 'invoicestorno',
});
