// The spec's TaxRate fields, apart from the resource's definition so that the billing positions
// that carry a copy (invoices, assignments) depend on the shape only, not on the engine.
import { Type } from 'typebox';
import { dateTime, fraction, opt, text } from './engine/fields.js';

/** A tax rate's own fields (the spec's TaxRate without the common entity fields). */
export const taxRateFields = {
  type: opt(text(50, { description: 'e.g. VAT' })),
  rate: fraction(),
  description: opt(text(500)),
  bookingAccountNumber: opt(text(50)),
  skontoBookingAccountNumber: opt(text(50)),
  default: opt(Type.Boolean()),
};

/**
 * The spec's TaxRate as a billing position carries it: a copy of a tax-rate record, so its common
 * entity fields may come along (a client sends back what GET /taxRates gave it). Only the rate is
 * required: a copy without one says nothing.
 */
export const taxRateCopy = () =>
  Type.Object(
    {
      ...taxRateFields,
      _id: opt(Type.String({ pattern: '^[0-9a-f]{24}$' })),
      number: opt(Type.Integer()),
      companyId: opt(text(50)),
      chatId: opt(text(50)),
      status: opt(
        Type.Object(
          {
            status: opt(Type.Integer()),
            createdAt: opt(dateTime()),
            createdBy: opt(text(50)),
            lastModifiedAt: opt(dateTime()),
            lastModifiedBy: opt(text(50)),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false, description: "the spec's TaxRate: a copy of a tax-rate record" },
  );
