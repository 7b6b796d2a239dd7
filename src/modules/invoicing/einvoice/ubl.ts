// XRechnung 3.0 in UBL 2.1 syntax: an Invoice (380, 326, 384) or a CreditNote (381; Peppol's rules
// merged into XRechnung allow 381 only there), elements in the order the UBL schema demands.
import { el, elAttrs, leaf, serialize, type XmlElement } from './xml.js';
import type { Address, EInvoiceModel, Party, TaxCategory } from './model.js';

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NAMESPACES = {
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const address = (name: string, a: Address) =>
  el(
    name,
    leaf('cbc:StreetName', a.street),
    leaf('cbc:CityName', a.city),
    leaf('cbc:PostalZone', a.zip),
    el('cac:Country', leaf('cbc:IdentificationCode', a.country)),
  );

const taxCategory = (name: string, t: TaxCategory, withReason: boolean) =>
  el(
    name,
    leaf('cbc:ID', t.category),
    leaf('cbc:Percent', t.rate),
    withReason && leaf('cbc:TaxExemptionReasonCode', t.exemptionCode),
    withReason && leaf('cbc:TaxExemptionReason', t.exemptionText),
    el('cac:TaxScheme', leaf('cbc:ID', 'VAT')),
  );

function party(p: Party, seller: boolean): XmlElement | undefined {
  return el(
    'cac:Party',
    leaf('cbc:EndpointID', p.electronicAddress, { schemeID: 'EM' }),
    p.identifier && el('cac:PartyIdentification', leaf('cbc:ID', p.identifier)),
    address('cac:PostalAddress', p.address),
    p.vatId && el('cac:PartyTaxScheme', leaf('cbc:CompanyID', p.vatId), el('cac:TaxScheme', leaf('cbc:ID', 'VAT'))),
    // BT-32: the tax number, in a tax scheme other than VAT.
    seller &&
      p.taxNumber &&
      el('cac:PartyTaxScheme', leaf('cbc:CompanyID', p.taxNumber), el('cac:TaxScheme', leaf('cbc:ID', 'FC'))),
    el(
      'cac:PartyLegalEntity',
      leaf('cbc:RegistrationName', p.name),
      leaf('cbc:CompanyID', p.registration),
      leaf('cbc:CompanyLegalForm', p.legalInfo),
    ),
    p.contact &&
      el(
        'cac:Contact',
        leaf('cbc:Name', p.contact.name),
        leaf('cbc:Telephone', p.contact.phone),
        leaf('cbc:ElectronicMail', p.contact.email),
      ),
  );
}

export function toUbl(m: EInvoiceModel): string {
  const credit = m.typeCode === '381';
  const amount = (name: string, value: string | undefined) => leaf(name, value, { currencyID: m.currency });
  const root = elAttrs(
    credit ? 'CreditNote' : 'Invoice',
    { xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${credit ? 'CreditNote' : 'Invoice'}-2`, ...NAMESPACES },
    leaf('cbc:CustomizationID', CUSTOMIZATION_ID),
    leaf('cbc:ProfileID', PROFILE_ID),
    leaf('cbc:ID', m.number),
    leaf('cbc:IssueDate', m.issueDate),
    !credit && leaf('cbc:DueDate', m.dueDate),
    leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', m.typeCode),
    leaf('cbc:Note', m.note),
    leaf('cbc:DocumentCurrencyCode', m.currency),
    leaf('cbc:BuyerReference', m.buyerReference),
    m.period && el('cac:InvoicePeriod', leaf('cbc:StartDate', m.period.from), leaf('cbc:EndDate', m.period.to)),
    m.orderReference && el('cac:OrderReference', leaf('cbc:ID', m.orderReference)),
    m.preceding.map((p) =>
      el(
        'cac:BillingReference',
        el('cac:InvoiceDocumentReference', leaf('cbc:ID', p.number), leaf('cbc:IssueDate', p.date)),
      ),
    ),
    el('cac:AccountingSupplierParty', party(m.seller, true)),
    el('cac:AccountingCustomerParty', party(m.buyer, false)),
    el(
      'cac:Delivery',
      leaf('cbc:ActualDeliveryDate', m.delivery.date),
      m.delivery.address && el('cac:DeliveryLocation', address('cac:Address', m.delivery.address)),
      m.delivery.name && el('cac:DeliveryParty', el('cac:PartyName', leaf('cbc:Name', m.delivery.name))),
    ),
    el(
      'cac:PaymentMeans',
      leaf('cbc:PaymentMeansCode', '58'), // SEPA credit transfer
      credit && leaf('cbc:PaymentDueDate', m.dueDate),
      leaf('cbc:PaymentID', m.payment.remittance),
      m.payment.iban &&
        el(
          'cac:PayeeFinancialAccount',
          leaf('cbc:ID', m.payment.iban),
          leaf('cbc:Name', m.payment.accountName),
          m.payment.bic && el('cac:FinancialInstitutionBranch', leaf('cbc:ID', m.payment.bic)),
        ),
    ),
    m.payment.terms && el('cac:PaymentTerms', leaf('cbc:Note', m.payment.terms)),
    m.allowancesCharges.map((ac) =>
      el(
        'cac:AllowanceCharge',
        leaf('cbc:ChargeIndicator', String(ac.charge)),
        leaf('cbc:AllowanceChargeReasonCode', ac.reasonCode),
        leaf('cbc:AllowanceChargeReason', ac.reason),
        leaf('cbc:MultiplierFactorNumeric', ac.percent),
        amount('cbc:Amount', ac.amount),
        amount('cbc:BaseAmount', ac.base),
        taxCategory('cac:TaxCategory', ac.tax, false),
      ),
    ),
    el(
      'cac:TaxTotal',
      amount('cbc:TaxAmount', m.totals.tax),
      m.vat.map((v) =>
        el(
          'cac:TaxSubtotal',
          amount('cbc:TaxableAmount', v.taxable),
          amount('cbc:TaxAmount', v.tax),
          taxCategory('cac:TaxCategory', v, true),
        ),
      ),
    ),
    el(
      'cac:LegalMonetaryTotal',
      amount('cbc:LineExtensionAmount', m.totals.lines),
      amount('cbc:TaxExclusiveAmount', m.totals.net),
      amount('cbc:TaxInclusiveAmount', m.totals.gross),
      amount('cbc:AllowanceTotalAmount', m.totals.allowances),
      amount('cbc:ChargeTotalAmount', m.totals.charges),
      amount('cbc:PrepaidAmount', m.totals.prepaid),
      amount('cbc:PayableAmount', m.totals.payable),
    ),
    m.lines.map((l) =>
      el(
        credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine',
        leaf('cbc:ID', l.id),
        leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', l.quantity, { unitCode: l.unit }),
        amount('cbc:LineExtensionAmount', l.net),
        el(
          'cac:Item',
          leaf('cbc:Description', l.description),
          leaf('cbc:Name', l.name),
          taxCategory('cac:ClassifiedTaxCategory', l.tax, false),
        ),
        el(
          'cac:Price',
          amount('cbc:PriceAmount', l.price),
          leaf('cbc:BaseQuantity', l.baseQuantity, { unitCode: l.unit }),
        ),
      ),
    ),
  );
  return serialize(root);
}
