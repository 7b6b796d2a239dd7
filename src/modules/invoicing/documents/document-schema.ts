// The shape invoices, offers, credits and cancellations share: a customer, positions with the
// spec's billing-position fields, and the read-only fields the server computes and freezes.
import { type Static, type TObject, Type } from 'typebox';
import type { DocOf, Resource, TypedFields } from '../../../resources/engine/define-resource.js';
import { list, objectId, opt, productId, text } from '../../../resources/engine/fields.js';
import { taxRateCopy } from '../../../resources/tax-rate-shape.js';
import { allowancesChargesSchema, vatCategoryField } from './allowances-charges.js';
import { INVOICE_TYPES, MAX_PARTIAL_INVOICES } from './partial-invoices.js';
import type { VatCategory } from '../rules/invoice-totals.js';
import { sellerSchema } from '../invoicing-settings.js';

export type DocumentKind = 'invoice' | 'offer' | 'credit' | 'invoicestorno' | 'assignmentconfirmation';
/** Letters, not e-invoices: offers and assignment confirmations are rendered as PDF only. */
export type LetterKind = 'offer' | 'assignmentconfirmation';
export const isLetter = (kind: DocumentKind): kind is LetterKind =>
  kind === 'offer' || kind === 'assignmentconfirmation';

export const DOCUMENT_STATES: Record<DocumentKind, readonly string[]> = {
  invoice: ['draft', 'issued', 'partially_paid', 'paid', 'overdue', 'cancelled'],
  offer: ['draft', 'issued', 'accepted', 'declined'],
  credit: ['draft', 'issued'],
  invoicestorno: ['issued'],
  // Issuing a confirmation releases it to the customer: sent (by mail or on paper); signed or set by the office: confirmed.
  assignmentconfirmation: ['draft', 'sent', 'confirmed'],
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
    taxRate: opt(taxRateCopy()),
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

export const documentSchema = (kind: DocumentKind) =>
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
            // Type.Unsafe: a union built from a list has no static type of its own (it read as undefined)
            Type.Unsafe<(typeof INVOICE_TYPES)[number]>(
              Type.Union(
                INVOICE_TYPES.map((t) => Type.Literal(t)),
                {
                  description:
                    'standard (default), partial (Abschlagsrechnung) or final (Schlussrechnung, settles partial invoices)',
                },
              ),
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

/**
 * A party or term copied into a document at issue (seller, buyer, delivery, payment term): the
 * fields it is copied with, each optional (a document issued before a field was added lacks it),
 * any other field unknown (the copies are open, see `frozenSeller` below).
 */
type Open = { [field: string]: unknown };
/** A postal address as frozen (a customer's or an object's address). */
export interface FrozenAddress {
  street?: string;
  zip?: string;
  city?: string;
  country?: string;
  co?: string;
  state?: string;
}
/** The invoicing settings' seller, frozen at issue (issue-facts.ts, document-lifecycle.ts). */
export type FrozenSeller = Partial<Static<typeof sellerSchema>> & Open;
/** The customer, frozen at issue (issue-facts.ts buyerOf). */
export type FrozenBuyer = {
  customerId?: string;
  number?: number;
  name?: string;
  contactPerson?: string;
  address?: FrozenAddress & Open;
  email?: string;
  vatNumber?: string;
  debitorNumber?: string;
  buyerReference?: string;
  orderReferenceId?: string;
} & Open;
/** The service address (the object), frozen at issue (issue-facts.ts deliveryOf). */
export type FrozenDelivery = { name?: string; address?: FrozenAddress & Open } & Open;
/** The payment term, frozen at issue (issue-facts.ts paymentTermOf). */
export type FrozenPaymentTerm = {
  id?: string;
  name?: string;
  netDays?: number;
  skontoPercentage?: number;
  skontoDays?: number;
} & Open;
/** One VAT group of a document's totals (document-totals.ts writes every field). */
export interface VatGroup {
  category: VatCategory;
  rate: number;
  taxableAmount: number;
  taxAmount: number;
}
/** One mailing of a document (POST …/send). */
export type Sending = { at: string; to: string; format: string; mailId: string; userId: string; reminderId?: string };

/** The types of the read-only fields below, for code that reads a stored document. */
export interface BillingReadOnly {
  /** Always set: `draft` on create (cancellations are issued at once). */
  state: string;
  documentNumber?: string;
  issuedAt?: string;
  dueDate?: string;
  currency?: string;
  netAmount?: number;
  taxAmount?: number;
  grossAmount?: number;
  vatBreakdown?: VatGroup[];
  lineAmounts?: number[];
  seller?: FrozenSeller;
  buyer?: FrozenBuyer;
  delivery?: FrozenDelivery;
  paymentTerm?: FrozenPaymentTerm;
  paidAmount?: number;
  openAmount?: number;
  overpaidAmount?: number;
  skontoApplied?: boolean;
  invoiceId?: string;
  invoiceNumber?: string;
  stornoId?: string;
  acceptedAt?: string;
  declinedAt?: string;
  confirmedAt?: string;
  assignmentConfirmationId?: string;
  offerId?: string;
  signature?: { name?: string; signedAt?: string; timeZone?: string; image?: string };
  creditedInvoiceNumber?: string;
  creditedInvoiceDate?: string;
  invoiceDate?: string;
  reminderLevel?: number;
  lastReminderDate?: string;
  reminderFees?: number;
  skontoAmount?: number;
  skontoDate?: string;
  creditedAmount?: number;
  sendings?: Sending[];
  lineTotalAmount?: number;
  allowanceTotalAmount?: number;
  chargeTotalAmount?: number;
  skontoBaseAmount?: number;
  prepaidAmount?: number;
  amountDue?: number;
  partialInvoices?: Array<{ number?: string; date?: string }>;
}

const amount = { type: 'number' };
const str = { type: 'string' };
// The copies frozen at issue (issue-facts.ts), typed for clients; open (additionalProperties), as
// documents issued before a field was added keep what they had.
const postal = {
  type: 'object',
  properties: { street: str, zip: str, city: str, country: str },
  additionalProperties: true,
};
const frozenSeller = {
  type: 'object',
  properties: Object.fromEntries(Object.keys(sellerSchema.properties).map((key) => [key, str])),
  additionalProperties: true,
  description: "the invoicing settings' seller, frozen at issue",
};
const frozenBuyer = {
  type: 'object',
  properties: {
    customerId: str,
    number: { type: 'integer' },
    name: str,
    contactPerson: str,
    address: { ...postal, properties: { ...postal.properties, co: str, state: str } },
    email: str,
    vatNumber: str,
    debitorNumber: str,
    buyerReference: str,
    orderReferenceId: str,
  },
  additionalProperties: true,
  description: 'the customer, frozen at issue',
};
const frozenTerm = {
  type: 'object',
  properties: {
    id: str,
    name: str,
    netDays: { type: 'integer' },
    skontoPercentage: amount,
    skontoDays: { type: 'integer' },
  },
  additionalProperties: true,
  description: 'the payment term, frozen at issue',
};
export const sendingShape = {
  type: 'object',
  properties: {
    at: { type: 'string', format: 'date-time' },
    to: str,
    format: str,
    mailId: str,
    userId: str,
    reminderId: { type: 'string', description: 'on an invoice: the reminder this mailing sent' },
  },
  additionalProperties: true,
};
export const readOnly = {
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
  seller: frozenSeller,
  buyer: frozenBuyer,
  delivery: {
    type: 'object',
    properties: { name: str, address: postal },
    additionalProperties: true,
    description: 'the service address (the object), frozen at issue',
  },
  paymentTerm: frozenTerm,
  paidAmount: amount,
  openAmount: amount,
  overpaidAmount: amount,
  skontoApplied: { type: 'boolean' },
  invoiceId: { type: 'string', description: 'cancellations: the invoice cancelled' },
  invoiceNumber: { type: 'string' },
  stornoId: { type: 'string', description: 'invoices: the cancellation' },
  acceptedAt: { type: 'string' },
  declinedAt: { type: 'string' },
  confirmedAt: { type: 'string', description: 'assignment confirmations: when signed or confirmed by the office' },
  assignmentConfirmationId: { type: 'string', description: 'offers: the assignment confirmation made from it' },
  offerId: { type: 'string', description: 'assignment confirmations: the accepted offer it confirms' },
  signature: {
    type: 'object',
    description: 'offers and assignment confirmations signed by the customer through a client link',
    properties: {
      name: { type: 'string' },
      signedAt: { type: 'string', format: 'date-time' },
      timeZone: { type: 'string' },
      image: { type: 'string', description: 'data:image/png;base64,…' },
    },
  },
  creditedInvoiceNumber: { type: 'string' },
  creditedInvoiceDate: { type: 'string' },
  invoiceDate: { type: 'string' },
  reminderLevel: { type: 'integer' },
  lastReminderDate: { type: 'string' },
  reminderFees: amount,
  skontoAmount: amount,
  skontoDate: { type: 'string', description: 'invoices: the day the skonto was taken (its last payment)' },
  creditedAmount: { ...amount, description: 'invoices: the gross of the issued credit notes that name it' },
  sendings: {
    type: 'array',
    items: sendingShape,
    description: 'each mailing of the document (POST …/send)',
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
} satisfies Record<keyof BillingReadOnly, object> as unknown as TypedFields<BillingReadOnly>;

type KindProperties = ReturnType<typeof documentSchema>['properties'];
/** The schema of any billing document: every kind's own fields, each optional. */
export type BillingSchema = TObject<{ [K in keyof KindProperties]-?: Exclude<KindProperties[K], undefined> }>;
/** A stored invoice, offer, credit, cancellation or assignment confirmation. */
export type BillingDoc = DocOf<BillingSchema, typeof readOnly>;
export type BillingReadOnlyFields = typeof readOnly;
export type BillingResource = Resource<BillingSchema, BillingReadOnlyFields>;
