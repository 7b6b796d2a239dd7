// XRechnung 3.0 in UN/CEFACT CII D16B syntax (also the XML a ZUGFeRD PDF carries), elements in
// the order the CII schema demands. Dates are udt:DateTimeString format 102 (YYYYMMDD), the
// preceding invoice's date qdt:DateTimeString (CII-DT-097).
import { el, elAttrs, leaf, serialize } from './xml.js';
import type { Address, EInvoiceModel, Party, TaxCategory } from './model.js';
import { CUSTOMIZATION_ID, PROFILE_ID } from './ubl.js';

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

const d102 = (date: string) => date.replace(/-/g, '');
const precedingText = (p: { number: string; date?: string }) =>
  p.date ? `${p.number} vom ${p.date.split('-').reverse().join('.')}` : p.number;
const dateTime = (name: string, date: string | undefined) =>
  date && el(name, leaf('udt:DateTimeString', d102(date), { format: '102' }));

const address = (a: Address) =>
  el(
    'ram:PostalTradeAddress',
    leaf('ram:PostcodeCode', a.zip),
    leaf('ram:LineOne', a.street),
    leaf('ram:CityName', a.city),
    leaf('ram:CountryID', a.country),
  );

function party(name: string, p: Party, seller: boolean) {
  return el(
    name,
    leaf('ram:ID', p.identifier),
    leaf('ram:Name', p.name),
    seller && leaf('ram:Description', p.legalInfo),
    p.registration && el('ram:SpecifiedLegalOrganization', leaf('ram:ID', p.registration)),
    p.contact &&
      el(
        'ram:DefinedTradeContact',
        leaf('ram:PersonName', p.contact.name),
        p.contact.phone && el('ram:TelephoneUniversalCommunication', leaf('ram:CompleteNumber', p.contact.phone)),
        p.contact.email && el('ram:EmailURIUniversalCommunication', leaf('ram:URIID', p.contact.email)),
      ),
    address(p.address),
    p.electronicAddress &&
      el('ram:URIUniversalCommunication', leaf('ram:URIID', p.electronicAddress, { schemeID: 'EM' })),
    p.vatId && el('ram:SpecifiedTaxRegistration', leaf('ram:ID', p.vatId, { schemeID: 'VA' })),
    seller && p.taxNumber && el('ram:SpecifiedTaxRegistration', leaf('ram:ID', p.taxNumber, { schemeID: 'FC' })),
  );
}

/** A VAT category without amounts (lines, allowances and charges). */
const categoryTax = (name: string, t: TaxCategory) =>
  el(
    name,
    leaf('ram:TypeCode', 'VAT'),
    leaf('ram:CategoryCode', t.category),
    leaf('ram:RateApplicablePercent', t.rate),
  );

export function toCii(m: EInvoiceModel): string {
  const amount = (name: string, value: string | undefined) => leaf(name, value);
  const root = elAttrs(
    'rsm:CrossIndustryInvoice',
    NAMESPACES,
    el(
      'rsm:ExchangedDocumentContext',
      el('ram:BusinessProcessSpecifiedDocumentContextParameter', leaf('ram:ID', PROFILE_ID)),
      el('ram:GuidelineSpecifiedDocumentContextParameter', leaf('ram:ID', CUSTOMIZATION_ID)),
    ),
    el(
      'rsm:ExchangedDocument',
      leaf('ram:ID', m.number),
      leaf('ram:TypeCode', m.typeCode),
      dateTime('ram:IssueDateTime', m.issueDate),
      m.note && el('ram:IncludedNote', leaf('ram:Content', m.note)),
      // CII holds one preceding invoice (BG-3); a final invoice names all it settles in a note.
      m.preceding.length > 1 &&
        el(
          'ram:IncludedNote',
          leaf('ram:Content', `Vorausgegangene Rechnungen: ${m.preceding.map(precedingText).join(', ')}`),
        ),
    ),
    el(
      'rsm:SupplyChainTradeTransaction',
      m.lines.map((l) =>
        el(
          'ram:IncludedSupplyChainTradeLineItem',
          el('ram:AssociatedDocumentLineDocument', leaf('ram:LineID', l.id)),
          el('ram:SpecifiedTradeProduct', leaf('ram:Name', l.name), leaf('ram:Description', l.description)),
          el(
            'ram:SpecifiedLineTradeAgreement',
            el(
              'ram:NetPriceProductTradePrice',
              amount('ram:ChargeAmount', l.price),
              leaf('ram:BasisQuantity', l.baseQuantity, { unitCode: l.unit }),
            ),
          ),
          el('ram:SpecifiedLineTradeDelivery', leaf('ram:BilledQuantity', l.quantity, { unitCode: l.unit })),
          el(
            'ram:SpecifiedLineTradeSettlement',
            categoryTax('ram:ApplicableTradeTax', l.tax),
            el('ram:SpecifiedTradeSettlementLineMonetarySummation', amount('ram:LineTotalAmount', l.net)),
          ),
        ),
      ),
      el(
        'ram:ApplicableHeaderTradeAgreement',
        leaf('ram:BuyerReference', m.buyerReference),
        party('ram:SellerTradeParty', m.seller, true),
        party('ram:BuyerTradeParty', m.buyer, false),
        m.orderReference && el('ram:BuyerOrderReferencedDocument', leaf('ram:IssuerAssignedID', m.orderReference)),
      ),
      // Always present (the schema requires it), with the service address and date.
      elAttrs(
        'ram:ApplicableHeaderTradeDelivery',
        {},
        (m.delivery.address || m.delivery.name) &&
          el(
            'ram:ShipToTradeParty',
            leaf('ram:Name', m.delivery.name),
            m.delivery.address && address(m.delivery.address),
          ),
        el('ram:ActualDeliverySupplyChainEvent', dateTime('ram:OccurrenceDateTime', m.delivery.date)),
      ),
      el(
        'ram:ApplicableHeaderTradeSettlement',
        leaf('ram:PaymentReference', m.payment.remittance),
        leaf('ram:InvoiceCurrencyCode', m.currency),
        el(
          'ram:SpecifiedTradeSettlementPaymentMeans',
          leaf('ram:TypeCode', '58'), // SEPA credit transfer
          m.payment.iban &&
            el(
              'ram:PayeePartyCreditorFinancialAccount',
              leaf('ram:IBANID', m.payment.iban),
              leaf('ram:AccountName', m.payment.accountName),
            ),
          m.payment.bic && el('ram:PayeeSpecifiedCreditorFinancialInstitution', leaf('ram:BICID', m.payment.bic)),
        ),
        m.vat.map((v) =>
          el(
            'ram:ApplicableTradeTax',
            amount('ram:CalculatedAmount', v.tax),
            leaf('ram:TypeCode', 'VAT'),
            leaf('ram:ExemptionReason', v.exemptionText),
            amount('ram:BasisAmount', v.taxable),
            leaf('ram:CategoryCode', v.category),
            leaf('ram:ExemptionReasonCode', v.exemptionCode),
            leaf('ram:RateApplicablePercent', v.rate),
          ),
        ),
        m.period &&
          el(
            'ram:BillingSpecifiedPeriod',
            dateTime('ram:StartDateTime', m.period.from),
            dateTime('ram:EndDateTime', m.period.to),
          ),
        m.allowancesCharges.map((ac) =>
          el(
            'ram:SpecifiedTradeAllowanceCharge',
            el('ram:ChargeIndicator', leaf('udt:Indicator', String(ac.charge))),
            leaf('ram:CalculationPercent', ac.percent),
            amount('ram:BasisAmount', ac.base),
            amount('ram:ActualAmount', ac.amount),
            leaf('ram:ReasonCode', ac.reasonCode),
            leaf('ram:Reason', ac.reason),
            categoryTax('ram:CategoryTradeTax', ac.tax),
          ),
        ),
        (m.payment.terms || m.dueDate) &&
          el(
            'ram:SpecifiedTradePaymentTerms',
            leaf('ram:Description', m.payment.terms),
            dateTime('ram:DueDateDateTime', m.dueDate),
          ),
        el(
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
          amount('ram:LineTotalAmount', m.totals.lines),
          amount('ram:ChargeTotalAmount', m.totals.charges),
          amount('ram:AllowanceTotalAmount', m.totals.allowances),
          amount('ram:TaxBasisTotalAmount', m.totals.net),
          leaf('ram:TaxTotalAmount', m.totals.tax, { currencyID: m.currency }),
          amount('ram:GrandTotalAmount', m.totals.gross),
          amount('ram:TotalPrepaidAmount', m.totals.prepaid),
          amount('ram:DuePayableAmount', m.totals.payable),
        ),
        m.preceding
          .slice(0, 1)
          .map((p) =>
            el(
              'ram:InvoiceReferencedDocument',
              leaf('ram:IssuerAssignedID', p.number),
              p.date && el('ram:FormattedIssueDateTime', leaf('qdt:DateTimeString', d102(p.date), { format: '102' })),
            ),
          ),
      ),
    ),
  );
  return serialize(root);
}
