// What an invoice must carry before it is issued or rendered, so that no document leaves the
// server that the EN 16931 / XRechnung 3.0 rules reject (docs/einvoice.md lists each rule):
// the seller's name, address, contact (phone, e-mail), an identifier and bank account; the buyer's
// address and electronic address; the VAT ids the categories need. Each missing field is named
// with the request that sets it.
import { HttpError, type FieldError } from '../../../platform/http/errors.js';
import type { VatCategory } from './invoice-totals.js';
import type { BillingDoc } from '../documents/document-schema.js';

const SELLER_SETTING = 'PATCH /v2/company/invoicingSettings';
const customerSetting = (customerId: string | undefined) => `PATCH /v2/customers/${customerId ?? '{customerId}'}`;

const COUNTRY_NAMES: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  niederlande: 'NL',
  netherlands: 'NL',
  frankreich: 'FR',
  france: 'FR',
  belgien: 'BE',
  belgium: 'BE',
  luxemburg: 'LU',
  luxembourg: 'LU',
  polen: 'PL',
  poland: 'PL',
  dänemark: 'DK',
  denmark: 'DK',
};

/** An ISO 3166-1 alpha-2 code from what an address holds ("DE", "de", "Deutschland"); `fallback` when empty; undefined when unknown. */
export function countryCode(raw: string | undefined, fallback = 'DE'): string | undefined {
  const value = (raw ?? '').trim();
  if (!value) return fallback;
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  return COUNTRY_NAMES[value.toLowerCase()];
}

/** The VAT categories of a document's counted positions. */
export function categoriesOf(doc: BillingDoc): Set<VatCategory> {
  const counted = (doc.positions ?? []).filter((p) => p.type !== 'TEXT' && !p.isOptional);
  return new Set(counted.map((p) => p.vatCategory ?? (p.tax > 0 ? 'S' : 'Z')));
}

type Kind = 'invoice' | 'offer' | 'credit' | 'invoicestorno' | 'assignmentconfirmation';

/**
 * The fields `doc` lacks (its frozen `seller` and `buyer`, or for a draft the company settings and
 * the customer composed the same way). Offers are letters, not e-invoices: they need only the
 * seller's name and address.
 */
export function missingData(doc: BillingDoc, kind: Kind): FieldError[] {
  const seller = doc.seller ?? {};
  const buyer = doc.buyer ?? {};
  const missing: FieldError[] = [];
  const need = (ok: unknown, path: string, why: string, setting: string) => {
    if (!ok) missing.push({ path, message: `${why}; set it with ${setting}` });
  };
  const sellerField = (field: string, why: string) =>
    need(seller[field], `seller.${field}`, why, `${SELLER_SETTING} {"seller": {"${field}": …}}`);
  sellerField('name', "the seller's name (BT-27) is required");
  sellerField('street', "the seller's street (BT-35) is required");
  sellerField('zip', "the seller's post code (BT-38) is required");
  sellerField('city', "the seller's city (BT-37) is required");
  need(
    countryCode(seller.country),
    'seller.country',
    "the seller's country (BT-40) must be an ISO 3166-1 alpha-2 code",
    `${SELLER_SETTING} {"seller": {"country": "DE"}}`,
  );
  if (kind === 'offer' || kind === 'assignmentconfirmation') return missing;

  const categories = categoriesOf(doc);
  sellerField('phone', "the seller contact's phone (BT-42) is required by XRechnung (BR-DE-6)");
  sellerField(
    'email',
    "the seller contact's e-mail (BT-43, BR-DE-7) is required; it is also the electronic address (BT-34) unless electronicAddress is set",
  );
  sellerField('iban', "payment by credit transfer needs the seller's IBAN (BT-84, BR-DE-1, BR-DE-19)");
  if (categories.has('O')) {
    // Not subject to VAT: no VAT ids may appear (BR-O-02), so another identifier must (BR-CO-26).
    need(
      seller.sellerIdentifier || seller.registration,
      'seller.registration',
      'an invoice not subject to VAT (category O) carries no VAT id, so it needs the commercial register entry (BT-30) or a seller identifier (BT-29)',
      `${SELLER_SETTING} {"seller": {"registration": …}}`,
    );
    if (categories.size > 1)
      missing.push({
        path: 'positions',
        message:
          'category O (not subject to VAT) cannot be mixed with other VAT categories on one invoice (BR-O-11 to BR-O-14); issue separate invoices',
      });
  } else if (categories.has('K') || categories.has('G')) {
    sellerField(
      'vatId',
      `an ${categories.has('K') ? 'intra-community supply (K, BR-IC-02)' : 'export (G, BR-G-02)'} needs the seller's VAT id (BT-31)`,
    );
  } else {
    need(
      seller.vatId || seller.taxNumber,
      'seller.vatId',
      "the seller's VAT id (BT-31) or tax number (BT-32) is required (BR-S-02, BR-CO-26)",
      `${SELLER_SETTING} {"seller": {"vatId": …}} or {"seller": {"taxNumber": …, "registration": …}}`,
    );
    if (!seller.vatId && seller.taxNumber)
      sellerField(
        'registration',
        'with only a tax number the seller needs its commercial register entry (BT-30) as identifier (BR-CO-26)',
      );
  }

  const buyerField = (path: string, value: unknown, why: string) =>
    need(
      value,
      `buyer.${path}`,
      why,
      `${customerSetting(buyer.customerId ?? doc.customerId)} {"${path.split('.')[0]}": …}`,
    );
  buyerField('name', buyer.name, "the buyer's name (BT-44) is required");
  buyerField('address.street', buyer.address?.street, "the buyer's street (BT-50) is required");
  buyerField('address.zip', buyer.address?.zip, "the buyer's post code (BT-53, BR-DE-9) is required");
  buyerField('address.city', buyer.address?.city, "the buyer's city (BT-52, BR-DE-8) is required");
  buyerField(
    'address.country',
    countryCode(buyer.address?.country),
    "the buyer's country (BT-55) must be an ISO 3166-1 alpha-2 code",
  );
  buyerField(
    'contact.email',
    buyer.email,
    "the buyer's electronic address (BT-49) is required by XRechnung; the customer's billing e-mail (invoiceDelivery.email, else contact.email) is used",
  );
  if (categories.has('K'))
    buyerField(
      'vatNumber',
      buyer.vatNumber,
      "an intra-community supply (K) needs the buyer's VAT id (BT-48, BR-IC-04)",
    );
  if (categories.has('AE'))
    buyerField('vatNumber', buyer.vatNumber, "reverse charge (AE) needs the buyer's VAT id (BT-48, BR-AE-04)");
  return missing;
}

/** Throws 422 naming every missing field (and where to set it) when `doc` lacks any. */
export function assertCompleteData(doc: BillingDoc, kind: Kind, action: string): void {
  const missing = missingData(doc, kind);
  if (missing.length === 0) return;
  throw new HttpError(
    422,
    'Unprocessable Content',
    `The ${kind === 'invoicestorno' ? 'cancellation' : kind} cannot be ${action}: ${missing.map((m) => m.path).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing or invalid`,
    missing,
  );
}
