// Invoices, offers, credits, cancellations and assignment confirmations as resources: one declaration each from the shared
// schema (document-schema.ts), totals computed on every save of a draft (document-totals.ts). A
// draft can be changed; issuing numbers it and freezes it (document-lifecycle.ts).
import { Conflict, fieldError } from '../../../platform/http/errors.js';
import { dateRangeFilter, idsFilter, valuesFilter } from '../../../platform/http/named-filters.js';
import { sql } from 'kysely';
import { defineResource } from '../../../resources/engine/define-resource.js';
import { toCents } from '../../../platform/money.js';
import { withTemplate } from './invoice-templates.js';
import type { EntityTableName } from '../../../resources/engine/entity-table.js';
import {
  DOCUMENT_STATES,
  documentSchema,
  readOnly,
  type BillingResource,
  type BillingSchema,
  type DocumentKind,
} from './document-schema.js';
import { draftTotals } from './document-totals.js';
import { isOverdue } from '../rules/open-amount.js';

export function billingDocument(
  kind: DocumentKind,
  names: { name: string; collection: string; table: EntityTableName; webhookEntity: string },
): BillingResource {
  return defineResource({
    ...names,
    area: 'invoicing',
    schema: documentSchema(kind) as BillingSchema,
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
          toSql: (v) => sql<boolean>`document_number ILIKE ${`%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
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
      toApi(_record, api) {
        // Overdue is a matter of the date and the open amount (rules/open-amount.ts), not a stored state.
        return isOverdue(api, new Date().toISOString().slice(0, 10)) ? { ...api, state: 'overdue' } : api;
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
// Not a webhook entity of the spec's closed list: its events go to the event feed (GET /v2/events) only.
export const assignmentConfirmations = billingDocument('assignmentconfirmation', {
  name: 'assignment confirmation',
  collection: 'assignmentConfirmations',
  table: 'assignment_confirmations',
  webhookEntity: 'assignmentconfirmation',
});
export const invoiceStornos = billingDocument('invoicestorno', {
  name: 'cancellation',
  collection: 'invoiceStornos',
  table: 'invoice_stornos',
  webhookEntity: 'invoicestorno',
});
