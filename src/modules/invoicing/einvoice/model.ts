// The EN 16931 semantic model of an issued document (business terms BT/BG), read from the stored
// document and its computed totals; ubl.ts and cii.ts only serialize it. Nothing is computed here
// that the document does not store (the arithmetic lives in rules/invoice-totals.ts), and nothing
// is invented: absent data leaves its term out (rules/required-data.ts refuses to issue without
// what the rules require).
import type { VatCategory } from '../rules/invoice-totals.js';
import { countryCode } from '../rules/required-data.js';
import { EXEMPTIONS, money, plain, priceWithBase, ratePercent, unitCode, type TypeCode } from './codes.js';
import type { BillingDoc, FrozenAddress } from '../documents/document-schema.js';

export type Kind = 'invoice' | 'credit' | 'invoicestorno';
export interface Address {
  street?: string;
  zip?: string;
  city?: string;
  country: string;
}
export interface Party {
  name?: string;
  identifier?: string;
  registration?: string;
  vatId?: string;
  taxNumber?: string;
  legalInfo?: string;
  electronicAddress?: string;
  address: Address;
  contact?: { name?: string; phone?: string; email?: string };
}
export interface TaxCategory {
  category: VatCategory;
  rate?: string;
  exemptionText?: string;
  exemptionCode?: string;
}
export interface AllowanceChargeTerm {
  charge: boolean;
  amount: string;
  base?: string;
  percent?: string;
  reason?: string;
  reasonCode?: string;
  tax: TaxCategory;
}
export interface Line {
  id: string;
  quantity: string;
  unit: string;
  net: string;
  name: string;
  description?: string;
  price: string;
  baseQuantity?: string;
  tax: TaxCategory;
}
// Terms the stored document may lack (a draft) are optional: the serializers leave an absent term out.
export interface EInvoiceModel {
  typeCode: TypeCode;
  number?: string;
  issueDate?: string;
  dueDate?: string;
  currency: string;
  note?: string;
  buyerReference?: string;
  orderReference?: string;
  period?: { from: string; to: string };
  preceding: Array<{ number: string; date?: string }>;
  seller: Party;
  buyer: Party;
  delivery: { name?: string; address?: Address; date?: string };
  payment: { iban?: string; bic?: string; accountName?: string; remittance?: string; terms?: string };
  allowancesCharges: AllowanceChargeTerm[];
  vat: Array<{ taxable: string; tax: string } & TaxCategory>;
  totals: {
    lines: string;
    allowances?: string;
    charges?: string;
    net: string;
    tax: string;
    gross: string;
    prepaid?: string;
    payable: string;
  };
  lines: Line[];
}

const present = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

function taxCategory(category: VatCategory, rate: number | undefined, breakdown = false): TaxCategory {
  const exemption = EXEMPTIONS[category];
  return {
    category,
    rate: ratePercent(category, rate, breakdown),
    exemptionText: exemption?.text,
    exemptionCode: exemption?.code,
  };
}

function addressOf(raw: FrozenAddress | undefined, fallbackCountry = 'DE'): Address {
  return {
    street: present(raw?.street),
    zip: present(raw?.zip),
    city: present(raw?.city),
    country: countryCode(raw?.country, fallbackCountry) ?? fallbackCountry,
  };
}

/** UNTDID 1001 code of the document: a partial invoice is 326; a final invoice stays 380. */
function typeCodeOf(doc: BillingDoc, kind: Kind): TypeCode {
  if (kind === 'credit') return '381';
  if (kind === 'invoicestorno') return '384';
  return doc.invoiceType === 'partial' ? '326' : '380';
}

/** BT-25/BT-26: the cancelled or credited invoice, or on a final invoice the partial invoices. */
function precedingOf(doc: BillingDoc): EInvoiceModel['preceding'] {
  const number = present(doc.invoiceNumber) ?? present(doc.creditedInvoiceNumber);
  if (number) return [{ number, date: present(doc.invoiceDate) ?? present(doc.creditedInvoiceDate) }];
  // Stored as partial-invoices.ts writes it: {number, date} of each settled partial invoice.
  return (doc.partialInvoices ?? []).map((p) => ({ number: String(p.number), date: present(p.date) }));
}

/**
 * BT-20 payment terms: the stored free text, then for invoices with skonto the XRechnung lines
 * (#SKONTO#TAGE=n#PROZENT=n.nn# with #BASISBETRAG=n.nn# when only part is discountable), each
 * on its own line and the last followed by a line break (BR-DE-18).
 */
function paymentTermsText(doc: BillingDoc, kind: Kind): string | undefined {
  const term = doc.paymentTerm ?? {};
  const text = present(term.name);
  const skonto =
    kind === 'invoice' &&
    term.skontoPercentage !== undefined &&
    term.skontoPercentage > 0 &&
    term.skontoDays !== undefined &&
    term.skontoDays >= 0
      ? `#SKONTO#TAGE=${Math.trunc(term.skontoDays)}#PROZENT=${term.skontoPercentage.toFixed(2)}#${typeof doc.skontoBaseAmount === 'number' ? `BASISBETRAG=${money(doc.skontoBaseAmount)}#` : ''}\n`
      : undefined;
  if (!skonto) return text;
  return text ? `${text}\n${skonto}` : skonto;
}

export function toModel(doc: BillingDoc, kind: Kind): EInvoiceModel {
  const seller = doc.seller ?? {};
  const buyer = doc.buyer ?? {};
  const positions = doc.positions ?? [];
  const amounts = doc.lineAmounts ?? [];
  const counted = positions
    .map((p, i) => ({ p, net: amounts[i] ?? 0 }))
    .filter(({ p }) => p.type !== 'TEXT' && !p.isOptional);
  const categoryOf = (p: { vatCategory?: VatCategory; category?: VatCategory; tax?: number }): VatCategory =>
    p.vatCategory ?? p.category ?? ((p.tax ?? 0) > 0 ? 'S' : 'Z');
  const categories = new Set(counted.map(({ p }) => categoryOf(p)));
  // Not subject to VAT: no VAT id of either party may appear (BR-O-02).
  const notSubject = categories.has('O');
  // A credit note carries positive amounts: a credit stored with negative amounts is turned round.
  const sign = kind === 'credit' && (doc.grossAmount ?? 0) < 0 ? -1 : 1;
  const amount = (n: number | undefined) => money(sign * (n ?? 0));
  const buyerAddress = addressOf(buyer.address);
  const deliveryAddress = doc.delivery?.address
    ? addressOf(doc.delivery.address, buyerAddress.country)
    : // The deliver-to country (BT-80) is required for intra-community supplies (BR-IC-12).
      categories.has('K')
      ? buyerAddress
      : undefined;
  const prepaid = typeof doc.prepaidAmount === 'number' && doc.prepaidAmount !== 0 ? doc.prepaidAmount : undefined;
  const payable = typeof doc.amountDue === 'number' ? doc.amountDue : (doc.grossAmount ?? 0) - (prepaid ?? 0);
  const managingDirector = present(seller.managingDirector);

  return {
    typeCode: typeCodeOf(doc, kind),
    number: doc.documentNumber,
    issueDate: doc.documentDate,
    dueDate: present(doc.dueDate),
    currency: doc.currency ?? 'EUR',
    note: [present(doc.introText), present(doc.closingText)].filter(Boolean).join('\n\n') || undefined,
    // BT-10 (BR-DE-15): the Leitweg-ID of a public buyer, else the buyer's own reference, else our number.
    buyerReference: present(buyer.buyerReference) ?? present(buyer.orderReferenceId) ?? doc.documentNumber,
    orderReference: present(buyer.orderReferenceId),
    period:
      doc.servicePeriod?.from && doc.servicePeriod?.to
        ? { from: doc.servicePeriod.from, to: doc.servicePeriod.to }
        : undefined,
    preceding: precedingOf(doc),
    seller: {
      name: seller.name,
      identifier: present(seller.sellerIdentifier),
      registration: present(seller.registration),
      vatId: notSubject ? undefined : present(seller.vatId),
      taxNumber: present(seller.taxNumber),
      legalInfo: managingDirector ? `Geschäftsführung: ${managingDirector}` : undefined,
      electronicAddress: present(seller.electronicAddress) ?? present(seller.email),
      address: addressOf(seller),
      contact: {
        name: present(seller.contactName) ?? present(seller.name),
        phone: present(seller.phone),
        email: present(seller.email),
      },
    },
    buyer: {
      name: buyer.name,
      identifier: present(buyer.debitorNumber),
      vatId: notSubject ? undefined : present(buyer.vatNumber),
      electronicAddress: present(buyer.email),
      address: buyerAddress,
    },
    // BT-72: the date of the service (§ 14 UStG Leistungsdatum): the end of the service period, else the document date.
    delivery: {
      name: present(doc.delivery?.name),
      address: deliveryAddress,
      date: doc.servicePeriod?.to ?? doc.documentDate,
    },
    payment: {
      iban: present(seller.iban)?.replace(/\s/g, ''),
      bic: present(seller.bic)?.replace(/\s/g, ''),
      accountName: present(seller.name),
      remittance: doc.documentNumber,
      terms: paymentTermsText(doc, kind),
    },
    allowancesCharges: (doc.allowancesCharges ?? []).map((ac) => ({
      charge: Boolean(ac.charge),
      amount: amount(ac.amount),
      base: typeof ac.baseAmount === 'number' ? amount(ac.baseAmount) : undefined,
      percent: typeof ac.percent === 'number' ? plain(ac.percent) : undefined,
      reason: present(ac.reason),
      reasonCode: present(ac.reasonCode),
      tax: taxCategory(categoryOf(ac), (ac.tax ?? 0) * 100),
    })),
    vat: (doc.vatBreakdown ?? []).map((v) => ({
      taxable: amount(v.taxableAmount),
      tax: amount(v.taxAmount),
      ...taxCategory(v.category, v.rate, true),
    })),
    totals: {
      lines: amount(doc.lineTotalAmount ?? counted.reduce((s, { net }) => s + net, 0)),
      allowances: doc.allowanceTotalAmount ? amount(doc.allowanceTotalAmount) : undefined,
      charges: doc.chargeTotalAmount ? amount(doc.chargeTotalAmount) : undefined,
      net: amount(doc.netAmount),
      tax: amount(doc.taxAmount),
      gross: amount(doc.grossAmount),
      prepaid: prepaid !== undefined ? amount(prepaid) : undefined,
      payable: amount(payable),
    },
    lines: counted.map(({ p, net }, i) => {
      // The net price after the line discount (BT-146), never negative (BR-27): a negative price
      // turns the quantity round instead. Two decimals: 0.0825 per m² is 8.25 per 100 m² (BT-149).
      const unitPrice = p.price * (1 - (p.discount ?? 0));
      const turn = unitPrice < 0 ? -sign : sign;
      const { amount: price, base } = priceWithBase(Math.abs(unitPrice));
      return {
        id: String(i + 1),
        quantity: plain(turn * p.quantity),
        unit: unitCode(p.unit),
        net: amount(net),
        name: p.title,
        description: present(p.description),
        price,
        baseQuantity: base !== 1 ? String(base) : undefined,
        tax: taxCategory(categoryOf(p), (p.tax ?? 0) * 100),
      };
    }),
  };
}
