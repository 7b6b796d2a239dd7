// EN 16931 e-invoices from an issued document: XRechnung in UBL or CII syntax, and ZUGFeRD /
// Factur-X (a PDF/A-3 with the CII XML inside), generated and checked against the library's
// EN 16931 JSON schema by @e-invoice-eu/core. This file maps our document to its UBL-shaped input.
import type { Invoice } from '@e-invoice-eu/core';
import Ajv2019Module from 'ajv/dist/2019.js';
import type { ValidateFunction } from 'ajv';

// ajv ships CommonJS: its class is the module's default export.
const Ajv2019 = (Ajv2019Module as unknown as { default: new (options: object) => { compile(schema: object): ValidateFunction } }).default;
import { invoiceTotals, type VatCategory } from './rules/invoice-totals.js';

const logger = { log() {}, warn() {}, error() {} };

// The library (with its spreadsheet and PDF dependencies) loads on the first rendering, not when the
// server starts: it is most of a second of every start-up, and most processes never render one.
type Library = typeof import('@e-invoice-eu/core');
let library: Promise<{ lib: Library; formats: InstanceType<Library['FormatFactoryService']> }> | undefined;
const loadLibrary = () => (library ??= import('@e-invoice-eu/core').then((lib) => ({ lib, formats: new lib.FormatFactoryService() })));

// What the library's InvoiceService.generate does, with the schema validator compiled once per
// format instead of on every call (compiling took about 150 ms of each rendering).
const validators = new Map<string, ValidateFunction>();
function validatorFor(lib: Library, format: string, formatter: { patchSchema(schema: object): void }) {
  let validate = validators.get(format);
  if (!validate) {
    const schema = structuredClone(lib.invoiceSchema);
    formatter.patchSchema(schema);
    validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    validators.set(format, validate);
  }
  return validate;
}

/** UN/ECE Recommendation 20 unit codes for the units cleaning companies write. */
const UNITS: Record<string, string> = {
  h: 'HUR', std: 'HUR', stunde: 'HUR', stunden: 'HUR', hour: 'HUR', 'm²': 'MTK', m2: 'MTK', qm: 'MTK', m: 'MTR', stk: 'H87', stück: 'H87',
  pcs: 'H87', piece: 'H87', pauschal: 'LS', psch: 'LS', month: 'MON', monat: 'MON', tag: 'DAY', day: 'DAY', km: 'KMT', kg: 'KGM', l: 'LTR',
};
const unitCode = (unit: string | undefined) => UNITS[(unit ?? '').trim().toLowerCase()] ?? 'C62'; // C62: one (unit)

const money = (cents: number) => (cents / 100).toFixed(2);

/** A unit price with at most two decimals: the price of 1, 10, 100, 1000 or 10000 units. */
export function priceWithBase(price: number): { amount: string; base: number } {
  for (const base of [1, 10, 100, 1000, 10_000]) {
    const scaled = Number((price * base).toPrecision(12));
    if (Math.abs(scaled * 100 - Math.round(scaled * 100)) < 1e-6) return { amount: scaled.toFixed(2), base };
  }
  return { amount: (Math.round(price * 10_000) / 100).toFixed(2), base: 10_000 };
}
const plain = (n: number) => String(Number(n.toFixed(4)));

/** The invoice a cancellation or credit refers to (BT-25, BT-26). */
const precedingNumber = (doc: Record<string, any>): string | undefined => doc.invoiceNumber ?? doc.creditedInvoiceNumber;
const precedingDate = (doc: Record<string, any>): string | undefined => doc.invoiceDate ?? doc.creditedInvoiceDate;

/** The type code (UNTDID 1001): 380 commercial invoice, 381 credit note, 384 corrected invoice. */
const TYPE_CODES = { invoice: '380', credit: '381', invoicestorno: '384' } as const;

export function toEn16931(doc: Record<string, any>, kind: 'invoice' | 'credit' | 'invoicestorno'): Invoice {
  const positions = (doc.positions as Array<Record<string, any>>).filter((p) => p.type !== 'TEXT' && !p.isOptional);
  const totals = invoiceTotals(positions.map((p) => ({ quantity: p.quantity, price: p.price, tax: p.tax, discount: p.discount, category: p.vatCategory as VatCategory | undefined })));
  const seller = doc.seller ?? {};
  const buyer = doc.buyer ?? {};
  const currency = doc.currency ?? 'EUR';
  const taxCategory = (category: VatCategory, rate: number) => ({
    'cbc:ID': category, 'cbc:Percent': plain(rate),
    ...(category === 'AE' ? { 'cbc:TaxExemptionReason': 'Steuerschuldnerschaft des Leistungsempfängers (§13b UStG)' } : {}),
    ...(category === 'E' ? { 'cbc:TaxExemptionReason': 'Steuerbefreit' } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  });
  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': doc.documentNumber,
      'cbc:IssueDate': doc.documentDate,
      ...(doc.dueDate ? { 'cbc:DueDate': doc.dueDate } : {}),
      'cbc:InvoiceTypeCode': TYPE_CODES[kind],
      ...(doc.introText ? { 'cbc:Note': [doc.introText] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      // BT-10: the Leitweg-ID for public buyers; XRechnung requires some buyer reference.
      'cbc:BuyerReference': buyer.buyerReference ?? buyer.debitorNumber ?? doc.documentNumber,
      ...(doc.servicePeriod ? { 'cac:InvoicePeriod': { 'cbc:StartDate': doc.servicePeriod.from, 'cbc:EndDate': doc.servicePeriod.to } } : {}),
      ...(buyer.orderReferenceId ? { 'cac:OrderReference': { 'cbc:ID': buyer.orderReferenceId } } : {}),
      ...(precedingNumber(doc) ? {
        'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': precedingNumber(doc), ...(precedingDate(doc) ? { 'cbc:IssueDate': precedingDate(doc) } : {}) } }],
      } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': seller.email ?? 'invoice@example.invalid', 'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': {
            ...(seller.street ? { 'cbc:StreetName': seller.street } : {}), ...(seller.city ? { 'cbc:CityName': seller.city } : {}),
            ...(seller.zip ? { 'cbc:PostalZone': seller.zip } : {}), 'cac:Country': { 'cbc:IdentificationCode': seller.country ?? 'DE' },
          },
          ...(seller.vatId ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] } : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name ?? 'Seller' },
          'cac:Contact': { 'cbc:Name': seller.name ?? 'Seller', 'cbc:Telephone': seller.phone ?? '-', 'cbc:ElectronicMail': seller.email ?? 'invoice@example.invalid' },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyer.email ?? 'buyer@example.invalid', 'cbc:EndpointID@schemeID': 'EM',
          ...(buyer.debitorNumber ? { 'cac:PartyIdentification': { 'cbc:ID': buyer.debitorNumber } } : {}),
          'cac:PostalAddress': {
            ...(buyer.address?.street ? { 'cbc:StreetName': buyer.address.street } : {}), ...(buyer.address?.city ? { 'cbc:CityName': buyer.address.city } : {}),
            ...(buyer.address?.zip ? { 'cbc:PostalZone': buyer.address.zip } : {}),
            'cac:Country': { 'cbc:IdentificationCode': /^[A-Z]{2}$/.test(buyer.address?.country ?? '') ? buyer.address.country : 'DE' },
          },
          ...(buyer.vatNumber ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name ?? 'Buyer' },
        },
      },
      ...(seller.iban ? {
        'cac:PaymentMeans': [{
          'cbc:PaymentMeansCode': '58', 'cbc:PaymentID': doc.documentNumber,
          'cac:PayeeFinancialAccount': { 'cbc:ID': seller.iban.replace(/\s/g, ''), ...(seller.bankName ? { 'cbc:Name': seller.bankName } : {}), ...(seller.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic } } : {}) },
        }],
      } : {}),
      ...(doc.paymentTerm?.name ? { 'cac:PaymentTerms': { 'cbc:Note': doc.paymentTerm.name } } : {}),
      'cac:TaxTotal': [{
        'cbc:TaxAmount': money(totals.taxCents), 'cbc:TaxAmount@currencyID': currency,
        'cac:TaxSubtotal': totals.vat.map((v) => ({
          'cbc:TaxableAmount': money(v.taxableCents), 'cbc:TaxableAmount@currencyID': currency,
          'cbc:TaxAmount': money(v.taxCents), 'cbc:TaxAmount@currencyID': currency, 'cac:TaxCategory': taxCategory(v.category, v.ratePercent),
        })),
      }],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(totals.netCents), 'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': money(totals.netCents), 'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': money(totals.grossCents), 'cbc:TaxInclusiveAmount@currencyID': currency,
        'cbc:PayableAmount': money(totals.grossCents), 'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': positions.map((p, i) => {
        const line = totals.lines[i]!;
        // The net price after the line discount (BT-146), so that quantity × price = line amount up to
        // rounding. Amounts carry two decimals, so a price like 0.0825 per m² is given per 100 m²
        // (BT-149 base quantity): 8.25 per 100.
        const { amount: netPrice, base } = priceWithBase(p.price * (1 - (p.discount ?? 0)));
        return {
          'cbc:ID': String(i + 1),
          'cbc:InvoicedQuantity': plain(p.quantity), 'cbc:InvoicedQuantity@unitCode': unitCode(p.unit),
          'cbc:LineExtensionAmount': money(line.netCents), 'cbc:LineExtensionAmount@currencyID': currency,
          'cac:Item': {
            ...(p.description ? { 'cbc:Description': p.description } : {}), 'cbc:Name': p.title,
            'cac:ClassifiedTaxCategory': { 'cbc:ID': line.category, 'cbc:Percent': plain(line.ratePercent), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          },
          'cac:Price': {
            'cbc:PriceAmount': netPrice, 'cbc:PriceAmount@currencyID': currency,
            ...(base !== 1 ? { 'cbc:BaseQuantity': String(base), 'cbc:BaseQuantity@unitCode': unitCode(p.unit) } : {}),
          },
        };
      }),
    },
  };
  return invoice as unknown as Invoice;
}

export type EInvoiceFormat = 'XRECHNUNG-UBL' | 'XRECHNUNG-CII' | 'Factur-X-XRechnung';

/** XML text for UBL/CII; the PDF/A-3 bytes (with the XML embedded in `pdf`) for Factur-X. */
export async function renderEInvoice(doc: Record<string, any>, kind: 'invoice' | 'credit' | 'invoicestorno', format: EInvoiceFormat, pdf?: Uint8Array): Promise<string | Uint8Array> {
  const { lib, formats } = await loadLibrary();
  const formatter = formats.createFormatService(format, logger as never);
  const invoice = structuredClone(toEn16931(doc, kind)) as unknown as Invoice;
  const validate = validatorFor(lib, format, formatter as never);
  if (!validate(invoice)) {
    // A mapping defect: the document was issued with data the EN 16931 schema does not accept.
    throw new Error(`e-invoice ${format} of ${doc.documentNumber} is invalid: ${JSON.stringify(validate.errors).slice(0, 2000)}`);
  }
  formatter.fillInvoiceDefaults(invoice as never);
  // The library's CII mapping reads the preceding invoice from cac:BillingReference itself rather
  // than from its cac:InvoiceDocumentReference (as UBL nests it); give it both, after validation.
  if (format !== 'XRECHNUNG-UBL') {
    for (const reference of ((invoice as any)['ubl:Invoice']['cac:BillingReference'] ?? []) as Array<Record<string, any>>) {
      Object.assign(reference, reference['cac:InvoiceDocumentReference']);
    }
  }
  return formatter.generate(invoice as never, {
    format: formats.normalizeFormat(format), lang: 'de-de', noWarnings: true,
    ...(pdf ? { pdf: { buffer: pdf, filename: `${doc.documentNumber}.pdf`, mimetype: 'application/pdf' } } : {}),
  } as never);
}
