// A document's totals: computed from its positions and allowances/charges by
// rules/invoice-totals.ts (in cents), shown with two decimals; a draft's derived fields renewed.
import type { TenantTx } from '../../../platform/db/tenant.js';
import { fieldError } from '../../../platform/http/errors.js';
import { toAmount } from '../../../platform/money.js';
import { allowanceChargeInputs, storedAllowancesCharges, type AllowanceChargeItem } from './allowances-charges.js';
import type { DocumentKind, Position } from './document-schema.js';
import { finalInvoiceFields } from './partial-invoices.js';
import { invoiceTotals, type AllowanceCharge } from '../rules/invoice-totals.js';

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
      category: p.vatCategory,
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
export async function draftTotals(tx: TenantTx, doc: DraftDocument, kind: DocumentKind, selfId?: string) {
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
